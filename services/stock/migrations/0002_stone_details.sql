-- The spec's full stone row (section 3): report, fancy colour, proportions, inclusions, seller,
-- status codes and categories. Grading names default to '' and measures to 0 (both shown as a dash).
alter table :schema.stones
  add column cert_no text not null default '',
  add column shape_full text not null default '',
  add column is_fancy boolean not null default false,
  add column fancy_color text not null default '',
  add column fancy_intensity text not null default '',
  add column fancy_overtone text not null default '',
  add column fancy_desc text not null default '',
  add column dep_per numeric(5, 2) not null default 0,
  add column tbl_per numeric(5, 2) not null default 0,
  add column ratio numeric(5, 2) not null default 0,
  add column p_ang numeric(5, 2) not null default 0,
  add column p_hgt numeric(5, 2) not null default 0,
  add column c_hgt numeric(5, 2) not null default 0,
  add column c_ang numeric(5, 2) not null default 0,
  add column height numeric(6, 2) not null default 0,
  add column width numeric(6, 2) not null default 0,
  add column length numeric(6, 2) not null default 0,
  add column grdl_per numeric(5, 2) not null default 0,
  add column str_ln numeric(5, 2) not null default 0,
  add column lwr_hal numeric(5, 2) not null default 0,
  add column girdle text not null default '',
  add column girdle_str text not null default '',
  add column girdle_cond text not null default '',
  add column culet text not null default '',
  add column culet_cond text not null default '',
  add column brilliancy text not null default '',
  add column black_table text not null default '',
  add column black_side text not null default '',
  add column white_table text not null default '',
  add column white_side text not null default '',
  add column open_table text not null default '',
  add column open_crown text not null default '',
  add column open_pavilion text not null default '',
  add column eye_clean text not null default '',
  add column milky text not null default '',
  add column heart_arrow text not null default '',
  add column key_to_symbol text not null default '',
  add column seller text not null default '',
  add column pair_no text not null default '',
  add column show_name text not null default '',
  add column is_xray boolean not null default false,
  add column is_type2 boolean not null default false,
  add column is_seal boolean not null default false,
  add column is_dor boolean not null default false,
  add column web_sts text not null default 'A',
  add column sgi_sts text not null default '',
  add column init_sts text not null default '',
  add column s_sts_desc text not null default '',
  add column in_order boolean not null default false,
  add column categories smallint[] not null default '{}',
  add column pcs integer not null default 1 check (pcs >= 1),
  add column arrived_at timestamptz not null default now();

create index stones_pair_no on :schema.stones (pair_no) where pair_no <> '';

-- Blocks (spec: diamond-block): a block of type 2 keeps a stone from counting as on memo.
create table :schema.blocks (
  id uuid primary key default gen_random_uuid(),
  stone_id uuid not null references :schema.stones (id),
  block_type smallint not null,
  created_at timestamptz not null default now()
);
create index blocks_stone on :schema.blocks (stone_id);

-- Saved searches (1, with a title) and recent searches (2) of each user.
create table :schema.searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  search_type smallint not null check (search_type in (1, 2)),
  title text not null default '',
  filter jsonb not null,
  -- Recent searches are kept once per distinct filter: the same search again moves to the top.
  filter_key text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index searches_user on :schema.searches (user_id, search_type, updated_at desc);
create unique index searches_recent_once on :schema.searches (user_id, filter_key) where search_type = 2;
