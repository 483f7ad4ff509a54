-- Decision 0032 (the queue's table is migration 0003, from platform/job-queue.ts).

-- The confirmation e-mail went out (at least once; its Message-ID is the order's own).
alter table commerce.orders add column confirmation_sent_at timestamptz;

-- What the reconciler last found at the provider for a payment, and when.
alter table commerce.payments add column reconciled_at timestamptz;
alter table commerce.payments add column reconciliation text;
