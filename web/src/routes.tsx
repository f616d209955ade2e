import {
  lazy,
  Suspense,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react'
import { useSnapshot } from 'valtio'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { ScreenLoading } from './components/ScreenLoading'
import { SlotsProvider, type Slots } from './components/Slots'
import { useViewer } from './features/shell/components/useViewer'
import { AdaptiveLayout } from './layouts/AdaptiveLayout'
import { PublicLayout } from './layouts/PublicLayout'
import { preloadSignedInFrame, SignedInFrame } from './layouts/SignedInFrame'
import { decide, OPEN_PAGES, sitemapFor } from './lib/navigation'
import { session } from './lib/session'

/**
 * A screen, fetched the first time it is shown: each screen's code (and its feature's CSS) is a chunk
 * of its own, so the app's first script holds only the frame, and a visitor of the sign-in screen
 * downloads nothing of the grid, the search form or the bid rooms.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound; each page keeps its props type (M[K])
function page<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> & { preload: () => Promise<M> } {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: load },
  )
}

const AccountPage = page(() => import('./features/account/components/AccountPage'), 'AccountPage')
const AddressesPage = page(() => import('./features/account/components/AddressesPage'), 'AddressesPage')
const ChangePasswordPage = page(() => import('./features/account/components/ChangePasswordPage'), 'ChangePasswordPage')
const CompanyProfilePage = page(() => import('./features/account/components/CompanyProfilePage'), 'CompanyProfilePage')
const PersonalInfoPage = page(() => import('./features/account/components/PersonalInfoPage'), 'PersonalInfoPage')
const ProfilePage = page(() => import('./features/account/components/ProfilePage'), 'ProfilePage')
const ManufacturingPage = page(() => import('./features/account/components/ManufacturingPage'), 'ManufacturingPage')
const DiamondSequencePage = page(() => import('./features/account/components/SettingsPanels'), 'DiamondSequencePanel')
const StockNotificationPage = page(
  () => import('./features/account/components/StockNotificationPage'),
  'StockNotificationPage',
)
const UnsubscribePage = page(() => import('./features/account/components/UnsubscribePage'), 'UnsubscribePage')
const UsersPage = page(() => import('./features/account/components/UsersPage'), 'UsersPage')
const RegistrationsPage = page(() => import('./features/approvals/components/RegistrationsPage'), 'RegistrationsPage')
const BookAppointmentPage = page(() => import('./features/appointments/components/BookPage'), 'BookPage')
const MyAppointmentsPage = page(
  () => import('./features/appointments/components/MyAppointmentsPage'),
  'MyAppointmentsPage',
)
const ViewingRequestsPage = page(
  () => import('./features/appointments/components/ViewingRequestsPage'),
  'ViewingRequestsPage',
)
const AppointmentSettingsPage = page(() => import('./features/appointments/components/SettingsPage'), 'SettingsPage')
const SalesCalendarPage = page(() => import('./features/appointments/components/CalendarPage'), 'CalendarPage')
const AuctionsPage = page(() => import('./features/bids/components/AuctionsPage'), 'AuctionsPage')
const ForgotPasswordPage = page(() => import('./features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage')
const GuestLoginPage = page(() => import('./features/auth/components/GuestLoginPage'), 'GuestLoginPage')
const ResetPasswordPage = page(() => import('./features/auth/components/ResetPasswordPage'), 'ResetPasswordPage')
const SignInPage = page(() => import('./features/auth/components/SignInPage'), 'SignInPage')
const ThankYouPage = page(() => import('./features/auth/components/ThankYouPage'), 'ThankYouPage')
const VerifyEmailPage = page(() => import('./features/auth/components/VerifyEmailPage'), 'VerifyEmailPage')
const VerifyOtpPage = page(() => import('./features/auth/components/VerifyOtpPage'), 'VerifyOtpPage')
const FtpPage = page(() => import('./features/inventory/components/FtpPage'), 'FtpPage')
const InventoryHistoryPage = page(() => import('./features/inventory/components/HistoryPage'), 'HistoryPage')
const InstructionsPage = page(() => import('./features/inventory/components/InstructionsPage'), 'InstructionsPage')
const ManageDiamondsPage = page(
  () => import('./features/inventory/components/ManageDiamondsPage'),
  'ManageDiamondsPage',
)
const MediaPage = page(() => import('./features/inventory/components/MediaPage'), 'MediaPage')
const ArticlesPage = page(() => import('./features/inventory/components/ArticlesPage'), 'ArticlesPage')
const SellerArticlesPage = page(
  () => import('./features/inventory/components/SellerArticlesPage'),
  'SellerArticlesPage',
)
const UploadPage = page(() => import('./features/inventory/components/UploadPage'), 'UploadPage')
const BidLotsPage = page(() => import('./features/bids/components/BidLotsPage'), 'BidLotsPage')
const MyBidPage = page(() => import('./features/bids/components/MyBidPage'), 'MyBidPage')
const DemandStonesPage = page(() => import('./features/demands/components/DemandStonesPage'), 'DemandStonesPage')
const MyDemandPage = page(() => import('./features/demands/components/MyDemandPage'), 'MyDemandPage')
const BuyRequestPage = page(() => import('./features/demands/components/MyDemandPage'), 'BuyRequestPage')
const FullStockPage = page(() => import('./features/downloads/components/FullStockPage'), 'FullStockPage')
const HoldListPage = page(() => import('./features/holds/components/HoldListPage'), 'HoldListPage')
const MemoPage = page(() => import('./features/holds/components/MemoDeskPage'), 'MemoPage')
const ListPage = page(() => import('./features/lists/components/ListPage'), 'ListPage')
const EnquiryPage = page(() => import('./features/enquiries/components/EnquiryPage'), 'EnquiryPage')
const OfferListPage = page(() => import('./features/lists/components/OfferListPage'), 'OfferListPage')
const NotFoundPage = page(() => import('./features/not-found/components/NotFoundPage'), 'NotFoundPage')
const NotificationsPage = page(async () => {
  const [{ NotificationsPage: List }, { noticeText }] = await Promise.all([
    import('./features/notifications/components/NotificationsPage'),
    import('./notices'),
  ])
  return {
    NotificationsPage: (props: Omit<ComponentProps<typeof List>, 'noticeText'>) => (
      <List {...props} noticeText={noticeText} />
    ),
  }
}, 'NotificationsPage')
const ConfirmListPage = page(() => import('./features/orders/components/ConfirmListPage'), 'ConfirmListPage')
const MyShipmentPage = page(() => import('./features/orders/components/MyShipmentPage'), 'MyShipmentPage')
const ShipmentDeskPage = page(() => import('./features/orders/components/ShipmentDeskPage'), 'ShipmentDeskPage')
const PurchaseHistoryPage = page(
  () => import('./features/orders/components/PurchaseHistoryPage'),
  'PurchaseHistoryPage',
)
const TrackDiamondPage = page(() => import('./features/orders/components/TrackDiamondPage'), 'TrackDiamondPage')
const StaticPage = page(() => import('./features/pages/components/StaticPage'), 'StaticPage')
const FaqsPage = page(() => import('./features/pages/components/FaqsPage'), 'FaqsPage')
const SitemapPage = page(() => import('./features/pages/components/SitemapPage'), 'SitemapPage')
const ContentEditorPage = page(() => import('./features/pages/components/ContentEditorPage'), 'ContentEditorPage')
const ContactPage = page(() => import('./features/care/components/ContactPage'), 'ContactPage')
const FeedbackPage = page(() => import('./features/care/components/FeedbackPage'), 'FeedbackPage')
const ConciergePage = page(() => import('./features/care/components/ConciergePage'), 'ConciergePage')
const CareInboxPage = page(() => import('./features/care/components/CareInboxPage'), 'CareInboxPage')
const EventsPage = page(() => import('./features/care/components/EventsPage'), 'EventsPage')
const PlaceholderPage = page(() => import('./features/placeholder/components/PlaceholderPage'), 'PlaceholderPage')
// Issue 25: members (directory, company profile, follow lists) and purchase history's "Rate seller".
const MemberDirectoryPage = page(
  () => import('./features/members/components/MemberDirectoryPage'),
  'MemberDirectoryPage',
)
const CompanyPage = page(() => import('./features/members/components/CompanyPage'), 'CompanyPage')
const FollowListsPage = page(() => import('./features/members/components/FollowListsPage'), 'FollowListsPage')
const RateSeller = page(() => import('./features/members/components/RateSeller'), 'RateSeller')
const SignUpPage = page(() => import('./features/register/components/SignUpPage'), 'SignUpPage')
const MatchPairSearchPage = page(
  () => import('./features/search/components/MatchPairSearchPage'),
  'MatchPairSearchPage',
)
const QuickSearchPage = page(() => import('./features/search/components/QuickSearchPage'), 'QuickSearchPage')
const SavedSearchPage = page(() => import('./features/search/components/SavedSearchPage'), 'SavedSearchPage')
const SearchPage = page(() => import('./features/search/components/SearchPage'), 'SearchPage')
const ComparePage = page(() => import('./features/stones/components/ComparePage'), 'ComparePage')
const DashboardPage = page(() => import('./features/stones/components/DashboardPage'), 'DashboardPage')
const DashboardHome = page(() => import('./features/dashboard/components/DashboardHome'), 'DashboardHome')
const DiamondDetailPage = page(() => import('./features/stones/components/DiamondDetailPage'), 'DiamondDetailPage')
const DiamondDnaPage = page(() => import('./features/stones/components/DiamondDnaPage'), 'DiamondDnaPage')
const DiamondListPage = page(() => import('./features/stones/components/ResultPages'), 'DiamondListPage')
const ExclusivePage = page(() => import('./features/stones/components/ResultPages'), 'ExclusivePage')
const MatchPairPage = page(() => import('./features/stones/components/ResultPages'), 'MatchPairPage')
const StockPage = page(() => import('./features/stones/components/ResultPages'), 'StockPage')

/**
 * A slot's piece, fetched when first shown, in a Suspense of its own: the order dialog opening for
 * the first time must not hide the grid behind the screen's loading bar.
 */
function slot<P extends object>(Piece: ComponentType<P>): (props: P) => ReactNode {
  const Slot = (props: P) => (
    <Suspense fallback={null}>
      <Piece {...props} />
    </Suspense>
  )
  return Slot
}

/**
 * Where one feature's piece shows in the shared grid or in another feature's page
 * (components/Slots.tsx): composed here, so that no feature imports another.
 */
const SLOTS: Slots = {
  ConfirmOrder: slot(page(() => import('./features/orders/components/ConfirmDialog'), 'ConfirmDialog')),
  ListActions: slot(page(() => import('./features/lists/components/ListActions'), 'ListActions')),
  DownloadMenu: slot(page(() => import('./features/downloads/components/DownloadMenu'), 'DownloadMenu')),
  NoMatchOffer: slot(page(() => import('./features/demands/components/AddDemandLink'), 'NoMatchOffer')),
}

/** A screen in its frame: the frame shows at once, the screen when its code is in (the loading bar meanwhile). */
const Screen = ({ children }: { children: ReactNode }) => <Suspense fallback={<ScreenLoading />}>{children}</Suspense>

/** Spec section 2: public routes send a signed-in (trusted) user to /dashboard. */
function PublicOnly({ children }: { children: ReactNode }) {
  const { token, isTrusted } = useSnapshot(session)
  return token && isTrusted ? (
    <Redirect to="/dashboard" replace />
  ) : (
    <Public>
      <Screen>{children}</Screen>
    </Public>
  )
}

/** /verify-otp needs the untrusted token of a login that is waiting for its code. */
function OtpOnly({ children }: { children: ReactNode }) {
  const { token, isTrusted } = useSnapshot(session)
  if (!token) return <Redirect to="/signin" replace />
  if (isTrusted) return <Redirect to="/dashboard" replace />
  return (
    <Public>
      <Screen>{children}</Screen>
    </Public>
  )
}

/** Open routes (spec section 2): the frame of whoever looks, signed in or not. */
const Open = ({ children }: { children: ReactNode }) => (
  <AdaptiveLayout>
    <Screen>{children}</Screen>
  </AdaptiveLayout>
)

/** Pages of the mail links and the end of registration: the public frame, whoever looks. */
const Public = ({ children }: { children: ReactNode }) => (
  <PublicLayout>
    <Screen>{children}</Screen>
  </PublicLayout>
)

/** The built screens by id (lib/navigation.ts); every other signed-in screen is a placeholder. */
const SCREEN_VIEWS: Record<string, (params: Record<string, string>) => ReactNode> = {
  // Issue 25: the personal and global dashboard above the live stock grid, which stays where it was.
  dashboard: () => <DashboardHome below={<DashboardPage />} />,
  notifications: () => <NotificationsPage screenId="notifications" />,
  notification: () => <NotificationsPage screenId="notification" />,
  diamondList: (p) => <DiamondListPage id={p.id} demandStones={(demandId) => <DemandStonesPage id={demandId} />} />,
  newArrivals: () => <StockPage screenId="newArrivals" pageType="newArrival" listType="newArrival" />,
  stoneOfTheDay: (p) => <StockPage screenId="stoneOfTheDay" pageType="stoneOfDay" listType="stoneOfDay" id={p.id} />,
  dealOfTheDay: (p) => <StockPage screenId="dealOfTheDay" pageType="dealOfDay" listType="dealOfDay" id={p.id} />,
  upcoming: (p) => <StockPage screenId="upcoming" pageType="upcoming" listType="upcoming" id={p.id} />,
  suggestedStock: (p) => <StockPage screenId="suggestedStock" pageType="suggested" listType="suggested" id={p.id} />,
  collection: (p) => <StockPage screenId="collection" pageType="collection" listType="collection" id={p.id} />,
  parcel: (p) => <StockPage screenId="parcel" pageType="parcel" listType="parcel" id={p.id} />,
  nonCertified: (p) => <StockPage screenId="nonCertified" pageType="nonCertified" listType="nonCertified" id={p.id} />,
  quoteDay: (p) => <StockPage screenId="quoteDay" pageType="best" listType="best" id={p.id} />,
  exclusive: (p) => <ExclusivePage id={p.id} />,
  matchPair: (p) => <MatchPairPage id={p.id} />,
  compare: () => <ComparePage />,
  account: () => <AccountPage />,
  profile: () => <ProfilePage />,
  diamondSequence: () => <DiamondSequencePage />,
  addresses: () => <AddressesPage />,
  manufacturing: () => <ManufacturingPage />,
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
  // Issue 26: the operator's staff get the memo desk here (memo, show, office blocks for buyers).
  memo: () => <MemoPage />,
  cart: () => <ListPage screenId="cart" pageType="cart" trackType={1} />,
  watchlist: () => <ListPage screenId="watchlist" pageType="watchlist" trackType={2} />,
  reminder: () => <ListPage screenId="reminder" pageType="reminder" trackType={5} />,
  // Issue 26: enquiries are conversations (the buyer's own; the sales team's inbox of every buyer's).
  enquiry: () => <EnquiryPage />,
  // Issue 26: a buy request is a demand the sales team answers (their inbox is the same screen).
  buyRequest: () => <BuyRequestPage />,
  notes: () => <ListPage screenId="notes" pageType="notes" trackType={99} />,
  offerList: () => <OfferListPage />,
  confirmList: () => <ConfirmListPage />,
  purchaseHistory: () => <PurchaseHistoryPage rateSeller={(orderId) => <RateSeller orderId={orderId} />} />,
  myShipment: () => <MyShipmentPage />,
  shipmentDesk: () => <ShipmentDeskPage />,
  trackDiamond: () => <TrackDiamondPage />,
  newArrivalBidIt: (p) => <BidLotsPage screenId="newArrivalBidIt" id={p.id} />,
  searchBidDiamond: (p) => <BidLotsPage key={p.id ?? ''} screenId="searchBidDiamond" id={p.id} />,
  myBid: (p) => <MyBidPage id={p.id} />,
  auctions: () => <AuctionsPage />,
  inventoryUpload: () => <UploadPage />,
  inventoryHistory: () => <InventoryHistoryPage />,
  manageDiamonds: () => <ManageDiamondsPage />,
  mediaUpload: () => <MediaPage />,
  ftpSettings: () => <FtpPage />,
  inventoryInstructions: () => <InstructionsPage />,
  inventoryArticles: () => <ArticlesPage />,
  bookAppointment: () => <BookAppointmentPage />,
  myAppointments: () => <MyAppointmentsPage />,
  salesCalendar: () => <SalesCalendarPage />,
  appointmentSettings: () => <AppointmentSettingsPage />,
  officeList: () => <ViewingRequestsPage />,
  sellerArticles: (p) => <SellerArticlesPage key={p.companyId} companyId={p.companyId!} />,
  memberDirectory: () => <MemberDirectoryPage />,
  member: (p) => <CompanyPage key={p.companyId} companyId={p.companyId!} />,
  followers: () => <FollowListsPage kind="followers" />,
  following: () => <FollowListsPage kind="following" />,
  privacyNotice: () => <StaticPage slug="privacy-notice" />,
  events: () => <StaffEvents />,
  feedback: () => <FeedbackPage />,
  concierge: () => <ConciergePage />,
  careInbox: () => <CareInboxPage />,
  contentEditor: () => <ContentEditorPage />,
}

/** The events calendar, with the staff's editing for operator staff. */
function StaffEvents() {
  return <EventsPage staff={useViewer().operator} />
}

/** The sitemap of what this viewer may open (signed out: the open pages). */
function Sitemap() {
  return <SitemapPage groups={sitemapFor(useViewer())} />
}

/** The portal's own pages open to everyone (lib/navigation.ts OPEN_PAGES), each in the frame of whoever looks. */
const OPEN_PAGE_VIEWS: Record<(typeof OPEN_PAGES)[number]['id'], () => ReactNode> = {
  termsOfUse: () => <StaticPage slug="terms-of-use" />,
  about: () => <StaticPage slug="about" />,
  csr: () => <StaticPage slug="csr" />,
  careers: () => <StaticPage slug="careers" />,
  news: () => <StaticPage slug="news" />,
  testimonials: () => <StaticPage slug="testimonials" />,
  faqs: () => <FaqsPage />,
  contact: () => <ContactPage />,
  sitemap: () => <Sitemap />,
}

/** Every path not public or open: the rules of lib/navigation.ts decide, this renders. */
function SignedInArea() {
  const [location] = useLocation()
  const d = decide(location, useViewer())
  if (d.kind === 'redirect') return <Redirect to={d.to} replace />
  const view = SCREEN_VIEWS[d.screen.id]
  return (
    <SignedInFrame>
      <SlotsProvider slots={SLOTS}>
        {/* Keyed by screen: moving between screens starts each page afresh, the frame stays. */}
        <Screen key={d.screen.id}>
          {view ? view(d.params) : <PlaceholderPage screenId={d.screen.id} reference={d.params.id} />}
        </Screen>
      </SlotsProvider>
    </SignedInFrame>
  )
}

/**
 * Starts fetching the code a visit opens on, alongside the texts (main.tsx): nothing renders before the
 * texts are in, and code asked for only then would cost one more round trip before the first screen.
 * A signed-out visit starts on the sign-in screen; a signed-in one needs the signed-in frame.
 */
export function preloadLanding(path: string): void {
  if (session.token && session.isTrusted) void preloadSignedInFrame()
  else if (path === '/' || path === '/signin') void SignInPage.preload()
}

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
          <Public>
            <ResetPasswordPage token={p.token} />
          </Public>
        )}
      </Route>
      <Route path="/verify-email">
        <Public>
          <VerifyEmailPage />
        </Public>
      </Route>
      <Route path="/thank-you">
        <Public>
          <ThankYouPage />
        </Public>
      </Route>
      <Route path="/stock-notification/unsubscribe">
        <Open>
          <UnsubscribePage />
        </Open>
      </Route>
      <Route path="/download-full-stock">
        <Open>
          <FullStockPage />
        </Open>
      </Route>
      <Route path="/dna">
        <Open>
          <PlaceholderPage screenId="dna" />
        </Open>
      </Route>
      <Route path="/diamond-dna/:id">
        {(p) => (
          <Open>
            <DiamondDnaPage id={p.id} />
          </Open>
        )}
      </Route>
      <Route path="/diamond-detail/:id">
        {(p) => (
          <Open>
            <DiamondDetailPage id={p.id} />
          </Open>
        )}
      </Route>
      {OPEN_PAGES.map((p) => (
        <Route key={p.id} path={p.path}>
          <Open>{OPEN_PAGE_VIEWS[p.id]()}</Open>
        </Route>
      ))}
      <Route path="/not-found">
        <Open>
          <NotFoundPage />
        </Open>
      </Route>

      {/* The signed-in area, and unknown paths. */}
      <Route>
        <SignedInArea />
      </Route>
    </Switch>
  )
}
