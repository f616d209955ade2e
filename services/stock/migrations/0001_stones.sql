-- Stones, with the spec's row fields. Money is integer cents; carat and discount are numeric.
create table :schema.stones (
  id uuid primary key,
  v_stn_id text not null unique,
  stone_id text not null,
  shape text not null,
  carat numeric(6, 2) not null check (carat > 0),
  color text not null,
  clarity text not null,
  cut text not null,
  polish text not null,
  symmetry text not null,
  fluorescence text not null,
  lab text not null,
  location text not null,
  shade text not null,
  rap_cents bigint not null check (rap_cents >= 0),
  back numeric(5, 2) not null,
  amt_cents bigint not null check (amt_cents >= 0),
  ctpr_cents bigint not null check (ctpr_cents >= 0),
  -- wSts: A available, H hold, M memo; sSts Y when the stone is blocked for someone.
  w_sts text not null default 'A',
  s_sts text not null default 'N',
  status_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index stones_w_sts on :schema.stones (w_sts);

-- At most one hold per stone: the primary key is the last line of defence behind the
-- conditional update that takes the stone.
create table :schema.holds (
  stone_id uuid primary key references :schema.stones (id),
  holder_id uuid not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index holds_expiry on :schema.holds (expires_at);
create index holds_holder on :schema.holds (holder_id);
