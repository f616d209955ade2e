/** Every table of the stock service, as drizzle sees it (the schema-drift test checks them against the migrations). */
export * from './modules/stones/stones.schema'
export * from './modules/blocks/blocks.schema'
export * from './modules/saved-searches/saved-searches.schema'
export * from './modules/tracks/tracks.schema'
export * from './modules/orders/orders.schema'
export * from './modules/demands/demands.schema'
export * from './modules/demo/demo.schema'
export * from './modules/digests/digests.schema'
