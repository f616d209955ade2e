import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { LogOnlyMailer } from './mailer'
import { renderMail } from './mail.templates'

describe('mail without a transport', () => {
  it('notes template and masked recipient at warn level, never the code, link or address', async () => {
    const lines: { level: string; obj: unknown; msg: string }[] = []
    const log = { warn: (obj: unknown, msg: string) => lines.push({ level: 'warn', obj, msg }) } as unknown as FastifyBaseLogger
    const mail = renderMail(
      { to: 'secret.buyer@example.com', name: 'S', template: 'reset-password', locale: 'en', params: { link: '/reset-password/TOKEN-123' } },
      { baseUrl: 'http://localhost:8080' },
    )
    await new LogOnlyMailer(log).deliver(null as never, mail)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'warn', obj: { template: 'reset-password', to: 's***@example.com' } })
    const logged = JSON.stringify(lines)
    expect(logged).not.toContain('TOKEN-123')
    expect(logged).not.toContain('secret.buyer')
  })
})
