import { AuthEventTypes, type MailRequested } from '@diamond/contracts/events/auth'
import { enqueue, newEvent, type Tx } from '@diamond/runtime'

/**
 * Mail leaves through the outbox: it is sent if and only if the change that asked for it commits.
 * The notifications service renders and delivers it (the development mailbox in the embedded mode).
 */
export async function requestMail(tx: Tx, mail: MailRequested): Promise<void> {
  await enqueue(tx, 'auth', [newEvent('auth', AuthEventTypes.mailRequested, mail.to.toLowerCase(), mail)])
}
