-- Decision 0037: the catalogue is imported from files. What the files no longer hold but orders,
-- carts or requests may still name (a category, ticket, extra or timeslot) is withdrawn from sale
-- rather than deleted, so that every order keeps what it refers to. A withdrawn row is neither
-- shown nor sold; importing it again puts it back on sale.
alter table commerce.categories add column withdrawn_at timestamptz;
alter table commerce.tickets add column withdrawn_at timestamptz;
alter table commerce.extra_items add column withdrawn_at timestamptz;
alter table commerce.timeslots add column withdrawn_at timestamptz;
