import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The stone's photograph. Media hosts are configured per installation and may not answer (the
 * demo has none): a picture that fails to load gives way to a quiet placeholder.
 */
export function StoneImage({ src, alt, big = false }: { src: string; alt: string; big?: boolean }) {
  const { t } = useTranslation()
  const [failed, setFailed] = useState(false)
  const cls = `stone-image${big ? ' stone-image--big' : ''}`
  if (!src || failed) {
    return (
      <div
        className={`${cls} stone-image--none`}
        data-testid="detail-image-fallback"
        role="img"
        aria-label={t('grid.noImage')}
      >
        <svg viewBox="0 0 48 48" aria-hidden="true">
          <path d="M14 8h20l8 11-18 21L6 19z" />
          <path d="M6 19h36M14 8l6 11 4 21M34 8l-6 11-4 21" />
        </svg>
        <span>{t('grid.noImage')}</span>
      </div>
    )
  }
  return (
    <img
      className={cls}
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
      data-testid="detail-image"
    />
  )
}
