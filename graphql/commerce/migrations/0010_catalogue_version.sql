-- Decision 0062: what the catalogue describes (names, prices, waves, perks, rules) changes only when
-- an operator imports it, while its counters change with every order. Each process keeps the
-- description it read, by this version, and reads only the version and the counters on each request.
-- Any statement that changes the description, whoever runs it, moves the version on; the counters
-- (held, sold) are not listed, so taking and releasing stock costs nothing here.
-- Versions come from a sequence, which a rolled-back change does not give back: a version some
-- process read inside a transaction that then rolled back is never the version of another change.
create sequence commerce.catalogue_versions;
create table commerce.catalogue_version (
  only_row boolean primary key default true check (only_row),
  version bigint not null default nextval('commerce.catalogue_versions')
);
insert into commerce.catalogue_version default values;

create function commerce.catalogue_changed() returns trigger language plpgsql as $$
begin
  update commerce.catalogue_version set version = nextval('commerce.catalogue_versions');
  return null;
end
$$;

create trigger catalogue_changed after insert or update or delete or truncate on commerce.events
  for each statement execute function commerce.catalogue_changed();
create trigger catalogue_changed after insert or update or delete or truncate on commerce.waves
  for each statement execute function commerce.catalogue_changed();
create trigger catalogue_changed after insert or update or delete or truncate on commerce.categories
  for each statement execute function commerce.catalogue_changed();
create trigger catalogue_changed after insert or update or delete or truncate on commerce.perks
  for each statement execute function commerce.catalogue_changed();

-- Rows with counters: every column but held and sold (test/catalogue-version.test.ts checks the lists).
create trigger catalogue_changed after insert or delete or truncate on commerce.tickets
  for each statement execute function commerce.catalogue_changed();
create trigger catalogue_described after update of
    id, event_id, category_id, wave_id, name_en, name_ar, description_en, description_ar, cover_image,
    background_image, logo, price, discounted_price, max_per_order, is_callback_form, callback_form_type,
    is_shipping_required, delivery, payment_methods, sort_order, capacity, withdrawn_at
  on commerce.tickets for each statement execute function commerce.catalogue_changed();

create trigger catalogue_changed after insert or delete or truncate on commerce.extra_items
  for each statement execute function commerce.catalogue_changed();
create trigger catalogue_described after update of
    id, ticket_id, name_en, name_ar, description_en, description_ar, price, discounted_price, max_per_order,
    is_free, sort_order, capacity, withdrawn_at
  on commerce.extra_items for each statement execute function commerce.catalogue_changed();

create trigger catalogue_changed after insert or delete or truncate on commerce.timeslots
  for each statement execute function commerce.catalogue_changed();
create trigger catalogue_described after update of id, ticket_id, starts_at, ends_at, capacity, withdrawn_at
  on commerce.timeslots for each statement execute function commerce.catalogue_changed();
