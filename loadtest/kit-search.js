// k6: search.js at the load kit's open-model rate and the operator's thresholds (kit-options.js).
export * from './search.js'
import { kitOptions } from './kit-options.js'
export { default } from './search.js'
export const options = kitOptions()
