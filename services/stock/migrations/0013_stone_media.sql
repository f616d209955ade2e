-- A stone's photos, video and certificate (issue 23): a file kept in the object store (key), or an
-- outside link from an upload file's media columns (url), never both. Position 1 is the main photo,
-- 2 to 10 the others; 0 is the upload file's link, which an uploaded file goes before.
create table :schema.stone_media (
  id uuid primary key,
  stone_id uuid not null references :schema.stones (id) on delete cascade,
  kind text not null check (kind in ('photo', 'video', 'certificate')),
  position smallint not null default 1 check (position between 0 and 10),
  key text,
  url text,
  content_type text not null default '',
  size bigint not null default 0,
  file_name text not null default '',
  created_at timestamptz not null default now(),
  constraint stone_media_slot unique (stone_id, kind, position),
  constraint stone_media_one_source check ((key is null) <> (url is null))
);
