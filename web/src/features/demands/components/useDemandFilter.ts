import { useNamedFilter, type SavedFilter } from '../../../grid/components/useSavedFilter'
import { demandById } from '../api/demands'

export type DemandFilter = SavedFilter

/** The criteria of one of my demands named in the link (`?demand=<id>`), to show its stones in the grid. */
export const useDemandFilter = (id: string | null): DemandFilter => useNamedFilter(id, demandById)
