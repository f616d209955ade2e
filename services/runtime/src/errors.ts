import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ErrorCodes, OK, type ErrorCode } from '@diamond/contracts/errors'

/** A coded error from the closed set in contracts; thrown by services, answered in the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly data: Record<string, unknown> | null = null,
    message?: string,
  ) {
    super(message ?? ErrorCodes[code].message)
  }
  get status(): number {
    return ErrorCodes[this.code].status
  }
}

/** A successful answer in the spec's envelope. */
/** A field a person must fix, as the envelope's `data.fields` names it: the shape schema errors have. */
export interface FieldProblem {
  field: string
  in: 'body'
  message: string
}

/** A rule beyond the schema broken: the same code, data and message shape as a schema error. */
export const invalidFields = (fields: FieldProblem[]) =>
  new AppError('E_VALIDATION', { fields }, `Invalid Fields: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`)

/** One field of the body broken (see invalidFields). */
export const invalidField = (field: string, message: string) => invalidFields([{ field, in: 'body', message }])

export const ok = <T>(data: T, message = 'OK') => ({ code: OK, message, data })

export function envelope(code: ErrorCode, data: Record<string, unknown> | null = null, message?: string) {
  return { code, message: message ?? ErrorCodes[code].message, data }
}

interface AjvError {
  instancePath: string
  keyword: string
  message?: string
  params: Record<string, unknown>
}

/**
 * Turns schema errors into field names a person can act on: "price: must be number". A value that
 * matches none of a field's allowed constants (a union of literals) is one error naming them,
 * rather than one "must be equal to constant" per constant and an "anyOf" besides.
 */
export function fieldErrors(context: string, errors: AjvError[]) {
  const allowed = new Map<string, unknown[]>()
  for (const e of errors)
    if (e.keyword === 'const')
      allowed.set(e.instancePath, [...(allowed.get(e.instancePath) ?? []), e.params.allowedValue])
  const oneOf = new Set(
    [...allowed.keys()].filter((path) => errors.some((e) => e.keyword === 'anyOf' && e.instancePath === path)),
  )
  const out: { field: string; in: string; message: string }[] = []
  for (const e of errors) {
    if (oneOf.has(e.instancePath) && e.keyword === 'const') continue
    if (oneOf.has(e.instancePath) && e.keyword === 'anyOf') {
      const field = e.instancePath.replace(/^\//, '').replaceAll('/', '.') || context
      out.push({
        field,
        in: context,
        message: `must be one of: ${allowed
          .get(e.instancePath)!
          .map((v) => String(v))
          .join(', ')}`,
      })
      continue
    }
    out.push(...fieldErrorsOf(context, [e]))
  }
  return out
}

function fieldErrorsOf(context: string, errors: AjvError[]) {
  return errors.map((e) => {
    let field = e.instancePath.replace(/^\//, '').replaceAll('/', '.')
    if (e.keyword === 'required') field = [field, String(e.params.missingProperty)].filter(Boolean).join('.')
    if (e.keyword === 'additionalProperties') {
      field = [field, String(e.params.additionalProperty)].filter(Boolean).join('.')
      return { field, in: context, message: 'is not allowed' }
    }
    return { field: field || context, in: context, message: e.message ?? 'is invalid' }
  })
}

const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'E_UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'E_PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'E_BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'E_BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'E_BAD_REQUEST',
}

/** The one error handler: every failure leaves as `{ code, message, data }`; 5xx texts stay generic. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { validation?: AjvError[]; validationContext?: string }, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'service error')
      // A limited answer says when to come back, in the body (data.retryAfter) and as Retry-After.
      if (err.code === 'E_RATE_LIMITED' && typeof err.data?.retryAfter === 'number')
        void reply.header('retry-after', String(err.data.retryAfter))
      return reply.status(err.status).send(envelope(err.code, err.data, err.message))
    }
    if (err.validation) {
      const fields = fieldErrors(err.validationContext ?? 'body', err.validation)
      const text = fields.map((f) => `${f.field} ${f.message}`).join('; ')
      return reply.status(400).send(envelope('E_VALIDATION', { fields }, `Invalid Fields: ${text}`))
    }
    const mapped = err.code ? FRAMEWORK_CODES[err.code] : undefined
    if (mapped)
      return reply
        .status(ErrorCodes[mapped].status)
        .send(
          envelope(
            mapped,
            null,
            mapped === 'E_BAD_REQUEST' ? `The request could not be read: ${err.message}` : undefined,
          ),
        )
    if (malformedMultipart(err))
      return reply
        .status(400)
        .send(envelope('E_BAD_REQUEST', null, 'The request could not be read: its multipart body is malformed.'))
    if (err.statusCode === 429) return reply.status(429).send(envelope('E_RATE_LIMITED'))
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(envelope('E_BAD_REQUEST', null, err.message))
    }
    if (isUnavailable(err)) {
      req.log.error({ err }, 'dependency unavailable')
      return reply.status(503).send(envelope('E_UNAVAILABLE'))
    }
    req.log.error({ err }, 'unhandled error')
    return reply.status(500).send(envelope('E_INTERNAL'))
  })
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => reply.status(404).send(envelope('E_NOT_FOUND')))
}

/**
 * A multipart body the parser (busboy, under @fastify/multipart) cannot read: no boundary, a boundary
 * never met, a body cut off. Its errors carry no code, only these texts; any upload call may meet them,
 * directly or as the cause of an error of the part being read.
 */
export function malformedMultipart(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++)
    if (/^Multipart: Boundary not found$|^Boundary required$|unexpected end of multipart data/i.test(e.message))
      return true
  return false
}

/** A database or broker that is down: the caller may retry, so it is a 503 and not a 500. */
export function isUnavailable(err: unknown): boolean {
  const code = (err as { code?: string }).code
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'CONNECTION_CLOSED' ||
    code === 'CONNECTION_ENDED' ||
    code === 'CONNECT_TIMEOUT' ||
    code === 'CONNECTION_DESTROYED' ||
    code === '57P01' || // admin shutdown
    code === '57P02' || // crash shutdown: another server process died, the server restarts
    code === '57P03' // cannot connect now
  )
}
