import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { ServerClock } from './ServerClock'

/** A bid page's head: an optional way back, the title and intro, and the server's clock. */
export function BidPageHead({
  back,
  title,
  intro,
}: {
  back?: { href: string; label: string }
  title: ReactNode
  intro: string
}) {
  return (
    <div className="bid-page-head">
      <div>
        {back && (
          <Link href={back.href} className="bid-back">
            <span aria-hidden="true" className="flip-rtl">
              ‹
            </span>{' '}
            {back.label}
          </Link>
        )}
        <h1 className="page-title">{title}</h1>
        <p className="bid-intro">{intro}</p>
      </div>
      <ServerClock />
    </div>
  )
}
