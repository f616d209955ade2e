-- Housekeeping deletes old published events and consumed ids by age.
create index if not exists outbox_published on :schema.outbox (published_at) where published_at is not null;
create index if not exists consumed_events_age on :schema.consumed_events (consumed_at);
