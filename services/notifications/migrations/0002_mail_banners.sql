-- The development mailbox: mails as they would have been sent (only written when it is enabled).
create table :schema.dev_mail (
  id uuid primary key default gen_random_uuid(),
  "to" text not null,
  subject text not null,
  text text not null,
  template text not null,
  created_at timestamptz not null default now()
);
create index dev_mail_to on :schema.dev_mail (lower("to"), created_at desc);
create index dev_mail_created on :schema.dev_mail (created_at desc);

-- Banners (spec section 3): type 24 popup, 25 marquee text, 26 login images; banner_type 1 is the web portal.
create table :schema.banners (
  id uuid primary key default gen_random_uuid(),
  type integer not null check (type in (24, 25, 26)),
  banner_type integer not null default 1,
  images text[] not null default '{}',
  description jsonb not null default '{}',
  is_active boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now()
);
create index banners_active on :schema.banners (banner_type, type, sort) where is_active;
