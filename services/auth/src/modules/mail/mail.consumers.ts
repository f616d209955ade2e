import { MailWantedEventTypes } from '@diamond/contracts/events/notifications'
import { TradeEventTypes } from '@diamond/contracts/events/stock'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { mailFtpRun } from './ftp'
import { mailDueReminder } from './reminders'
import { mailShipmentStep } from './shipments'
import { mailWanted } from './wanted'

/** Mails for trading events whose reader auth knows: reminders come due, a seller's FTP runs. */
export function registerTradeMail(rt: ServiceRuntime): void {
  rt.consume(
    consumer('auth.reminder-mail').on(TradeEventTypes.reminderDue, ({ data }, { tx }) => mailDueReminder(tx, data)),
  )
  rt.consume(
    consumer('auth.ftp-mail').on([TradeEventTypes.ftpFetched, TradeEventTypes.ftpFailed], ({ type, data }, { tx }) =>
      mailFtpRun(tx, type, data),
    ),
  )
  // Issue 26: each step of a shipment, to its buyer.
  rt.consume(
    consumer('auth.shipment-mail').on(TradeEventTypes.shipmentUpdated, ({ data }, { tx }) =>
      mailShipmentStep(tx, data),
    ),
  )
  // Mails notifications decides on (appointments), addressed here.
  rt.consume(consumer('auth.wanted-mail').on(MailWantedEventTypes.wanted, ({ data }, { tx }) => mailWanted(tx, data)))
}
