import { AuthEventTypes } from '@diamond/contracts/events/auth'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import type { MailService } from './mail.service'

/** The mails other services ask for (auth's codes, links and notices). */
export function registerMailRequests(rt: ServiceRuntime, mail: MailService): void {
  rt.consume(consumer('notifications.mail').on(AuthEventTypes.mailRequested, ({ data }, { tx }) => mail.send(tx, data)))
}
