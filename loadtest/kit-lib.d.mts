// Types of kit-lib.mjs, for its unit tests (scripts/loadkit.unit.test.ts).
export const SCENARIOS: string[]
export class UsageError extends Error {
  field: string
  constructor(field: string, message: string)
}
export interface KitArgs {
  help: boolean
  target?: string
  credentials?: string
  scenarios?: string[]
  rate?: number
  duration?: number
  rampUp?: number
  vus?: number
  bidders?: number
  lots?: number
  sockets?: number
  windowMs?: number
  out?: string
  minRate?: number
  maxP95?: number
  maxP99?: number
  maxErrors?: number
  maxDropped?: number
}
export function parseArgs(argv: string[], env?: Record<string, string | undefined>): KitArgs
export type Account = { token: string } | { username: string; password: string }
export interface Credentials {
  staff: Account
  admin: Account | null
  buyers: Account[]
  mailbox: 'dev' | 'none'
  captcha?: string
}
export function parseCredentials(text: string): Credentials
export function readCredentials(file: string): Credentials
export function thresholdsOf(opts: KitArgs): Record<string, string[]>
export interface K6Summary {
  metrics: Record<string, { values: Record<string, number>; thresholds?: Record<string, { ok: boolean }> }>
}
export function summaryRow(name: string, summary: K6Summary, opts?: { baseline?: K6Summary; outcome?: string }): string
export function writeReport(r: {
  title: string
  when: string
  target?: string
  shape: string
  rows: string[]
  dashboards?: string[]
  notes?: string[]
}): string
export interface KitLot {
  auctionId: string
  id: string
  stoneId: string
  startCents: number
  incrementCents: number
}
export interface Made {
  bidders: string[]
  stones: string[]
  auctions: string[]
  holds: Set<string>
}
export function prepareTarget(o: {
  baseUrl: string
  creds: Credentials
  bidders?: number
  lots?: number
  log?: (m: string) => void
}): Promise<{
  tokens: string[]
  lots: KitLot[]
  made: Made
  cleanup: () => Promise<string[]>
  staffToken: string
  adminToken: string | null
}>
export function cleanupTarget(
  baseUrl: string,
  made: Made,
  ctx: { staffToken: string | null; adminToken: string | null; holders?: string[] },
): Promise<string[]>
export function availableStones(baseUrl: string, token: string, n: number, exclude?: Set<string>): Promise<string[]>
