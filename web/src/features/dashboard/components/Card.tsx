import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { fmtCount } from '../../../lib/format'

/** One dashboard card: a title with its count, linking to its screen, and its first lines. */
export function Card({
  id,
  title,
  count,
  href,
  children,
  empty,
}: {
  id: string
  title: string
  count?: number
  href?: string
  children?: ReactNode
  empty?: boolean
}) {
  const heading = `dash-card-${id}`
  return (
    <article
      className={`dash-card${empty ? ' dash-card--empty' : ''}`}
      aria-labelledby={heading}
      data-testid={`dash-card-${id}`}
    >
      <header className="dash-card-head">
        <h3 id={heading} className="dash-card-title">
          {href ? <Link href={href}>{title}</Link> : title}
        </h3>
        {count !== undefined && (
          <span className="dash-count" data-testid={`dash-count-${id}`}>
            {fmtCount(count)}
          </span>
        )}
      </header>
      {/* An empty card is its title and 0 only (the count says it), so the cards stay short. */}
      {empty ? null : children}
    </article>
  )
}

/** A card's lines: each a link to its screen. */
export function Lines({ children }: { children: ReactNode }) {
  return <ul className="dash-lines">{children}</ul>
}

/** A stone as a line shows it: number, shape and carat (its unit in the reader's language, as the detail page's). */
export function StoneLabel({ vStnId, shape, carat }: { vStnId: string; shape: string; carat: number }) {
  const { t } = useTranslation()
  return (
    <>
      <span className="dash-stone">{vStnId}</span>{' '}
      <span className="dash-muted">
        {shape} <bdi>{t('grid.caratUnit', { value: carat.toFixed(2) })}</bdi>
      </span>
    </>
  )
}
