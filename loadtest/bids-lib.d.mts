// Types of bids-lib.mjs, for the TypeScript scripts that share it (scripts/reliability-bids.ts).
export const root: string
export function sleep(ms: number): Promise<void>
export function freePort(span?: number): Promise<number>
export interface Answer {
  status: number
  code: string
  message: string
  data: any
}
export function client(baseUrl: string): {
  post(path: string, body: unknown, token?: string): Promise<Answer>
  get(path: string, token?: string): Promise<Answer>
}
export function signIn(baseUrl: string, username: string): Promise<string>
export function createBidders(baseUrl: string, n: number, prefix?: string): Promise<string[]>
export function pool<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]>
export function stonesForBid(baseUrl: string, staffToken: string, n: number, taken?: Set<string>): Promise<string[]>
export interface BenchLot {
  /** The lot's auction (its room on the live feed). */
  auctionId: string
  id: string
  stoneId: string
  startCents: number
  incrementCents: number
}
export function createAuction(
  baseUrl: string,
  staffToken: string,
  opts: {
    kind: 'justBidIt' | 'lookAndBid' | 'blind' | 'live'
    title: string
    stoneIds: string[]
    startPerCarat?: number
    incrementPerCarat?: number
    opensInSeconds?: number
    closesInSeconds?: number
    softClose?: { windowSeconds: number; extendSeconds: number }
  },
): Promise<BenchLot[]>
export function percentiles(ms: number[]): { med: number; p95: number; p99: number }
export function pgUpdateBaseline(
  url: string,
  clients: number,
  updates: number,
): Promise<{ rate: number; med: number; p95: number; p99: number; count: number }>
export function biddingTables(sql: unknown): Promise<{
  lots: string
  bids: string
  closesAt: string
  state: string
  price: string
  seq: string
  onlyBids: string
}>
export function newRequestId(): string
/** A process's CPU (user + system, all its threads) in seconds, or null once it is gone. */
export function processCpu(pid: number | string): number | null
/**
 * Waits until the process tree under `rootPid` uses under `quietShare` of a core over `windowMs`, or
 * holds steady (two windows within 5 % of a core, under 40 %), for at most `maxMs`.
 */
export function settle(
  rootPid: number,
  opts?: { quietShare?: number; windowMs?: number; maxMs?: number },
): Promise<{ waitedMs: number; share: number; quiet: boolean }>
