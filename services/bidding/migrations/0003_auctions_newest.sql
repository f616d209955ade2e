-- Staff list auctions newest first (diamond-bid/auction/paginate).
create index auctions_newest on :schema.auctions (created_at desc, id);
