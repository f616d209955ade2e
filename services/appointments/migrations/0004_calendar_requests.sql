-- The sales calendar names the buyer (as they signed in when booking: the service keeps no users of
-- its own), and office viewing requests: a buyer asks to see stones at an office without a slot;
-- the sales side books it or declines it with a note, or the buyer withdraws it (issue 24).
alter table :schema.appointments add column buyer_name text not null default '';
alter table :schema.appointments add column buyer_company text not null default '';
-- A sales person's calendar by time.
create index appointments_sales_person on :schema.appointments (sales_person_id, starts_at);

create table :schema.viewing_requests (
  id uuid primary key default gen_random_uuid(),
  buyer_id uuid not null,
  buyer_name text not null default '',
  buyer_company text not null default '',
  office_id uuid not null references :schema.offices (id),
  stone_ids uuid[] not null,
  note text,
  status text not null default 'open' check (status in ('open', 'accepted', 'declined', 'withdrawn')),
  answer text,
  appointment_id uuid references :schema.appointments (id),
  handled_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'accepted') = (appointment_id is not null))
);
create index viewing_requests_buyer on :schema.viewing_requests (buyer_id, created_at desc);
create index viewing_requests_office on :schema.viewing_requests (office_id, status, created_at desc);
