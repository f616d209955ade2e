-- The name a company had when it first changed it (null until then: its name is the registered one).
-- A seller's stones carry the seller's company name: a renamed company stays the seller of the
-- stones it put up under its first name, so it cannot bid on them under the new one.
alter table :schema.companies add column registered_name text;
