-- Issue 26: a won auction lot becomes an order like a confirmed stone. The lot's id makes a
-- redelivered result a no-op (one order per lot, whatever the consumer's own record says); the
-- auction's terms (bill type 7, orders.values.ts) date the payment. Invoices name each stone's
-- seller and the buyer's billing address as it stood when the order was placed.
alter table :schema.orders drop constraint orders_bill_type_check;
alter table :schema.orders add constraint orders_bill_type_check check (bill_type between 1 and 7);
alter table :schema.orders add column source text not null default 'confirm' check (source in ('confirm', 'auction'));
alter table :schema.orders add column lot_id uuid unique;
alter table :schema.orders add column pay_by date;
alter table :schema.orders add column bill_to jsonb;
alter table :schema.order_lines add column seller text not null default '';

-- Shipping names the carrier; the tracking link follows from it and the number.
alter table :schema.shipments add column carrier text;

-- What stock knows of a buyer for the invoice (auth's `auth.member.profile-changed`): name, company
-- and the billing address, newest version kept.
create table :schema.buyers (
  user_id uuid primary key,
  username text not null,
  company_name text not null default '',
  billing jsonb,
  version bigint not null,
  updated_at timestamptz not null default now()
);
