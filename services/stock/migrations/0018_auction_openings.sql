-- Followers told when a seller opens an auction (issue 25). Bidding's lot-opened events come one per
-- lot, keyed by lot, so in distributed mode they arrive on different partitions and consumers; stock
-- gathers an auction's openings here until it has heard of all of them (the event carries the
-- auction's lot count), then publishes one stock.listing.listed (source auction) per seller and
-- deletes the auction's rows.
create table :schema.auction_openings (
  lot_id uuid primary key,
  auction_id uuid not null,
  stone_id uuid not null,
  lots integer not null,
  opened_at timestamptz not null default now()
);
create index auction_openings_auction on :schema.auction_openings (auction_id);
