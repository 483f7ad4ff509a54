-- Decision 0044: a sale's waiting room, set per event in the catalogue files. All three or none:
-- the sale's opening time, how many visitors are let into the shop per minute, and how many
-- minutes an admitted visitor has to check out.
alter table commerce.events add column waiting_room_opens_at timestamptz;
alter table commerce.events add column waiting_room_per_minute integer check (waiting_room_per_minute > 0);
alter table commerce.events add column waiting_room_checkout_minutes integer check (waiting_room_checkout_minutes > 0);
alter table commerce.events add constraint events_waiting_room_whole check (
  (waiting_room_opens_at is null) = (waiting_room_per_minute is null)
  and (waiting_room_opens_at is null) = (waiting_room_checkout_minutes is null)
);
-- The waiting room counts checkouts in flight per event: the pending orders still holding stock.
create index orders_pending_by_event on commerce.orders (event_id, hold_expires_at) where state = 'PENDING_PAYMENT';
