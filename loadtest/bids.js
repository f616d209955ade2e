// k6: bids on the bid path (dynamic-diamond-bid/create), every one acknowledged only once stored.
// The lots and the bidders' tokens come from a JSON file the runner (bids.mjs) prepared: it created
// the auctions through the staff API on stones put up for bid.
//
// SHAPE:
//   spread — many open (live) lots, one VU per lot in turn (VU n bids on lot n mod lots), the bidders
//            alternating per bid: each bid is the lot's minimum from the previous answer, so every bid
//            is valid and the amounts rise per lot; a refusal (E_BID_TOO_LOW, two VUs on one lot)
//            names the new minimum and the next bid uses it.
//   sealed — every VU on ONE sealed (blind) lot, each VU a bidder of its own raising its own bid:
//            every bid at or above the start that raises the bidder's own is valid, so every bid
//            is stored.
//   hot    — every VU on ONE open (live) lot, each bidding the minimum from its own last answer: most
//            lose the race and are refused from memory (counted apart).
// EXECUTOR: iterations (shared-iterations: BIDS bids by VUS VUs, the ceiling) or rate
//   (constant-arrival-rate: RATE bids/s for DURATION seconds, the latency at a given load).
// TARGET=echo sends the same bodies to a bare Fastify JSON POST (the baseline of the same shape);
// TARGET=durable to a bare POST answered once the body is stored in PostgreSQL (the durable floor);
// TARGET=authed to that floor behind the portal's own token check and body validation, with the
// bidder's token as a bid carries it (the authenticated floor).
import http from 'k6/http'
import { Counter } from 'k6/metrics'

const BASE = __ENV.BASE_URL
const DATA = JSON.parse(open(__ENV.DATA))
const SHAPE = __ENV.SHAPE || 'spread'
// echo (bare POST), durable (answered once stored) and authed (the same, authenticated): the
// reference servers, same bodies; the first two get no token.
const BARE = __ENV.TARGET === 'echo' || __ENV.TARGET === 'durable'
const ECHO = BARE || __ENV.TARGET === 'authed'
const VUS = Number(__ENV.VUS || 200)

const accepted = new Counter('bids_accepted')
const refused = new Counter('bids_refused')
const errors = new Counter('bids_errors')

const scenario =
  __ENV.EXECUTOR === 'rate'
    ? {
        executor: 'constant-arrival-rate',
        rate: Number(__ENV.RATE),
        timeUnit: '1s',
        duration: `${Number(__ENV.DURATION || 20)}s`,
        preAllocatedVUs: VUS,
        maxVUs: VUS * 2,
      }
    : { executor: 'shared-iterations', vus: VUS, iterations: Number(__ENV.BIDS || 5000), maxDuration: '600s' }

export const options = {
  scenarios: { bids: scenario },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
  // Refusals are answers (4xx with a code); only 5xx and network failures are errors.
  discardResponseBodies: false,
}
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 499 }))

const headersFor = (token) => ({ 'content-type': 'application/json', authorization: `JWT ${token}` })
const echoHeaders = { 'content-type': 'application/json' }

// This VU's next price per lot (cents), learned from the answers.
const next = {}

export default function () {
  const lots = DATA.lots
  const lot = SHAPE === 'spread' ? lots[(__VU - 1) % lots.length] : lots[0]
  // Open lots: the bidders take turns. The sealed lot: each VU is one bidder of its own (the runner
  // makes at least VUS bidders), raising its own bid by 1 USD per carat each time: a sealed lot
  // refuses a bid that does not raise the bidder's own (E_BID_NOT_RAISED), and these never do.
  const token =
    SHAPE === 'sealed'
      ? DATA.tokens[(__VU - 1) % DATA.tokens.length]
      : DATA.tokens[(__ITER + __VU) % DATA.tokens.length]
  let cents
  if (SHAPE === 'sealed') {
    cents = lot.startCents + (__ITER + 1) * 100
  } else {
    cents = next[lot.id] ?? lot.startCents
  }
  const body = JSON.stringify({ lotId: lot.id, pricePerCarat: cents / 100, requestId: crypto.randomUUID() })
  const res = ECHO
    ? http.post(`${BASE}/${__ENV.TARGET}`, body, { headers: BARE ? echoHeaders : headersFor(token) })
    : http.post(`${BASE}/web/v1/dynamic-diamond-bid/create`, body, { headers: headersFor(token) })
  if (res.status === 0 || res.status >= 500) {
    errors.add(1)
    return
  }
  // The fields this script needs, picked by k6 (gjson, in Go) rather than the whole answer turned
  // into JavaScript objects, and the request id made by k6 (crypto.randomUUID) rather than in script:
  // the load generator shares the machine with the server it measures, and those two cost it about
  // 0.07 ms of CPU a request, a third of its work (against a Fastify answer the size of a bid's).
  const code = res.json('code')
  if (code === undefined) {
    errors.add(1)
    return
  }
  if (code === 'OK') {
    accepted.add(1)
    const min = SHAPE === 'sealed' ? null : res.json('data.lot.minimumPerCaratCents')
    next[lot.id] = typeof min === 'number' ? min : cents + lot.incrementCents
  } else {
    refused.add(1, { code: String(code) })
    // An open lot's refusal for a low bid names the minimum (never for a sealed lot).
    const min = res.json('data.minimumPerCaratCents')
    next[lot.id] = typeof min === 'number' ? min : cents + lot.incrementCents
  }
}

export function handleSummary(data) {
  return { [__ENV.SUMMARY]: JSON.stringify(data) }
}
