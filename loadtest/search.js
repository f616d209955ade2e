// k6: buyers searching the stock as the search screen does: several multi-selects and ranges, the
// totals and facet counts, a sorted page of 250. Every answer must be OK (a search never fails).
import http from 'k6/http'
import { Counter } from 'k6/metrics'
import { json, signIn } from './session.js'

const BASE = __ENV.BASE_URL
const failures = new Counter('search_errors')
const found = new Counter('search_stones_found')

export const options = {
  scenarios: {
    search: {
      executor: 'shared-iterations',
      vus: Number(__ENV.VUS || 200),
      iterations: Number(__ENV.ATTEMPTS || 1000),
      maxDuration: '120s',
    },
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
}

const SHAPES = [['ROUND'], ['OVAL', 'PEAR'], ['CUSHION', 'RADIANT', 'PRINCESS'], ['EMERALD']]
const SIZES = [
  [0.3, 0.39],
  [0.5, 0.69],
  [0.7, 0.89],
  [0.9, 0.99],
  [1, 1.19],
  [1.5, 1.99],
  [2, 2.99],
]
const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K']
const CLARITIES = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2']
const SORTS = [[{ field: 'amt' }], [{ field: 'ctPr', dir: 'desc' }], [{ field: 'crt', dir: 'desc' }], []]

// The load kit (run.mjs --target) hands over its own bidders' tokens.
const DATA = __ENV.DATA ? JSON.parse(open(__ENV.DATA)) : null

export function setup() {
  if (DATA) return { tokens: DATA.tokens }
  return { tokens: ['buyer1', 'buyer2', 'seller1'].map((u) => signIn(BASE, u)) }
}

export default function (data) {
  const i = __ITER + __VU * 7919
  const [from, to] = SIZES[i % SIZES.length]
  const c = i % 4
  const q = (i >> 2) % 3
  const body = {
    filter: {
      shpNm: SHAPES[i % SHAPES.length],
      crt: { from, to },
      colNm: COLORS.slice(c, c + 4),
      clrNm: CLARITIES.slice(q, q + 4),
      lbNm: ['GIA', 'IGI'],
    },
    sort: SORTS[i % SORTS.length],
    facets: true,
    limit: 250,
  }
  const res = http.post(`${BASE}/web/v1/diamond/paginate`, JSON.stringify(body), {
    headers: { ...json.headers, authorization: `JWT ${data.tokens[i % data.tokens.length]}` },
  })
  if (res.status !== 200 || res.json('code') !== 'OK') failures.add(1)
  else found.add(res.json('data.count'))
}

export function handleSummary(data) {
  return { [__ENV.SUMMARY]: JSON.stringify(data) }
}
