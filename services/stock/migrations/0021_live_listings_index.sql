-- Issue 23: the listing sweep looks for live listings that have run out, in the order they ran out.
-- An expired stone keeps its listing's end (the seller's manage screen shows when it ran out), so the
-- index on listed_until held every listing that ever expired, and each sweep — one a minute — walked
-- past all of them before the first still live: a sweep of an upload's 100,000 run-out listings,
-- 5,000 a transaction, passed the ones it had just expired again in each round. Only live listings
-- now (the sweep's and the expiry notices' statements name the same two statuses, as literals, so
-- the planner can use it).
drop index if exists :schema.stones_listed_until;
create index stones_live_listed_until on :schema.stones (listed_until)
  where listed_until is not null and w_sts not in ('R', 'L');
