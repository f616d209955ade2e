// k6: hold-rush.js at the load kit's open-model rate and the operator's thresholds (kit-options.js).
export * from './hold-rush.js'
import { kitOptions } from './kit-options.js'
export { default } from './hold-rush.js'
export const options = kitOptions()
