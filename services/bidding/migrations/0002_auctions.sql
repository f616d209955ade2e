-- What bidding learns of a stone put up for bid (stock's event `facts`): carat, Rap and asking
-- price per carat in cents, and the seller's company. Kept when the status later changes.
alter table :schema.stone_status
  add column crt numeric(6, 2),
  add column rap_cents bigint,
  add column amt_cents bigint,
  add column seller text;

-- An auction of stones, set up by staff; its lots are what buyers bid on.
create table :schema.auctions (
  id uuid primary key,
  title text not null,
  kind text not null check (kind in ('justBidIt', 'lookAndBid', 'blind', 'live')),
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  created_by uuid not null,
  demo boolean not null default false,
  created_at timestamptz not null default now(),
  check (opens_at < closes_at)
);

-- One stone on offer. Terms are copied from the auction so that a lot decides on its own; the
-- state columns (close after extensions, high, count, last seq) move in the transaction that
-- stores the bids that moved them; the result columns are written once, at the close.
create table :schema.lots (
  id uuid primary key,
  auction_id uuid not null references :schema.auctions (id),
  kind text not null,
  stone_id uuid not null,
  v_stn_id text not null,
  crt numeric(6, 2) not null check (crt > 0),
  rap_cents bigint not null check (rap_cents >= 0),
  seller text not null,
  opens_at timestamptz not null,
  -- The close as first set; closes_at is the close now, after soft-close extensions.
  scheduled_close timestamptz not null,
  closes_at timestamptz not null,
  extensions integer not null default 0,
  start_cents bigint not null check (start_cents > 0),
  increment_cents bigint not null check (increment_cents > 0),
  reserve_cents bigint check (reserve_cents >= start_cents),
  buy_now_cents bigint check (buy_now_cents > start_cents),
  soft_window_s integer,
  soft_extend_s integer,
  high_cents bigint,
  high_bidder uuid,
  high_bid_id uuid,
  bid_count integer not null default 0,
  last_seq bigint not null default 0,
  -- Result: null until closed; state 'won' (winner) or 'closed' (no valid bid reached the terms).
  closed_at timestamptz,
  state text check (state in ('won', 'closed')),
  winner_id uuid,
  winning_bid_id uuid,
  result_cents bigint,
  created_at timestamptz not null default now(),
  check ((closed_at is null) = (state is null))
);
-- A stone is in at most one unfinished lot.
create unique index lots_one_unfinished on :schema.lots (stone_id) where closed_at is null;
create index lots_due on :schema.lots (closes_at) where closed_at is null;
create index lots_auction on :schema.lots (auction_id);
create index lots_kind_close on :schema.lots (kind, closes_at);

-- The append-only bid log: bids and withdrawals, numbered per lot. created_at is the database
-- clock at the bid's arrival (the engine's estimate of it, see clock.ts); stored_at the commit's.
-- The log is never updated: results and bid statuses derive from it (and the lot's result).
create table :schema.bids (
  id uuid primary key,
  lot_id uuid not null references :schema.lots (id),
  bidder_id uuid not null,
  seq bigint not null check (seq > 0),
  kind text not null check (kind in ('bid', 'withdraw')),
  price_cents bigint check (price_cents > 0),
  request_id uuid not null,
  created_at timestamptz not null,
  stored_at timestamptz not null default now(),
  check ((kind = 'bid') = (price_cents is not null)),
  unique (lot_id, seq),
  -- A retried request (same request id) is one bid.
  unique (lot_id, bidder_id, request_id)
);
create index bids_bidder on :schema.bids (bidder_id, created_at desc);

create function :schema.bids_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the bid log is append-only';
end $$;
create trigger bids_append_only before update or delete on :schema.bids
  for each statement execute function :schema.bids_append_only();

-- A buyer's bid cart: lots they keep an eye on.
create table :schema.bid_cart (
  user_id uuid not null,
  lot_id uuid not null references :schema.lots (id),
  created_at timestamptz not null default now(),
  primary key (user_id, lot_id)
);
