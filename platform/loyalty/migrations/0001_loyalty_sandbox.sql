-- The loyalty programme sandbox's own state (decision 0039). It stands for what the outside
-- programme keeps on its side: the user and commerce services never read it, they only learn
-- about members, balances and transactions through the programme's API, as with the real one.

create table loyalty_sandbox.members (
  member_id text primary key,
  pin_hash text not null,
  -- Posted points only; accruals wait in transactions until they post.
  balance integer not null check (balance >= 0),
  membership_status text not null check (membership_status in ('ACTIVE', 'SUSPENDED')),
  verified_status text not null check (verified_status in ('VERIFIED', 'UNVERIFIED')),
  failed_pin_attempts integer not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null default now()
);

-- A verification proves the member gave their PIN; only its hash is kept.
create table loyalty_sandbox.verifications (
  token_hash text primary key,
  member_id text not null references loyalty_sandbox.members (member_id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index verifications_by_member on loyalty_sandbox.verifications (member_id, expires_at);

-- Burns (POSTED, then maybe REVERSED) and accruals (PENDING, then POSTED), one per partner
-- reference and kind. A reversal that finds no burn leaves a REVERSED row without a member, so a
-- burn arriving later with that reference is refused.
create table loyalty_sandbox.transactions (
  id text primary key,
  kind text not null check (kind in ('BURN', 'ACCRUAL')),
  reference text not null,
  member_id text references loyalty_sandbox.members (member_id) on delete cascade,
  points integer not null check (points >= 0),
  state text not null check (state in ('PENDING', 'POSTED', 'REVERSED')),
  posts_at timestamptz,
  posted_at timestamptz,
  reversed_at timestamptz,
  created_at timestamptz not null,
  unique (kind, reference)
);
create index transactions_pending_accruals on loyalty_sandbox.transactions (member_id, posts_at) where state = 'PENDING';
