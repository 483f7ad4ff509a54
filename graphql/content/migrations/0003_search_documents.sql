-- The site search (SPEC 2.4, 6, 7.1) reads one precomputed document per record, locale and version
-- instead of normalizing every entry's JSON for every query. The documents are derived from the
-- entries (and from the records they reference: performer names, event titles), rebuilt by the
-- import whenever an environment changes; they hold no content of their own.
create table content.search_documents (
  environment text not null,
  id text not null,
  locale text not null check (locale in ('en', 'ar')),
  version text not null check (version in ('published', 'draft')),
  kind text not null,
  -- False for unlisted events and for everything that belongs to one (SPEC 6).
  listed boolean not null,
  -- "Newer first" among equally good matches: publication, release or start date.
  ranked_at timestamptz,
  -- Every form of every word (search-text.ts `searchDocument`): of the title alone, and of all
  -- searched fields, title included.
  title_words text not null,
  words text not null,
  primary key (environment, id, locale, version)
);
