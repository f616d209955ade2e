-- Office blocks for appointments (issue 24): a stone blocked for a viewing (block type 4) belongs to
-- one appointment and ends at the slot's end. The expiry sweep gives back blocks past expires_at by
-- the database clock, as it does holds; a cancel gives back the appointment's blocks.
alter table :schema.blocks
  add column expires_at timestamptz,
  add column appointment_id uuid;
create index blocks_expiry on :schema.blocks (expires_at) where expires_at is not null;
create index blocks_appointment on :schema.blocks (appointment_id) where appointment_id is not null;
