-- Every content record is an entry: one row per locale and per version (published, draft), its
-- fields kept as a JSON document the way a headless CMS keeps them. Types share one table so that
-- references, drafts, environments and imports work the same for all of them.
create table content.entries (
  environment text not null default 'main',
  id text not null,
  locale text not null check (locale in ('en', 'ar')),
  version text not null check (version in ('published', 'draft')),
  type text not null,
  slug text,
  fields jsonb not null,
  source_hash text not null,
  published_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (environment, id, locale, version)
);

create index entries_by_type_and_slug on content.entries (environment, type, locale, version, slug);
