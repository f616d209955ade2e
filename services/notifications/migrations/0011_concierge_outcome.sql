-- The concierge's outcome made real (issue 25): a request turned into a buy request keeps the search
-- filter stock made the member's demand of; one turned into an offer keeps the stones offered, by
-- their numbers.
alter table :schema.concierge_requests
  add column filter jsonb,
  add column stone_numbers text[] not null default '{}';
