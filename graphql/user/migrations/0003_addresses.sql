-- SPEC 3.3: a user's postal addresses. At most one default per user (the index); the store keeps
-- exactly one while any address exists and caps a user at 20 addresses. `position` orders by
-- creation even when two addresses share a timestamp.
create table users.addresses (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users.profiles (id) on delete cascade,
  position bigint generated always as identity,
  nickname text,
  is_default boolean not null default false,
  address1 text not null,
  address2 text,
  city text not null,
  state text,
  postal_code text,
  country_code text not null check (country_code ~ '^[A-Z]{2}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index addresses_by_user on users.addresses (user_id, position);
create unique index addresses_one_default on users.addresses (user_id) where is_default;
