import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { AccountPage } from './features/account/components/AccountPage'
import { AddressesPage } from './features/account/components/AddressesPage'
import { ChangePasswordPage } from './features/account/components/ChangePasswordPage'
import { CompanyProfilePage } from './features/account/components/CompanyProfilePage'
import { PersonalInfoPage } from './features/account/components/PersonalInfoPage'
import { ProfilePage } from './features/account/components/ProfilePage'
import { StockNotificationPage } from './features/account/components/StockNotificationPage'
import { UsersPage } from './features/account/components/UsersPage'
import { RegistrationsPage } from './features/approvals/components/RegistrationsPage'
import { ForgotPasswordPage } from './features/auth/components/ForgotPasswordPage'
import { GuestLoginPage } from './features/auth/components/GuestLoginPage'
import { ResetPasswordPage } from './features/auth/components/ResetPasswordPage'
import { SignInPage } from './features/auth/components/SignInPage'
import { ThankYouPage } from './features/auth/components/ThankYouPage'
import { VerifyEmailPage } from './features/auth/components/VerifyEmailPage'
import { VerifyOtpPage } from './features/auth/components/VerifyOtpPage'
import { NotFoundPage } from './features/not-found/components/NotFoundPage'
import { PlaceholderPage } from './features/placeholder/components/PlaceholderPage'
import { SignUpPage } from './features/register/components/SignUpPage'
import { DiamondDetailPage } from './features/shell/components/DiamondDetailPage'
import { useViewer } from './features/shell/components/useViewer'
import { DashboardPage } from './features/stones/components/DashboardPage'
import { AdaptiveLayout } from './layouts/AdaptiveLayout'
import { PublicLayout } from './layouts/PublicLayout'
import { SignedInLayout } from './layouts/SignedInLayout'
import { decide } from './lib/navigation'
import { session } from './lib/session'

/** Spec section 2: public routes send a signed-in (trusted) user to /dashboard. */
function PublicOnly({ children }: { children: ReactNode }) {
  const { token, isTrusted } = useSnapshot(session)
  return token && isTrusted ? <Redirect to="/dashboard" replace /> : <PublicLayout>{children}</PublicLayout>
}

/** /verify-otp needs the untrusted token of a login that is waiting for its code. */
function OtpOnly({ children }: { children: ReactNode }) {
  const { token, isTrusted } = useSnapshot(session)
  if (!token) return <Redirect to="/signin" replace />
  if (isTrusted) return <Redirect to="/dashboard" replace />
  return <PublicLayout>{children}</PublicLayout>
}

/** The built screens by id (lib/navigation.ts); every other signed-in screen is a placeholder. */
const SCREEN_VIEWS: Record<string, (params: Record<string, string>) => ReactNode> = {
  dashboard: () => <DashboardPage />,
  account: () => <AccountPage />,
  profile: () => <ProfilePage />,
  addresses: () => <AddressesPage />,
  users: () => <UsersPage />,
  registrations: () => <RegistrationsPage />,
  changePassword: () => <ChangePasswordPage />,
  companyProfile: () => <CompanyProfilePage />,
  personalInformation: () => <PersonalInfoPage />,
  stockNotification: () => <StockNotificationPage />,
}

/** Every path not public or open: the rules of lib/navigation.ts decide, this renders. */
function SignedInArea() {
  const [location] = useLocation()
  const d = decide(location, useViewer())
  if (d.kind === 'redirect') return <Redirect to={d.to} replace />
  const view = SCREEN_VIEWS[d.screen.id]
  return (
    <SignedInLayout>
      {/* Keyed by screen: moving between screens starts each page afresh, the frame stays. */}
      <ScreenView key={d.screen.id}>{view ? view(d.params) : <PlaceholderPage screenId={d.screen.id} reference={d.params.id} />}</ScreenView>
    </SignedInLayout>
  )
}
const ScreenView = ({ children }: { children: ReactNode }) => <>{children}</>

export function AppRoutes() {
  return (
    <Switch>
      {/* Public: sign-in and sign-up screens. */}
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
      <Route path="/signup">
        <PublicOnly>
          <SignUpPage />
        </PublicOnly>
      </Route>
      <Route path="/device/signup">
        <PublicOnly>
          <SignUpPage />
        </PublicOnly>
      </Route>
      <Route path="/guest-login">
        <PublicOnly>
          <GuestLoginPage />
        </PublicOnly>
      </Route>
      <Route path="/forgot-password">
        <PublicOnly>
          <ForgotPasswordPage />
        </PublicOnly>
      </Route>

      {/* Open: no sign-in needed. */}
      <Route path="/verify-otp">
        <OtpOnly>
          <VerifyOtpPage />
        </OtpOnly>
      </Route>
      <Route path="/reset-password/:token">
        {(p) => (
          <PublicLayout>
            <ResetPasswordPage token={p.token} />
          </PublicLayout>
        )}
      </Route>
      <Route path="/verify-email">
        <PublicLayout>
          <VerifyEmailPage />
        </PublicLayout>
      </Route>
      <Route path="/thank-you">
        <PublicLayout>
          <ThankYouPage />
        </PublicLayout>
      </Route>
      <Route path="/download-full-stock">
        <AdaptiveLayout>
          <PlaceholderPage screenId="downloadFullStock" />
        </AdaptiveLayout>
      </Route>
      <Route path="/dna">
        <AdaptiveLayout>
          <PlaceholderPage screenId="dna" />
        </AdaptiveLayout>
      </Route>
      <Route path="/diamond-dna/:id">
        {(p) => (
          <AdaptiveLayout>
            <PlaceholderPage screenId="dna" reference={p.id} />
          </AdaptiveLayout>
        )}
      </Route>
      <Route path="/diamond-detail/:id">
        {(p) => (
          <AdaptiveLayout>
            <DiamondDetailPage id={p.id} />
          </AdaptiveLayout>
        )}
      </Route>
      <Route path="/not-found">
        <AdaptiveLayout>
          <NotFoundPage />
        </AdaptiveLayout>
      </Route>

      {/* The signed-in area, and unknown paths. */}
      <Route>
        <SignedInArea />
      </Route>
    </Switch>
  )
}
