import { customType } from 'drizzle-orm/pg-core'

/**
 * Column types for drizzle over the service's own postgres.js pool (see `orm` in db.ts). postgres.js
 * already turns json into values and values into json; drizzle's own `jsonb` stringifies once more on
 * the way in, which would store a json string instead of an object. Declare jsonb columns with this
 * one (`jsonb('doc').$type<Doc>()`); every other pg-core column type works as it is.
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({ dataType: () => 'jsonb' })

/** bytea (drizzle's pg-core has none): postgres.js reads a Buffer and writes one as it is. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })
