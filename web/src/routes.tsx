import type { ReactNode } from 'react'
import type { Notification } from '@diamond/contracts/events/notifications'
import { useSnapshot } from 'valtio'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { AccountPage } from './features/account/components/AccountPage'
import { AddressesPage } from './features/account/components/AddressesPage'
import { ChangePasswordPage } from './features/account/components/ChangePasswordPage'
import { CompanyProfilePage } from './features/account/components/CompanyProfilePage'
import { PersonalInfoPage } from './features/account/components/PersonalInfoPage'
import { ProfilePage } from './features/account/components/ProfilePage'
import { StockNotificationPage } from './features/account/components/StockNotificationPage'
import { UnsubscribePage } from './features/account/components/UnsubscribePage'
import { UsersPage } from './features/account/components/UsersPage'
import { RegistrationsPage } from './features/approvals/components/RegistrationsPage'
import { AuctionsPage } from './features/bids/components/AuctionsPage'
import { BidLotsPage } from './features/bids/components/BidLotsPage'
import { MyBidPage } from './features/bids/components/MyBidPage'
import { bidNoticeText } from './features/bids/stores/notices'
import { ForgotPasswordPage } from './features/auth/components/ForgotPasswordPage'
import { NoMatchOffer } from './features/demands/components/AddDemandLink'
import { DemandStonesPage } from './features/demands/components/DemandStonesPage'
import { MyDemandPage } from './features/demands/components/MyDemandPage'
import { DownloadMenu } from './features/downloads/components/DownloadMenu'
import { FullStockPage } from './features/downloads/components/FullStockPage'
import { GuestLoginPage } from './features/auth/components/GuestLoginPage'
import { ResetPasswordPage } from './features/auth/components/ResetPasswordPage'
import { SignInPage } from './features/auth/components/SignInPage'
import { ThankYouPage } from './features/auth/components/ThankYouPage'
import { VerifyEmailPage } from './features/auth/components/VerifyEmailPage'
import { VerifyOtpPage } from './features/auth/components/VerifyOtpPage'
import { ListPage } from './features/lists/components/ListPage'
import { ListActions } from './features/lists/components/ListActions'
import { OfferListPage } from './features/lists/components/OfferListPage'
import { noticeText as tradeNoticeText } from './features/lists/stores/notices'
import { NotFoundPage } from './features/not-found/components/NotFoundPage'
import { NotificationsPage } from './features/notifications/components/NotificationsPage'
import { ConfirmDialog } from './features/orders/components/ConfirmDialog'
import { ConfirmListPage } from './features/orders/components/ConfirmListPage'
import { MyShipmentPage } from './features/orders/components/MyShipmentPage'
import { PurchaseHistoryPage } from './features/orders/components/PurchaseHistoryPage'
import { TrackDiamondPage } from './features/orders/components/TrackDiamondPage'
import { HoldListPage } from './features/holds/components/HoldListPage'
import { PlaceholderPage } from './features/placeholder/components/PlaceholderPage'
import { SignUpPage } from './features/register/components/SignUpPage'
import { MatchPairSearchPage } from './features/search/components/MatchPairSearchPage'
import { QuickSearchPage } from './features/search/components/QuickSearchPage'
import { SavedSearchPage } from './features/search/components/SavedSearchPage'
import { SearchPage } from './features/search/components/SearchPage'
import { useViewer } from './features/shell/components/useViewer'
import { ComparePage } from './features/stones/components/ComparePage'
import { DashboardPage } from './features/stones/components/DashboardPage'
import { DiamondDetailPage } from './features/stones/components/DiamondDetailPage'
import { DiamondDnaPage } from './features/stones/components/DiamondDnaPage'
import { DiamondListPage, ExclusivePage, MatchPairPage, StockPage } from './features/stones/components/ResultPages'
import { SlotsProvider, type Slots } from './components/Slots'
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

/**
 * Where one feature's piece shows in the shared grid or in another feature's page
 * (components/Slots.tsx): composed here, so that no feature imports another.
 */
const SLOTS: Slots = { ConfirmOrder: ConfirmDialog, ListActions, DownloadMenu, NoMatchOffer }

/** A notice in the list, in the words of the feature it is about (trading, bids). */
const noticeText = (n: Pick<Notification, 'kind' | 'params'>): string | null => tradeNoticeText(n) ?? bidNoticeText(n)

/** The built screens by id (lib/navigation.ts); every other signed-in screen is a placeholder. */
const SCREEN_VIEWS: Record<string, (params: Record<string, string>) => ReactNode> = {
  dashboard: () => <DashboardPage />,
  notifications: () => <NotificationsPage screenId="notifications" noticeText={noticeText} />,
  notification: () => <NotificationsPage screenId="notification" noticeText={noticeText} />,
  diamondList: (p) => <DiamondListPage id={p.id} demandStones={(demandId) => <DemandStonesPage id={demandId} />} />,
  newArrivals: () => <StockPage screenId="newArrivals" pageType="newArrival" listType="newArrival" />,
  stoneOfTheDay: (p) => <StockPage screenId="stoneOfTheDay" pageType="stoneOfDay" listType="stoneOfDay" id={p.id} />,
  dealOfTheDay: (p) => <StockPage screenId="dealOfTheDay" pageType="dealOfDay" listType="dealOfDay" id={p.id} />,
  upcoming: (p) => <StockPage screenId="upcoming" pageType="upcoming" listType="upcoming" id={p.id} />,
  suggestedStock: (p) => <StockPage screenId="suggestedStock" pageType="suggested" listType="suggested" id={p.id} />,
  collection: (p) => <StockPage screenId="collection" pageType="collection" listType="collection" id={p.id} />,
  quoteDay: (p) => <StockPage screenId="quoteDay" pageType="best" listType="best" id={p.id} />,
  exclusive: (p) => <ExclusivePage id={p.id} />,
  matchPair: (p) => <MatchPairPage id={p.id} />,
  compare: () => <ComparePage />,
  account: () => <AccountPage />,
  profile: () => <ProfilePage />,
  addresses: () => <AddressesPage />,
  users: () => <UsersPage />,
  registrations: () => <RegistrationsPage />,
  changePassword: () => <ChangePasswordPage />,
  companyProfile: () => <CompanyProfilePage />,
  personalInformation: () => <PersonalInfoPage />,
  stockNotification: () => <StockNotificationPage />,
  diamondSearch: (p) => <SearchPage kind="diamond" id={p.id} />,
  fancySearch: (p) => <SearchPage kind="fancy" id={p.id} />,
  quickSearch: () => <QuickSearchPage />,
  searchMatchPair: (p) => <MatchPairSearchPage id={p.id} />,
  savedSearch: () => <SavedSearchPage />,
  myDemand: () => <MyDemandPage />,
  hold: () => <HoldListPage kind="hold" />,
  memo: () => <HoldListPage kind="memo" />,
  cart: () => <ListPage screenId="cart" pageType="cart" trackType={1} />,
  watchlist: () => <ListPage screenId="watchlist" pageType="watchlist" trackType={2} />,
  reminder: () => <ListPage screenId="reminder" pageType="reminder" trackType={5} />,
  enquiry: () => <ListPage screenId="enquiry" pageType="enquiry" trackType={6} />,
  buyRequest: () => <ListPage screenId="buyRequest" pageType="buyRequest" trackType={11} />,
  notes: () => <ListPage screenId="notes" pageType="notes" trackType={99} />,
  offerList: () => <OfferListPage />,
  confirmList: () => <ConfirmListPage />,
  purchaseHistory: () => <PurchaseHistoryPage />,
  myShipment: () => <MyShipmentPage />,
  trackDiamond: () => <TrackDiamondPage />,
  newArrivalBidIt: (p) => <BidLotsPage screenId="newArrivalBidIt" id={p.id} />,
  searchBidDiamond: (p) => <BidLotsPage key={p.id ?? ''} screenId="searchBidDiamond" id={p.id} />,
  myBid: (p) => <MyBidPage id={p.id} />,
  auctions: () => <AuctionsPage />,
}

/** Every path not public or open: the rules of lib/navigation.ts decide, this renders. */
function SignedInArea() {
  const [location] = useLocation()
  const d = decide(location, useViewer())
  if (d.kind === 'redirect') return <Redirect to={d.to} replace />
  const view = SCREEN_VIEWS[d.screen.id]
  return (
    <SignedInLayout>
      <SlotsProvider slots={SLOTS}>
        {/* Keyed by screen: moving between screens starts each page afresh, the frame stays. */}
        <ScreenView key={d.screen.id}>{view ? view(d.params) : <PlaceholderPage screenId={d.screen.id} reference={d.params.id} />}</ScreenView>
      </SlotsProvider>
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
      <Route path="/stock-notification/unsubscribe">
        <AdaptiveLayout>
          <UnsubscribePage />
        </AdaptiveLayout>
      </Route>
      <Route path="/download-full-stock">
        <AdaptiveLayout>
          <FullStockPage />
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
            <DiamondDnaPage id={p.id} />
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
