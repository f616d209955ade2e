import type { ReactNode } from 'react'
import { Brand } from '../components/Brand'
import { LanguageSwitcher } from '../components/LanguageSwitcher'
import { Footer } from './Footer'

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="shell shell--public">
      <header className="topbar">
        <Brand />
        <div className="topbar-end">
          <LanguageSwitcher />
        </div>
      </header>
      {children}
      <Footer signedIn={false} />
    </div>
  )
}
