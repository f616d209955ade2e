-- Stock notification digests: one row per user and period once its digest is due. The key makes a
-- digest go out once, whatever the number of auth instances or restarts (an instance that finds
-- the row already there sends nothing).
create table :schema.digest_runs (
  user_id uuid not null references :schema.users (id) on delete cascade,
  period text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, period)
);
