-- Offices with their zone, hours, holidays and divisions; cabins per office; sales persons; the
-- appointments and the stones to see at each (issue 24).
-- btree_gist lets one exclusion constraint compare a uuid (=) and a time range (&&): it is a trusted
-- extension (PostgreSQL 13+), so the database owner may create it.
create extension if not exists btree_gist;

create table :schema.offices (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  name text not null,
  time_zone text not null,
  slot_minutes integer not null check (slot_minutes in (30, 60)),
  opening_hours jsonb not null,
  divisions text[] not null default '{}',
  active boolean not null default true,
  -- Where the office stands in lists (the web's office picker).
  position integer not null default 0,
  created_at timestamptz not null default now()
);

create table :schema.office_holidays (
  office_id uuid not null references :schema.offices (id) on delete cascade,
  day date not null,
  name text not null,
  primary key (office_id, day)
);

-- Nothing wrote cabins before: they now belong to an office, and their name is unique within it.
delete from :schema.cabins;
alter table :schema.cabins drop constraint cabins_name_key;
alter table :schema.cabins drop column location;
alter table :schema.cabins add column office_id uuid not null references :schema.offices (id);
alter table :schema.cabins add column active boolean not null default true;
alter table :schema.cabins add constraint cabins_office_name unique (office_id, name);

create table :schema.sales_persons (
  id uuid primary key default gen_random_uuid(),
  user_id uuid unique,
  username text not null unique,
  name text not null,
  office_id uuid not null references :schema.offices (id),
  divisions text[] not null default '{}',
  working_hours jsonb,
  active boolean not null default true
);

create table :schema.appointments (
  id uuid primary key default gen_random_uuid(),
  buyer_id uuid not null,
  office_id uuid not null references :schema.offices (id),
  cabin_id uuid references :schema.cabins (id),
  sales_person_id uuid not null references :schema.sales_persons (id),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  purpose text not null,
  virtual boolean not null default false,
  room text,
  demand_id uuid,
  status text not null default 'booked' check (status in ('booked', 'confirmed', 'done', 'no_show', 'cancelled')),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  cancelled_by uuid,
  check (starts_at < ends_at),
  check (virtual = (cabin_id is null)),
  -- Exactly one booking wins: no two appointments not cancelled overlap on a cabin, a sales person
  -- or a buyer. Checked by PostgreSQL at insert and update; a racing second insert waits for the
  -- first to commit, then fails with exclusion_violation (23P01) naming the constraint.
  constraint appointments_cabin_free exclude using gist (cabin_id with =, tstzrange(starts_at, ends_at) with &&)
    where (status <> 'cancelled'),
  constraint appointments_sales_person_free exclude using gist (sales_person_id with =, tstzrange(starts_at, ends_at) with &&)
    where (status <> 'cancelled'),
  constraint appointments_buyer_free exclude using gist (buyer_id with =, tstzrange(starts_at, ends_at) with &&)
    where (status <> 'cancelled')
);
-- The buyer's tabs (upcoming, archived, cancelled) and an office's board by time.
create index appointments_buyer on :schema.appointments (buyer_id, starts_at);
create index appointments_office on :schema.appointments (office_id, starts_at) where status <> 'cancelled';

create table :schema.appointment_stones (
  appointment_id uuid not null references :schema.appointments (id) on delete cascade,
  stone_id uuid not null,
  blocked boolean,
  reason text,
  -- The order the buyer gave the stones in.
  position integer not null default 0,
  added_at timestamptz not null default now(),
  primary key (appointment_id, stone_id)
);
create index appointment_stones_stone on :schema.appointment_stones (stone_id);
