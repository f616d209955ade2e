import { StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from './components/ConfirmDialog'
import { LoaderBar } from './components/LoaderBar'
import { Toaster } from './components/Toaster'
import { initI18n } from './lib/i18n'
import { AppRoutes } from './routes'
import './styles.css'

initI18n()

function App() {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = t('app.name')
  }, [t])
  return (
    <>
      <LoaderBar />
      <AppRoutes />
      <ConfirmDialog />
      <Toaster />
    </>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
