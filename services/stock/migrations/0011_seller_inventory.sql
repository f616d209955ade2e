-- A seller's inventory (issue 23). Stones carry their seller's company id (auth signs it into the
-- token; the name in `seller` stays the display name), the listing's expiry (7 days unless
-- refreshed), who listed them (told a day before the listing runs out) and the upload fields the
-- spec's row lacked. wSts R: removed by its seller; L: listing lapsed.
alter table :schema.stones
  add column seller_company_id uuid,
  add column listed_until timestamptz,
  add column listed_by uuid,
  add column expiry_told_at timestamptz,
  add column treatment text not null default '',
  add column origin text not null default '',
  add column growth_type text not null default '',
  add column comments text not null default '',
  add column image_url text not null default '',
  add column video_url text not null default '',
  add column certificate_url text not null default '';
create index stones_seller on :schema.stones (seller_company_id, stone_id) where seller_company_id is not null;
create index stones_listed_until on :schema.stones (listed_until) where listed_until is not null;
create index stones_cert_no on :schema.stones (cert_no) where cert_no <> '';

-- Seller companies as stock knows them: from the demo seed and from sellers' tokens (auth signs the
-- id and name), so staff can act for a seller by id and new stones carry its name.
create table :schema.seller_companies (
  id uuid primary key,
  name text not null,
  updated_at timestamptz not null default now()
);

-- One upload: a preview until committed, or expired. The file stays in a temporary folder until
-- then (a changed mapping re-reads it).
create table :schema.uploads (
  id uuid primary key,
  seller_company_id uuid not null,
  user_id uuid not null,
  mode text not null check (mode in ('addUpdate', 'replaceAll')),
  file_name text not null,
  file_path text not null default '',
  status text not null check (status in ('preview', 'committed', 'expired', 'failed')),
  mapping jsonb not null default '{}',
  report jsonb not null default '{}',
  duration_ms integer not null default 0,
  created_at timestamptz not null default now(),
  committed_at timestamptz,
  expires_at timestamptz not null
);
create index uploads_seller on :schema.uploads (seller_company_id, created_at desc);
create index uploads_preview on :schema.uploads (expires_at) where status = 'preview';

-- The lines of a preview: each row of the file (a draft, or invalid with its reasons) and each stone
-- the file leaves out that a replace-all deletes. Drafts keep the stone's own column names and
-- types, so a commit is one insert … select and one update … from, exactly what was previewed.
create table :schema.upload_rows (
  upload_id uuid not null references :schema.uploads (id) on delete cascade,
  seq integer not null,
  kind text not null check (kind in ('added', 'updated', 'deleted', 'unchanged', 'invalid', 'kept')),
  stock_no text not null default '',
  stone_ref uuid,
  would_be text,
  kept_reason text,
  reasons text[] not null default '{}',
  flags text[] not null default '{}',
  changes jsonb,
  price_pct numeric(9, 2),
  cert_no text,
  shape text,
  shape_full text,
  carat numeric(6, 2),
  color text,
  clarity text,
  cut text,
  polish text,
  symmetry text,
  fluorescence text,
  lab text,
  location text,
  shade text,
  rap_cents bigint,
  back numeric(5, 2),
  amt_cents bigint,
  ctpr_cents bigint,
  length numeric(6, 2),
  width numeric(6, 2),
  height numeric(6, 2),
  dep_per numeric(5, 2),
  tbl_per numeric(5, 2),
  ratio numeric(5, 2),
  girdle text,
  culet text,
  treatment text,
  origin text,
  growth_type text,
  key_to_symbol text,
  comments text,
  is_fancy boolean,
  fancy_color text,
  fancy_intensity text,
  fancy_overtone text,
  eye_clean text,
  milky text,
  image_url text,
  video_url text,
  certificate_url text,
  primary key (upload_id, seq)
);
create index upload_rows_kind on :schema.upload_rows (upload_id, kind, seq);

-- The column mapping a seller last used, offered again for the next upload.
create table :schema.seller_mappings (
  seller_company_id uuid primary key,
  mapping jsonb not null,
  updated_by uuid not null,
  updated_at timestamptz not null default now()
);
