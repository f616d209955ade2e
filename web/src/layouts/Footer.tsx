import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { OPEN_PAGES } from '../lib/navigation'
import './footer.css'

/**
 * The portal's own pages on every page (issue 25): the open ones for everyone, the privacy notice
 * and the customer-care screens for the signed in.
 */
export function Footer({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation()
  const links = [
    ...OPEN_PAGES.map((p) => ({ href: p.path as string, label: t(`pages.titles.${p.id}`) })),
    ...(signedIn
      ? [
          { href: '/privacy-notice', label: t('shell.screens.privacyNotice') },
          { href: '/events', label: t('shell.screens.events') },
        ]
      : []),
  ]
  return (
    <footer className="site-footer" data-testid="site-footer">
      <nav aria-label={t('pages.footer.label')}>
        <ul>
          {links.map((l) => (
            <li key={l.href}>
              <Link href={l.href}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer-note">{t('pages.footer.note', { year: new Date().getFullYear() })}</p>
    </footer>
  )
}
