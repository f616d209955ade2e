import { createSigner, createVerifier } from 'fast-jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { can, type Action, type CompactPermissions, type Module } from '@diamond/contracts/permissions'
import { AppError } from './errors'

export const TOKEN_ISSUER = 'diamond-portal'
export const ALGORITHM = 'HS256'

/** Who is calling: what the token says, checked by every service for itself. */
export interface Principal {
  id: string
  username: string
  userType: string
  perms: CompactPermissions
  noPrice: boolean
  /** The user's token version when signed: tokens below the user's current floor are dead. */
  ver: number
  /** A guest (guest/auth/login): sees stock, changes nothing. */
  guest: boolean
  /** false until the device passed the one-time code: such a token opens only the OTP calls. */
  trusted: boolean
  /** The user's company name ('' or absent for a guest or an older token): e.g. a seller may not bid on their own stone. */
  company?: string
  /** The name the user's company registered under, when it has since been renamed: its stones may carry it. */
  registeredCompany?: string
  /** Operator staff, as the auth service judged at sign-in (the operator company's admins and sales people). */
  operator?: boolean
  /** The id of the user's company (absent without one): a seller's stones are its company's. */
  companyId?: string
  /**
   * This sign-in's session (a random id per sign-in, absent from older tokens): logout ends it
   * alone, the other devices of the user stay signed in.
   */
  sid?: string
}

interface Claims {
  sub: string
  usr: string
  typ: string
  prm: CompactPermissions
  np: boolean
  ver: number
  gst?: boolean
  trs: boolean
  cmp?: string
  cmr?: string
  op?: boolean
  cid?: string
  sid?: string
}

export interface TokenService {
  sign(p: Principal): string
  verify(token: string): Principal
  /**
   * Kills every token of `userId` older than `minVersion` (logout, password change, deactivation,
   * permission change). Floors only rise; each process learns them from `auth.session.revoked`.
   */
  revoke(userId: string, minVersion: number): void
  floorOf(userId: string): number
  /**
   * Kills the tokens of one session (a logout on one device) until `untilMs` (epoch ms; default: the
   * token lifetime from now, after which its tokens have expired anyway). Each process learns it
   * from `auth.session.ended`.
   */
  endSession(sessionId: string, untilMs?: number): void
  /** Whether a session was ended (its tokens are refused). */
  isEnded(sessionId: string): boolean
  /** Until when an ended session must be remembered when it ends now: a token's lifetime. */
  readonly ttlMs: number
}

const VERIFIED_TOKENS = 10_000

/** HS256 only: the verifier refuses any other algorithm, a missing expiry, or another issuer. */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const signer = createSigner({ key: secret, algorithm: ALGORITHM, expiresIn: ttlSeconds * 1000, iss: TOKEN_ISSUER })
  const verifier = createVerifier({
    key: secret,
    algorithms: [ALGORITHM],
    allowedIss: TOKEN_ISSUER,
    requiredClaims: ['exp', 'sub', 'iss'],
  })
  const floors = new Map<string, number>()
  /** Ended sessions and until when (epoch ms) their tokens could still be presented. */
  const ended = new Map<string, number>()
  const isEnded = (sid: string | undefined): boolean => {
    if (!sid) return false
    const until = ended.get(sid)
    if (until === undefined) return false
    if (until > Date.now()) return true
    ended.delete(sid)
    return false
  }
  /**
   * Tokens verified before, by their exact text, until they expire: a trading client sends the same
   * token with every call, and hashing it for a cache key (fast-jwt's own cache) cost about as much
   * as checking its signature. Another text, even one byte of the signature, is verified afresh.
   * Oldest first out once full; the floors are still checked on every call.
   */
  const verified = new Map<string, { claims: Claims; expiresAt: number }>()
  const claimsOf = (token: string): Claims => {
    const hit = verified.get(token)
    if (hit && hit.expiresAt > Date.now()) return hit.claims
    if (hit) verified.delete(token)
    const claims = verifier(token) as Claims & { exp: number }
    if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!)
    verified.set(token, { claims, expiresAt: claims.exp * 1000 })
    return claims
  }
  return {
    sign: (p) =>
      signer({
        sub: p.id,
        usr: p.username,
        typ: p.userType,
        prm: p.perms,
        np: p.noPrice,
        ver: p.ver,
        ...(p.guest ? { gst: true } : {}),
        trs: p.trusted,
        ...(p.company ? { cmp: p.company } : {}),
        ...(p.registeredCompany ? { cmr: p.registeredCompany } : {}),
        ...(p.operator ? { op: true } : {}),
        ...(p.companyId ? { cid: p.companyId } : {}),
        ...(p.sid ? { sid: p.sid } : {}),
      } satisfies Claims),
    verify: (token) => {
      const c = claimsOf(token)
      const ver = c.ver ?? 0
      if (ver < (floors.get(c.sub) ?? 0)) throw new Error('token revoked')
      if (isEnded(c.sid)) throw new Error('session ended')
      return {
        id: c.sub,
        username: c.usr,
        userType: c.typ,
        perms: c.prm ?? {},
        noPrice: !!c.np,
        ver,
        guest: c.gst === true,
        trusted: c.trs === true,
        company: c.cmp ?? '',
        ...(c.cmr ? { registeredCompany: c.cmr } : {}),
        ...(c.op === true ? { operator: true } : {}),
        ...(c.cid ? { companyId: c.cid } : {}),
        ...(c.sid ? { sid: c.sid } : {}),
      }
    },
    revoke: (userId, minVersion) => {
      if (minVersion > (floors.get(userId) ?? 0)) floors.set(userId, minVersion)
    },
    floorOf: (userId) => floors.get(userId) ?? 0,
    endSession: (sessionId, untilMs = Date.now() + ttlSeconds * 1000) => {
      if (untilMs > (ended.get(sessionId) ?? 0)) ended.set(sessionId, untilMs)
      // Bounded by the logouts of one token lifetime: the expired ones go as new ones come.
      if (ended.size % 1024 === 0) for (const [sid, until] of ended) if (until <= Date.now()) ended.delete(sid)
    },
    isEnded: (sessionId) => isEnded(sessionId),
    ttlMs: ttlSeconds * 1000,
  }
}

/** Only the spec's `Authorization: JWT {token}` is accepted: no Bearer, no token in the query. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null
  const m = /^JWT ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header)
  return m ? m[1]! : null
}

/** A valid, live token of a trusted device (or, with `untrusted`, of a device still to verify). */
export function authenticate(
  tokens: TokenService,
  header: string | undefined,
  opts: { untrusted?: boolean } = {},
): Principal {
  const token = tokenFromHeader(header)
  if (!token) throw new AppError('E_UNAUTHORIZED')
  let p: Principal
  try {
    p = tokens.verify(token)
  } catch {
    throw new AppError('E_UNAUTHORIZED')
  }
  if (!p.trusted && !opts.untrusted) throw new AppError('E_DEVICE_UNTRUSTED')
  return p
}

export function requirePermission(p: Principal, module: Module, action: Action): void {
  if (!can(p.perms, module, action))
    throw new AppError(p.guest && action !== 'view' ? 'E_GUEST_FORBIDDEN' : 'E_FORBIDDEN')
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null
  }
  interface FastifyContextConfig {
    /** Route answers without a token. */
    public?: boolean
    /** Module and action the caller needs, checked before the handler runs. */
    permission?: [Module, Action]
    /** Registered members only: a guest token is refused (E_GUEST_FORBIDDEN). */
    member?: boolean
    /** Also accepts a token whose device is not verified yet (the OTP calls, logout). */
    untrusted?: boolean
  }
}

/**
 * Every route of the service needs a valid token of a trusted device unless marked otherwise.
 * A guest changes nothing: routes that change something declare `member` or an insert/all permission.
 */
export function installAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('principal', null)
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify treats a hook without a `done` parameter as async: it must return a promise, and a throw becomes the error reply
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const cfg = req.routeOptions.config
    if (cfg?.public) return
    req.principal = authenticate(tokens, req.headers.authorization, { untrusted: cfg?.untrusted })
    if (cfg?.member && req.principal.guest) throw new AppError('E_GUEST_FORBIDDEN')
    if (cfg?.permission) requirePermission(req.principal, cfg.permission[0], cfg.permission[1])
  })
}

/** The caller of an authenticated route. */
export function principal(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('E_UNAUTHORIZED')
  return req.principal
}
