/** Every table of the auth service, as drizzle sees it (the schema-drift test checks them against the migrations). */
export * from './modules/users/users.schema'
export * from './modules/profile/profile.schema'
export * from './modules/files/files.schema'
export * from './modules/devices/devices.schema'
export * from './modules/credentials/credentials.schema'
export * from './modules/session/session.schema'
export * from './modules/guests/guests.schema'
export * from './modules/digests/digests.schema'
