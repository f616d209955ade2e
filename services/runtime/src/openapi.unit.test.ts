import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { errorCodesOf, finishDocument, operationIdOf, simplifySchema } from './openapi'

describe('operationIdOf', () => {
  it('names a call after its path, other verbs than POST leading', () => {
    expect(operationIdOf('POST', '/web/v1/diamond/hold')).toBe('diamondHold')
    expect(operationIdOf('POST', '/web/v1/diamond-bid/auction/create')).toBe('diamondBidAuctionCreate')
    expect(operationIdOf('GET', '/web/v1/upload-file/:id')).toBe('getUploadFileById')
    expect(operationIdOf('delete', '/web/v1/dev/mailbox')).toBe('deleteDevMailbox')
  })
})

describe('errorCodesOf', () => {
  it('derives input, sign-in and rights errors from the route, and adds declared ones', () => {
    const codes = errorCodesOf(
      { url: '/web/v1/diamond/hold', config: { permission: ['hold', 'insert'], errors: ['E_STONE_UNAVAILABLE'] } },
      { body: { properties: { id: {} } } },
    )
    expect(codes).toEqual(
      expect.arrayContaining([
        'E_VALIDATION',
        'E_UNAUTHORIZED',
        'E_DEVICE_UNTRUSTED',
        'E_FORBIDDEN',
        'E_GUEST_FORBIDDEN',
        'E_NOT_FOUND',
        'E_STONE_UNAVAILABLE',
        'E_INTERNAL',
        'E_UNAVAILABLE',
      ]),
    )
  })
  it('gives a public call without input only the server errors', () => {
    expect(errorCodesOf({ url: '/web/v1/health', config: { public: true } }, {})).toEqual([
      'E_INTERNAL',
      'E_UNAVAILABLE',
    ])
  })

  // The seller's upload calls documented no 400 and no 404, and no E_FORBIDDEN, which a buyer meets.
  it('gives a multipart call the input errors, and a seller call the refusal and "not found"', () => {
    const codes = errorCodesOf(
      { url: '/web/v1/seller/media/upload', config: { member: true, seller: true } },
      { consumes: ['multipart/form-data'] },
    )
    expect(codes).toEqual(
      expect.arrayContaining([
        'E_VALIDATION',
        'E_BAD_REQUEST',
        'E_UNSUPPORTED_MEDIA_TYPE',
        'E_FORBIDDEN',
        'E_NOT_FOUND',
      ]),
    )
    expect(errorCodesOf({ url: '/web/v1/x', config: { member: true } }, {})).not.toContain('E_FORBIDDEN')
  })
})

describe('simplifySchema', () => {
  it('writes a TypeBox tuple with prefixItems, as OpenAPI 3.1 reads arrays of fixed places', () => {
    const hm = { type: 'string', pattern: '^\\d{2}:\\d{2}$' }
    const tuple = Type.Tuple([Type.String(), Type.String()])
    expect(simplifySchema(JSON.parse(JSON.stringify(tuple)))).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'string' }],
      minItems: 2,
      maxItems: 2,
    })
    // Nested in an array of intervals, as opening hours are.
    expect(
      simplifySchema({ type: 'array', items: { type: 'array', items: [hm, hm], additionalItems: false } }),
    ).toEqual({
      type: 'array',
      items: { type: 'array', prefixItems: [hm, hm], maxItems: 2 },
    })
  })
  it('turns a union of literals into one enum, with null when allowed', () => {
    const lit = (v: string) => ({ type: 'string', enum: [v] })
    expect(simplifySchema({ anyOf: [lit('A'), lit('H')] })).toEqual({ type: 'string', enum: ['A', 'H'] })
    expect(simplifySchema({ anyOf: [lit('A'), { type: 'null' }] })).toEqual({
      type: ['string', 'null'],
      enum: ['A', null],
    })
  })
  it('turns "X or null" into a type array, and leaves other unions alone', () => {
    expect(simplifySchema({ anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] })).toEqual({
      type: ['integer', 'null'],
      minimum: 1,
    })
    const mixed = { anyOf: [{ type: 'object' }, { type: 'array' }] }
    expect(simplifySchema(mixed)).toEqual(mixed)
    expect(simplifySchema({ properties: { anyOf: { type: 'string' } } })).toEqual({
      properties: { anyOf: { type: 'string' } },
    })
  })
})

describe('finishDocument', () => {
  it('adds the error responses of a call without replacing one it describes itself', () => {
    const own503 = { description: 'not ready', content: { 'application/json': { schema: { type: 'object' } } } }
    const doc = finishDocument({
      paths: {
        '/web/v1/health': {
          get: {
            responses: { '200': { description: 'Default Response' }, '503': own503 },
            'x-errors': ['E_INTERNAL', 'E_UNAVAILABLE'],
          },
        },
      },
    })
    const op = (doc.paths as Record<string, { get: { responses: Record<string, unknown> } & Record<string, unknown> }>)[
      '/web/v1/health'
    ]!.get
    expect(op.responses['503']).toEqual(own503)
    expect(op.responses['500']).toMatchObject({ description: 'E_INTERNAL: Something went wrong. Please try again.' })
    expect(op['x-errors']).toBeUndefined()
    expect(doc.components).toMatchObject({ schemas: { Error: expect.any(Object) } })
  })
})
