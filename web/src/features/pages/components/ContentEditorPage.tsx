import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TabList } from '../../../components/TabList'
import { BannerEditor } from './BannerEditor'
import { FaqEditor } from './FaqEditor'
import { PageEditor } from './PageEditor'
import './pages.css'

const TABS = ['pages', 'faqs', 'banners'] as const
type Tab = (typeof TABS)[number]

/** Operator staff: the portal's pages, FAQs and sign-in banners, edited in the portal. */
export function ContentEditorPage() {
  const { t } = useTranslation()
  const [tab, setTab] = useState<Tab>('pages')
  return (
    <section className="page" aria-labelledby="page-title" data-testid="screen-contentEditor">
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t('shell.screens.contentEditor')}
        </h1>
      </header>
      <TabList
        tabs={TABS}
        current={tab}
        onChange={setTab}
        label={t('shell.screens.contentEditor')}
        text={(id) => t(`pages.editor.tabs.${id}`)}
        testId="cms-tab"
      />
      {tab === 'pages' && <PageEditor />}
      {tab === 'faqs' && <FaqEditor />}
      {tab === 'banners' && <BannerEditor />}
    </section>
  )
}
