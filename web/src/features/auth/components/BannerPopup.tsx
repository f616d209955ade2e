import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../components/Dialog'
import { localized } from '../../../lib/i18n'
import { write } from '../../../lib/storage'
import { showToast } from '../../../lib/toast'
import type { BannerView } from '../stores/banners'
import './auth.css'

/** The popup banner (type 24): shown once per visit when the sign-in screen opens. */
export function BannerPopup({
  list,
  open,
  onClose,
}: {
  list: readonly BannerView[]
  open: boolean
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  return (
    <Dialog
      open={open}
      title={t('shell.banners.popupTitle')}
      onDismiss={onClose}
      testId="banner-popup"
      actions={
        <>
          <button type="button" className="btn btn--primary" data-testid="banner-popup-close" onClick={onClose}>
            {t('common.close')}
          </button>
          {/* The popup advertises cabin appointments: the next login goes straight to booking one. */}
          <button
            type="button"
            className="btn"
            data-testid="banner-popup-book"
            onClick={() => (
              write('afterLogin', '/appointments/book'),
              onClose(),
              showToast(t('shell.banners.bookAfterLogin'), 'info')
            )}
          >
            {t('shell.banners.book')}
          </button>
        </>
      }
    >
      <div className="popup-banners">
        {list.map((b) => {
          const text = localized(b.description, i18n.language)
          return (
            <figure key={b.id} className="popup-banner">
              {b.images.map((src) => (
                <img key={src} src={src} alt={text} />
              ))}
              {text && <figcaption>{text}</figcaption>}
            </figure>
          )
        })}
      </div>
    </Dialog>
  )
}
