-- Decision 0039: loyalty points in the commerce service.

-- Claims of points for an event's orders close at this time; none: they stay open.
alter table commerce.events add column loyalty_claims_close_at timestamptz;

-- A cart's points, with the programme's verification that the member gave their PIN.
create table commerce.cart_loyalty (
  cart_id uuid primary key references commerce.carts (id) on delete cascade,
  member_id text not null,
  points integer not null check (points > 0 and points % 50 = 0),
  verification_token text not null,
  created_at timestamptz not null default now()
);

-- The order's member when it was placed (who earns), and the points it spent, as frozen prices are.
alter table commerce.orders add column loyalty_member_id text;
alter table commerce.orders add column loyalty_points integer not null default 0 check (loyalty_points >= 0);
alter table commerce.orders add column loyalty_discount integer not null default 0 check (loyalty_discount >= 0);
-- A total covered by points is paid with them: no card, no provider.
alter table commerce.orders drop constraint orders_payment_method_check;
alter table commerce.orders add constraint orders_payment_method_check
  check (payment_method in ('CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS', 'LOYALTY_POINTS'));

-- An order's burn at the programme (reference `order:<id>`): PENDING from the order's transaction
-- until the programme answers, BURNED, then REVERSED (once) if the order ends unpaid.
create table commerce.loyalty_burns (
  order_id text primary key references commerce.orders (id) on delete cascade,
  member_id text not null,
  points integer not null check (points > 0),
  state text not null default 'PENDING' check (state in ('PENDING', 'BURNED', 'REVERSED')),
  transaction_id text,
  created_at timestamptz not null,
  burned_at timestamptz,
  reversed_at timestamptz
);

-- Points an order earns, once per order ever (the key), by the purchase or a later claim: QUEUED
-- until the programme accepts them (ACCRUED, posting at posts_at) or refuses them (REFUSED).
create table commerce.loyalty_accruals (
  order_id text primary key references commerce.orders (id) on delete cascade,
  member_id text not null,
  points integer not null check (points > 0),
  source text not null check (source in ('PURCHASE', 'CLAIM')),
  -- Who claimed it (a claim may be of a guest order bought with the claimer's e-mail).
  claimed_by text,
  state text not null default 'QUEUED' check (state in ('QUEUED', 'ACCRUED', 'REFUSED')),
  refusal text,
  transaction_id text,
  posts_at timestamptz,
  created_at timestamptz not null
);
create index loyalty_accruals_by_claimer on commerce.loyalty_accruals (claimed_by) where claimed_by is not null;
