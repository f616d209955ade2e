/** Every table of the appointments service, as drizzle sees it (the schema-drift test checks them against the migrations). */
export * from './modules/cabins/cabins.schema'
