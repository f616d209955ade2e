import { useEffect, useState, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { localized } from '../../../lib/i18n'
import type { BannerView } from '../stores/banners'
import { useMediaQuery } from '../../../lib/media'
import './auth.css'

/** Spec section 9: the login slideshow moves every 5000 ms, each change taking 1000 ms. */
export const SLIDE_AUTOPLAY_MS = 5_000
export const SLIDE_SPEED_MS = 1_000

interface Slide {
  key: string
  src: string
  caption: string
}

/** The login images (type 26): every image of every banner, one after another, with dots to choose. */
export function BannerSlideshow({ list }: { list: readonly BannerView[] }) {
  const { t, i18n } = useTranslation()
  const slides: Slide[] = list.flatMap((b) =>
    b.images.map((src, i) => ({ key: `${b.id}-${i}`, src, caption: localized(b.description, i18n.language) })),
  )
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const count = slides.length
  const current = count ? index % count : 0

  useEffect(() => {
    if (count < 2 || paused || reducedMotion) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_AUTOPLAY_MS)
    return () => clearInterval(timer)
  }, [count, paused, reducedMotion])

  if (!count) return null
  return (
    <section
      className="slideshow"
      aria-roledescription="carousel"
      aria-label={t('shell.banners.slideshow')}
      data-testid="banner-slideshow"
      data-index={current}
      style={{ '--slide-speed': `${reducedMotion ? 0 : SLIDE_SPEED_MS}ms` } as CSSProperties}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="slides">
        {slides.map((s, i) => (
          <figure
            key={s.key}
            className={`slide${i === current ? ' is-current' : ''}`}
            aria-roledescription="slide"
            aria-label={t('shell.banners.slideOf', { n: i + 1, count })}
            aria-hidden={i !== current}
          >
            <img src={s.src} alt={s.caption} loading={i === 0 ? 'eager' : 'lazy'} />
            {s.caption && <figcaption className="slide-caption">{s.caption}</figcaption>}
          </figure>
        ))}
      </div>
      {count > 1 && (
        <div className="slide-dots">
          {slides.map((s, i) => (
            <button
              key={s.key}
              type="button"
              className={`slide-dot${i === current ? ' is-current' : ''}`}
              aria-label={t('shell.banners.showSlide', { n: i + 1, count })}
              aria-current={i === current}
              data-testid={`slide-dot-${i}`}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  )
}
