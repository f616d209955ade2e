import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { session } from '../lib/session'
import { PublicLayout } from './PublicLayout'
import { SignedInFrame } from './SignedInFrame'

/** Open routes (spec section 2) work signed out; a signed-in user still sees them in the full frame. */
export function AdaptiveLayout({ children }: { children: ReactNode }) {
  const { token, isTrusted } = useSnapshot(session)
  return token && isTrusted ? <SignedInFrame>{children}</SignedInFrame> : <PublicLayout>{children}</PublicLayout>
}
