import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** Spec section 8: the empty-list texts, each an i18n key of the base locale files. */
export const EMPTY_KEYS = [
  'empty.noData',
  'empty.noDataSearch',
  'empty.cart',
  'empty.notes',
  'empty.enquiry',
  'empty.recentSearch',
  'empty.savedSearch',
  'empty.viewRequest',
  'empty.confirm',
  'empty.hold',
  'empty.exclusive',
] as const
export type EmptyKey = (typeof EMPTY_KEYS)[number]

interface Props {
  /** The main line; 'No data found.' unless a list has its own. */
  textKey?: EmptyKey | (string & {})
  /** A second, quieter line. */
  detail?: ReactNode
  /** A way on: a button or link. */
  action?: ReactNode
}

export function EmptyState({ textKey = 'empty.noData', detail, action }: Props) {
  const { t } = useTranslation()
  return (
    <div className="empty" role="status" data-testid="empty-state">
      <svg className="empty-icon" viewBox="0 0 48 48" aria-hidden="true">
        <path d="M14 8h20l8 11-18 21L6 19z" />
        <path d="M6 19h36M14 8l6 11 4 21M34 8l-6 11-4 21" />
      </svg>
      <p className="empty-text">{t(textKey)}</p>
      {detail && <p className="empty-detail">{detail}</p>}
      {action}
    </div>
  )
}
