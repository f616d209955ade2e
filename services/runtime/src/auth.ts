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
  ver: number
}

interface Claims {
  sub: string
  usr: string
  typ: string
  prm: CompactPermissions
  np: boolean
  ver: number
}

export interface TokenService {
  sign(p: Principal): string
  verify(token: string): Principal
}

/** HS256 only: the verifier refuses any other algorithm, a missing expiry, or another issuer. */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const signer = createSigner({ key: secret, algorithm: ALGORITHM, expiresIn: ttlSeconds * 1000, iss: TOKEN_ISSUER })
  const verifier = createVerifier({
    key: secret,
    algorithms: [ALGORITHM],
    allowedIss: TOKEN_ISSUER,
    requiredClaims: ['exp', 'sub', 'iss'],
    cache: 10_000,
  })
  return {
    sign: (p) => signer({ sub: p.id, usr: p.username, typ: p.userType, prm: p.perms, np: p.noPrice, ver: p.ver } satisfies Claims),
    verify: (token) => {
      const c = verifier(token) as Claims
      return { id: c.sub, username: c.usr, userType: c.typ, perms: c.prm ?? {}, noPrice: !!c.np, ver: c.ver ?? 0 }
    },
  }
}

/** Only the spec's `Authorization: JWT {token}` is accepted: no Bearer, no token in the query. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null
  const m = /^JWT ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header)
  return m ? m[1]! : null
}

export function authenticate(tokens: TokenService, header: string | undefined): Principal {
  const token = tokenFromHeader(header)
  if (!token) throw new AppError('E_UNAUTHORIZED')
  try {
    return tokens.verify(token)
  } catch {
    throw new AppError('E_UNAUTHORIZED')
  }
}

export function requirePermission(p: Principal, module: Module, action: Action): void {
  if (!can(p.perms, module, action)) throw new AppError('E_FORBIDDEN')
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
  }
}

/** Every route of the service needs a valid token unless it is marked public. */
export function installAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('principal', null)
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const cfg = req.routeOptions.config
    if (cfg?.public) return
    req.principal = authenticate(tokens, req.headers.authorization)
    if (cfg?.permission) requirePermission(req.principal, cfg.permission[0], cfg.permission[1])
  })
}

/** The caller of an authenticated route. */
export function principal(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('E_UNAUTHORIZED')
  return req.principal
}
