-- Appointments (issue 24): what notifications knows of each upcoming appointment, from appointments'
-- events, to remind its buyer the day before and the hour before. Each reminder is marked sent in the
-- transaction that writes its notice and asks for its mail, so a sweep (or a restart) sends it once;
-- a reschedule clears the marks (the reminders move), a cancel drops the appointment from the sweep.
create table :schema.appointment_reminders (
  appointment_id uuid primary key,
  buyer_id uuid not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  cancelled boolean not null default false,
  version integer not null,
  -- What the reminder's notice and mail say (office, cabin, room, purpose, zone): the event's facts.
  facts jsonb not null,
  day_sent_at timestamptz,
  hour_sent_at timestamptz
);
create index appointment_reminders_due on :schema.appointment_reminders (starts_at)
  where not cancelled and (day_sent_at is null or hour_sent_at is null);

-- An appointment's calendar file sent with its mail.
alter table :schema.mail_outbox add column ics text;
