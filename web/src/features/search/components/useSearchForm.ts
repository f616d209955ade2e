import { useSnapshot } from 'valtio'
import { allowed, session } from '../../../lib/session'
import { buildFilter, validateForm, type FormErrors, type SearchForm } from '../stores/form.rules'
import { searchForm } from '../stores/searchForm'

/** The form's snapshot, whether the user sees prices, and the errors of the fields already left. */
export function useSearchForm() {
  const snap = useSnapshot(searchForm)
  const { userPermissions } = useSnapshot(session)
  const pricing = allowed(userPermissions, 'pricing', 'view')
  const form = snap.form as SearchForm
  const all = validateForm(form, { kind: snap.kind, pricing })
  const errors: FormErrors = Object.fromEntries(Object.entries(all).filter(([k]) => snap.touched.includes(k)))
  /** Any filter chosen at all (the result limit holds only then). */
  const filtered = Object.keys(buildFilter(form, { kind: snap.kind, pricing })).length > 0
  return { snap, pricing, errors, invalid: Object.keys(all).length > 0, filtered }
}
