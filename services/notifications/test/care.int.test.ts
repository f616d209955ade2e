import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedbackQuestion } from '@diamond/contracts/http/care'
import { CARE_NOTICE_KINDS } from '@diamond/contracts/http/care.values'
import { encodePng } from '@diamond/runtime/png'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { SCRIPT_ATTEMPTS } from './script-attempts'

const newAddress = () => `10.${[...randomBytes(3)].join('.')}`

describe('customer care: feedback, concierge, contact', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let sales1: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 1 })
    ;[buyer1, buyer2, sales1] = await Promise.all([
      portal.login('buyer1'),
      portal.login('buyer2'),
      portal.login('sales1'),
    ])
  })
  afterAll(() => portal?.close())

  const questions = async () =>
    (await portal.call('feedback/questions', {}, buyer1)).body.data.list as FeedbackQuestion[]

  it('answers the seeded questions in nine languages', async () => {
    const list = await questions()
    expect(list.length).toBe(5)
    for (const q of list)
      expect(Object.keys(q.text).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'he', 'it', 'ja', 'zh'])
  })

  it('takes a feedback form with every question scored 0 to 10', async () => {
    const list = await questions()
    const r = await portal.call(
      'feedback/create',
      {
        answers: list.map((q, i) => ({ questionId: q.id, score: [10, 8, 6, 9, 0][i] })),
        comment: 'Quick answers, thanks',
      },
      buyer1,
    )
    expect(r.body.code).toBe('OK')
    const page = await portal.call('feedback/paginate', {}, sales1)
    expect(page.body.data.list[0]).toMatchObject({ username: 'buyer1', comment: 'Quick answers, thanks' })
    const summary = await portal.call('feedback/summary', { by: 'month', periods: 2 }, sales1)
    const now = summary.body.data.periods.at(-1)
    expect(now.responses).toBe(1)
    expect(now.averages[list[0]!.id]).toBe(10)
    expect(now.averages[list[4]!.id]).toBe(0)
  })

  it('refuses a score out of range, a missing or repeated question, naming the field, and stores nothing', async () => {
    const list = await questions()
    const before = (await portal.call('feedback/paginate', {}, sales1)).body.data.count
    const high = await portal.call(
      'feedback/create',
      { answers: list.map((q) => ({ questionId: q.id, score: 11 })) },
      buyer2,
    )
    expect(high.status).toBe(400)
    expect(high.body.code).toBe('E_VALIDATION')
    expect(high.body.data.fields[0].field).toBe('answers.0.score')
    const missing = await portal.call('feedback/create', { answers: [{ questionId: list[0]!.id, score: 5 }] }, buyer2)
    expect(missing.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['answers'])
    const twice = await portal.call(
      'feedback/create',
      { answers: [...list, list[0]!].map((q) => ({ questionId: q.id, score: 5 })) },
      buyer2,
    )
    expect(twice.body.data.fields[0].field).toBe('answers.5.questionId')
    const fraction = await portal.call(
      'feedback/create',
      { answers: list.map((q) => ({ questionId: q.id, score: 7.5 })) },
      buyer2,
    )
    expect(fraction.body.code).toBe('E_VALIDATION')
    const shape = await portal.call('feedback/create', { answers: 'all tens' }, buyer2)
    expect(shape.body.code).toBe('E_VALIDATION')
    expect((await portal.call('feedback/paginate', {}, sales1)).body.data.count).toBe(before)
  })

  it('shows answers and averages to operator staff only', async () => {
    expect((await portal.call('feedback/paginate', {}, buyer1)).body.code).toBe('E_NOT_FOUND')
    expect((await portal.call('feedback/summary', { by: 'week' }, buyer1)).body.code).toBe('E_NOT_FOUND')
    expect((await portal.call('feedback/questions', {})).body.code).toBe('E_UNAUTHORIZED')
  })

  it('concierge: the sales team hears of a request, answers it, and the buyer is told', async () => {
    const created = await portal.call(
      'concierge/create',
      {
        criteria: '1.50 ct oval, F–G, VS1 or better, GIA, for an engagement ring',
        budgetUsd: 18000,
        deadline: '2099-12-20',
      },
      buyer1,
    )
    expect(created.body.code).toBe('OK')
    const req = created.body.data
    expect(req).toMatchObject({ status: 'open', budgetUsd: 18000, deadline: '2099-12-20', username: 'buyer1' })
    expect(req.number).toMatch(/^R-\d{6}$/)

    const salesNotice = await waitFor(async () =>
      (
        (await portal.call('notification/list', {}, sales1)).body.data.list as {
          kind: string
          params: { requestId?: string }
        }[]
      ).find((n) => n.kind === CARE_NOTICE_KINDS.conciergeRequested && n.params.requestId === req.id),
    )
    expect(salesNotice.params).toMatchObject({ number: req.number, username: 'buyer1' })

    const inbox = await portal.call('concierge/paginate', { status: 'open' }, sales1)
    expect(inbox.body.data.list.some((r: { id: string }) => r.id === req.id)).toBe(true)
    // Another member sees only their own requests, and cannot answer or close this one.
    expect(
      (await portal.call('concierge/paginate', {}, buyer2)).body.data.list.some((r: { id: string }) => r.id === req.id),
    ).toBe(false)
    expect((await portal.call('concierge/answer', { id: req.id, reply: 'mine' }, buyer2)).body.code).toBe('E_NOT_FOUND')
    expect((await portal.call('concierge/close', { id: req.id }, buyer2)).body.code).toBe('E_NOT_FOUND')

    expect((await portal.call('concierge/answer', { id: req.id, reply: '  ' }, sales1)).body.data.fields[0].field).toBe(
      'reply',
    )
    // An offer names its stones; a buy request's filter does not belong to it. Nothing is recorded.
    const bare = await portal.call('concierge/answer', { id: req.id, reply: 'Found some', outcome: 'offer' }, sales1)
    expect(bare.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['stoneNumbers'])
    const mixed = await portal.call(
      'concierge/answer',
      { id: req.id, reply: 'Found some', outcome: 'offer', stoneNumbers: ['D1'], filter: { shpNm: ['OVAL'] } },
      sales1,
    )
    expect(mixed.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['filter'])
    expect(
      (await portal.call('concierge/paginate', { status: 'open' }, sales1)).body.data.list.map(
        (r: { id: string }) => r.id,
      ),
    ).toContain(req.id)
    const answered = await portal.call(
      'concierge/answer',
      {
        id: req.id,
        reply: 'We found three ovals; see the offer in your offer list.',
        outcome: 'offer',
        stoneNumbers: [' ov-101 ', 'OV-102', 'ov-101', 'OV-103'],
      },
      sales1,
    )
    expect(answered.body.data).toMatchObject({
      status: 'answered',
      outcome: 'offer',
      answeredBy: 'sales1',
      stoneNumbers: ['OV-101', 'OV-102', 'OV-103'],
      filter: null,
    })
    const buyerNotice = await waitFor(async () =>
      (
        (await portal.call('notification/list', {}, buyer1)).body.data.list as {
          kind: string
          params: { requestId?: string }
        }[]
      ).find((n) => n.kind === CARE_NOTICE_KINDS.conciergeAnswered && n.params.requestId === req.id),
    )
    expect(buyerNotice.params).toMatchObject({ outcome: 'offer', number: req.number })
    const mine = await portal.call('concierge/paginate', {}, buyer1)
    expect(mine.body.data.list.find((r: { id: string }) => r.id === req.id).reply).toMatch(/three ovals/)

    expect((await portal.call('concierge/close', { id: req.id }, buyer1)).body.data.status).toBe('closed')
    expect((await portal.call('concierge/answer', { id: req.id, reply: 'again' }, sales1)).body.code).toBe(
      'E_CONCIERGE_CLOSED',
    )
  })

  it('concierge: a request turned into a buy request becomes the member’s demand, once', async () => {
    const deadline = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10)
    const created = await portal.call(
      'concierge/create',
      { criteria: 'Pear shapes around 2 carats, D to F', deadline },
      buyer2,
    )
    const req = created.body.data
    const filter = { shpNm: ['PEAR'], crt: { from: 1.9, to: 2.2 }, colNm: ['D', 'E', 'F'] }
    const empty = await portal.call(
      'concierge/answer',
      { id: req.id, reply: 'We will look', outcome: 'buyRequest', filter: {} },
      sales1,
    )
    expect(empty.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['filter'])
    const answered = await portal.call(
      'concierge/answer',
      { id: req.id, reply: 'We keep looking for you: see My Demand.', outcome: 'buyRequest', filter },
      sales1,
    )
    expect(answered.body.data).toMatchObject({ outcome: 'buyRequest', filter, stoneNumbers: [] })

    type D = { title: string; description: string; tillDate: string; filter: unknown }
    const demand = await waitFor(async () =>
      ((await portal.call('diamond-demand/paginate', {}, buyer2)).body.data.list as D[]).find((d) =>
        d.title.startsWith(req.number),
      ),
    )
    expect(demand).toMatchObject({
      title: `${req.number} · Pear shapes around 2 carats, D to F`,
      description: 'Pear shapes around 2 carats, D to F',
      tillDate: deadline,
      filter,
    })
    // Told once: the event is consumed once however often delivered, so one demand.
    const count = async () =>
      ((await portal.call('diamond-demand/paginate', {}, buyer2)).body.data.list as D[]).filter((d) =>
        d.title.startsWith(req.number),
      ).length
    expect(await count()).toBe(1)
    // An answer again (the member has not closed it) is another decision: one more demand is the team's call.
    expect(
      (await portal.call('diamond-demand/paginate', {}, buyer1)).body.data.list.some((d: D) =>
        d.title.startsWith(req.number),
      ),
    ).toBe(false)
  })

  it('concierge: bad input names the field; guests may not ask', async () => {
    const r = await portal.call('concierge/create', { criteria: '', budgetUsd: -5, deadline: '2020-01-01' }, buyer1)
    expect(r.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['criteria', 'budgetUsd', 'deadline'])
  })

  it('contact: a signed-out visitor reaches the sales team as a notice and a mail', async () => {
    const email = `visitor.${randomBytes(3).toString('hex')}@example.com`
    const r = await portal.call(
      'contact/create',
      { name: 'Ana Ruiz', email, subject: 'Parcels to Madrid', message: 'Do you ship melee parcels to Madrid?' },
      undefined,
      { 'x-forwarded-for': newAddress() },
    )
    expect(r.body.code).toBe('OK')
    const mail = await waitFor(async () =>
      (await portal.mails('sales@localhost', 50)).find(
        (m) => m.template === 'contact-message' && m.text.includes(email),
      ),
    )
    expect(mail.subject).toMatch(/^Contact form: Parcels to Madrid \|/)
    expect(mail.text).toContain('Do you ship melee parcels to Madrid?')
    const notice = await waitFor(async () =>
      (
        (await portal.call('notification/list', {}, sales1)).body.data.list as {
          kind: string
          params: { contactId?: string }
        }[]
      ).find((n) => n.kind === CARE_NOTICE_KINDS.contactReceived && n.params.contactId === r.body.data.id),
    )
    expect(notice.params).toMatchObject({ name: 'Ana Ruiz', subject: 'Parcels to Madrid' })
    const list = await portal.call('contact/paginate', {}, sales1)
    expect(list.body.data.list[0]).toMatchObject({ email, username: null })
  })

  it('contact: rate-limited per email, per address and per user; refused messages leave nothing', async () => {
    const email = `burst.${randomBytes(3).toString('hex')}@example.com`
    const send = (headers: Record<string, string>, token?: string, to = email) =>
      portal.call('contact/create', { name: 'Burst', email: to, subject: 'Hi', message: 'Hello' }, token, headers)
    for (let i = 0; i < 3; i++) expect((await send({ 'x-forwarded-for': newAddress() })).body.code).toBe('OK')
    const limited = await send({ 'x-forwarded-for': newAddress() })
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('E_RATE_LIMITED')
    expect(limited.body.data.retryAfter).toBeGreaterThan(0)

    const address = newAddress()
    const other = () => `a${randomBytes(4).toString('hex')}@example.com`
    for (let i = 0; i < 5; i++)
      expect((await send({ 'x-forwarded-for': address }, undefined, other())).body.code).toBe('OK')
    expect((await send({ 'x-forwarded-for': address }, undefined, other())).body.code).toBe('E_RATE_LIMITED')

    for (let i = 0; i < 5; i++)
      expect((await send({ 'x-forwarded-for': newAddress() }, buyer2, other())).body.code).toBe('OK')
    expect((await send({ 'x-forwarded-for': newAddress() }, buyer2, other())).body.code).toBe('E_RATE_LIMITED')
    const [row] = await portal.sql<
      { n: number }[]
    >`select count(*)::int as n from notifications.contact_messages where username = 'buyer2'`
    expect(row!.n).toBe(5)
  })

  it('contact: bad input names the field', async () => {
    const r = await portal.call(
      'contact/create',
      { name: 'X', email: 'not-an-address', subject: 'a\r\nBcc: x@y.z', message: '' },
      undefined,
      {
        'x-forwarded-for': newAddress(),
      },
    )
    expect(r.body.code).toBe('E_VALIDATION')
    expect(r.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'message', 'subject'])
  })
})

describe("the portal's own content: pages, FAQs, events, banners", () => {
  let portal: TestPortal
  let buyer1: string
  let sales1: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 1 })
    ;[buyer1, sales1] = await Promise.all([portal.login('buyer1'), portal.login('sales1')])
  })
  afterAll(() => portal?.close())

  it('serves every page signed out, in the language asked for', async () => {
    for (const slug of ['terms-of-use', 'privacy-notice', 'about', 'csr', 'careers', 'news', 'testimonials']) {
      const he = await portal.call('page/view', { slug, lang: 'he' })
      expect(he.body.code, slug).toBe('OK')
      expect(he.body.data.lang).toBe('he')
      expect(he.body.data.body.length).toBeGreaterThan(100)
    }
    expect((await portal.call('page/view', { slug: 'terms-of-use', lang: 'ja' })).body.data.title).toBe('利用規約')
    expect((await portal.call('page/view', { slug: 'sitemap' })).body.code).toBe('E_VALIDATION')
  })

  it('refuses script in every form tried, naming the field, and keeps the page as it was', async () => {
    const before = (await portal.call('page/view', { slug: 'about', lang: 'en' })).body.data
    for (const attempt of SCRIPT_ATTEMPTS) {
      const r = await portal.call(
        'page/save',
        { slug: 'about', lang: 'en', title: 'About', body: `Hello\n\n${attempt}` },
        sales1,
      )
      expect(r.body.code, attempt).toBe('E_VALIDATION')
      expect(r.body.data.fields[0].field).toBe('body')
    }
    expect(
      (await portal.call('page/save', { slug: 'about', lang: 'en', title: '<b>About</b>', body: 'x' }, sales1)).body
        .data.fields[0].field,
    ).toBe('title')
    expect((await portal.call('page/view', { slug: 'about', lang: 'en' })).body.data).toEqual(before)
  })

  it('lets staff edit a page; a member may not', async () => {
    const body = 'We trade **certified** diamonds. [Contact](/contact) · [GIA](https://www.gia.edu)'
    const r = await portal.call('page/save', { slug: 'news', lang: 'fr', title: 'Actualités', body }, sales1)
    expect(r.body.data).toMatchObject({ slug: 'news', lang: 'fr', body, updatedBy: 'sales1' })
    const viewed = (await portal.call('page/view', { slug: 'news', lang: 'fr' })).body.data
    expect(viewed.body).toBe(body)
    // The public answer does not name the staff login that edited it.
    expect(viewed.updatedBy).toBeNull()
    expect(
      (await portal.call('page/save', { slug: 'news', lang: 'fr', title: 'x', body: 'y' }, buyer1)).body.code,
    ).toBe('E_NOT_FOUND')
    expect((await portal.call('page/save', { slug: 'news', lang: 'fr', title: 'x', body: 'y' })).body.code).toBe(
      'E_UNAUTHORIZED',
    )
  })

  it('FAQs per language, edited by staff with the same checks', async () => {
    const ar = await portal.call('faq/paginate', { lang: 'ar' })
    expect(ar.body.data.list.length).toBe(4)
    expect(ar.body.data.list[0].lang).toBe('ar')
    const saved = await portal.call(
      'faq/save',
      { lang: 'de', question: 'Gibt es Rabatte?', answer: 'Ja, ab **10 Steinen**.', sort: 9 },
      sales1,
    )
    expect(saved.body.code).toBe('OK')
    expect((await portal.call('faq/paginate', { lang: 'de' })).body.data.list.at(-1).question).toBe('Gibt es Rabatte?')
    expect(
      (await portal.call('faq/save', { lang: 'de', question: 'x', answer: '[x](javascript:alert(1))' }, sales1)).body
        .data.fields[0].field,
    ).toBe('answer')
    expect((await portal.call('faq/delete', { id: saved.body.data.id }, buyer1)).body.code).toBe('E_NOT_FOUND')
    expect((await portal.call('faq/delete', { id: saved.body.data.id }, sales1)).body.data.deleted).toBe(true)
    expect((await portal.call('faq/delete', { id: saved.body.data.id }, sales1)).body.code).toBe('E_NOT_FOUND')
  })

  it('event/paginate answers the demo trade shows by date; staff manage events', async () => {
    const all = await portal.call('event/paginate', {}, buyer1)
    expect(all.body.data.count).toBe(5)
    const places = all.body.data.list.map((e: { place: string }) => e.place)
    expect(places).toEqual(['Antwerp, Belgium', 'Hong Kong', 'Las Vegas, USA', 'Mumbai, India', 'Hong Kong'])
    const firstHalf = await portal.call('event/paginate', { from: '2027-01-01', to: '2027-06-30' }, buyer1)
    expect(firstHalf.body.data.list.map((e: { title: { en: string } }) => e.title.en)).toEqual([
      'Hong Kong International Diamond, Gem & Pearl Show',
      'JCK Las Vegas',
    ])
    // Impossible days answered 500 (month 13) or rolled over (30 February): refused, the field named.
    // And a range ending before it starts (it answered an empty list), naming its end.
    for (const body of [
      { from: '2027-13-01' },
      { to: '2027-02-30' },
      { from: '0000-01-01' },
      { to: '2027-01-01', from: '2027-06-30' },
    ]) {
      const bad = await portal.call('event/paginate', body, buyer1)
      expect([bad.status, bad.body.code, bad.body.data?.fields?.[0]?.field]).toEqual([
        400,
        'E_VALIDATION',
        Object.keys(body)[0],
      ])
    }
    const auctions = await portal.call('event/paginate', { kind: 'auction' }, buyer1)
    expect(auctions.body.data.list.map((e: { place: string }) => e.place)).toEqual(['Antwerp, Belgium'])
    const ev = {
      kind: 'tradeShow',
      title: { en: 'Vicenzaoro' },
      place: 'Vicenza, Italy',
      startsOn: '2027-01-15',
      endsOn: '2027-01-19',
    }
    expect((await portal.call('event/save', ev, buyer1)).body.code).toBe('E_NOT_FOUND')
    const saved = await portal.call('event/save', ev, sales1)
    expect(saved.body.data).toMatchObject({ place: 'Vicenza, Italy', url: null })
    const bad = await portal.call('event/save', { ...ev, endsOn: '2027-01-01', url: 'javascript:alert(1)' }, sales1)
    expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['endsOn', 'url'])
    expect((await portal.call('event/delete', { id: saved.body.data.id }, sales1)).body.data.deleted).toBe(true)
    expect((await portal.call('event/paginate', {})).body.code).toBe('E_UNAUTHORIZED')
  })

  it('banners: staff upload an image checked by content, set texts and dates; banner/paginate shows only those active now', async () => {
    const upload = async (bytes: Buffer, name: string, token = sales1) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(bytes)]), name)
      const res = await fetch(`${portal.base}/web/v1/banner/image/upload`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}` },
        body: form,
      })
      return (await res.json()) as { code: string; data: { url: string } }
    }
    const png = encodePng(4, 2, () => [200, 180, 40])
    const up = await upload(png, 'fair.png')
    expect(up.code).toBe('OK')
    const image = await fetch(`${portal.base}${up.data.url}`)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true)
    // An SVG (it can carry script) or HTML named .png is refused by its content; members may not upload.
    expect((await upload(Buffer.from('<svg onload="alert(1)"/>'), 'x.png')).code).toBe('E_IMAGE_TYPE')
    expect((await upload(png, 'fair.png', buyer1)).code).toBe('E_NOT_FOUND')

    const future = await portal.call(
      'banner/save',
      {
        type: 24,
        images: [up.data.url],
        description: { en: 'Visit us at JCK', he: 'בקרו אותנו ב־JCK' },
        isActive: true,
        activeFrom: '2099-01-01T00:00:00Z',
      },
      sales1,
    )
    expect(future.body.data).toMatchObject({
      type: 24,
      activeFrom: '2099-01-01T00:00:00.000Z',
      description: { en: 'Visit us at JCK' },
    })
    const popups = async () =>
      (await portal.call('banner/paginate', { filter: { bannerType: 1, type: 24 } })).body.data.list as { id: string }[]
    expect((await popups()).some((b) => b.id === future.body.data.id)).toBe(false)
    await portal.call(
      'banner/save',
      { ...future.body.data, activeFrom: null, id: future.body.data.id, bannerType: undefined },
      sales1,
    )
    expect((await popups()).some((b) => b.id === future.body.data.id)).toBe(true)

    const bad = await portal.call(
      'banner/save',
      {
        type: 25,
        images: ['javascript:alert(1)'],
        description: { en: '<script>x</script>' },
        isActive: true,
        activeFrom: '2027-01-02T00:00:00Z',
        activeTo: '2027-01-01T00:00:00Z',
      },
      sales1,
    )
    expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual([
      'images.0',
      'activeTo',
      'description.en',
    ])
    expect((await portal.call('banner/list', {}, buyer1)).body.code).toBe('E_NOT_FOUND')
    expect((await portal.call('banner/list', {}, sales1)).body.data.list.length).toBe(4)
    expect((await portal.call('banner/delete', { id: future.body.data.id }, sales1)).body.data.deleted).toBe(true)
  })
})
