// k6: many buyers try to hold the same stones at once. Exactly one wins each stone; every other
// attempt must be a clear E_STONE_UNAVAILABLE, never a 5xx.
import http from 'k6/http'
import { Counter } from 'k6/metrics'

const BASE = __ENV.BASE_URL
const STONES = Number(__ENV.STONES || 1)
const wins = new Counter('hold_wins')
const refusals = new Counter('hold_refusals')
const errors = new Counter('hold_errors')

export const options = {
  scenarios: {
    rush: {
      executor: 'shared-iterations',
      vus: Number(__ENV.VUS || 200),
      iterations: Number(__ENV.ATTEMPTS || 1000),
      maxDuration: '120s',
    },
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
}
http.setResponseCallback(http.expectedStatuses(200, 409))

import { json, signIn } from './session.js'

// The load kit (run.mjs --target) hands over its own bidders' tokens and the stones to rush, so that
// it can release the holds afterwards; without it the demo users sign in here.
const DATA = __ENV.DATA ? JSON.parse(open(__ENV.DATA)) : null

export function setup() {
  if (DATA) return { tokens: DATA.tokens, stones: DATA.stones.slice(0, STONES) }
  const tokens = ['buyer1', 'buyer2', 'seller1', 'sales1', 'admin1'].map((u) => signIn(BASE, u))
  const list = http
    .post(`${BASE}/web/v1/diamond/paginate`, JSON.stringify({ limit: 1000 }), {
      headers: { ...json.headers, authorization: `JWT ${tokens[0]}` },
    })
    .json('data.list')
  const stones = list
    .filter((s) => s.availability === 'A')
    .slice(0, STONES)
    .map((s) => s.id)
  return { tokens, stones }
}

export default function (data) {
  const i = __ITER + __VU * 7919
  const res = http.post(`${BASE}/web/v1/diamond/hold`, JSON.stringify({ id: data.stones[i % data.stones.length] }), {
    headers: { ...json.headers, authorization: `JWT ${data.tokens[i % data.tokens.length]}` },
  })
  const code = res.status < 500 ? res.json('code') : null
  if (code === 'OK') wins.add(1)
  else if (code === 'E_STONE_UNAVAILABLE') refusals.add(1)
  else errors.add(1)
}

export function handleSummary(data) {
  return { [__ENV.SUMMARY]: JSON.stringify(data) }
}
