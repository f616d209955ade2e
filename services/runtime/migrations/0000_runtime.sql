-- Transactional outbox: a row is written in the same transaction as the change it announces.
create table if not exists :schema.outbox (
  seq bigint generated always as identity primary key,
  id uuid not null unique,
  topic text not null,
  key text not null,
  type text not null,
  event jsonb not null,
  created_at timestamptz not null default now(),
  published_at timestamptz
);
create index if not exists outbox_unpublished on :schema.outbox (seq) where published_at is null;
create index if not exists outbox_key_unpublished on :schema.outbox (key, seq) where published_at is null;

-- Idempotent consumers: an event id is recorded in the same transaction as its effect.
create table if not exists :schema.consumed_events (
  consumer text not null,
  event_id uuid not null,
  consumed_at timestamptz not null default now(),
  primary key (consumer, event_id)
);
