import { useSyncExternalStore } from 'react'

/** Spec section 9: screens at most this wide get the mobile views (card lists, narrow-only routes). */
export const MOBILE_QUERY = '(max-width: 767px)'
/** Spec section 9: up to this width the header folds its menus behind a hamburger button. */
export const TABLET_QUERY = '(max-width: 991px)'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query)
      mql.addEventListener('change', onChange)
      return () => mql.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
  )
}

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY)
export const useIsTablet = (): boolean => useMediaQuery(TABLET_QUERY)
