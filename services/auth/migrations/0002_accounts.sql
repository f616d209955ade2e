-- Companies, the full user record, addresses, uploaded files; device trust, one-time codes, mailed
-- links and sign-in attempts. Secrets (codes, link tokens, device keys) are stored only as hashes.

create table :schema.companies (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  code text not null,
  type text,
  description text not null default '',
  founded_year integer,
  size text,
  website text not null default '',
  is_public boolean not null default false,
  logo_file_id uuid,
  cover_file_id uuid,
  headquarters text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index companies_code on :schema.companies (code);

alter table :schema.users
  add column company_id uuid references :schema.companies (id),
  add column middle_name text not null default '',
  add column mobile text not null default '',
  add column telephone text not null default '',
  add column whatsapp text not null default '',
  add column skype text not null default '',
  add column birth_date date,
  add column anniversary_date date,
  add column designation text not null default '',
  add column business_type text,
  add column heard_from text,
  add column newsletter boolean not null default false,
  add column document_type text,
  add column locale text not null default 'en',
  -- Stock notification settings: interval 1 daily, 2 weekly, 3 monthly; stock type 1 new, 0 full.
  add column stk_noti_dt smallint check (stk_noti_dt in (1, 2, 3)),
  add column stk_noti smallint check (stk_noti in (0, 1)),
  add column is_stk_noti boolean not null default false,
  add column account_term text,
  -- Rights set by a company admin (compact form, see contracts/permissions); null: the type's defaults.
  add column permissions jsonb,
  add column created_by uuid;
create index users_company on :schema.users (company_id);

create table :schema.addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references :schema.users (id) on delete cascade,
  type text not null,
  street text not null default '',
  line1 text not null,
  line2 text not null default '',
  line3 text not null default '',
  city text not null,
  state text not null,
  country text not null,
  pin_code text not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
create index addresses_user on :schema.addresses (user_id);
-- At most one default address per user.
create unique index addresses_one_default on :schema.addresses (user_id) where is_default;

create table :schema.files (
  id uuid primary key default gen_random_uuid(),
  -- null while a registration is being filled in (uploaded signed out); claimed by the new user.
  owner_id uuid references :schema.users (id) on delete cascade,
  purpose text not null,
  name text not null,
  mime_type text not null,
  size integer not null,
  width integer,
  height integer,
  content bytea not null,
  uploaded_from text,
  created_at timestamptz not null default now()
);
create index files_owner on :schema.files (owner_id);

-- Browsers a user chose to trust ("Always"): the browser keeps a random key in an httpOnly cookie.
create table :schema.trusted_devices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references :schema.users (id) on delete cascade,
  key_hash text not null,
  label text not null default '',
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now()
);
create unique index trusted_devices_key on :schema.trusted_devices (key_hash);

-- One-time codes for untrusted devices: single use, expiring, a few attempts.
create table :schema.device_otps (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references :schema.users (id) on delete cascade,
  -- the untrusted token's version: a code belongs to one sign-in
  token_version integer not null,
  code_hash text not null,
  attempts integer not null default 0,
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index device_otps_user on :schema.device_otps (user_id, sent_at desc);

-- Mailed links: email verification and password reset. Single use, expiring.
create table :schema.mail_tokens (
  token_hash text primary key,
  user_id uuid not null references :schema.users (id) on delete cascade,
  purpose text not null check (purpose in ('verify-email', 'reset-password')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index mail_tokens_user on :schema.mail_tokens (user_id, purpose);

-- Failed sign-ins, per account and per address, for rate limits and temporary locks.
create table :schema.login_failures (
  id bigint generated always as identity primary key,
  login text not null,
  address text not null,
  at timestamptz not null default now()
);
create index login_failures_login on :schema.login_failures (login, at);
create index login_failures_address on :schema.login_failures (address, at);

-- Guests: who looked, for the sales team.
create table :schema.guests (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  company_name text not null,
  contact_number text not null,
  email text not null,
  address text,
  created_at timestamptz not null default now()
);
