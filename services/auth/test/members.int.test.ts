import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { biddingFixtures } from '../../bidding/test/bidding-fixtures'

/**
 * Members end to end on the whole portal (real PostgreSQL, the in-process bus): the directory,
 * profiles, follow, followers' notices from a real upload, and ratings after a delivered order.
 */
const SHAH = DEMO_COMPANY_IDS['Shah Diamonds']!
const SURAT = DEMO_COMPANY_IDS['Surat Gems']!

const CSV_HEAD = 'Stock #,Shape,Weight,Color,Clarity,Cut,Polish,Symmetry,Fluorescence Intensity,Lab,Rap %,Treatment'
const csvRow = (no: string) => `${no},BR,1.01,G,VS1,Excellent,EX,VG,None,GIA,-30,None`

function multipart(fields: Record<string, string>, file: { name: string; content: string }) {
  const boundary = `----m${randomBytes(8).toString('hex')}`
  const parts = [
    ...Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: text/csv\r\n\r\n${file.content}\r\n`,
    `--${boundary}--\r\n`,
  ]
  return { body: parts.join(''), type: `multipart/form-data; boundary=${boundary}` }
}

describe('members: directory, profiles, follow, followers’ notices, ratings', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let seller1: string
  let sales1: string
  let mehta: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 60 })
    ;[buyer1, buyer2, seller1, sales1] = await Promise.all([
      portal.login('buyer1'),
      portal.login('buyer2'),
      portal.login('seller1'),
      portal.login('sales1'),
    ])
    mehta = (await portal.sql`select company_id from auth.users where username = 'buyer1'`)[0]!.company_id as string
  })
  afterAll(() => portal?.close())

  const names = (r: { body: { data: { list: { name: string }[] } } }) => r.body.data.list.map((c) => c.name)

  describe('member/paginate', () => {
    it('lists the shown companies by name, with the usual page shape, and never a hidden one', async () => {
      const r = await portal.call('member/paginate', {}, buyer1)
      expect(r.body.code).toBe('OK')
      expect(names(r)).toEqual([
        'Antwerp Brilliants',
        'Cohen & Sons',
        'Hong Kong Stones',
        'Shah Diamonds',
        'Surat Gems',
      ])
      expect(r.body.data.count).toBe(5)
      expect(r.body.data.list.find((c: { id: string }) => c.id === SHAH)).toMatchObject({
        code: 'SHAH-DIAMONDS',
        type: 'manufacturer',
        country: 'India',
        city: 'Mumbai',
        followers: 0,
        rating: { average: 0, count: 0 },
        following: false,
        mine: false,
      })
    })

    it('searches name, city, country, business type and what they deal in; filters by country and type', async () => {
      expect(names(await portal.call('member/paginate', { search: 'SURAT' }, buyer1))).toEqual(['Surat Gems'])
      expect(names(await portal.call('member/paginate', { search: 'fancy colours' }, buyer1))).toEqual([
        'Hong Kong Stones',
      ])
      expect(names(await portal.call('member/paginate', { country: 'belgium' }, buyer1))).toEqual([
        'Antwerp Brilliants',
        'Cohen & Sons',
      ])
      expect(
        names(await portal.call('member/paginate', { businessType: 'Manufacturer', country: 'India' }, buyer1)),
      ).toEqual(['Shah Diamonds', 'Surat Gems'])
      expect(names(await portal.call('member/paginate', { search: 'mehta' }, buyer1))).toEqual([])
      // LIKE's wildcards are taken literally.
      expect(names(await portal.call('member/paginate', { search: '%' }, buyer1))).toEqual([])
      const paged = await portal.call('member/paginate', { page: 2, limit: 2 }, buyer1)
      expect(paged.body.data).toMatchObject({ count: 5 })
      expect(names(paged)).toEqual(['Hong Kong Stones', 'Shah Diamonds'])
    })

    it('refuses bad input with the field named, and a signed-out caller', async () => {
      const r = await portal.call('member/paginate', { limit: 1000, colour: 'x' }, buyer1)
      expect(r.status).toBe(400)
      expect(r.body.code).toBe('E_VALIDATION')
      expect((await portal.call('member/paginate', {})).status).toBe(401)
    })
  })

  describe('member/view', () => {
    it('shows a shown company with its members, nothing private, and the caller’s relation to it', async () => {
      const r = await portal.call('member/view', { companyId: SHAH }, buyer1)
      expect(r.body.code).toBe('OK')
      expect(r.body.data).toMatchObject({
        id: SHAH,
        name: 'Shah Diamonds',
        foundedYear: 1987,
        manufacturing: expect.stringContaining('Surat'),
        locations: ['Mumbai', 'Surat', 'Antwerp'],
        socialLinks: [{ platform: 'linkedin' }, { platform: 'instagram' }],
        mine: false,
        following: false,
        members: [{ name: 'Ravi Shah', country: 'India', email: null, mobile: null }],
      })
      expect(JSON.stringify(r.body.data)).not.toContain('@')
    })

    it('shows contacts only when the company chose to, and a hidden company only to its own members', async () => {
      await portal.sql`update auth.companies set show_contacts = true where id = ${SURAT}`
      await portal.sql`insert into auth.users (username, email, password_hash, user_type, company_id, first_name, last_name, designation, approval_status)
        values ('surat-owner', 'owner@surat.example', 'x', 'seller', ${SURAT}, 'Kiran', 'Patel', 'Owner', 2)`
      const surat = await portal.call('member/view', { companyId: SURAT }, buyer1)
      expect(surat.body.data.members).toEqual([
        expect.objectContaining({ name: 'Kiran Patel', designation: 'Owner', email: 'owner@surat.example' }),
      ])
      expect(await portal.call('member/view', { companyId: mehta }, buyer2)).toMatchObject({
        status: 404,
        body: { code: 'E_NOT_FOUND' },
      })
      expect((await portal.call('member/view', { companyId: mehta }, buyer1)).body.data).toMatchObject({
        isPublic: false,
        mine: true,
      })
      expect((await portal.call('member/view', { companyId: randomUUID() }, buyer1)).body.code).toBe('E_NOT_FOUND')
    })
  })

  describe('follow, unfollow, followers and following', () => {
    const followEvents = async () =>
      (
        await portal.sql`select count(*)::int as n from auth.outbox where type = 'auth.member.follow-changed' and key = ${SHAH}`
      )[0]!.n as number

    it('follows once however often asked, with one event, and lists both sides', async () => {
      const first = await portal.call('member/follow', { companyId: SHAH }, buyer1)
      expect(first.body).toMatchObject({ code: 'OK', data: { companyId: SHAH, following: true, followers: 1 } })
      const again = await portal.call('member/follow', { companyId: SHAH }, buyer1)
      expect(again.body.data).toEqual({ companyId: SHAH, following: true, followers: 1 })
      expect(await followEvents()).toBe(1)

      const followers = await portal.call('member/followers', {}, seller1)
      expect(followers.body.data).toMatchObject({
        count: 1,
        list: [{ name: 'Asha Mehta', companyName: 'Mehta Jewels', companyId: null }],
      })
      const following = await portal.call('member/following', {}, buyer1)
      expect(following.body.data).toMatchObject({ count: 1, list: [{ id: SHAH, following: true, followers: 1 }] })
      expect((await portal.call('member/view', { companyId: SHAH }, buyer1)).body.data).toMatchObject({
        following: true,
        followers: 1,
      })
      expect((await portal.call('member/paginate', { search: 'shah' }, buyer1)).body.data.list[0]).toMatchObject({
        following: true,
        followers: 1,
      })
    })

    it('refuses one’s own company and a hidden one, changing nothing', async () => {
      expect(await portal.call('member/follow', { companyId: SHAH }, seller1)).toMatchObject({
        status: 400,
        body: { code: 'E_FOLLOW_OWN' },
      })
      expect((await portal.call('member/follow', { companyId: mehta }, buyer2)).body.code).toBe('E_NOT_FOUND')
      expect((await portal.call('member/follow', { companyId: 'not-a-uuid' }, buyer2)).body).toMatchObject({
        code: 'E_VALIDATION',
      })
      expect((await portal.sql`select follower_count from auth.companies where id = ${mehta}`)[0]!.follower_count).toBe(
        0,
      )
    })

    it('tells each follower once of a committed upload, with the count of stones newly live', async () => {
      const before = await portal.call('notification/list', {}, buyer1)
      const tag = randomBytes(3).toString('hex').toUpperCase()
      const m = multipart(
        { mode: 'addUpdate' },
        {
          name: 'new.csv',
          content: [CSV_HEAD, csvRow(`M-${tag}-1`), csvRow(`M-${tag}-2`), csvRow(`M-${tag}-3`)].join('\r\n'),
        },
      )
      const res = await fetch(`${portal.base}/web/v1/seller/inventory/upload`, {
        method: 'POST',
        headers: { authorization: `JWT ${seller1}`, 'content-type': m.type },
        body: m.body,
      })
      const preview = (await res.json()) as { code: string; data: { id: string } }
      expect(preview.code).toBe('OK')
      expect((await portal.call('seller/inventory/commit', { id: preview.data.id }, seller1)).body.code).toBe('OK')

      const listed =
        await portal.sql`select event->'data' as data from stock.outbox where type = 'stock.listing.listed' and key = ${SHAH}`
      expect(listed).toHaveLength(1)
      expect(listed[0]!.data).toMatchObject({
        companyId: SHAH,
        companyName: 'Shah Diamonds',
        source: 'upload',
        count: 3,
      })

      const notice = await waitFor(async () => {
        const list = (await portal.call('notification/list', {}, buyer1)).body.data.list as { kind: string }[]
        return list.find((n) => n.kind === 'member.listed')
      })
      expect(notice).toMatchObject({
        kind: 'member.listed',
        params: { companyId: SHAH, companyName: 'Shah Diamonds', count: 3 },
      })
      const after = await portal.call('notification/list', {}, buyer1)
      expect(after.body.data.count).toBe(before.body.data.count + 1)
      // buyer2 follows nobody: no notice.
      const other = (await portal.call('notification/list', {}, buyer2)).body.data.list as { kind: string }[]
      expect(other.some((n) => n.kind === 'member.listed')).toBe(false)
    })

    it('tells each follower once of an auction opened, with the count of the seller’s stones in it', async () => {
      const bidding = biddingFixtures(portal, { staff: sales1, browse: buyer2 })
      const ids = await bidding.upForBid(3)
      // Two of the three stones are Shah's; the third the house's own (no company: nobody to follow).
      await portal.sql`update stock.stones set seller = 'Shah Diamonds', seller_company_id = ${SHAH} where id = any(${ids.slice(0, 2)}::uuid[])`
      await portal.sql`update stock.stones set seller_company_id = null where id = ${ids[2]!}`
      const before = (await portal.call('notification/list', {}, buyer1)).body.data.count as number
      const { auctionId } = await bidding.auction('live', ids)

      const notice = await waitFor(async () => {
        const list = (await portal.call('notification/list', {}, buyer1)).body.data.list as {
          kind: string
          params: Record<string, unknown>
        }[]
        return list.find((n) => n.kind === 'member.listed' && n.params.source === 'auction')
      })
      expect(notice.params).toMatchObject({
        companyId: SHAH,
        companyName: 'Shah Diamonds',
        count: 2,
        sourceId: auctionId,
      })
      const listed = await portal.sql`
        select event->'data' as data from stock.outbox where type = 'stock.listing.listed' and event->'data'->>'sourceId' = ${auctionId}`
      expect(listed).toHaveLength(1)
      expect(listed[0]!.data).toMatchObject({ companyId: SHAH, source: 'auction', count: 2 })
      expect([...(listed[0]!.data.stoneIds as string[])].sort()).toEqual(ids.slice(0, 2).sort())
      // Gathered, then forgotten: nothing of the auction is left waiting.
      expect(
        (await portal.sql`select count(*)::int as n from stock.auction_openings where auction_id = ${auctionId}`)[0]!.n,
      ).toBe(0)
      expect((await portal.call('notification/list', {}, buyer1)).body.data.count).toBe(before + 1)
    })

    it('unfollows once, then answers the same again; the follower no longer hears of uploads', async () => {
      const r = await portal.call('member/unfollow', { companyId: SHAH }, buyer1)
      expect(r.body.data).toEqual({ companyId: SHAH, following: false, followers: 0 })
      expect((await portal.call('member/unfollow', { companyId: SHAH }, buyer1)).body.data).toEqual({
        companyId: SHAH,
        following: false,
        followers: 0,
      })
      expect(
        (
          await portal.sql`select count(*)::int as n from auth.outbox where type = 'auth.member.follow-changed' and key = ${SHAH}`
        )[0]!.n,
      ).toBe(2)
      await waitFor(
        async () =>
          (await portal.sql`select count(*)::int as n from notifications.followers where company_id = ${SHAH}`)[0]!
            .n === 0,
      )
      expect((await portal.call('member/following', {}, buyer1)).body.data).toEqual({ list: [], count: 0 })
    })

    it('keeps the follows of a company that hides itself, pauses its news, and resumes it when it shows again', async () => {
      expect((await portal.call('member/follow', { companyId: SHAH }, buyer2)).body.code).toBe('OK')
      const followerRow = async () =>
        (await portal.sql`select count(*)::int as n from notifications.followers where company_id = ${SHAH}`)[0]!.n
      await waitFor(async () => (await followerRow()) === 1, 10_000, 'the follow heard')
      const hide = (isPublic: boolean) => portal.call('account/update', { company: { isPublic } }, seller1)
      // seller1 acts as Shah's company admin here (only the admin edits the company).
      await portal.sql`update auth.users set user_type = 'admin' where username = 'seller1'`
      try {
        expect((await hide(false)).body.code).toBe('OK')
        // News paused downstream; the follow and its count stay, and the follower still sees it, marked.
        await waitFor(async () => (await followerRow()) === 0, 10_000, 'news paused')
        expect(
          (await portal.sql`select follower_count from auth.companies where id = ${SHAH}`)[0]!.follower_count,
        ).toBe(1)
        const listed = (await portal.call('member/following', {}, buyer2)).body.data
        expect(listed).toMatchObject({ count: 1, list: [{ id: SHAH, following: true, hidden: true }] })
        // Saving the same flag again announces nothing more.
        const announced = async () =>
          (
            await portal.sql`select count(*)::int as n from auth.outbox where type = 'auth.member.follow-changed' and key = ${SHAH}`
          )[0]!.n
        const before = await announced()
        expect((await hide(false)).body.code).toBe('OK')
        expect(await announced()).toBe(before)
        expect((await hide(true)).body.code).toBe('OK')
        await waitFor(async () => (await followerRow()) === 1, 10_000, 'news resumed')
        expect((await portal.call('member/following', {}, buyer2)).body.data.list[0].hidden).toBeUndefined()
        // Hidden again, the follower can still end the follow from their list.
        expect((await hide(false)).body.code).toBe('OK')
        expect((await portal.call('member/unfollow', { companyId: SHAH }, buyer2)).body.data).toMatchObject({
          following: false,
          followers: 0,
        })
        expect((await portal.call('member/following', {}, buyer2)).body.data).toEqual({ list: [], count: 0 })
      } finally {
        await hide(true)
        await portal.sql`update auth.users set user_type = 'seller' where username = 'seller1'`
      }
    })
  })

  describe('ratings', () => {
    let orderId: string

    beforeAll(async () => {
      const [stone] =
        await portal.sql`select id from stock.stones where seller_company_id = ${SHAH} and w_sts = 'A' limit 1`
      const placed = await portal.call('diamond-confirm/request', { ids: [stone!.id], billType: 4 }, buyer1, {
        'idempotency-key': randomUUID(),
      })
      expect(placed.body.code).toBe('OK')
      orderId = placed.body.data.order.id
      await waitFor(
        async () => (await portal.sql`select 1 from auth.order_sellers where order_id = ${orderId}`).length === 1,
      )
    })

    it('refuses to rate an order not delivered yet, and someone else’s order as not found', async () => {
      expect(await portal.call('member/rate', { orderId, score: 5 }, buyer1)).toMatchObject({
        status: 409,
        body: { code: 'E_ORDER_NOT_COMPLETED' },
      })
      expect((await portal.call('member/rate', { orderId, score: 5 }, buyer2)).body.code).toBe('E_NOT_FOUND')
      expect((await portal.call('member/rate', { orderId, score: 6 }, buyer1)).body.code).toBe('E_VALIDATION')
      expect((await portal.call('member/rate', { orderId, companyId: SURAT, score: 4 }, buyer1)).body.code).toBe(
        'E_NOT_FOUND',
      )
    })

    it('rates a delivered order’s seller once; the profile and the reviews show it', async () => {
      for (const [status, trackingNo] of [['packed'], ['shipped', 'TRK-1'], ['delivered']] as const)
        expect(
          (
            await portal.call(
              'shipping-detail/update',
              { orderId, status, ...(trackingNo ? { trackingNo, carrier: 'Brinks' } : {}) },
              sales1,
            )
          ).body.code,
        ).toBe('OK')
      await waitFor(
        async () =>
          (await portal.sql`select 1 from auth.order_sellers where order_id = ${orderId} and delivered_at is not null`)
            .length === 1,
      )
      const rateable = await portal.call('member/rateable', { orderIds: [orderId] }, buyer1)
      expect(rateable.body.data.list).toEqual([{ orderId, companyId: SHAH, companyName: 'Shah Diamonds', score: null }])

      const r = await portal.call('member/rate', { orderId, score: 4, comment: ' Well packed, as described. ' }, buyer1)
      expect(r.body).toMatchObject({
        code: 'OK',
        data: { companyId: SHAH, orderId, score: 4, rating: { average: 4, count: 1 } },
      })
      expect(await portal.call('member/rate', { orderId, companyId: SHAH, score: 1 }, buyer1)).toMatchObject({
        status: 409,
        body: { code: 'E_ALREADY_RATED' },
      })
      const events = await portal.sql`select event->'data' as data from auth.outbox where type = 'auth.member.rated'`
      expect(events.map((e) => e.data)).toEqual([
        { companyId: SHAH, orderId, raterUserId: expect.any(String), score: 4, average: 4, count: 1 },
      ])
      expect((await portal.call('member/view', { companyId: SHAH }, buyer2)).body.data.rating).toEqual({
        average: 4,
        count: 1,
      })
      const reviews = await portal.call('member/ratings', { companyId: SHAH }, buyer2)
      expect(reviews.body.data).toMatchObject({
        count: 1,
        rating: { average: 4, count: 1 },
        // Mehta Jewels is hidden from the directory: its name is not told here either (whom it buys from).
        list: [{ score: 4, comment: 'Well packed, as described.', raterName: 'Asha', raterCompany: '' }],
      })
      expect((await portal.call('member/rateable', { orderIds: [orderId] }, buyer1)).body.data.list[0].score).toBe(4)
      expect((await portal.call('member/ratings', { companyId: mehta }, buyer2)).body.code).toBe('E_NOT_FOUND')
      // Once Mehta Jewels shows itself, its name comes with the review.
      await portal.sql`update auth.companies set is_public = true where id = ${mehta}`
      try {
        const shown = await portal.call('member/ratings', { companyId: SHAH }, buyer2)
        expect(shown.body.data.list[0].raterCompany).toBe('Mehta Jewels')
      } finally {
        await portal.sql`update auth.companies set is_public = false where id = ${mehta}`
      }
    })
  })
})
