-- Issue 26: the sales team sees every buyer's buy requests (demands) by name and answers them.
alter table :schema.demands add column if not exists owner_name text not null default '';
create table if not exists :schema.demand_replies (
  seq bigserial primary key,
  demand_id uuid not null references :schema.demands (id) on delete cascade,
  author_id uuid not null,
  author_name text not null,
  message text not null,
  created_at timestamptz not null default now()
);
create index if not exists demand_replies_demand on :schema.demand_replies (demand_id, seq);
