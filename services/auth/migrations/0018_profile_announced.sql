-- Issue 26: stock keeps a copy of what invoices print of a buyer (auth.member.profile-changed). Who
-- was announced, and at which version: users never announced (those from before, new ones made by
-- registration or a company admin) are announced by a sweep; a profile change announces at once.
create table :schema.profile_announcements (
  user_id uuid primary key references :schema.users (id) on delete cascade,
  version bigint not null,
  announced_at timestamptz not null default now()
);
