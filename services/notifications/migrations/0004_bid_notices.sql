-- At most one unread outbid notice per reader and lot: a newer outbid updates it in place.
create unique index notifications_unread_outbid on :schema.notifications (user_id, (params ->> 'lotId'))
  where kind = 'bid.outbid' and read_at is null;
