import type { PriceSeries } from '@diamond/contracts/http/dashboard'
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

/** One colour per shape line, readable on the dark panel. */
const COLOURS = ['#3ea6ff', '#2fcf86', '#f5b342', '#a98bff', '#ff6b6b', '#5ed6d6']

/**
 * The price index's chart: each shape's average price per carat (USD) over the last 30 days, drawn
 * by uPlot on a canvas (no inline style or script the strict CSP refuses: uPlot sizes its elements
 * through the CSSOM). Loaded with the global tab only. Its numbers are also in the table beside it.
 */
export default function PriceChart({ series, label }: { series: PriceSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (!el || !series.length) return
    const days = series[0]!.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000)
    const data: uPlot.AlignedData = [days, ...series.map((s) => s.ppcCents.map((c) => (c === null ? null : c / 100)))]
    const width = () => Math.max(280, el.clientWidth)
    const chart = new uPlot(
      {
        width: width(),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        axes: [
          { stroke: '#8b9ab5', grid: { stroke: '#22314d' }, ticks: { stroke: '#22314d' } },
          {
            stroke: '#8b9ab5',
            grid: { stroke: '#22314d' },
            ticks: { stroke: '#22314d' },
            size: 64,
            values: (_u, ticks) => ticks.map((v) => `$${Math.round(v).toLocaleString('en-US')}`),
          },
        ],
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.shape,
            stroke: COLOURS[i % COLOURS.length],
            width: 2,
            spanGaps: true,
            value: (_u: uPlot, v: number | null) => (v === null ? '-' : `$${Math.round(v).toLocaleString('en-US')}`),
          })),
        ],
        legend: { live: false },
        cursor: { drag: { x: false, y: false } },
      },
      data,
      el,
    )
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: 220 }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [series])
  return <div ref={box} className="dash-chart" role="img" aria-label={label} data-testid="dash-price-chart" dir="ltr" />
}
