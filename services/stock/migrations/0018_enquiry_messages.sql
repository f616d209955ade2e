-- Issue 26: an enquiry's conversation, the messages after the enquiry's own text (tracks.enquiry).
create table if not exists :schema.enquiry_messages (
  seq bigserial primary key,
  track_id uuid not null references :schema.tracks (id) on delete cascade,
  side text not null,
  author_id uuid not null,
  author_name text not null,
  message text not null,
  created_at timestamptz not null default now()
);
-- A conversation is read in order, and its last message decides whether it waits for an answer.
create index if not exists enquiry_messages_track on :schema.enquiry_messages (track_id, seq);
