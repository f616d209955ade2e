import { useSnapshot } from 'valtio'
import type { Viewer } from '../../../lib/navigation'
import { isCompanyAdmin, isGuest, isOperator, isSeller, session } from '../../../lib/session'
import { useIsMobile } from '../../../lib/media'

/** Who is looking, as the route table and the menus need it. */
export function useViewer(): Viewer {
  const s = useSnapshot(session)
  const narrow = useIsMobile()
  return {
    token: !!s.token,
    trusted: s.isTrusted,
    permissions: s.userPermissions,
    guest: isGuest(s.user),
    admin: isCompanyAdmin(s.user),
    operator: isOperator(s.user),
    seller: isSeller(s.user),
    narrow,
  }
}
