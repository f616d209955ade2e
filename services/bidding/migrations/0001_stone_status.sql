-- Bidding's own view of each stone's status, learned from stock events (no reads of stock's tables).
create table :schema.stone_status (
  stone_id uuid primary key,
  v_stn_id text not null,
  w_sts text not null,
  availability text not null,
  status_version integer not null,
  updated_at timestamptz not null default now()
);
