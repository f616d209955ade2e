import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { session } from '../../../lib/session'
import { remove, write } from '../../../lib/storage'
import { PlaceholderPage } from '../../placeholder/components/PlaceholderPage'

/**
 * /diamond-detail/:id is open to anyone (shared links). A visitor who is not signed in has the id
 * kept, so the next login comes back here (spec section 4); the detail itself arrives later.
 */
export function DiamondDetailPage({ id }: { id: string }) {
  const { token, isTrusted } = useSnapshot(session)
  const signedIn = !!token && isTrusted
  useEffect(() => {
    if (signedIn) remove('detailId')
    else write('detailId', id)
  }, [id, signedIn])
  return <PlaceholderPage screenId="diamondDetail" reference={id} />
}
