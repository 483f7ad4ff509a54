-- When a sandbox payment succeeded or was voided (what a real gateway's "fetch payment" answers),
-- and the sandbox's own job queue: its callbacks are delivered and retried from here, for hours,
-- like a gateway's webhooks (decision 0032). Nothing in the commerce schema is read or written.
alter table payment_sandbox.payments add column succeeded_at timestamptz;
alter table payment_sandbox.payments add column voided_at timestamptz;

create table payment_sandbox.jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  key text unique,
  payload jsonb not null default '{}',
  run_at timestamptz not null,
  attempts integer not null default 0,
  locked_until timestamptz,
  locked_by text,
  last_error text,
  failed_at timestamptz,
  done_at timestamptz,
  created_at timestamptz not null default now()
);
-- Every job not done yet (due, planned or failed): what runners claim and what stats count.
create index jobs_open on payment_sandbox.jobs (run_at, id) where done_at is null;
create index jobs_done on payment_sandbox.jobs (done_at) where done_at is not null;
