-- Cabins where buyers view stones (spec: appointments with date, time slot, division, cabin, room).
create table :schema.cabins (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  division text not null,
  location text not null,
  is_virtual boolean not null default false
);
