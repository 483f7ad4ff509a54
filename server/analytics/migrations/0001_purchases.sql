-- SPEC 9.4: a purchase is tracked once per order, however often its confirmation is shown and by
-- however many processes: the first to insert the order's row sends the event.
create table purchase_ledger.purchases (
  order_id text primary key,
  tracked_at timestamptz not null default now()
);
