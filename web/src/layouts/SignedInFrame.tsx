import { lazy, Suspense, type ReactNode } from 'react'
import { Brand } from '../components/Brand'
import { ScreenLoading } from '../components/ScreenLoading'
import { useIsTablet } from '../lib/media'

/**
 * The signed-in frame's code (menus, the live connection with socket.io, the notice toasts) is fetched
 * with the first signed-in screen: the sign-in screens, where most visits start, do without it.
 */
export const preloadSignedInFrame = () => import('./SignedInLayout')
const SignedInLayout = lazy(async () => ({ default: (await preloadSignedInFrame()).SignedInLayout }))

/** The signed-in frame, its top bar drawn at once (brand only) while the rest of it is fetched. */
export function SignedInFrame({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FrameLoading />}>
      <SignedInLayout>{children}</SignedInLayout>
    </Suspense>
  )
}

/** The frame's outline, the same boxes as SignedInLayout's: nothing moves when it arrives. */
function FrameLoading() {
  const tablet = useIsTablet()
  return (
    <div className="shell">
      <div className="topbar-wrap">
        <header className="topbar">
          {tablet && <span className="icon-button" aria-hidden="true" />}
          <Brand />
        </header>
      </div>
      <main className="content">
        <ScreenLoading />
      </main>
    </div>
  )
}
