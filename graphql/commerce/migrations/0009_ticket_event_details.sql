-- Decision 0047: a ticket says when and where, in the buyer's language. The catalogue files give the
-- event's dates, the time its gates open and its venue; existing rows get them on the next import.
alter table commerce.events
  add column starts_at timestamptz,
  add column ends_at timestamptz,
  add column gates_open text,
  add column venue_name_en text,
  add column venue_name_ar text,
  add column venue_address_en text,
  add column venue_address_ar text,
  add column venue_map_url text;
