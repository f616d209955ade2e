-- Stock digests: the file and summary of one period, stock type and price view, made once and
-- shared by every subscriber it fits (the key), then announced with stock.digest.prepared.
create table :schema.digest_files (
  key text primary key,
  summary jsonb not null,
  created_at timestamptz not null default now()
);
