-- Notices to a team (the sales team) instead of one user: every member reads the same row and
-- keeps their own read mark.
alter table :schema.notifications alter column user_id drop not null;
alter table :schema.notifications add column audience text check (audience in ('sales'));
alter table :schema.notifications add constraint notifications_reader check ((user_id is null) <> (audience is null));
create index notifications_audience on :schema.notifications (audience, created_at desc) where audience is not null;
create table :schema.notification_reads (
  notification_id uuid not null references :schema.notifications (id) on delete cascade,
  user_id uuid not null,
  read_at timestamptz not null default now(),
  primary key (notification_id, user_id)
);
