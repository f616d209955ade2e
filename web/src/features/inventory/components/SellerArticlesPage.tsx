import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SellerArticles } from './SellerArticles'

/** `/seller/{companyId}/articles`: a seller's listed articles, reached from a stone's seller. */
export function SellerArticlesPage({ companyId }: { companyId: string }) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  return (
    <div className="page acct-page art-page" data-testid="screen-sellerArticles">
      <h1 className="page-title">
        {name ? t('inventory.articles.sellerTitle', { company: name }) : t('shell.screens.sellerArticles')}
      </h1>
      <SellerArticles sellerCompanyId={companyId} onSeller={setName} />
    </div>
  )
}
