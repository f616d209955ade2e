import { indiaWallClock } from '@diamond/contracts/india-time'
import type { DigestReady, DigestSummary } from '@diamond/contracts/events/digests'
import { mailHtml, paragraphHtml } from '../mail/mail.html'
import { escapeHtml } from '../mail/mail.page'
import { fill, mailLanguage, type RenderedMail } from '../mail/mail.templates'
import { MAIL_TEXTS } from '../mail/mail.texts'
import { DIGEST_TEXTS } from './digests.texts'
import type { FollowedListing } from '../followers/followers.rules'
import { FOLLOWED_TEXTS } from '../followers/followers.texts'

/** dd/mm/yyyy of an instant on India's calendar (spec section 9's date format and time zone). */
export function indiaDay(iso: string): string {
  const d = indiaWallClock(iso)
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`
}

const carats = (n: number) => n.toFixed(2)
const usd = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

const CELL = 'padding:4px 8px;border-bottom:1px solid #e5e8ee'
/** A small table; numbers and stone numbers stay left to right inside a right-to-left mail. */
function tableHtml(title: string, head: string[], rows: string[][], numeric: ReadonlySet<number>): string {
  const th = head.map((h) => `<th style="${CELL};text-align:start;font-weight:600">${escapeHtml(h)}</th>`).join('')
  const tr = rows
    .map(
      (r) =>
        `<tr>${r.map((c, i) => `<td style="${CELL}"${numeric.has(i) || i === 0 ? ' dir="ltr"' : ''}>${escapeHtml(c)}</td>`).join('')}</tr>`,
    )
    .join('\n')
  return `<h3 style="margin:18px 0 6px;font-size:15px">${escapeHtml(title)}</h3>
<table style="border-collapse:collapse;font-size:13px;width:100%">
<thead><tr>${th}</tr></thead>
<tbody>
${tr}
</tbody>
</table>`
}

const textTable = (title: string, rows: string[][]) => `${title}\n${rows.map((r) => r.join('  ')).join('\n')}`

/**
 * The digest mail in the reader's language: subject, text and HTML with the counts by shape and
 * size, the best stones (prices only for a reader who sees them), the attached file's note, a link
 * to the stones on the portal and the unsubscribe link. Pure: the same digest, the same mail.
 */
export function renderDigest(
  d: DigestReady,
  opts: { baseUrl: string; followed?: readonly FollowedListing[] },
): RenderedMail {
  const language = mailLanguage(d.locale)
  const base = MAIL_TEXTS[language]
  const t = DIGEST_TEXTS[language]
  const baseUrl = opts.baseUrl.replace(/\/+$/, '')
  const s: DigestSummary = d.summary
  const isNew = d.stockType === 1
  const lastDay = new Date(Date.parse(d.until) - 1).toISOString()
  const values = {
    period: t.periods[d.interval],
    count: String(s.count),
    carats: carats(s.carats),
    from: indiaDay(d.since),
    to: indiaDay(lastDay),
    attached: String(s.attached),
  }
  const subject = `${fill(isNew ? t.subjectNew : t.subjectFull, values)} | ${base.brand}`.replace(/[\r\n]+/g, ' ')
  const greeting = d.name.trim() ? fill(base.hello, { name: d.name.trim() }) : base.helloNoName
  const link = `${baseUrl}${isNew ? '/new-arrivals' : '/diamond-list'}`
  const unsubscribe = `${baseUrl}/stock-notification/unsubscribe?token=${encodeURIComponent(d.unsubscribeToken)}`

  const intro = s.count === 0 && isNew ? fill(t.noneNew, values) : fill(isNew ? t.introNew : t.introFull, values)
  const head = [intro, ...(s.count ? [fill(t.totals, values)] : [])]
  const priced = s.best.some((b) => b.back !== null)
  const c = t.columns
  const shapes = s.byShape.map((x) => [x.name, String(x.count)])
  const sizes = s.bySize.map((x) => [x.name, String(x.count)])
  const bestHead = [c.stone, c.shape, c.carat, c.color, c.clarity, c.lab, ...(priced ? [c.back, c.price] : [])]
  const best = s.best.map((b) => [
    b.vStnId,
    b.shape,
    carats(b.carat),
    b.color,
    b.clarity,
    b.lab,
    ...(priced ? [b.back === null ? '' : b.back.toFixed(2), b.pricePerCarat === null ? '' : usd(b.pricePerCarat)] : []),
  ])
  // Issue 25: what the sellers the reader follows listed over the period, one line per seller.
  const f = FOLLOWED_TEXTS[language]
  const followed = opts.followed?.length
    ? [
        `${f.title}\n${opts.followed
          .map((l) => fill(f.line, { company: l.companyName, stones: String(l.stones), listings: String(l.listings) }))
          .join('\n')}\n${f.see}\n${baseUrl}/member-directory`,
      ]
    : []
  const tail = [
    ...followed,
    ...(s.attached ? [fill(s.attached < s.count ? t.attachedSome : t.attachedAll, values)] : []),
    `${isNew ? t.seeNew : t.seeFull}\n${link}`,
    `${t.why}\n${t.unsubscribe}\n${unsubscribe}`,
  ]
  const tables = s.count
    ? [textTable(t.byShape, shapes), textTable(t.bySize, sizes), textTable(t.best, [bestHead, ...best])]
    : []
  const text = `${greeting}\n\n${[...head, ...tables, ...tail].join('\n\n')}\n\n${base.signature}\n${baseUrl}\n`
  const tablesHtml = s.count
    ? [
        tableHtml(t.byShape, [c.shape, c.count], shapes, new Set([1])),
        tableHtml(t.bySize, [c.carat, c.count], sizes, new Set([0, 1])),
        tableHtml(t.best, bestHead, best, new Set([2, 6, 7])),
      ].join('\n')
    : ''
  const html = mailHtml({
    language,
    subject,
    brand: base.brand,
    baseUrl,
    greeting,
    body: head.join('\n\n'),
    signature: base.signature,
    extraHtml: `${tablesHtml}\n${tail.map((p) => `<p style="margin:14px 0 0">${paragraphHtml(p, baseUrl)}</p>`).join('\n')}`,
  })
  return { to: d.email, subject, text, html, template: 'stock-digest', language, attachmentKey: d.fileKey }
}
