-- A seller's articles (issue 23): jewellery, parcels and other goods that are not single diamonds,
-- with a name, a description, a price in US dollars and up to 8 photos (object store keys, in order).
-- Listed ones are shown to members; drafts only to their seller.
create table :schema.articles (
  id uuid primary key,
  seller_company_id uuid not null,
  kind text not null check (kind in ('jewellery', 'parcel', 'other')),
  name text not null check (char_length(name) between 1 and 120),
  description text not null default '' check (char_length(description) <= 2000),
  price_usd numeric(11, 2) not null check (price_usd > 0 and price_usd <= 100000000),
  status text not null default 'draft' check (status in ('listed', 'draft')),
  photos text[] not null default '{}' check (cardinality(photos) <= 8),
  created_by uuid not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index articles_seller on :schema.articles (seller_company_id, status, created_at desc);
