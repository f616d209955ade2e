export * from './common'
export * from './errors'
export * from './permissions'
