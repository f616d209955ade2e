import type {
  AppointmentCreate,
  AppointmentDestroy,
  AppointmentPage,
  AppointmentPageRequest,
  AppointmentReschedule,
  AppointmentView,
  ShowSelectionPage,
  SlotPage,
  SlotPageRequest,
} from '@diamond/contracts/http/appointments'
import type {
  AppointmentMark,
  AppointmentMarkName,
  CalendarPage,
  CalendarRequest,
} from '@diamond/contracts/http/appointments-calendar'
import type {
  CabinSave,
  HolidayDelete,
  HolidaySave,
  OfficeSave,
  OfficeSettings,
  OfficeSettingsList,
  SalesPersonSave,
} from '@diamond/contracts/http/appointments-settings'
import type { DemandPage } from '@diamond/contracts/http/demands'
import type {
  ViewingRequestAccept,
  ViewingRequestAccepted,
  ViewingRequestCreate,
  ViewingRequestDecline,
  ViewingRequestPage,
  ViewingRequestPageRequest,
  ViewingRequestView,
  ViewingRequestWithdraw,
} from '@diamond/contracts/http/viewing-requests'
import { api } from '../../../lib/api'

/** An office one may book (appointments/offices). */
export interface OfficeOption {
  id: string
  code: string
  name: string
  timeZone: string
  slotMinutes: number
  divisions: string[]
}

export const listOffices = () => api<{ list: OfficeOption[] }>('appointments/offices', {})
export const slotBoard = (req: SlotPageRequest) => api<SlotPage>('cabin-slot/paginate', req)
// Spec section 7: the calls marked * show the loading indicator.
export const bookSlot = (req: AppointmentCreate) => api<AppointmentView>('cabin-schedule/create', req, { loader: true })
export const rescheduleAppointment = (req: AppointmentReschedule) =>
  api<AppointmentView>('cabin-schedule/reschedule', req)
export const listAppointments = (req: AppointmentPageRequest) =>
  api<AppointmentPage>('cabin-schedule/list', req, { loader: true })
export const destroyAppointment = (req: AppointmentDestroy) =>
  api<AppointmentView>('cabin-schedule/destroyDiamondAndSlot', req)
export const appointmentStones = (appointmentId: string) =>
  api<ShowSelectionPage>('show-selection/paginate', { appointmentId }, { loader: true })
/** My open demands, to name one on the appointment (the demand module's own list call). */
export const myDemands = () => api<DemandPage>('diamond-demand/paginate', { limit: 50 })

export const salesCalendar = (req: CalendarRequest) =>
  api<CalendarPage>('cabin-schedule/calendar', req, { loader: true })
export const markAppointment = (mark: AppointmentMarkName, req: AppointmentMark) =>
  api<AppointmentView>(`cabin-schedule/${mark}`, req)

export const createViewingRequest = (req: ViewingRequestCreate) =>
  api<ViewingRequestView>('viewing-request/create', req, { loader: true })
export const listViewingRequests = (req: ViewingRequestPageRequest) =>
  api<ViewingRequestPage>('viewing-request/paginate', req, { loader: true })
export const acceptViewingRequest = (req: ViewingRequestAccept) =>
  api<ViewingRequestAccepted>('viewing-request/accept', req)
export const declineViewingRequest = (req: ViewingRequestDecline) =>
  api<ViewingRequestView>('viewing-request/decline', req)
export const withdrawViewingRequest = (req: ViewingRequestWithdraw) =>
  api<ViewingRequestView>('viewing-request/withdraw', req)

export const officeSettings = () => api<OfficeSettingsList>('appointments/office/list', {}, { loader: true })
export const saveOffice = (req: OfficeSave) => api<OfficeSettings>('appointments/office/save', req)
export const saveHoliday = (req: HolidaySave) => api<OfficeSettings>('appointments/holiday/save', req)
export const deleteHoliday = (req: HolidayDelete) => api<OfficeSettings>('appointments/holiday/delete', req)
export const saveCabin = (req: CabinSave) => api<OfficeSettings>('appointments/cabin/save', req)
export const saveSalesPerson = (req: SalesPersonSave) => api<OfficeSettings>('appointments/sales-person/save', req)
