-- What the analytics sandbox received: one row per event, as the analytics service would get it.
create table analytics_sandbox.events (
  id bigint generated always as identity primary key,
  name text not null,
  properties jsonb not null,
  occurred_at timestamptz not null,
  received_at timestamptz not null default now()
);

create index events_by_name on analytics_sandbox.events (name, id);
