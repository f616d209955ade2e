-- Calls a signed-out visitor may make only so often from one address (registration, document
-- uploads): one row per counted call, purged after a day. Counted in the database so every
-- instance of the service sees the same count.
create table :schema.address_hits (
  id bigint generated always as identity primary key,
  bucket text not null,
  address text not null,
  at timestamptz not null default now()
);
create index address_hits_lookup on :schema.address_hits (bucket, address, at);

-- Registration documents uploaded signed out and never claimed are purged after a day.
create index files_unclaimed on :schema.files (created_at) where owner_id is null;

-- Users created before companies existed (demo accounts of an earlier start) get one company per
-- company name they typed, with a code made the way registration makes it (COHEN-SONS, COHEN-SONS-2).
with names as (
  select name,
         coalesce(nullif(rtrim(left(ltrim(regexp_replace(upper(name), '[^A-Z0-9]+', '-', 'g'), '-'), 20), '-'), ''), 'CO') as base
    from (select distinct company_name as name from :schema.users where company_id is null and user_type <> 'guest') d
), numbered as (
  select name, base, row_number() over (partition by base order by name) as n from names
), created as (
  insert into :schema.companies (name, code)
  select name, case when n = 1 then base else base || '-' || n end from numbered
  on conflict (code) do nothing
  returning id, name
)
update :schema.users u set company_id = c.id from created c where u.company_id is null and u.company_name = c.name;
