-- A company's manufacturing facilities (My account → Manufacturing; company/facility/*): each with
-- its place, what it does (fixed codes), workers, optional monthly capacity in carats and
-- certifications; the public ones are shown on the company's member profile. At most 20 per company,
-- counted by the service under the company's row lock.
create table :schema.facilities (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references :schema.companies (id) on delete cascade,
  name text not null,
  city text not null,
  country text not null,
  activities text[] not null,
  workers integer not null,
  monthly_capacity_ct integer,
  certifications text not null default '',
  is_public boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index facilities_company on :schema.facilities (company_id, lower(name));
