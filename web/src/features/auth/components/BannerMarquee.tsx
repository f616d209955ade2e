import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { localized } from '../../../lib/i18n'
import type { BannerView } from '../stores/banners'
import './auth.css'

/** The marquee text banner (type 25): one line that scrolls by, paused under the pointer or focus. */
export function BannerMarquee({ list }: { list: readonly BannerView[] }) {
  const { t, i18n } = useTranslation()
  const text = list
    .map((b) => localized(b.description, i18n.language))
    .filter(Boolean)
    .join('   ◆   ')
  if (!text) return null
  // About 8 characters a second, whatever the length.
  const seconds = Math.max(12, Math.round(text.length / 8))
  return (
    <section className="marquee" aria-label={t('shell.banners.news')} data-testid="banner-marquee" tabIndex={0}>
      <div className="marquee-track" style={{ '--marquee-duration': `${seconds}s` } as CSSProperties}>
        <span className="marquee-text">{text}</span>
        {/* The copy makes the loop seamless; readers hear the text once. */}
        <span className="marquee-text" aria-hidden="true">
          {text}
        </span>
      </div>
    </section>
  )
}
