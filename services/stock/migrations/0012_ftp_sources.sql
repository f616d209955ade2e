-- Sellers' FTP and FTPS sources (issue 23, spec section 3 "FTP request"): where the portal fetches a
-- seller's stock files, how often and in which upload mode. The password is AES-256-GCM encrypted
-- under a key from the service's configuration, bound to the source's id; never stored in clear.
create table :schema.ftp_sources (
  id uuid primary key default gen_random_uuid(),
  seller_company_id uuid not null,
  host text not null,
  port integer not null default 21,
  username text not null,
  password_encrypted text not null,
  folder text not null default '/',
  pattern text not null default '*.csv',
  secure boolean not null default true,
  mode text not null default 'addUpdate' check (mode in ('addUpdate', 'replaceAll')),
  every_minutes integer not null default 1440 check (every_minutes >= 0),
  enabled boolean not null default true,
  last_run_at timestamptz,
  last_error text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ftp_sources_seller on :schema.ftp_sources (seller_company_id);
create index ftp_sources_due on :schema.ftp_sources (last_run_at) where enabled and every_minutes > 0;

-- Files a source delivered, by name, size and modification time: each is fetched once.
create table :schema.ftp_seen_files (
  source_id uuid not null references :schema.ftp_sources (id) on delete cascade,
  file_key text not null,
  upload_id uuid,
  fetched_at timestamptz not null default now(),
  primary key (source_id, file_key)
);
