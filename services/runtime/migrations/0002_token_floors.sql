-- Per user, the lowest token version still alive (from auth.session.revoked), so a restarted
-- service keeps refusing tokens that were revoked while it was down.
create table if not exists :schema.token_floors (
  user_id uuid primary key,
  min_version integer not null,
  updated_at timestamptz not null default now()
);
