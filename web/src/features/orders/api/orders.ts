import type {
  Calculation,
  ConfirmedPage,
  ConfirmResult,
  Order,
  OrderPage,
  Shipment,
  ShipmentPage,
  ShipmentUpdate,
  TrackResult,
} from '@diamond/contracts/http/orders'
import { API_BASE, api, NETWORK_ERROR, REQUEST_TIMEOUT_MS, type ApiError } from '../../../lib/api'
import { markUntrusted, session, signOut } from '../../../lib/session'

// Spec section 7: get-discount-calculations, diamond-confirm/request and shipping-detail show the loader.
export const calculate = (ids: string[], billType: number) =>
  api<Calculation>('diamond/get-discount-calculations', { ids, billType }, { loader: true })

/** One confirm; `key` is the dialog's idempotency key, so a repeat of the same confirm makes no second order. */
export const confirmStones = (ids: string[], billType: number, key: string, companyName?: string) =>
  api<ConfirmResult>(
    'diamond-confirm/request',
    { ids, billType, ...(companyName ? { companyName } : {}) },
    { loader: true, headers: { 'idempotency-key': key } },
  )

export const listConfirmed = (page: number, limit: number) =>
  api<ConfirmedPage>('diamond-confirm/paginate', { page, limit }, { loader: true })
export const listOrders = (page: number, limit: number) =>
  api<OrderPage>('order/paginate', { page, limit }, { loader: true })
export const viewOrder = (id: string) => api<Order>('order/view', { id })
export const listShipments = (page: number, limit: number, opts: { open?: boolean } = {}) =>
  api<ShipmentPage>('shipping-detail/paginate', { page, limit, ...opts }, { loader: true })
export const advanceShipment = (req: ShipmentUpdate) => api<Shipment>('shipping-detail/update', req, { loader: true })
export const track = (q: string) => api<TrackResult>('shipping-detail/track', { q }, { loader: true })

export type InvoiceResult = { error: null; blob: Blob; name: string } | { error: ApiError }

/** The order's invoice PDF; a refusal arrives as the JSON envelope and is answered like every call. */
export async function fetchInvoice(id: string): Promise<InvoiceResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', devicetype: '1' }
  if (session.token) headers.authorization = `JWT ${session.token}`
  try {
    const res = await fetch(`${API_BASE}/order/invoice`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    if ((res.headers.get('content-type') ?? '').startsWith('application/pdf')) {
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'invoice.pdf'
      return { error: null, blob: await res.blob(), name }
    }
    const body = (await res.json()) as ApiError
    if (body.code === 'E_UNAUTHORIZED' && session.token) signOut()
    if (body.code === 'E_DEVICE_UNTRUSTED') markUntrusted()
    return { error: { code: body.code, message: body.message, data: body.data } }
  } catch (err) {
    console.debug('invoice: transport failure', err)
    return { error: { code: NETWORK_ERROR, message: '' } }
  }
}
