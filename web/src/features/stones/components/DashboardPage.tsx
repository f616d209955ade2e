import { useTranslation } from 'react-i18next'
import { ALL_STOCK } from '../../../grid/stores/query.rules'
import { GridPage } from '../../../grid/components/GridPage'

/** The live stone list: all stock, whose statuses follow the server as they change. */
export function DashboardPage() {
  const { t } = useTranslation()
  return <GridPage pageType="dashboard" query={ALL_STOCK} title={t('stones.title')} testId="dashboard" />
}
