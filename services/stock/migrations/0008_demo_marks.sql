-- One-off demo steps already done on this database (e.g. announcing the seeded bid stones).
create table if not exists :schema.demo_marks (
  name text primary key,
  done_at timestamptz not null default now()
);
