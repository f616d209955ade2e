-- Issue 25: who follows which seller company, as auth tells (auth.member.follow-changed): each
-- listing event becomes one notice per follower, read from here (never from auth's tables).
create table :schema.followers (
  company_id uuid not null,
  user_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (company_id, user_id)
);
