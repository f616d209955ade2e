-- Track lists (spec section 4's action list types): one row per user, stone and list type.
-- A quote (type 4) carries its offer: whose turn, both sides' latest prices, and an expiry.
create table :schema.tracks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  stone_id uuid not null references :schema.stones (id),
  track_type smallint not null,
  owner_name text not null default '',
  remarks text not null default '',
  enquiry text,
  reminder_at timestamptz,
  reminded_at timestamptz,
  offer_status text check (offer_status in ('open', 'accepted', 'rejected', 'expired')),
  offer_turn text check (offer_turn in ('buyer', 'sales')),
  asking_cents bigint,
  buyer_cents bigint,
  sales_cents bigint,
  offer_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, track_type, stone_id)
);
create index tracks_user_list on :schema.tracks (user_id, track_type, created_at desc);
-- Who else has a stone in cart, watchlist or quotes (the stone-taken notice).
create index tracks_stone on :schema.tracks (stone_id, track_type);
create index tracks_reminders_due on :schema.tracks (reminder_at) where reminder_at is not null and reminded_at is null;
create index tracks_offers_open on :schema.tracks (offer_expires_at) where offer_status = 'open';

-- Every step of an offer, in order: the history both sides see.
create table :schema.offer_steps (
  seq bigserial primary key,
  track_id uuid not null references :schema.tracks (id) on delete cascade,
  side text not null check (side in ('buyer', 'sales')),
  actor_id uuid,
  action text not null check (action in ('offer', 'counter', 'accept', 'reject', 'expire')),
  price_cents bigint,
  created_at timestamptz not null default now()
);
create index offer_steps_track on :schema.offer_steps (track_id, seq);
