import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { Redirect, Route, Switch } from 'wouter'
import { SignInPage } from './features/auth/components/SignInPage'
import { NotFoundPage } from './features/not-found/components/NotFoundPage'
import { DashboardPage } from './features/stones/components/DashboardPage'
import { PublicLayout } from './layouts/PublicLayout'
import { SignedInLayout } from './layouts/SignedInLayout'
import { session } from './lib/session'

/** Spec section 2: public routes send a signed-in user to /dashboard. */
function PublicOnly({ children }: { children: ReactNode }) {
  const { token } = useSnapshot(session)
  return token ? <Redirect to="/dashboard" replace /> : <PublicLayout>{children}</PublicLayout>
}

/** Signed-in routes send a user without a token to /signin. */
function SignedIn({ children }: { children: ReactNode }) {
  const { token } = useSnapshot(session)
  return token ? <SignedInLayout>{children}</SignedInLayout> : <Redirect to="/signin" replace />
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <PublicOnly>
          <SignInPage />
        </PublicOnly>
      </Route>
      <Route path="/signin">
        <PublicOnly>
          <SignInPage />
        </PublicOnly>
      </Route>
      <Route path="/dashboard">
        <SignedIn>
          <DashboardPage />
        </SignedIn>
      </Route>
      <Route path="/not-found">
        <PublicLayout>
          <NotFoundPage />
        </PublicLayout>
      </Route>
      <Route>
        <Redirect to="/not-found" replace />
      </Route>
    </Switch>
  )
}
