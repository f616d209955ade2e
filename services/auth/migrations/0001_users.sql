create table :schema.users (
  id uuid primary key default gen_random_uuid(),
  username text not null,
  email text not null,
  password_hash text not null,
  first_name text not null default '',
  last_name text not null default '',
  company_name text not null default '',
  -- buyer, seller, sales, admin, guest
  user_type text not null,
  -- 1 Pending, 2 Approved, 3 Rejected, 4 Expired (spec section 4)
  approval_status smallint not null default 1 check (approval_status between 1 and 4),
  active boolean not null default true,
  email_verified boolean not null default false,
  is_place_order boolean not null default true,
  is_no_price boolean not null default false,
  -- Bumped on logout, password change, deactivation and permission change: older tokens stop working.
  token_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_username on :schema.users (lower(username));
create unique index users_email on :schema.users (lower(email));
