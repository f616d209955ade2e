import { useTranslation } from 'react-i18next'
import type { StoneMedia } from '@diamond/contracts/http/stock'

/** Video, certificate, plotting, X-ray and the lab's report check, each only when there is one. */
export function MediaLinks({ media }: { media: StoneMedia }) {
  const { t } = useTranslation()
  const links: [keyof StoneMedia, string][] = [
    ['video', t('grid.media.video')],
    ['certificate', t('grid.media.certificate')],
    ['plotting', t('grid.media.plotting')],
    ['xray', t('grid.media.xray')],
    ['labVerify', t('grid.media.labVerify')],
  ]
  const shown = links.filter(([k]) => media[k])
  if (shown.length === 0) return <p className="media-none">{t('grid.media.none')}</p>
  return (
    <ul className="media-links">
      {shown.map(([k, label]) => (
        <li key={k}>
          <a
            href={media[k]}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn--small"
            data-testid={`media-${k}`}
          >
            {label}{' '}
            <span aria-hidden="true" className="flip-rtl">
              ↗
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}
