-- Work recorded with the change that calls for it and run by any process (decision 0032): fulfilling
-- a paid order, its confirmation e-mail, asking the payment provider about a payment. The queue is
-- platform/job-queue.ts; each service keeps its own jobs table in its own schema.
create table commerce.jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  key text unique,                            -- at most one job per key (fulfil:<orderId>, ...)
  payload jsonb not null default '{}',
  run_at timestamptz not null,                -- due from then on
  attempts integer not null default 0,        -- starts so far
  locked_until timestamptz,                   -- a runner's lease; free again after it
  locked_by text,
  last_error text,
  failed_at timestamptz,                      -- given up after its last attempt: an operator looks
  done_at timestamptz,                        -- kept a few days so the key keeps deduplicating
  created_at timestamptz not null default now()
);
-- Every job not done yet (due, planned or failed): what runners claim and what stats count.
create index jobs_open on commerce.jobs (run_at, id) where done_at is null;
create index jobs_done on commerce.jobs (done_at) where done_at is not null;

-- The confirmation e-mail went out (at least once; its Message-ID is the order's own).
alter table commerce.orders add column confirmation_sent_at timestamptz;

-- What the reconciler last found at the provider for a payment, and when.
alter table commerce.payments add column reconciled_at timestamptz;
alter table commerce.payments add column reconciliation text;
