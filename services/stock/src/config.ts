import { createHash } from 'node:crypto'
import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'
import { portOf } from '@diamond/runtime/registry'
import { DEFAULT_SEARCH_LIMIT } from '@diamond/contracts/http/stock.values'
import { INVENTORY_FILE_MAX_BYTES } from '@diamond/contracts/http/inventory'

export const StockConfig = Type.Object({
  STOCK_PORT: Type.Integer({ default: portOf('stock') }),
  STOCK_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** How long a hold keeps a stone for its holder before it returns to stock. */
  STOCK_HOLD_MINUTES: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60, default: 30 }),
  /** An open offer (a quote) that nobody answers within this many minutes expires; every answer restarts it. */
  STOCK_OFFER_MINUTES: Type.Integer({ minimum: 1, maximum: 30 * 24 * 60, default: 48 * 60 }),
  /** How often due reminders and expired offers are looked for. */
  STOCK_LIST_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 5000 }),
  /** How often counted stone views and searches (analytics/create) are written: one transaction per flush. */
  STOCK_ANALYTICS_FLUSH_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 2000 }),
  STOCK_DEMO_STONES: Type.Integer({ minimum: 0, maximum: 5_000_000, default: 25_000 }),
  /** A filtered search finding more stones than this answers 'Please narrow your search, as result is > {limit} Diamonds'. */
  STOCK_SEARCH_LIMIT: Type.Integer({ minimum: 1, maximum: 10_000_000, default: DEFAULT_SEARCH_LIMIT }),
  /** Stones that arrived within this many days are new arrivals. */
  STOCK_NEW_ARRIVAL_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 7 }),
  /** Media hosts (spec section 7); empty means the portal has no such media. The defaults are the demo's drawn images. */
  STOCK_IMAGE_HOST: Type.String({ default: '/web/v1/diamond-media/image' }),
  STOCK_PLOTTING_HOST: Type.String({ default: '/web/v1/diamond-media/plotting' }),
  STOCK_VIDEO_HOST: Type.String({ default: '' }),
  STOCK_CERTIFICATE_HOST: Type.String({ default: '' }),
  STOCK_XRAY_HOST: Type.String({ default: '' }),
  /**
   * Where uploaded photos, videos and certificates are kept. With STOCK_S3_ENDPOINT set: an
   * S3-compatible bucket (the distributed mode: every instance sees the same files); otherwise the
   * folder STOCK_MEDIA_DIR (the embedded mode puts it under its data folder; the default is a folder
   * under the system's temporary directory, for tests).
   */
  STOCK_MEDIA_DIR: Type.String({ default: '' }),
  STOCK_S3_ENDPOINT: Type.String({ default: '', pattern: '^(https?://.+)?$' }),
  STOCK_S3_BUCKET: Type.String({ default: 'diamond-media', pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' }),
  STOCK_S3_REGION: Type.String({ default: 'us-east-1' }),
  STOCK_S3_ACCESS_KEY_ID: Type.String({ default: '' }),
  STOCK_S3_SECRET_ACCESS_KEY: Type.String({ default: '' }),
  /** The open full-stock download: files per caller (user, or address when signed out) per window, and files built at once. */
  STOCK_FULL_STOCK_MAX: Type.Integer({ minimum: 1, maximum: 10_000, default: 5 }),
  STOCK_FULL_STOCK_WINDOW_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400, default: 600 }),
  STOCK_FULL_STOCK_CONCURRENT: Type.Integer({ minimum: 1, maximum: 100, default: 4 }),
  /** A seller's upload file: at most this many bytes (the gateway lets the portal's maximum through). */
  STOCK_UPLOAD_MAX_BYTES: Type.Integer({ minimum: 1024, maximum: INVENTORY_FILE_MAX_BYTES, default: 64 * 1024 * 1024 }),
  /** …and at most this many data rows. */
  STOCK_UPLOAD_MAX_ROWS: Type.Integer({ minimum: 1, maximum: 5_000_000, default: 200_000 }),
  /** A preview not committed within this many minutes expires (its file and lines are dropped). */
  STOCK_UPLOAD_PREVIEW_MINUTES: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60, default: 30 }),
  /** Where uploaded files wait for their commit ('' : the system's temporary folder). */
  STOCK_UPLOAD_DIR: Type.String({ default: '' }),
  /** Spec section 5: a seller's listing stays live this many days unless refreshed. */
  STOCK_LISTING_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 7 }),
  /** How often expired listings and previews are looked for. */
  STOCK_LISTING_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 60_000 }),
  /**
   * Origins refused by the listing rules (comma-separated country names or ISO codes). Default:
   * Russia, whose diamonds the G7 and the EU ban from import since 2024 (the spec's "one named
   * country of origin").
   */
  STOCK_BANNED_ORIGINS: Type.String({ default: 'RU,RUS,Russia,Russian Federation' }),
  /**
   * Issue 26: the operator company that issues invoices: its name, its address (lines separated by
   * `|`) and its tax id, printed at the head of every invoice.
   */
  STOCK_INVOICE_ISSUER: Type.String({ minLength: 1, maxLength: 200, default: 'Diamond Portal Trading Pvt. Ltd.' }),
  STOCK_INVOICE_ISSUER_ADDRESS: Type.String({
    maxLength: 600,
    default: 'Bharat Diamond Bourse, Bandra-Kurla Complex|Mumbai 400051|India',
  }),
  STOCK_INVOICE_ISSUER_TAX_ID: Type.String({ maxLength: 60, default: 'GSTIN 27AAACD1234F1Z5' }),
  /**
   * Tax lines added to an invoice's final amount, `NAME:PERCENT` separated by commas ('' for none).
   * The default is India's GST on cut and polished diamonds (0.25 %, charged as IGST).
   */
  STOCK_INVOICE_TAXES: Type.String({
    maxLength: 400,
    pattern: '^(|[^:,]{1,40}:[0-9]{1,2}(\\.[0-9]{1,3})?(,[^:,]{1,40}:[0-9]{1,2}(\\.[0-9]{1,3})?)*)$',
    default: 'IGST:0.25',
  }),
  /**
   * The secret sellers' FTP passwords are encrypted under (AES-256-GCM, ftp.crypto.ts): at least 32
   * characters, a random base64 string is best (`openssl rand -base64 48`). Required in production
   * mode; elsewhere, when unset, one is derived from JWT_SECRET (so a development portal keeps its
   * saved sources across restarts). Changing it makes saved passwords unreadable: sellers save again.
   */
  STOCK_FTP_KEY: Type.String({ default: '' }),
  /** Lets FTP sources point at loopback and private addresses (tests; an operator's own network). Off: refused. */
  STOCK_FTP_ALLOW_INTERNAL: Type.Boolean({ default: false }),
  /** How often FTP sources whose schedule has come are looked for. */
  STOCK_FTP_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 60_000 }),
})
export type StockConfig = Static<typeof StockConfig>
export function loadStockConfig(env: Record<string, string | undefined> = process.env): StockConfig {
  const config = loadConfig(StockConfig, env)
  if (config.STOCK_FTP_KEY) {
    if (config.STOCK_FTP_KEY.length < 32)
      throw new Error('Invalid configuration:\n  STOCK_FTP_KEY must be at least 32 characters')
  } else if (env.NODE_ENV === 'production') {
    throw new Error(
      "Invalid configuration:\n  STOCK_FTP_KEY is required in production mode (sellers' FTP passwords are encrypted under it)",
    )
  } else {
    // Development, tests and the demo: a key derived from the platform's secret, never a fixed one.
    const seed = env.JWT_SECRET ?? 'diamond-development'
    config.STOCK_FTP_KEY = createHash('sha256').update(`stock.ftp.dev:${seed}`).digest('base64')
  }
  return config
}
