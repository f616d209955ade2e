/**
 * npm run bench:members — the member directory's search (`member/paginate`) over BENCH_COMPANIES
 * (10,000) companies and BENCH_MEMBERS (50,000) members on a fresh PostgreSQL and the portal as
 * `npm start` builds it (in process, the in-process bus, a few demo stones), beside a bare indexed
 * `select` of the same page on the same server in the same run (machines here are shared and noisy:
 * the ratio travels better than the milliseconds).
 *
 * The generator: companies with names from a word list, 20 countries and their cities, the six
 * business types, what they deal in; about 70 % shown in the directory; five members each.
 * The queries, one at a time, each asked BENCH_ROUNDS (40) times in turn with its bare select:
 * the first page, a later page, a name search, a city search, a country filter, a type filter,
 * a search with both filters, a search that matches nothing. The call is measured as a browser's
 * (`app.inject`: the route, schema check, JWT, the page and its total); the bare select is the
 * page's own statement (the same where, order and limit, with the caller's follow flag) sent as
 * postgres.js text, prepared. Target (issue 25): the call's p95 within 2× the bare select's.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { createTokenService } from '@diamond/runtime/auth'
import { databaseUrl, startLocalPostgres } from '@diamond/runtime/pg-server'

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000)
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40)
const LIMIT = 24
const log = (m: string) => console.log(`[bench:members] ${m}`)

const dir = await mkdtemp(join(tmpdir(), 'bench-members-'))
const pg = await startLocalPostgres({ dir: join(dir, 'pg') })
const admin = postgres(pg.url, { max: 1, onnotice: () => {} })
await admin.unsafe('create database diamond')
await admin.end()
const url = databaseUrl(pg.url, 'diamond')
const secret = randomBytes(48).toString('base64url')
const { buildPortal } = await import('@diamond/portal/portal')
log('starting the portal…')
const portal = await buildPortal(
  {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    STOCK_DEMO_STONES: '200',
    DATABASE_URL: url,
    JWT_SECRET: secret,
  },
  { serveWeb: false },
)
await portal.app.ready()
const sql = postgres(url, { max: 2, onnotice: () => {} })

try {
  log(`generating ${COMPANIES.toLocaleString('en')} companies and ${MEMBERS.toLocaleString('en')} members…`)
  const genStart = performance.now()
  await sql`
    with words as (
      select array['Star','Royal','Brilliant','Crown','Golden','Blue','Diamond','Prime','Orient','Nova','Crystal','Radiant',
                   'Summit','Pearl','Aurora','Eternal','Silver','Lotus','Falcon','Imperial'] as a,
             array['Gems','Diamonds','Jewels','Stones','Brilliants','Trading','Exports','Carats','Facets','Gemworks'] as b,
             array['India','Belgium','Israel','United States','Hong Kong','United Arab Emirates','Thailand','China','Japan','Italy',
                   'Spain','Germany','France','United Kingdom','Switzerland','Canada','South Africa','Botswana','Australia','Singapore'] as c,
             array['Mumbai','Antwerp','Ramat Gan','New York','Hong Kong','Dubai','Bangkok','Shenzhen','Tokyo','Valenza',
                   'Madrid','Idar-Oberstein','Paris','London','Geneva','Toronto','Johannesburg','Gaborone','Perth','Singapore'] as d,
             array['retailer','wholesaler','manufacturer','jeweller','broker','other'] as t,
             array['Round brilliants','Fancy shapes','Melee parcels','Fancy colours','Certified 1 ct+','Pairs and layouts',
                   'Rough','Emeralds and ovals','Lab reports GIA','Antique cuts'] as e
    )
    insert into auth.companies (name, code, type, description, is_public, country, city, deals_in, headquarters, size, founded_year)
    select a[1 + n % 20] || ' ' || b[1 + (n / 20) % 10] || ' ' || n,
           'BENCH-' || n,
           t[1 + n % 6],
           'Generated company ' || n,
           n % 10 < 7,
           c[1 + (n * 7) % 20],
           d[1 + (n * 7) % 20],
           e[1 + n % 10] || ', ' || e[1 + (n / 10) % 10],
           d[1 + (n * 7) % 20],
           (array['1-10','11-50','51-200','201-500','500+'])[1 + n % 5],
           1950 + n % 70
      from generate_series(1, ${COMPANIES}) n, words`
  await sql`
    insert into auth.users (username, email, password_hash, first_name, last_name, company_name, user_type,
                            approval_status, company_id, designation)
    select 'bm' || n, 'bm' || n || '@bench.test', 'x', 'Member', 'No ' || n, c.name, 'buyer', 2, c.id,
           (array['Owner','Director','Sales','Buyer','Grader'])[1 + n % 5]
      from generate_series(1, ${MEMBERS}) n
      join (select id, name, row_number() over (order by code) as r from auth.companies where code like 'BENCH-%') c
        on c.r = 1 + (n - 1) % ${COMPANIES}`
  await sql`vacuum analyze auth.companies`
  await sql`vacuum analyze auth.users`
  log(`generated in ${Math.round(performance.now() - genStart)} ms`)

  const me = randomUUID()
  const token = createTokenService(secret, 3600).sign({
    id: me,
    username: 'bench-buyer',
    userType: 'buyer',
    perms: {},
    noPrice: false,
    ver: 0,
    guest: false,
    trusted: true,
  })
  const cases: { name: string; body: { search?: string; country?: string; businessType?: string; page?: number } }[] = [
    { name: 'first page', body: {} },
    { name: 'page 100', body: { page: 100 } },
    { name: 'name "summit"', body: { search: 'summit' } },
    { name: 'city "antwerp"', body: { search: 'antwerp' } },
    { name: 'country India', body: { country: 'India' } },
    { name: 'type manufacturer', body: { businessType: 'manufacturer' } },
    { name: '"melee" + Israel + broker', body: { search: 'melee', country: 'Israel', businessType: 'broker' } },
    { name: 'no match', body: { search: 'zzzz' } },
  ]

  /** The page's own statement, as members.repository writes it, sent as text. */
  function bare(body: (typeof cases)[number]['body']) {
    const where: string[] = ['c.is_public']
    const params: (string | number)[] = [me]
    const s = body.search?.trim().toLowerCase()
    if (s) {
      params.push(`%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)
      const p = `$${params.length}`
      where.push(`c.search_text like ${p}`)
    }
    if (body.country) {
      params.push(body.country.toLowerCase())
      where.push(`lower(c.country) = $${params.length}`)
    }
    if (body.businessType) {
      params.push(body.businessType.toLowerCase())
      where.push(`lower(c.type) = $${params.length}`)
    }
    params.push(LIMIT, ((body.page ?? 1) - 1) * LIMIT)
    const text = `select c.id, c.name, c.code, c.type, c.country, c.city, c.deals_in, c.logo_file_id, c.is_public,
        c.follower_count, c.rating_count, c.rating_sum,
        exists (select 1 from auth.follows f where f.user_id = $1 and f.company_id = c.id) as following
      from auth.companies c where ${where.join(' and ')}
      order by lower(c.name), c.id limit $${params.length - 1} offset $${params.length}`
    return sql.unsafe(text, params, { prepare: true })
  }
  const call = async (body: object) => {
    const r = await portal.app.inject({
      method: 'POST',
      url: '/web/v1/member/paginate',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      payload: { ...body, limit: LIMIT },
    })
    const json = r.json<{ code: string; data: { list: { id: string }[]; count: number } }>()
    if (json.code !== 'OK') throw new Error(`member/paginate: ${r.body}`)
    return json.data
  }

  // Each query answers the same page both ways (checked once), then warms up.
  for (const c of cases) {
    const [api, rows] = [await call(c.body), await bare(c.body)]
    const same = JSON.stringify(api.list.map((x) => x.id)) === JSON.stringify(rows.map((x) => x.id as string))
    if (!same) throw new Error(`${c.name}: the call and the bare select differ`)
    log(`${c.name}: ${api.count.toLocaleString('en')} matches, ${api.list.length} on the page`)
    for (let i = 0; i < 5; i++) await Promise.all([call(c.body), bare(c.body)])
  }
  const apiTimes: number[] = []
  const bareTimes: number[] = []
  const perCase = new Map<string, { api: number[]; bare: number[] }>()
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const row = perCase.get(c.name) ?? { api: [], bare: [] }
      perCase.set(c.name, row)
      // Interleaved, the order alternating: neither side always runs on a warmer cache.
      const order = round % 2 ? ['bare', 'api'] : ['api', 'bare']
      for (const side of order) {
        const t0 = performance.now()
        if (side === 'api') await call(c.body)
        else await bare(c.body)
        const ms = performance.now() - t0
        ;(side === 'api' ? apiTimes : bareTimes).push(ms)
        row[side as 'api' | 'bare'].push(ms)
      }
    }
  }
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b)
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
  }
  const f = (n: number) => n.toFixed(2)
  console.log('\n| query | member/paginate p50 / p95 | bare select p50 / p95 | p95 ratio |')
  console.log('|---|---|---|---|')
  for (const [name, r] of perCase)
    console.log(
      `| ${name} | ${f(pct(r.api, 50))} / ${f(pct(r.api, 95))} ms | ${f(pct(r.bare, 50))} / ${f(pct(r.bare, 95))} ms | ${(pct(r.api, 95) / pct(r.bare, 95)).toFixed(2)}× |`,
    )
  const ratio = pct(apiTimes, 95) / pct(bareTimes, 95)
  console.log(
    `| all ${apiTimes.length} | ${f(pct(apiTimes, 50))} / ${f(pct(apiTimes, 95))} ms | ${f(pct(bareTimes, 50))} / ${f(pct(bareTimes, 95))} ms | ${ratio.toFixed(2)}× |`,
  )
  log(`p95 ratio ${ratio.toFixed(2)}× (target ≤ 2×): ${ratio <= 2 ? 'met' : 'NOT met'}`)
} finally {
  await sql.end()
  await portal.app.close()
  await pg.stop()
  await rm(dir, { recursive: true, force: true })
}
