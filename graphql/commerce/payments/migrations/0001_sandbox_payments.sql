-- The payment sandboxes' own state (decision 0028). It stands for what the outside card gateway,
-- wallet and instalment provider keep on their side: the commerce service never reads it, it only
-- learns outcomes from signed callbacks and wallet charges, as with the real providers.
create table payment_sandbox.payments (
  id text primary key,
  provider text not null check (provider in ('card', 'wallet', 'instalments')),
  order_id text not null,
  amount integer not null check (amount >= 0),
  currency text not null,
  description text not null,
  locale text not null,
  return_url text not null,
  callback_url text not null,
  email text,
  state text not null default 'OPEN'
    check (state in ('OPEN', 'CHALLENGE', 'SUCCEEDED', 'DECLINED', 'INSUFFICIENT_FUNDS', 'VOIDED')),
  sequence integer not null default 0,
  wallet_token text unique,
  wallet_funded boolean,
  created_at timestamptz not null default now()
);
