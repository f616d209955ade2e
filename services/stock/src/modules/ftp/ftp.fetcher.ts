import { lookup } from 'node:dns/promises'
import { posix } from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import type { ConnectionOptions } from 'node:tls'
import { Client, FileType, FTPError } from 'basic-ftp'
import { AppError } from '@diamond/runtime/errors'
import { fileKey, isInternalAddress, pickNew, type FtpSource, type RemoteFile } from './ftp.rules'

/** Receives one fetched file; resolves when it has read the stream to its end (or rejects). */
export type Deliver = (file: { fileName: string; stream: Readable }) => Promise<void>

export interface FetchOptions {
  /** A file listed larger than this is not downloaded (reported as skipped, so it is not retried). */
  maxBytes: number
  /** Lets a source point at loopback or private addresses: tests, or an operator's own network. */
  allowInternal?: boolean
  /** TLS settings for FTPS, e.g. a private CA. Certificates are verified unless these say otherwise. */
  tls?: ConnectionOptions
  /** Per-command timeout. */
  timeoutMs?: number
}

export interface FetchReport {
  /** Files delivered; their keys are what the caller remembers. */
  fetched: { file: RemoteFile; key: string }[]
  /** Files whose download or delivery failed: not remembered, so the next run tries them again. */
  failed: { file: RemoteFile; key: string; error: unknown }[]
  /** Files over the size limit: remembered too, a bigger file will not shrink. */
  skipped: { file: RemoteFile; key: string; reason: 'tooLarge' }[]
}

const connectError = (source: FtpSource, reason: string) =>
  new AppError('E_FTP_CONNECT', { host: source.host, port: source.port, reason })

/** Why a connection or login failed, in a word (never the server's text, which may echo the user). */
function reasonOf(err: unknown): string {
  if (err instanceof FTPError) return err.code === 530 ? 'login' : `ftp${err.code}`
  const code = (err as { code?: string }).code ?? ''
  if (/^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO)/.test(code)) return 'tls'
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'connect'
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host'
  if (/timeout/i.test(String((err as Error).message))) return 'timeout'
  return 'connect'
}

/**
 * Logs in (the host resolved once and checked against internal addresses, then connected by
 * address, so a name cannot be re-pointed between the check and the connection).
 */
async function connect(source: FtpSource, options: FetchOptions): Promise<Client> {
  let address: string
  try {
    const all = await lookup(source.host, { all: true })
    if (!options.allowInternal && all.some((a) => isInternalAddress(a.address))) throw connectError(source, 'internal')
    address = all[0]!.address
  } catch (err) {
    if (err instanceof AppError) throw err
    throw connectError(source, 'host')
  }
  const client = new Client(options.timeoutMs ?? 30_000)
  try {
    await client.access({
      host: address,
      port: source.port,
      user: source.user,
      password: source.password,
      secure: source.secure,
      secureOptions: source.secure ? { servername: source.host, ...options.tls } : undefined,
    })
    return client
  } catch (err) {
    client.close()
    throw connectError(source, reasonOf(err))
  }
}

/** The files of the source's folder (files only), as the listing shows them. */
async function listing(client: Client, folder: string): Promise<RemoteFile[]> {
  const entries = await client.list(folder || '/')
  return entries
    .filter((e) => e.type === FileType.File)
    .map((e) => ({ name: e.name, size: e.size, modified: e.modifiedAt?.toISOString() ?? e.rawModifiedAt }))
}

/** Logs in and lists the folder: the "test connection" a seller runs when registering a source. */
export async function listSource(source: FtpSource, options: FetchOptions): Promise<RemoteFile[]> {
  const client = await connect(source, options)
  try {
    return await listing(client, source.folder)
  } catch (err) {
    throw connectError(source, reasonOf(err))
  } finally {
    client.close()
  }
}

/**
 * Fetches the source's new files: lists the folder, picks the files matching the pattern that are
 * not in `seen` (keys from earlier runs: name, size and time), oldest first, and streams each into
 * `deliver`, one at a time. A file that fails is reported and left for the next run; the others go on.
 */
export async function fetchNewFiles(
  source: FtpSource,
  seen: ReadonlySet<string>,
  deliver: Deliver,
  options: FetchOptions,
): Promise<FetchReport> {
  const report: FetchReport = { fetched: [], failed: [], skipped: [] }
  let client: Client | undefined = await connect(source, options)
  try {
    let files: RemoteFile[]
    try {
      files = pickNew(await listing(client, source.folder), source.pattern, seen)
    } catch (err) {
      throw connectError(source, reasonOf(err))
    }
    for (const file of files) {
      const key = fileKey(file)
      if (file.size > options.maxBytes) {
        report.skipped.push({ file, key, reason: 'tooLarge' })
        continue
      }
      // A failed transfer can leave the control connection unusable: start the next file afresh.
      if (!client || client.closed) client = await connect(source, options)
      try {
        await transfer(client, posix.join(source.folder || '/', file.name), file.name, deliver)
        report.fetched.push({ file, key })
      } catch (error) {
        report.failed.push({ file, key, error })
        client.close()
        client = undefined
      }
    }
    return report
  } finally {
    client?.close()
  }
}

async function transfer(client: Client, path: string, fileName: string, deliver: Deliver): Promise<void> {
  const stream = new PassThrough()
  const download = client.downloadTo(stream, path)
  // The reader learns of a broken download through its stream; the download, of a reader that gave up.
  download.catch((err: unknown) => stream.destroy(err as Error))
  try {
    await deliver({ fileName, stream })
  } catch (err) {
    stream.destroy()
    await download.catch(() => {})
    throw err
  }
  // A reader that resolved without reading to the end: drain the rest so the connection stays usable.
  if (!stream.readableEnded) stream.resume()
  await download
}
