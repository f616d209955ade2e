import { Type } from 'typebox'
import type { UserPermissions as Rights } from './permissions.values'

export * from './permissions.values'

/** The schema of a user's rights as the API carries them (see permissions.values.ts for the rules). */
export const ModulePermission = Type.Object({ view: Type.Boolean(), insert: Type.Boolean(), all: Type.Boolean() })
export const UserPermissions = Type.Record(Type.String(), ModulePermission)
export type UserPermissions = Rights
