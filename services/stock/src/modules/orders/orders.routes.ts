import { Envelope, PageRequest } from '@diamond/contracts/common'
import {
  BillTypeList,
  Calculation,
  CalculationRequest,
  ConfirmedPage,
  ConfirmHeaders,
  ConfirmRequest,
  ConfirmResult,
  Order,
  OrderId,
  OrderPage,
  Shipment,
  ShipmentPage,
  ShipmentPageRequest,
  ShipmentRequest,
  ShipmentUpdate,
  TrackRequest,
  TrackResult,
} from '@diamond/contracts/http/orders'
import { defineRoutes, ok, principal, requirePermission } from '@diamond/runtime'
import { invoicePdf, type Issuer } from './invoice.pdf'
import type { TaxRate } from './orders.rules'
import type { OrderService } from './orders.service'

const tags = ['orders']

export default defineRoutes(function orderRoutes(
  app,
  { orders, invoice }: { orders: OrderService; invoice: { issuer: Issuer; taxes: TaxRate[] } },
) {
  app.post(
    '/diamond-confirm/bill-types',
    {
      config: { permission: ['confirmStone', 'view'] },
      schema: {
        tags,
        summary: 'The six bill types with value, reset-discount and minimum',
        response: { 200: Envelope(BillTypeList) },
      },
    },
    () => ok(orders.billTypes()),
  )

  app.post(
    '/diamond/get-discount-calculations',
    {
      config: { permission: ['confirmStone', 'view'], member: true },
      schema: {
        tags,
        summary: 'The figures of a selection on a bill type (the final calculation)',
        body: CalculationRequest,
        response: { 200: Envelope(Calculation) },
      },
    },
    async (req) => ok(await orders.calculate(principal(req), req.body)),
  )

  app.post(
    '/diamond-confirm/request',
    {
      // Order insert follows Is_PlaceOrder; confirming also needs the confirm-stone right.
      config: {
        errors: ['E_STONE_UNAVAILABLE', 'E_MIN_AMOUNT', 'E_IDEMPOTENCY_MISMATCH'],
        permission: ['order', 'insert'],
        member: true,
      },
      schema: {
        tags,
        summary:
          'Confirm a basket of stones with a bill type: one order, all or nothing. Send a fresh Idempotency-Key per confirm.',
        headers: ConfirmHeaders,
        body: ConfirmRequest,
        response: { 200: Envelope(ConfirmResult) },
      },
    },
    async (req) => {
      const who = principal(req)
      requirePermission(who, 'confirmStone', 'insert')
      const body = req.body
      const key = req.headers['idempotency-key']
      return ok(
        await orders.confirm(who, { ids: body.ids, billType: body.billType, companyName: body.companyName, key }),
        'Your order is placed.',
      )
    },
  )

  app.post(
    '/diamond-confirm/paginate',
    {
      config: { permission: ['confirmStone', 'view'], member: true },
      schema: { tags, summary: 'My confirmed stones', body: PageRequest, response: { 200: Envelope(ConfirmedPage) } },
    },
    async (req) => ok(await orders.confirmed(principal(req), req.body)),
  )

  app.post(
    '/order/paginate',
    {
      config: { permission: ['order', 'view'], member: true },
      schema: {
        tags,
        summary: 'My orders with lines and totals (purchase history)',
        body: PageRequest,
        response: { 200: Envelope(OrderPage) },
      },
    },
    async (req) => ok(await orders.orders(principal(req), req.body)),
  )

  app.post(
    '/order/view',
    {
      config: { permission: ['order', 'view'], member: true },
      schema: { tags, body: OrderId, response: { 200: Envelope(Order) } },
    },
    async (req) => ok(await orders.order(principal(req), req.body.id)),
  )

  app.post(
    '/order/invoice',
    {
      config: { produces: ['application/pdf'], permission: ['order', 'view'], member: true },
      schema: { tags, summary: "An order's invoice as PDF (its owner or staff)", body: OrderId },
    },
    async (req, reply) => {
      const data = await orders.invoiceData(principal(req), req.body.id)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${data.order.orderNo}.pdf"`)
        .header('cache-control', 'no-store')
        .send(invoicePdf({ ...data, ...invoice }))
    },
  )

  app.post(
    '/shipping-detail',
    {
      config: { permission: ['shipment', 'view'], member: true },
      schema: { tags, summary: "An order's shipment", body: ShipmentRequest, response: { 200: Envelope(Shipment) } },
    },
    async (req) => ok(await orders.shipment(principal(req), req.body.orderId)),
  )

  app.post(
    '/shipping-detail/paginate',
    {
      config: { permission: ['shipment', 'view'], member: true },
      schema: {
        tags,
        summary: 'My shipments (staff: all); open: only those not delivered yet',
        body: ShipmentPageRequest,
        response: { 200: Envelope(ShipmentPage) },
      },
    },
    async (req) => ok(await orders.shipments(principal(req), req.body)),
  )

  app.post(
    '/shipping-detail/update',
    {
      config: { errors: ['E_SHIPMENT_STEP'], permission: ['shipment', 'all'], member: true },
      schema: {
        tags,
        summary: 'Staff: move a shipment on by one step',
        body: ShipmentUpdate,
        response: { 200: Envelope(Shipment) },
      },
    },
    async (req) => ok(await orders.advance(req.body), 'Shipment updated'),
  )

  app.post(
    '/shipping-detail/track',
    {
      config: { member: true },
      schema: {
        tags,
        summary: 'Track a diamond by stone number or order number (own orders only)',
        body: TrackRequest,
        response: { 200: Envelope(TrackResult) },
      },
    },
    async (req) => ok(await orders.track(principal(req), req.body.q)),
  )
})
