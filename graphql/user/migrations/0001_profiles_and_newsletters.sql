-- A profile per identity (its `sub`), created the first time the user calls the service.
create table users.profiles (
  id text primary key,
  username text not null,
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  middle_name text,
  phone_number text,
  whatsapp_phone text,
  birth_date date,
  gender text check (gender in ('male', 'female')),
  locale text check (locale in ('en', 'ar')),
  loyalty_member_id text,
  onboarded boolean not null default false,
  confirmed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Newsletter sign-ups by e-mail address, from guests and users alike; one row per address and list.
create table users.newsletter_subscriptions (
  email text not null check (email = lower(email)),
  newsletter text not null,
  locale text not null check (locale in ('en', 'ar')),
  user_id text references users.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (email, newsletter)
);
