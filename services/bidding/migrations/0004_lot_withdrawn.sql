-- A lot whose stone left the auction before its close (stock moved it out of the statuses its kind
-- takes) ends 'withdrawn': no winner, whatever the bids.
alter table :schema.lots drop constraint lots_state_check;
alter table :schema.lots add constraint lots_state_check check (state in ('won', 'closed', 'withdrawn'));
