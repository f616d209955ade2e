-- Issue 25: the member directory, company profiles, follow and ratings.

-- The rest of the spec's company profile, and where the directory finds a company.
alter table :schema.companies
  add column country text not null default '',
  add column city text not null default '',
  add column deals_in text not null default '',
  add column social_links jsonb not null default '[]',
  add column manufacturing text not null default '',
  add column locations jsonb not null default '[]',
  -- Whether members' email and mobile are shown on the public profile (never by default).
  add column show_contacts boolean not null default false,
  -- Kept with each follow, unfollow and rating (same transaction): the directory pages without counting.
  add column follower_count integer not null default 0,
  add column rating_count integer not null default 0,
  add column rating_sum integer not null default 0;

-- The directory: shown companies by name; the filters by country and business type; the search over
-- name, city, country, type and deals-in as one lower-cased text kept by PostgreSQL, found through a
-- trigram index (a contains search, and its total, without reading every shown company).
create extension if not exists pg_trgm;
alter table :schema.companies
  add column search_text text generated always as (
    lower(name || ' ' || city || ' ' || country || ' ' || coalesce(type, '') || ' ' || deals_in)
  ) stored;
create index companies_search on :schema.companies using gin (search_text gin_trgm_ops) where is_public;
create index companies_directory on :schema.companies (lower(name), id) where is_public;
create index companies_directory_country on :schema.companies (lower(country), lower(name), id) where is_public;
create index companies_directory_type on :schema.companies (lower(type), lower(name), id) where is_public;

create table :schema.follows (
  user_id uuid not null references :schema.users (id) on delete cascade,
  company_id uuid not null references :schema.companies (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, company_id)
);
create index follows_company on :schema.follows (company_id, created_at desc);

-- Orders as auth learns of them from stock's events (never stock's tables): one row per order and
-- seller company; delivered_at set when the shipment is delivered (a completed order).
create table :schema.order_sellers (
  order_id uuid not null,
  company_id uuid not null,
  buyer_id uuid not null,
  order_no text not null,
  placed_at timestamptz not null default now(),
  delivered_at timestamptz,
  primary key (order_id, company_id)
);
create index order_sellers_buyer on :schema.order_sellers (buyer_id);

-- A buyer's rating of a seller: once per order and seller (the primary key decides).
create table :schema.ratings (
  order_id uuid not null,
  company_id uuid not null references :schema.companies (id) on delete cascade,
  rater_id uuid not null references :schema.users (id) on delete cascade,
  score smallint not null check (score between 1 and 5),
  comment text not null default '',
  created_at timestamptz not null default now(),
  primary key (order_id, company_id)
);
create index ratings_company on :schema.ratings (company_id, created_at desc);
