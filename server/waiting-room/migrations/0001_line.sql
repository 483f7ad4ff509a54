-- Decision 0044: sale waiting rooms. One room per commerce event; its line is a sequence of its
-- own (`waiting_room.line_<room id>`, created with the room), so that taking a place never waits
-- on a row lock however many arrive at once.
create table waiting_room.rooms (
  id bigint generated always as identity primary key,
  event_id text not null unique,             -- the commerce event (the content event's ticketsExternalId)
  source text not null check (source in ('catalogue', 'automatic')),
  opens_at timestamptz not null,
  per_minute integer not null check (per_minute > 0),
  checkout_minutes integer not null check (checkout_minutes > 0),
  -- Places up to admitted_base + (now - counted_from) × per_minute are admitted: no runner needed.
  counted_from timestamptz not null,
  admitted_base bigint not null default 0,
  closed_at timestamptz
);

create table waiting_room.places (
  id uuid primary key,
  room_id bigint not null references waiting_room.rooms (id) on delete cascade,
  position bigint not null,
  -- A keyed hash of the visitor's address: enough to count places per address, nothing to read back.
  address_key text not null,
  joined_at timestamptz not null,
  -- Set when the place is first seen admitted: the end of the visitor's checkout window.
  admitted_until timestamptz
);
create index places_by_address on waiting_room.places (room_id, address_key);
