import type { Dashboard, DashboardRequest } from '@diamond/contracts/http/dashboard'
import { api } from '../../../lib/api'

/** The whole dashboard of one kind in one call. */
export const readDashboard = (req: DashboardRequest) => api<Dashboard>('user/dashboard', req)
