-- SPEC 7.4, 9.2: the partner whose link brought the buyer (the affiliate cookie at checkout), credited on the order.
alter table commerce.orders add column affiliate_code text check (affiliate_code ~ '^[A-Za-z0-9_-]{1,64}$');
