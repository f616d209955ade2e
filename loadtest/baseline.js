// k6: the same load shape against a bare Fastify JSON POST, the baseline the figures are divided by.
import http from 'k6/http'

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
export default function () {
  http.post(`${__ENV.BASE_URL}/echo`, JSON.stringify({ id: '00000000-0000-4000-8000-000000000000' }), {
    headers: { 'content-type': 'application/json' },
  })
}
export function handleSummary(data) {
  return { [__ENV.SUMMARY]: JSON.stringify(data) }
}
