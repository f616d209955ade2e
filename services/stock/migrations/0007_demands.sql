-- Demands (buy requests by criteria, spec section 3): a title, a description, the last day the
-- demand stands (in Asia/Kolkata) and a search filter. The state (new, open, won, closed) is
-- derived from the buyer's decision (status), the till date and the stock at the time of asking.
create table :schema.demands (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  title text not null,
  description text not null default '',
  till_date date not null,
  filter jsonb not null,
  status text not null default 'active' check (status in ('active', 'closed', 'won')),
  -- A coarse copy of the filter's shape and carat bounds (null: any), so that a new stone is tested
  -- only against demands that could want it; the exact test runs over the filter in memory.
  shapes text[],
  crt_min numeric,
  crt_max numeric,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_at timestamptz
);
create index demands_user on :schema.demands (user_id, created_at desc);
create index demands_active on :schema.demands (till_date) where status = 'active';

-- Each stone a demand's owner was told of, once: a stone that comes back to stock again, or an
-- event delivered twice, tells nobody a second time.
create table :schema.demand_matches (
  demand_id uuid not null references :schema.demands (id) on delete cascade,
  stone_id uuid not null references :schema.stones (id),
  notified_at timestamptz not null default now(),
  primary key (demand_id, stone_id)
);
