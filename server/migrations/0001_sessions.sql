-- Sessions of the embedded default (no Redis): they survive a restart of the site.
create table web.sessions (
  sid text primary key,
  data jsonb not null,
  expires_at timestamptz not null
);

create index sessions_by_expiry on web.sessions (expires_at);
