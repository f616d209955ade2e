-- Stock's answers about an appointment's stones (issue 24): where each stone lies (for the transfer
-- lead time) and the appointment version the answer was for, so that an older answer never
-- overwrites a newer one, and a booking can tell whether the answer to its own version has come.
alter table :schema.appointment_stones
  add column location text,
  add column answer_version integer;
