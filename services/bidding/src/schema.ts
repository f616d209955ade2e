/** Every table of the bidding service, as drizzle sees it (the schema-drift test checks them against the migrations). */
export * from './modules/stones/stones.schema'
export * from './modules/auctions/auctions.schema'
export * from './modules/engine/engine.schema'
