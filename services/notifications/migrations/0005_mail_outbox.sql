-- Mail on its way out through SMTP: queued in the transaction that decided to send it, then sent by
-- a sender loop at least once, retried with back-off, and after the last attempt marked failed for
-- staff to see and retry. Never deleted unsent.
create table :schema.mail_outbox (
  id uuid primary key,
  -- The Message-ID header, made when queued: every retry of the mail carries the same one.
  message_id text not null unique,
  "to" text not null,
  subject text not null,
  text text not null,
  html text not null,
  template text not null,
  language text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  -- When a pending mail is next due; a claimed mail is pushed out by the claim's lease, so a sender
  -- that dies mid-send leaves it due again once the lease is over.
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  failed_at timestamptz
);
create index mail_outbox_due on :schema.mail_outbox (next_attempt_at) where status = 'pending';
create index mail_outbox_failed on :schema.mail_outbox (failed_at desc, id) where status = 'failed';
create index mail_outbox_sent on :schema.mail_outbox (sent_at) where status = 'sent';
