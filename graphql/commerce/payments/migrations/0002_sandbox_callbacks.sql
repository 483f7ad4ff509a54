-- When a sandbox payment succeeded or was voided: what a real gateway's "fetch payment" answers
-- (decision 0032). Nothing in the commerce schema is read or written.
alter table payment_sandbox.payments add column succeeded_at timestamptz;
alter table payment_sandbox.payments add column voided_at timestamptz;
