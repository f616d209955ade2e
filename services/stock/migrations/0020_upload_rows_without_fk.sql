-- Issue 23: a preview's 100,000 lines arrive by one COPY, and a foreign key makes PostgreSQL check
-- every line against uploads, one lookup each: 1.09 s against 0.66–0.74 s for the same COPY without
-- it (bench:upload), on the core the preview's parsing shares. The lines are only ever written by
-- the preview of an upload that exists (in the call that created it) and are deleted with it by the
-- code that deletes an upload (expired previews; an upload whose file could not be read), so the
-- key's check and cascade are done there instead.
alter table :schema.upload_rows drop constraint if exists upload_rows_upload_id_fkey;
