import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/EmptyState'
import { codeText } from '../../../lib/i18n'
import type { Viewed } from './useStone'

/** A one-stone page while its stone loads, or when it cannot be shown (unknown, or a failure named). */
export function StoneNotReady({
  id,
  viewed,
  className,
  testId,
  title,
  action,
}: {
  id: string
  viewed: Exclude<Viewed, { state: 'ready' }>
  className: string
  testId: string
  title: string
  action?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <section className={`page ${className}`} aria-labelledby="page-title" data-testid={testId}>
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {title}
        </h1>
        <span className="page-ref" dir="ltr" data-testid="screen-ref">
          {id}
        </span>
      </header>
      {viewed.state === 'loading' ? (
        <div className="state" role="status">
          {t('common.loading')}
        </div>
      ) : (
        <EmptyState
          detail={
            viewed.code === 'E_NOT_FOUND' || viewed.code === 'E_VALIDATION'
              ? undefined
              : codeText(viewed.code, viewed.message)
          }
          action={action}
        />
      )}
    </section>
  )
}
