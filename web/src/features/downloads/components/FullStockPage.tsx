import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { session } from '../../../lib/session'
import { downloads, startDownload } from '../stores/downloads'
import { DownloadProgress } from './DownloadProgress'
import { notifyDownload } from './notify'
import './downloads.css'

/**
 * /download-full-stock (open, spec section 2): the whole available stock as one Excel file. A
 * signed-in member gets prices as the account allows; a visitor gets the stones without prices.
 */
export function FullStockPage() {
  const { t } = useTranslation()
  const { token, isTrusted } = useSnapshot(session)
  const { active } = useSnapshot(downloads)
  const signedIn = !!token && isTrusted

  return (
    <section className="page" aria-labelledby="page-title" data-testid="screen-downloadFullStock">
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t('downloads.fullStock.title')}
        </h1>
      </header>
      <div className="full-stock">
        <p>{t('downloads.fullStock.intro')}</p>
        <p data-testid="full-stock-prices">
          {t(signedIn ? 'downloads.fullStock.pricesSignedIn' : 'downloads.fullStock.pricesSignedOut')}
        </p>
        <p>{t('downloads.fullStock.limit')}</p>
        <div className="full-stock-actions">
          <button
            type="button"
            className="btn btn--primary"
            data-testid="full-stock-download"
            disabled={!!active}
            onClick={() => void startDownload('fullStock').then((r) => notifyDownload(t, r))}
          >
            {t('downloads.fullStock.button')}
          </button>
          {!signedIn && (
            <Link href="/signin" className="btn" data-testid="full-stock-signin">
              {t('signin.submit')}
            </Link>
          )}
          <DownloadProgress kinds={['fullStock']} />
        </div>
      </div>
    </section>
  )
}
