-- The user pool (SPEC 3.3): the id is the `sub` every token carries. Emails are unique whatever
-- their case, so `Layla@…` cannot open a second account next to `layla@…`.
create table identity.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text not null,
  given_name text not null,
  family_name text not null,
  preferred_locale text not null default 'en' check (preferred_locale in ('en', 'ar')),
  email_verified boolean not null default false,
  created_at timestamptz not null default now()
);

create unique index users_email_unique on identity.users (lower(email));

-- Everything the OpenID provider keeps between requests (sessions, interactions, codes, tokens,
-- grants...), one row per model and id. The indexed columns serve the adapter's other look-ups;
-- expired rows are invisible to reads and swept regularly.
create table identity.oidc_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);

create index oidc_payloads_by_grant on identity.oidc_payloads (model, grant_id) where grant_id is not null;
create index oidc_payloads_by_uid on identity.oidc_payloads (model, uid) where uid is not null;
create index oidc_payloads_by_user_code on identity.oidc_payloads (model, user_code) where user_code is not null;
create index oidc_payloads_by_expiry on identity.oidc_payloads (expires_at) where expires_at is not null;

-- Private signing keys (JWK), shared by every replica and kept across restarts so that issued
-- tokens stay verifiable. The newest key signs; older ones stay published until retired.
create table identity.signing_keys (
  kid text primary key,
  private_jwk jsonb not null,
  created_at timestamptz not null default now()
);
