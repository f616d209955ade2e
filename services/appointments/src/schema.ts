/** Every table of the appointments service, as drizzle sees it (the schema-drift test checks them against the migrations). */
export * from './modules/offices/offices.schema'
export * from './modules/offices/cabins.schema'
export * from './modules/bookings/bookings.schema'
export * from './modules/requests/requests.schema'
