-- Blocks other than holds (holds keep their own table): a memo to a buyer (2, with a memo number),
-- a show (3) and an office (4) block. A block is taken in the same conditional statement that
-- takes the stone (w_sts = 'A'), so a stone has at most one holder or block at a time.
alter table :schema.blocks
  add column user_id uuid,
  add column created_by uuid,
  add column memo_no text not null default '';
create index blocks_user on :schema.blocks (user_id, block_type, created_at desc);
