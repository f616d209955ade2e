// @ts-expect-error plain ESM script without types
import { freePort, startMailpit } from '../infra/mailpit.mjs'
import { waitFor } from './portal'

export interface Mailpit {
  smtpUrl: string
  apiUrl: string
  smtpPort: number
  httpPort: number
  stop(): Promise<void>
}

/** A real Mailpit on free loopback ports (or the ports given), killed with the test process. */
export async function startTestMailpit(ports: { smtpPort?: number; httpPort?: number } = {}): Promise<Mailpit> {
  return startMailpit({
    smtpPort: ports.smtpPort ?? (await freePort()),
    httpPort: ports.httpPort ?? (await freePort()),
  })
}
export const freeTcpPort = (): Promise<number> => freePort()

const address = (a: { Name: string; Address: string }) => a.Address

/** A message as Mailpit's API lists it. */
export interface Listed {
  ID: string
  MessageID: string
  Subject: string
  Created: string
  To: { Name: string; Address: string }[]
}
/** A message as Mailpit's API answers it in full: both parts, the headers that matter here. */
export interface Received extends Listed {
  From: { Name: string; Address: string }
  ReplyTo: { Name: string; Address: string }[]
  Text: string
  HTML: string
}

/** Every message Mailpit holds to `to` (case-insensitive), newest first. */
export async function messagesTo(apiUrl: string, to: string): Promise<Listed[]> {
  const res = await fetch(`${apiUrl}/api/v1/messages?limit=1000`)
  if (!res.ok) throw new Error(`mailpit messages: ${res.status}`)
  const { messages } = (await res.json()) as { messages: Listed[] }
  return messages.filter((m) => m.To.some((t) => address(t).toLowerCase() === to.toLowerCase()))
}

export async function message(apiUrl: string, id: string): Promise<Received> {
  const res = await fetch(`${apiUrl}/api/v1/message/${id}`)
  if (!res.ok) throw new Error(`mailpit message ${id}: ${res.status}`)
  return (await res.json()) as Received
}

/** Waits for `count` messages to `to` and answers the newest in full. */
export async function nextMessage(
  apiUrl: string,
  to: string,
  opts: { count?: number; timeoutMs?: number; subject?: RegExp } = {},
): Promise<Received> {
  const listed = await waitFor(
    async () => {
      const all = (await messagesTo(apiUrl, to)).filter((m) => !opts.subject || opts.subject.test(m.Subject))
      return all.length >= (opts.count ?? 1) ? all[0] : null
    },
    opts.timeoutMs ?? 30_000,
    `a mail to ${to} in Mailpit`,
  )
  return message(apiUrl, listed.ID)
}
