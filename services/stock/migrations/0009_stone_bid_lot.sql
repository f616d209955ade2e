-- The running lot a stone is in (bidding's `bidding.lot.opened`, until the lot's `closed`): staff
-- cannot move such a stone out from under its auction; they withdraw the auction first.
alter table :schema.stones add column bid_lot_id uuid;
