-- Dashboards (issue 25). The market's price index, kept incrementally from stock's own stone events:
-- each stone's contribution (shape, size bracket, price per carat, discount) is remembered so that a
-- change adjusts its day's sums by the difference, and the sums are kept per day (each day's row
-- starts from the day before), so the index now and 7 and 30 days ago are three small reads.
create table :schema.price_index_stones (
  stone_id uuid primary key,
  shape text not null,
  bracket smallint not null,
  ppc_cents bigint not null,
  -- null for a stone without a Rap price (fancy colours): it counts for price per carat only.
  back numeric(5, 2)
);

create table :schema.price_index_days (
  day date not null,
  shape text not null,
  bracket smallint not null,
  stones integer not null,
  ppc_sum numeric not null,
  rap_stones integer not null,
  back_sum numeric not null,
  primary key (day, shape, bracket)
);
create index price_index_days_key on :schema.price_index_days (shape, bracket, day desc);

-- The market's day: stones that arrived and stones sold (confirmed, sold, won at auction).
create table :schema.market_days (
  day date primary key,
  arrived integer not null default 0,
  sold integer not null default 0
);

-- Projections of other services' events (never their tables): whom a user follows (auth), the
-- running lots and each bidder's position (bidding), the buyer's appointments (appointments).
create table :schema.dash_follows (
  user_id uuid not null,
  company_id uuid not null,
  since timestamptz not null default now(),
  primary key (user_id, company_id)
);

create table :schema.dash_lots (
  lot_id uuid primary key,
  auction_id uuid not null,
  stone_id uuid not null,
  closes_at timestamptz,
  high_cents bigint,
  bid_count integer not null default 0
);
create index dash_lots_auction on :schema.dash_lots (auction_id);

create table :schema.dash_bids (
  lot_id uuid not null,
  user_id uuid not null,
  state text not null,
  updated_at timestamptz not null default now(),
  primary key (lot_id, user_id)
);
create index dash_bids_user on :schema.dash_bids (user_id);

create table :schema.dash_appointments (
  appointment_id uuid primary key,
  buyer_id uuid not null,
  office_name text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null,
  version integer not null
);
create index dash_appointments_buyer on :schema.dash_appointments (buyer_id, starts_at);

-- Hit counters (analytics/create, and holds and bids heard from events), per stone and day.
create table :schema.stone_hits (
  stone_id uuid not null,
  day date not null,
  views integer not null default 0,
  holds integer not null default 0,
  bids integer not null default 0,
  primary key (stone_id, day)
);
create index stone_hits_day on :schema.stone_hits (day);

create table :schema.search_hits (
  user_id uuid not null,
  day date not null,
  searches integer not null default 0,
  primary key (user_id, day)
);

-- New stones of the sellers a user follows, newest first.
create index stones_seller_arrived on :schema.stones (seller_company_id, arrived_at desc) where seller_company_id is not null;

-- A seller's watchlist adds of the day.
create index tracks_watchlist_added on :schema.tracks (created_at) where track_type = 2;
