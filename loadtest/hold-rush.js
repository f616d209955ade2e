// k6: many buyers try to hold the same stones at once. Exactly one wins each stone; every other
// attempt must be a clear E_STONE_UNAVAILABLE, never a 5xx.
import http from 'k6/http'
import { sleep } from 'k6'
import { Counter } from 'k6/metrics'

const BASE = __ENV.BASE_URL
const STONES = Number(__ENV.STONES || 1)
const wins = new Counter('hold_wins')
const refusals = new Counter('hold_refusals')
const errors = new Counter('hold_errors')

export const options = {
  scenarios: { rush: { executor: 'shared-iterations', vus: Number(__ENV.VUS || 200), iterations: Number(__ENV.ATTEMPTS || 1000), maxDuration: '120s' } },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
}
http.setResponseCallback(http.expectedStatuses(200, 409))

const json = { headers: { 'content-type': 'application/json' } }
/**
 * Signs a demo user in as a new browser does: the login answers an untrusted token and mails a code
 * (the development mailbox of the demo portal), the code is verified, a trusted token comes back.
 */
function signIn(username) {
  const email = `${username}@demo.diamond-portal.test`
  const newest = () => http.get(`${BASE}/web/v1/dev/mailbox?to=${email}&limit=1`).json('data.list.0')
  const before = newest()
  const login = http.post(`${BASE}/web/v1/auth/login`, JSON.stringify({ username, password: 'Diamond@2026' }), json)
  if (login.json('code') !== 'OK') throw new Error(`login ${username}: ${login.body}`)
  if (login.json('data.isTrusted')) return login.json('data.token.jwt')
  for (let i = 0; i < 200; i++) {
    // The code of this login: a mail newer than the one there before it.
    const mail = newest()
    const code = mail && mail.id !== (before && before.id) && mail.template === 'device-otp' ? /\b(\d{6})\b/.exec(mail.text) : null
    if (code) {
      const headers = { ...json.headers, authorization: `JWT ${login.json('data.token.jwt')}` }
      const verified = http.post(`${BASE}/web/v1/verifyfingerprint`, JSON.stringify({ otp: code[1], trust: 'once' }), { headers })
      if (verified.json('code') !== 'OK') throw new Error(`verifyfingerprint ${username}: ${verified.body}`)
      return verified.json('data.token.jwt')
    }
    sleep(0.05)
  }
  throw new Error(`no sign-in code arrived for ${username}`)
}

export function setup() {
  const tokens = ['buyer1', 'buyer2', 'seller1', 'sales1', 'admin1'].map(signIn)
  const list = http.post(`${BASE}/web/v1/diamond/paginate`, JSON.stringify({ limit: 1000 }), { headers: { ...json.headers, authorization: `JWT ${tokens[0]}` } }).json('data.list')
  const stones = list.filter((s) => s.availability === 'A').slice(0, STONES).map((s) => s.id)
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
