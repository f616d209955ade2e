import type { FastifyInstance } from 'fastify'
import { periodic, type Database, type TokenService } from '@diamond/runtime'
import fileRoutes from '../files/files.routes'
import { FileService } from '../files/files.service'
import managementRoutes from '../management/management.routes'
import { ManagementService } from '../management/management.service'
import registrationRoutes from '../registration/registration.routes'
import { RegistrationService } from '../registration/registration.service'
import profileRoutes from './profile.routes'
import { ProfileService } from './profile.service'

/** How often unclaimed uploads and old address counts are swept (uploads live 24 hours unclaimed). */
const PURGE_EVERY_MS = 30 * 60_000

/**
 * Accounts: registration, uploads, the caller's profile and addresses, and a company admin's user
 * management. Each part is its own encapsulated plugin (uploads alone accept multipart).
 */
export default async function accountRoutes(
  app: FastifyInstance,
  { database, tokens }: { database: Database; tokens: TokenService },
) {
  const files = new FileService(database)
  await app.register(fileRoutes, { files, tokens })
  await app.register(registrationRoutes, { registrations: new RegistrationService(database) })
  await app.register(profileRoutes, { profiles: new ProfileService(database) })
  await app.register(managementRoutes, { management: new ManagementService(database, tokens) })
  periodic(app, 'upload purge', PURGE_EVERY_MS, () => files.purge(), { firstAfterMs: PURGE_EVERY_MS })
}
