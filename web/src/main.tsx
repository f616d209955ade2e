import { StrictMode, Suspense, useEffect, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from './components/ConfirmDialog'
import { LoaderBar } from './components/LoaderBar'
import { Toaster } from './components/Toaster'
import { applyToDocument, initI18n } from './lib/i18n'
import { AppRoutes, preloadLanding } from './routes'
import './styles.css'

// Fetches the reader's language's texts (whatever translates waits for them: suspends), and meanwhile
// the code of the screen the visit opens on.
void initI18n()
preloadLanding(window.location.pathname)

function App() {
  const { t, i18n } = useTranslation()
  // A new language's texts are fetched before i18next switches to it; the page's lang and dir (rtl for
  // he and ar) then change in the same commit as the texts, never before them.
  useLayoutEffect(() => applyToDocument(i18n.language), [i18n.language])
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
    {/* Until the texts are in: the page's dark background, for a moment, rather than untranslated keys. */}
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
)
