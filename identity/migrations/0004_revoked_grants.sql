-- Sign-ins that ended (signed out, password reset, account deleted, a refresh token replayed),
-- published so that the services refuse the access tokens still in circulation (decision 0040).
-- A row is needed only as long as such a token can live: access tokens last five minutes, so rows
-- expire shortly after and are swept with the provider's other records.
create table identity.revoked_grants (
  grant_id text primary key,
  revoked_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index revoked_grants_by_expiry on identity.revoked_grants (expires_at);
