-- Issue 23, FTP sources: who saved the source (the fetched uploads are recorded under that user, who
-- is told of each run), and one source per seller company (the settings screen edits that one).
alter table :schema.ftp_sources add column saved_by uuid;
drop index :schema.ftp_sources_seller;
create unique index ftp_sources_seller on :schema.ftp_sources (seller_company_id);
