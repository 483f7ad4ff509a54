-- Accounts of SPEC 3.3 and 5: every user has a username (a password user's is their id; a social
-- user's carries the provider's prefix, SPEC 4.1), and social users have no password with us.
alter table identity.users add column username text;
update identity.users set username = id::text;
alter table identity.users alter column username set not null;
alter table identity.users add constraint users_username_unique unique (username);
alter table identity.users alter column password_hash drop not null;

-- The codes e-mailed for confirming a sign-up and resetting a password: one live code per user and
-- purpose (a new one replaces the old). Stored only as an HMAC, so a leaked table reveals no code;
-- after too many wrong tries the code is dead.
create table identity.one_time_codes (
  user_id uuid not null references identity.users (id) on delete cascade,
  purpose text not null check (purpose in ('confirm-sign-up', 'reset-password')),
  code_hash text not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (user_id, purpose)
);

-- Single-use tickets that sign a just-confirmed user in without their password, for minutes only.
-- Kept as an HMAC of the ticket too.
create table identity.sign_in_tickets (
  ticket_hash text primary key,
  user_id uuid not null references identity.users (id) on delete cascade,
  expires_at timestamptz not null
);

create index sign_in_tickets_by_user on identity.sign_in_tickets (user_id);
