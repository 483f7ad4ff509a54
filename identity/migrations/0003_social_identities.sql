-- SPEC 3.3, 4.1: the people who sign in through a social provider. One row per provider and the
-- provider's subject (its stable id for the person, never the e-mail, which can change or be
-- reassigned), pointing at the account it created. Erasing the account erases its links.
create table identity.social_identities (
  provider text not null check (provider in ('google', 'apple')),
  subject text not null,
  user_id uuid not null references identity.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (provider, subject)
);

create index social_identities_by_user on identity.social_identities (user_id);
