import { TradeEventTypes } from '@diamond/contracts/events/stock'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { mailDueReminder } from './reminders'

export function registerReminderMail(rt: ServiceRuntime): void {
  rt.consume(
    consumer('auth.reminder-mail').on(TradeEventTypes.reminderDue, ({ data }, { tx }) => mailDueReminder(tx, data)),
  )
}
