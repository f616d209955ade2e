// Types of generator.mjs, for the TypeScript scripts that share it (scripts/bench-fanout.ts).
export interface ThreadLoad {
  busy: number
  cpu: number | null
  delayP99Ms: number
  delayMaxMs: number
}
export const KEPT_UP: { busy: number; delayP99Ms: number }
export function watchThread(): { read(): ThreadLoad; stop(): void }
export function keptUp(threads: ThreadLoad[]): boolean
export function describeThreads(threads: ThreadLoad[]): string
