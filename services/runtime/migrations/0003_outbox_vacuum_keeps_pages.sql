-- The relay vacuums its outbox often (see OutboxRelay.vacuum). Emptied pages stay: cutting them off
-- the end of the table takes a lock that stops every writer of an event for a moment.
alter table :schema.outbox set (vacuum_truncate = false);
