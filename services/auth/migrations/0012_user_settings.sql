-- A member's own settings (user-setting/paginate and /upsert): one value per user and key, the
-- value's shape checked by the service against its key's contract (preferences, diamond sequence,
-- match pair tolerances).
create table :schema.user_settings (
  user_id uuid not null references :schema.users (id) on delete cascade,
  key text not null,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, key)
);
