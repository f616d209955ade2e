create table :schema.notifications (
  id uuid primary key,
  user_id uuid not null,
  kind text not null,
  params jsonb not null default '{}',
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notifications_user on :schema.notifications (user_id, created_at desc);
