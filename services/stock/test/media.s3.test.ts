import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { s3Store } from '@diamond/runtime/objects'
import { startTestPortal, type TestPortal } from '../../../test/portal'

// The distributed mode's store: stone media in a real S3 server (SeaweedFS from the kafka tier's setup).
const s3 = JSON.parse(inject('s3')) as {
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
}

let portal: TestPortal
let seller: string
let stone: { id: string; vStnId: string; stoneId: string }

beforeAll(async () => {
  portal = await startTestPortal({
    stones: 20,
    env: {
      STOCK_S3_ENDPOINT: s3.endpoint,
      STOCK_S3_BUCKET: 'stone-media-test',
      STOCK_S3_REGION: s3.region,
      STOCK_S3_ACCESS_KEY_ID: s3.accessKeyId,
      STOCK_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
  })
  seller = await portal.login('seller1')
  const [row] = await portal.sql<{ id: string; vStnId: string; stoneId: string }[]>`
    select id, v_stn_id as "vStnId", stone_id as "stoneId" from stock.stones where w_sts = 'A' order by v_stn_id limit 1`
  stone = row!
  await portal.sql`update stock.stones set seller_company_id = ${DEMO_COMPANY_IDS['Shah Diamonds']!} where id = ${stone.id}`
}, 180_000)
afterAll(() => portal?.close())

it('keeps an uploaded photo in S3 and serves it on the detail page; a delete removes it there', async () => {
  const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300_000)])
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)]), `${stone.stoneId}.jpg`)
  const res = await fetch(`${portal.base}/web/v1/seller/media/upload`, {
    method: 'POST',
    headers: { authorization: `JWT ${seller}` },
    body: form,
  })
  const report = ((await res.json()) as { data: { matched: number } }).data
  expect(report.matched).toBe(1)

  const media = (await portal.call('diamond/view', { id: stone.id }, seller)).body.data.media as { image: string }
  const served = await fetch(`${portal.base}${media.image}`)
  expect(served.headers.get('content-type')).toBe('image/jpeg')
  expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), photo)).toBe(0)

  const [{ key }] = await portal.sql<[{ key: string }]>`select key from stock.stone_media where stone_id = ${stone.id}`
  const store = await s3Store({ ...s3, bucket: 'stone-media-test' })
  try {
    expect(await store.exists(key)).toBe(true)
    const list = (await portal.call('seller/media/paginate', {}, seller)).body.data.list as { id: string }[]
    expect((await portal.call('seller/media/delete', { ids: list.map((m) => m.id) }, seller)).body.code).toBe('OK')
    expect(await store.exists(key)).toBe(false)
    expect((await fetch(`${portal.base}${media.image}`)).status).toBe(404)
  } finally {
    store.close()
  }
})
