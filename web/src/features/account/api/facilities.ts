import type { Facility, FacilityPage, FacilitySave } from '@diamond/contracts/http/facilities'
import { api } from '../../../lib/api'

/** My account → Manufacturing: the company's facilities (auth's company/facility/*). */
export const listFacilities = () => api<FacilityPage>('company/facility/paginate', { page: 1, limit: 20 })
export const saveFacility = (body: FacilitySave) => api<Facility>('company/facility/save', body, { loader: true })
export const deleteFacility = (id: string) => api<unknown>('company/facility/delete', { id }, { loader: true })
