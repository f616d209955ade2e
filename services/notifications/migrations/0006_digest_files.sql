-- Stock digest files (Excel), kept once per key as stock announced them (stock.digest.prepared) and
-- attached by key to every digest mail of that period, stock type and price view.
create table :schema.digest_files (
  key text primary key,
  file_name text not null,
  content bytea not null,
  created_at timestamptz not null default now()
);
alter table :schema.mail_outbox add column attachment_key text references :schema.digest_files (key);
