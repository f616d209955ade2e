-- The operator company runs the portal: its approved staff (admins and sales people) approve or
-- reject the accounts that registration leaves Pending.
alter table :schema.companies add column is_operator boolean not null default false;

-- Who decided a registration (approved or rejected: approval_status tells which), when, and the
-- note given with it (a rejection's note is mailed to the registrant).
alter table :schema.users
  add column approved_by uuid references :schema.users (id) on delete set null,
  add column approved_at timestamptz,
  add column approval_note text not null default '';

-- Registrations waiting for a decision, newest first.
create index users_approval on :schema.users (approval_status, created_at desc);

-- A demo database seeded before this migration: its "Diamond Portal" company (admin1 and sales1)
-- becomes the operator. Only the seeded one: a registrant who called their company "Diamond
-- Portal" in a real database must not become the operator by this.
update :schema.companies c set is_operator = true
 where c.code = 'DIAMOND-PORTAL'
   and exists (select 1 from :schema.users u
                where u.company_id = c.id and u.username in ('admin1', 'sales1')
                  and u.email like '%@demo.diamond-portal.test');
