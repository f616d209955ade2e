// k6: the load kit's options (issue 27), shared by its wrappers (kit-*.js) around the scenarios.
// Open model, as k6 recommends for a service measured from outside: iterations start on a schedule
// (ramping-arrival-rate: RAMP_UP seconds up to RATE/s, then RATE/s for DURATION seconds) whatever the
// answers take; when no VU is free to start one on time k6 drops it and counts dropped_iterations,
// which the report shows as "generator did not keep up". Thresholds come from the operator's floors
// (K6_KIT_THRESHOLDS, JSON, built by run.mjs): k6 exits non-zero (99) when one is crossed.
export function kitOptions() {
  const rate = Number(__ENV.RATE || 50)
  const vus = Number(__ENV.VUS || 200)
  const rampUp = Number(__ENV.RAMP_UP || 5)
  return {
    scenarios: {
      kit: {
        executor: 'ramping-arrival-rate',
        startRate: 0,
        timeUnit: '1s',
        preAllocatedVUs: vus,
        maxVUs: Number(__ENV.MAX_VUS || vus * 2),
        stages: [
          ...(rampUp > 0 ? [{ target: rate, duration: `${rampUp}s` }] : []),
          { target: rate, duration: `${Number(__ENV.DURATION || 30)}s` },
        ],
      },
    },
    thresholds: JSON.parse(__ENV.K6_KIT_THRESHOLDS || '{}'),
    summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
  }
}
