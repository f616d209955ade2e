import { proxy, type Snapshot } from 'valtio'
import type { Banner, BannerKind as Kinds } from '@diamond/contracts/http/misc'
import { fetchBanners } from '../api/banners'

/** Spec section 3: 24 popup, 25 marquee text, 26 login images (restated: no TypeBox in the bundle). */
export const BANNER_KIND: typeof Kinds = { popup: 24, marquee: 25, loginImages: 26 }

type Load = 'idle' | 'loading' | 'ready'

export const banners = proxy({
  load: 'idle' as Load,
  list: [] as Banner[],
  /** The popup banner is on screen. */
  popupOpen: false,
})

/** The popup shows once per visit (page load), however often the sign-in screen is opened. */
let popupShown = false

/** A banner as components read it (from the store's snapshot). */
export type BannerView = Snapshot<Banner>

export const activeOfKind = <B extends BannerView>(list: readonly B[], kind: number): B[] =>
  list.filter((b) => b.isActive && b.type === kind)

/**
 * Reads the banners once per visit. Failing is quiet: the screen works without them (the call's
 * transport failure is already logged by api()).
 */
export async function loadBanners(): Promise<void> {
  if (banners.load === 'loading') return
  if (banners.load === 'ready') {
    openPopupOnce()
    return
  }
  banners.load = 'loading'
  const { data } = await fetchBanners()
  banners.list = data?.list ?? []
  banners.load = 'ready'
  openPopupOnce()
}

function openPopupOnce(): void {
  if (popupShown || activeOfKind(banners.list, BANNER_KIND.popup).length === 0) return
  popupShown = true
  banners.popupOpen = true
}

export function closePopup(): void {
  banners.popupOpen = false
}
