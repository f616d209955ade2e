// k6: baseline.js at the load kit's open-model rate and the operator's thresholds (kit-options.js).
export * from './baseline.js'
import { kitOptions } from './kit-options.js'
export { default } from './baseline.js'
export const options = kitOptions()
