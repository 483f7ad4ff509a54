-- The commerce service's tables (SPEC 3.4). Money is integer halalas (1 SAR = 100), VAT included.
-- Stock is kept as counters on the row that is sold (ticket, extra item, timeslot): `held` by
-- pending orders, `sold` by paid ones; the checks make overselling impossible even for a buggy
-- caller, and decision 0027 explains how holds take stock without a lost update.

create table commerce.events (
  id text primary key,                       -- the content event's ticketsExternalId
  name_en text not null,
  name_ar text not null,
  logo text,
  background_image text,
  payment_methods text[] not null default '{CREDIT_CARD,MOBILE_WALLET,INSTALMENTS}'
);

create table commerce.waves (
  id text primary key,
  event_id text not null references commerce.events (id) on delete cascade,
  label_en text not null,
  label_ar text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  sort_order integer not null default 0
);

create table commerce.categories (
  id text primary key,
  event_id text not null references commerce.events (id) on delete cascade,
  parent_id text references commerce.categories (id) on delete cascade,
  name_en text not null,
  name_ar text not null,
  description_en text,
  description_ar text,
  promo_label_en text,
  promo_label_ar text,
  sort_order integer not null default 0
);

create table commerce.tickets (
  id text primary key,
  event_id text not null references commerce.events (id) on delete cascade,
  category_id text not null references commerce.categories (id) on delete cascade,
  wave_id text references commerce.waves (id) on delete set null,
  name_en text not null,
  name_ar text not null,
  description_en text,
  description_ar text,
  cover_image text,
  background_image text,
  logo text,
  price integer not null check (price >= 0),
  discounted_price integer check (discounted_price >= 0),
  max_per_order integer not null default 10 check (max_per_order between 1 and 34),
  is_callback_form boolean not null default false,
  callback_form_type text check (callback_form_type in ('GROUP', 'PREMIUM_BOX')),
  is_shipping_required boolean not null default false,
  delivery text not null default 'DIGITAL' check (delivery in ('DIGITAL', 'SHIPPED')),
  payment_methods text[] not null default '{CREDIT_CARD,MOBILE_WALLET,INSTALMENTS}',
  sort_order integer not null default 0,
  capacity integer not null check (capacity >= 0),
  held integer not null default 0 check (held >= 0),
  sold integer not null default 0 check (sold >= 0),
  check (held + sold <= capacity)
);
create index tickets_by_event on commerce.tickets (event_id, sort_order);

create table commerce.perks (
  id text primary key,
  ticket_id text not null references commerce.tickets (id) on delete cascade,
  name_en text not null,
  name_ar text not null,
  description_en text,
  description_ar text,
  cover_image text,
  is_hidden_on_detail boolean not null default false,
  is_highlighted boolean not null default false,
  sort_order integer not null default 0
);

create table commerce.extra_items (
  id text primary key,
  ticket_id text not null references commerce.tickets (id) on delete cascade,
  name_en text not null,
  name_ar text not null,
  description_en text,
  description_ar text,
  price integer not null check (price >= 0),
  discounted_price integer check (discounted_price >= 0),
  max_per_order integer not null default 10,
  is_free boolean not null default false,     -- given with each ticket (a cart item's freeItems)
  sort_order integer not null default 0,
  capacity integer check (capacity >= 0),     -- null: not limited
  held integer not null default 0 check (held >= 0),
  sold integer not null default 0 check (sold >= 0),
  check (capacity is null or held + sold <= capacity)
);

create table commerce.timeslots (
  id text primary key,
  ticket_id text not null references commerce.tickets (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  capacity integer check (capacity >= 0),
  held integer not null default 0 check (held >= 0),
  sold integer not null default 0 check (sold >= 0),
  check (capacity is null or held + sold <= capacity)
);

create table commerce.coupons (
  code text primary key check (code = upper(code)),
  coupon_type text not null check (coupon_type in ('PERCENTAGE', 'FIXED_AMOUNT')),
  value integer not null check (value > 0),   -- basis points (1500 = 15%) or halalas
  event_id text references commerce.events (id) on delete cascade,
  valid_from timestamptz,
  valid_until timestamptz,
  min_subtotal integer not null default 0,
  max_redemptions integer,
  redemptions integer not null default 0
);

create table commerce.carts (
  id uuid primary key default gen_random_uuid(),
  event_id text not null references commerce.events (id),
  customer_id text not null,                  -- the caller's subject: a user id or guest_<uuid>
  customer_email text,
  state text not null default 'ACTIVE' check (state in ('ACTIVE', 'ORDERED', 'COMPLETED')),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index carts_by_customer on commerce.carts (customer_id, event_id);

create table commerce.cart_items (
  id uuid primary key default gen_random_uuid(),
  cart_id uuid not null references commerce.carts (id) on delete cascade,
  ticket_id text not null references commerce.tickets (id),
  timeslot_id text references commerce.timeslots (id),
  quantity integer not null check (quantity between 1 and 34),
  version integer not null default 1,
  position bigint generated always as identity
);
create index cart_items_by_cart on commerce.cart_items (cart_id, position);

create table commerce.cart_sub_items (
  id uuid primary key default gen_random_uuid(),
  cart_item_id uuid not null references commerce.cart_items (id) on delete cascade,
  extra_item_id text not null references commerce.extra_items (id),
  quantity integer not null check (quantity > 0),
  unique (cart_item_id, extra_item_id)
);

create table commerce.cart_coupons (
  cart_id uuid not null references commerce.carts (id) on delete cascade,
  code text not null references commerce.coupons (code),
  primary key (cart_id, code)
);

create table commerce.orders (
  id text primary key,                        -- short and readable, e.g. NBD-7K2M9QX4
  event_id text not null references commerce.events (id),
  cart_id uuid not null references commerce.carts (id),
  customer_id text not null,
  secret_uuid uuid not null default gen_random_uuid(),
  state text not null default 'PENDING_PAYMENT'
    check (state in ('PENDING_PAYMENT', 'PAID', 'PAYMENT_FAILED', 'EXPIRED', 'CANCELLED')),
  payment_method text not null check (payment_method in ('CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS')),
  customer jsonb not null,                    -- email, firstName, middleName, lastName, gender, phoneNumber, birthDate
  billing_address jsonb not null,
  shipping_address jsonb,
  coupon_codes jsonb not null default '[]',   -- [{ code, couponType, discountValue }] as applied
  subtotal integer not null,
  products_discount integer not null default 0,
  coupons_discount integer not null default 0,
  total integer not null,
  total_excluding integer not null,
  vat integer not null,
  whatsapp_consent boolean not null default false,
  locale text not null default 'en' check (locale in ('en', 'ar')),
  return_url text not null,
  hold_expires_at timestamptz,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index orders_by_customer on commerce.orders (customer_id, completed_at desc);
create index orders_pending_holds on commerce.orders (hold_expires_at) where state = 'PENDING_PAYMENT';

create table commerce.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id text not null references commerce.orders (id) on delete cascade,
  ticket_id text not null references commerce.tickets (id),
  timeslot_id text references commerce.timeslots (id),
  name_en text not null,
  name_ar text not null,
  quantity integer not null check (quantity > 0),
  original_price integer not null,
  discounted_price integer not null,
  total integer not null,
  sub_items jsonb not null default '[]',      -- [{ id, extraItemId, nameEn, nameAr, quantity, originalPrice, discountedPrice }]
  position integer not null default 0
);
create index order_items_by_order on commerce.order_items (order_id, position);

-- What a pending order holds; released (released_at) on expiry, failure or cancellation, or
-- turned into sold stock when paid (converted_at). Exactly one of the two happens.
create table commerce.inventory_holds (
  id bigint generated always as identity primary key,
  order_id text not null references commerce.orders (id) on delete cascade,
  stock_kind text not null check (stock_kind in ('ticket', 'extra_item', 'timeslot')),
  stock_id text not null,
  quantity integer not null check (quantity > 0),
  released_at timestamptz,
  converted_at timestamptz,
  check (released_at is null or converted_at is null)
);
create index inventory_holds_by_order on commerce.inventory_holds (order_id);

create table commerce.payments (
  id text primary key,                        -- the gateway's payment id
  order_id text not null references commerce.orders (id) on delete cascade,
  provider text not null check (provider in ('card', 'wallet', 'instalments')),
  state text not null check (state in ('PENDING', 'CHALLENGE', 'SUCCEEDED', 'DECLINED', 'VOIDED')),
  amount integer not null,
  failure_reason text,                        -- declined, insufficient_funds, challenge_failed, hold_expired
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payments_by_order on commerce.payments (order_id);

-- Every callback the gateway sent, once: a replay is recognised by its event id and changes nothing.
create table commerce.payment_callbacks (
  event_id text primary key,
  payment_id text not null,
  status text not null,
  sequence integer not null,                  -- the gateway's order of events for one payment
  received_at timestamptz not null default now(),
  payload jsonb not null
);

-- One row per ticket of a paid order (Order.pdfTickets); the QR code carries a signed reference to it.
create table commerce.issued_tickets (
  id uuid primary key default gen_random_uuid(),
  order_id text not null references commerce.orders (id) on delete cascade,
  order_item_id uuid not null references commerce.order_items (id) on delete cascade,
  ticket_id text not null references commerce.tickets (id),
  serial integer not null,                    -- 1..n within the order
  holder_first_name text,
  holder_last_name text,
  holder_email text,
  assigned_at timestamptz,
  unique (order_id, serial)
);

create table commerce.application_requests (
  id uuid primary key default gen_random_uuid(),
  offering text not null check (offering in ('GROUP', 'PREMIUM_BOX')),
  event_id text not null references commerce.events (id),
  ticket_id text not null references commerce.tickets (id),
  customer_id text not null,
  form jsonb not null,
  created_at timestamptz not null default now()
);

create table commerce.whatsapp_optins (
  phone_number text not null,
  customer_id text not null,
  order_id text references commerce.orders (id) on delete set null,
  locale text not null,
  created_at timestamptz not null default now(),
  primary key (phone_number, customer_id)
);
