-- Sessions ended one by one (a logout on one device, from auth.session.ended) and until when their
-- tokens could still be presented, so a restarted service keeps refusing them; purged after that.
create table if not exists :schema.ended_sessions (
  session_id uuid primary key,
  user_id uuid not null,
  until timestamptz not null
);
