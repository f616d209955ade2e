-- Lot cards name the stone (issue 26: they showed no shape, colour or clarity). Stock's facts of a
-- stone up for bid now carry them; the projection keeps them and a lot copies them when its auction
-- is created, as it does the carat. Lots and stones from before are left blank.
alter table :schema.stone_status
  add column shape text,
  add column color text,
  add column clarity text;
alter table :schema.lots
  add column shape text not null default '',
  add column color text not null default '',
  add column clarity text not null default '';
