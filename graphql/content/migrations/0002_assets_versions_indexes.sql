-- Pictures referenced by content: their size and blur-up placeholder, computed at import (SPEC 3.1).
create table content.assets (
  path text primary key,
  mime_type text not null,
  width integer,
  height integer,
  blur_data_url text,
  -- Changes when the file changes: part of the responsive URLs, which are cached for a year.
  content_hash text not null,
  updated_at timestamptz not null default now()
);

-- One row per import that changed an environment: the web tier drops its cached answers when the
-- latest one moves.
create table content.imports (
  id bigint generated always as identity primary key,
  environment text not null,
  written integer not null,
  removed integer not null,
  imported_at timestamptz not null default now()
);

create index imports_by_environment on content.imports (environment, id desc);

-- References are `{ "ref": id }` inside the fields: containment queries find what points where.
create index entries_fields on content.entries using gin (fields jsonb_path_ops);
create index entries_by_event on content.entries (environment, type, ((fields -> 'event' ->> 'ref')));
