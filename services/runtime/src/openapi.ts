import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import type { FastifySchema, RouteOptions } from 'fastify'
import { ErrorCodes, type ErrorCode } from '@diamond/contracts/errors'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Error codes the call answers beyond those its route implies (for the API document): input
     * (E_VALIDATION …), sign-in (E_UNAUTHORIZED …), rights (E_FORBIDDEN …) and 500/503 are derived.
     */
    errors?: readonly ErrorCode[]
    /** The call answers a file of one of these media types instead of the JSON envelope. */
    produces?: readonly string[]
    /**
     * The call acts on a seller's own stock (the service decides): anyone else is refused
     * (E_FORBIDDEN), and a seller company or object named that is not the caller's is not found.
     */
    seller?: boolean
  }
}

const JWT = 'jwt'
const ERROR_REF = '#/components/schemas/Error'

/** The API document's own part of the envelope: `code` is one of the closed set of error codes. */
export const ErrorSchema = {
  type: 'object',
  description:
    'Every failure answers this envelope; `code` says what went wrong, `message` is an English fallback text.',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'string', enum: Object.keys(ErrorCodes) },
    message: { type: 'string' },
    data: {
      type: ['object', 'null'],
      description:
        'Details: `fields` for E_VALIDATION, `retryAfter` (seconds) for E_RATE_LIMITED, otherwise mostly null.',
      properties: {
        fields: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'in', 'message'],
            properties: { field: { type: 'string' }, in: { type: 'string' }, message: { type: 'string' } },
          },
        },
        retryAfter: { type: 'integer', minimum: 0 },
      },
    },
  },
} as const

/** Examples of an error answer, with the data the handlers really send for the codes that carry some. */
function exampleOf(code: ErrorCode) {
  if (code === 'E_VALIDATION') {
    return {
      code,
      message: 'Invalid Fields: limit must be integer',
      data: { fields: [{ field: 'limit', in: 'body', message: 'must be integer' }] },
    }
  }
  if (code === 'E_RATE_LIMITED') return { code, message: ErrorCodes[code].message, data: { retryAfter: 30 } }
  return { code, message: ErrorCodes[code].message, data: null }
}

/** `POST /web/v1/diamond/hold` → `diamondHold`; other verbs lead (`getUploadFileById`). */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/web\/v1\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((seg) =>
      seg.startsWith(':')
        ? ['by', seg.slice(1)]
        : seg.startsWith('{')
          ? ['by', seg.slice(1, -1)]
          : seg.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean)
  if (method.toLowerCase() !== 'post') words.unshift(method.toLowerCase())
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1))).join('')
}

type Schema = FastifySchema & Record<string, unknown>

const hasIdField = (s: unknown): boolean => {
  const props = (s as { properties?: Record<string, unknown> } | undefined)?.properties
  return !!props && Object.keys(props).some((k) => k === 'id' || /[a-z]Id$/.test(k))
}

/** What a route can answer besides success, from what the code knows about it. */
export function errorCodesOf(route: Pick<RouteOptions, 'url' | 'config'>, schema: Schema | undefined): ErrorCode[] {
  const cfg = route.config ?? {}
  const codes = new Set<ErrorCode>()
  if (schema?.body)
    for (const c of ['E_VALIDATION', 'E_BAD_REQUEST', 'E_UNSUPPORTED_MEDIA_TYPE', 'E_PAYLOAD_TOO_LARGE'] as const)
      codes.add(c)
  // A multipart call reads its fields and file itself: the same input codes.
  if ((schema?.consumes as string[] | undefined)?.includes('multipart/form-data'))
    for (const c of ['E_VALIDATION', 'E_BAD_REQUEST', 'E_UNSUPPORTED_MEDIA_TYPE'] as const) codes.add(c)
  if (schema?.querystring || schema?.params || route.url.includes(':')) codes.add('E_VALIDATION')
  if (!cfg.public) {
    codes.add('E_UNAUTHORIZED')
    if (!cfg.untrusted) codes.add('E_DEVICE_UNTRUSTED')
    if (cfg.member) codes.add('E_GUEST_FORBIDDEN')
    if (cfg.permission) {
      codes.add('E_FORBIDDEN')
      if (cfg.permission[1] !== 'view') codes.add('E_GUEST_FORBIDDEN')
    }
  }
  // Whatever is named by its id answers "not found" when it does not exist or is someone else's.
  if (route.url.includes(':') || hasIdField(schema?.params) || hasIdField(schema?.body)) codes.add('E_NOT_FOUND')
  if (cfg.seller) {
    codes.add('E_FORBIDDEN')
    codes.add('E_NOT_FOUND')
  }
  for (const c of cfg.errors ?? []) codes.add(c)
  codes.add('E_INTERNAL')
  codes.add('E_UNAVAILABLE')
  return [...codes]
}

/** The responses of the given error codes, one per HTTP status, each naming its codes. */
export function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const c of codes) byStatus.set(ErrorCodes[c].status, [...(byStatus.get(ErrorCodes[c].status) ?? []), c])
  const out: Record<string, unknown> = {}
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: list.map((c) => `${c}: ${ErrorCodes[c].message}`).join('\n\n'),
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: ERROR_REF }, { type: 'object', properties: { code: { type: 'string', enum: list } } }],
          },
          examples: Object.fromEntries(list.map((c) => [c, { value: exampleOf(c) }])),
        },
      },
    }
  }
  return out
}

type Json = Record<string, unknown>
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * JSON Schema as TypeBox writes it, made plainer for readers and client generators: a union of
 * literals becomes one `enum`, "X or null" becomes a type array (OpenAPI 3.1 has no `nullable`), and
 * a tuple takes 2020-12's `prefixItems`.
 */
export function simplifySchema(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(simplifySchema)
  if (!isObj(s)) return s
  const out: Json = {}
  for (const [k, v] of Object.entries(s)) {
    // Property maps and examples hold names and values, not schemas of their own to simplify.
    if (k === 'examples' || k === 'example' || k === 'default' || k === 'enum' || k === 'const') out[k] = v
    else if ((k === 'properties' || k === 'patternProperties' || k === '$defs') && isObj(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, simplifySchema(sub)]))
    } else out[k] = simplifySchema(v)
  }
  // A tuple as TypeBox writes it (draft-07: `items` an array, `additionalItems: false`) in the words
  // of JSON Schema 2020-12, which OpenAPI 3.1 speaks: `prefixItems`, its length held by min/maxItems.
  if (out.type === 'array' && Array.isArray(out.items)) {
    const { items, additionalItems: closed, ...tuple } = out
    // Closed (TypeBox's tuples are): no place after the last, said as a length.
    return closed === false
      ? { ...tuple, prefixItems: items, maxItems: items.length }
      : { ...tuple, prefixItems: items }
  }
  const members = out.anyOf
  if (!Array.isArray(members) || members.length < 2 || 'type' in out || 'enum' in out || 'const' in out) return out
  const rest = Object.fromEntries(Object.entries(out).filter(([k]) => k !== 'anyOf'))
  const nonNull = members.filter((m) => !(isObj(m) && m.type === 'null' && Object.keys(m).length === 1))
  const hasNull = nonNull.length !== members.length
  const literal = (m: unknown): m is { type: string; enum: unknown[] } =>
    isObj(m) &&
    typeof m.type === 'string' &&
    Array.isArray(m.enum) &&
    Object.keys(m).every((k) => k === 'type' || k === 'enum')
  // A union of literals of one type: one enum.
  if (nonNull.length > 0 && nonNull.every(literal) && new Set(nonNull.map((m) => m.type)).size === 1) {
    const type = nonNull[0]!.type
    const values = nonNull.flatMap((m) => m.enum)
    return { ...rest, type: hasNull ? [type, 'null'] : type, enum: hasNull ? [...values, null] : values }
  }
  // "X or null" with a plain X: X with "null" among its types.
  const only = nonNull[0]
  if (
    hasNull &&
    nonNull.length === 1 &&
    isObj(only) &&
    typeof only.type === 'string' &&
    Object.keys(only).every((k) => !(k in rest))
  ) {
    const merged: Json = { ...rest, ...only, type: [only.type, 'null'] }
    if (Array.isArray(only.enum)) merged.enum = [...only.enum, null]
    return merged
  }
  return out
}

/** What each tag of the document groups. */
const TAGS: Record<string, string> = {
  account: 'The signed-in user: profile, settings, addresses, company users',
  auth: 'Sign-in, device codes, passwords, registration and approvals',
  banners: 'Banners shown in the portal',
  bidding: 'Auctions, lots, bids and the bid cart',
  common: 'Masters and small shared calls (server time)',
  dev: 'Development only: the demo mailbox',
  health: 'Readiness of the portal and each service',
  locations: 'Countries, states and cities',
  notifications: 'Notifications of the signed-in user',
  orders: 'Confirmations, orders, invoices and shipments',
  stock: 'Stones: search, hold, confirm, track, downloads',
  appointments: 'Cabin appointments and show selections',
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const

/** The document as a whole: error responses and file answers in place, schemas made plainer. */
export function finishDocument(doc: Json): Json {
  const components = (doc.components ?? {}) as Json
  components.schemas = { ...(components.schemas as Json | undefined), Error: ErrorSchema }
  doc.components = components
  const tags = new Set<string>()
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const m of METHODS) {
      const op = item[m] as Json | undefined
      if (!op) continue
      for (const t of (op.tags as string[] | undefined) ?? []) tags.add(t)
      const responses = simplifySchema(op.responses ?? {}) as Json
      for (const [status, r] of Object.entries(responses)) {
        if (!status.startsWith('2') || !isObj(r)) continue
        if (r.description === 'Default Response') r.description = 'Success (code OK)'
        const props = ((r.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as
          Json | undefined
        const code = (props?.properties as Json | undefined)?.code as Json | undefined
        if (code && code.type === 'string' && !code.enum) code.enum = ['OK']
      }
      const produces = op['x-produces'] as string[] | undefined
      if (produces) {
        responses['200'] = {
          description: `A file (${produces.join(', ')}), sent as an attachment`,
          content: Object.fromEntries(produces.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
        }
      }
      // A status the route describes itself (health's 503 with its checks) keeps its own answer.
      for (const [status, r] of Object.entries(errorResponses((op['x-errors'] as ErrorCode[] | undefined) ?? [])))
        responses[status] ??= r
      op.responses = responses
      for (const part of ['parameters', 'requestBody'] as const) if (op[part]) op[part] = simplifySchema(op[part])
      delete op['x-errors']
      delete op['x-produces']
    }
  }
  const known = new Set(((doc.tags as { name: string }[] | undefined) ?? []).map((t) => t.name))
  doc.tags = [
    ...((doc.tags as unknown[] | undefined) ?? []),
    ...[...tags]
      .filter((t) => !known.has(t))
      .sort()
      .map((name) => (TAGS[name] ? { name, description: TAGS[name] } : { name })),
  ]
  return doc
}

/**
 * The @fastify/swagger options every server uses: OpenAPI 3.1 (JSON Schema 2020-12, which TypeBox
 * writes), an operationId and error responses per call, `security: []` on public calls.
 */
export function openapiOptions(title: string): FastifyDynamicSwaggerOptions {
  const ids = new Map<string, string>()
  const uniqueId = (wanted: string, key: string) => {
    let id = wanted
    for (let n = 2; ids.has(id) && ids.get(id) !== key; n++) id = `${wanted}${n}`
    ids.set(id, key)
    return id
  }
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title,
        version: '1.0.0',
        description:
          'All calls answer `{ code, message, data }`; `code` is OK on success, an error code otherwise (see the Error schema). ' +
          'Signed-in calls send `Authorization: JWT {token}` (the token from auth/login).',
      },
      servers: [{ url: '/', description: 'This portal' }],
      components: {
        securitySchemes: {
          [JWT]: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The word JWT, a space and the token: `JWT {token}`',
          },
        },
      },
      security: [{ [JWT]: [] }],
    },
    transform: ({ schema, url, route }) => {
      const s = { ...(schema ?? {}) } as Schema
      if (s.hide) return { schema: s, url }
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string
      s.operationId = uniqueId((s.operationId as string | undefined) ?? operationIdOf(method, url), `${method} ${url}`)
      s.summary ??= url
        .replace(/^\/web\/v1\//, '')
        .replace(/[/_-]+/g, ' ')
        .replace(/^./, (c) => c.toUpperCase())
      s.security = route.config?.public ? [] : [{ [JWT]: [] }]
      s['x-errors'] = errorCodesOf(route, schema as Schema)
      if (route.config?.produces) s['x-produces'] = route.config.produces
      return { schema: s, url }
    },
    transformObject: (d) => finishDocument((d as unknown as { openapiObject: Json }).openapiObject) as never,
  }
}
