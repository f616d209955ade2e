// k6: bids.js at the load kit's open-model rate and the operator's thresholds (kit-options.js).
export * from './bids.js'
import { kitOptions } from './kit-options.js'
export { default } from './bids.js'
export const options = kitOptions()
