import { createContext, useContext, type ComponentType, type ReactNode } from 'react'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import type { PageType } from '../grid/stores/selection.rules'

/**
 * The places where one feature's piece shows inside a shared component (the grid) or another
 * feature's page. Features never import each other (bulletproof-react): the route table fills the
 * slots (routes.tsx) and a slot left empty shows nothing, so each side can be read, tested and
 * loaded on its own.
 */
export interface Slots {
  /** The order dialog for these stones (features/orders): Confirm in the grid's selection bar and in the hold list. */
  ConfirmOrder?: ComponentType<{ open: boolean; ids: readonly string[]; onClose: () => void; onPlaced?: () => void }>
  /** The list actions on a grid's selection: cart, watchlist, reminder, enquiry, quote, note (features/lists). */
  ListActions?: ComponentType<{ pageType: PageType }>
  /** The download menu of a grid's selection, in the grid's columns (features/downloads). */
  DownloadMenu?: ComponentType<{ ids: readonly string[]; columns: readonly string[] }>
  /** A search that found nothing: the offer of a demand asking for the same filter (features/demands). */
  NoMatchOffer?: ComponentType<{ filter: StoneFilter }>
}

const SlotsContext = createContext<Slots>({})

export function SlotsProvider({ slots, children }: { slots: Slots; children: ReactNode }) {
  return <SlotsContext value={slots}>{children}</SlotsContext>
}

export const useSlots = (): Slots => useContext(SlotsContext)
