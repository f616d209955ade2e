-- Customer care and the portal's own content (issue 25): static pages, FAQs, the events calendar,
-- banner images and dates, feedback, concierge requests, contact messages and their rate limits.

-- Static pages: one row per page and language; the web shows English where a language has none.
create table :schema.pages (
  slug text not null,
  lang text not null,
  title text not null,
  body text not null,
  updated_at timestamptz not null default now(),
  updated_by text,
  primary key (slug, lang)
);

create table :schema.faqs (
  id uuid primary key default gen_random_uuid(),
  lang text not null,
  question text not null,
  answer text not null,
  sort integer not null default 0,
  updated_at timestamptz not null default now()
);
create index faqs_lang on :schema.faqs (lang, sort);

-- Trade shows and auctions; texts per language (jsonb: { en, fr, … }).
create table :schema.portal_events (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('tradeShow', 'auction')),
  title jsonb not null,
  place text not null,
  venue text not null default '',
  starts_on date not null,
  ends_on date not null,
  description jsonb not null default '{}',
  on_show jsonb not null default '{}',
  url text,
  created_at timestamptz not null default now(),
  check (ends_on >= starts_on)
);
create index portal_events_dates on :schema.portal_events (starts_on, ends_on);

-- Banners shown only between their dates, when they have them.
alter table :schema.banners add column active_from timestamptz, add column active_to timestamptz;

-- Uploaded banner images, in the database: every instance serves them, none depends on its own disk.
create table :schema.banner_images (
  id uuid primary key default gen_random_uuid(),
  content_type text not null,
  content bytea not null,
  uploaded_by uuid,
  created_at timestamptz not null default now()
);

-- Feedback: the questions (scored 0–10), and each member's answers.
create table :schema.feedback_questions (
  id uuid primary key default gen_random_uuid(),
  text jsonb not null,
  sort integer not null default 0,
  active boolean not null default true
);
create table :schema.feedback (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  username text not null,
  company text not null default '',
  comment text,
  created_at timestamptz not null default now()
);
create index feedback_created on :schema.feedback (created_at desc);
create table :schema.feedback_answers (
  feedback_id uuid not null references :schema.feedback (id) on delete cascade,
  question_id uuid not null references :schema.feedback_questions (id),
  score smallint not null check (score between 0 and 10),
  primary key (feedback_id, question_id)
);

-- Concierge requests: a member asks, the sales team answers.
create table :schema.concierge_requests (
  id uuid primary key default gen_random_uuid(),
  number bigint generated always as identity,
  user_id uuid not null,
  username text not null,
  company text not null default '',
  criteria text not null,
  budget_usd bigint,
  deadline date,
  status text not null default 'open' check (status in ('open', 'answered', 'closed')),
  reply text,
  outcome text check (outcome in ('offer', 'buyRequest')),
  answered_by text,
  answered_at timestamptz,
  created_at timestamptz not null default now()
);
create index concierge_user on :schema.concierge_requests (user_id, created_at desc);
create index concierge_status on :schema.concierge_requests (status, created_at desc);

-- Contact form messages (signed out too).
create table :schema.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  user_id uuid,
  username text,
  address text not null,
  created_at timestamptz not null default now()
);
create index contact_created on :schema.contact_messages (created_at desc);

-- Calls counted against a rate limit (contact form: per address, per email, per user).
create table :schema.care_hits (
  id bigint generated always as identity primary key,
  bucket text not null,
  key text not null,
  at timestamptz not null default now()
);
create index care_hits_key on :schema.care_hits (bucket, key, at desc);
