-- Orders: a confirm turns a basket of stones into one order at prices fixed at that moment.
-- Money is integer cents; the bill type is the code of contracts/src/http/orders.values.ts.
create sequence :schema.order_numbers start 100001;

create table :schema.orders (
  id uuid primary key,
  order_no text not null unique,
  buyer_id uuid not null,
  buyer_name text not null,
  company_name text not null default '',
  bill_type smallint not null check (bill_type between 1 and 6),
  pcs integer not null check (pcs > 0),
  carat numeric(10, 2) not null,
  amount_cents bigint not null,
  adjustment_cents bigint not null,
  final_cents bigint not null,
  -- An accepted quote or offer that fixed the price, when there was one.
  offer_id uuid,
  created_at timestamptz not null default now()
);
create index orders_buyer on :schema.orders (buyer_id, created_at desc);

create table :schema.order_lines (
  order_id uuid not null references :schema.orders (id),
  stone_id uuid not null references :schema.stones (id),
  v_stn_id text not null,
  shape text not null,
  carat numeric(6, 2) not null,
  color text not null,
  clarity text not null,
  lab text not null,
  location text not null,
  rap_cents bigint not null,
  back numeric(6, 2),
  price_per_carat_cents bigint not null,
  amount_cents bigint not null,
  adjustment_cents bigint not null,
  final_price_per_carat_cents bigint not null,
  final_cents bigint not null,
  -- The buyer's own hold ended with this confirm (and not by expiry or release).
  from_hold boolean not null,
  primary key (order_id, stone_id)
);
create index order_lines_stone on :schema.order_lines (stone_id);

-- One answer per idempotency key and user, across instances: the primary key decides which of two
-- concurrent requests with the same key does the work; the other waits and reads its answer.
create table :schema.idempotency_keys (
  user_id uuid not null,
  key text not null,
  fingerprint text not null,
  order_id uuid references :schema.orders (id),
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

create table :schema.shipments (
  order_id uuid primary key references :schema.orders (id),
  status text not null default 'confirmed' check (status in ('confirmed', 'packed', 'shipped', 'delivered')),
  -- [{status, at}] for every step reached.
  steps jsonb not null,
  tracking_no text,
  expected_from date not null,
  expected_to date not null,
  updated_at timestamptz not null default now()
);
