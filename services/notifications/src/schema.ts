/** Every table of the notifications service, as drizzle sees it (the schema-drift test checks them against the migrations). */
export * from './modules/inbox/inbox.schema'
export * from './modules/banners/banners.schema'
export * from './modules/digests/digests.schema'
export * from './modules/mail/mail.schema'
export * from './modules/appointments/appointments.schema'
export * from './modules/followers/followers.schema'
export * from './modules/content/content.schema'
export * from './modules/care/care.schema'
