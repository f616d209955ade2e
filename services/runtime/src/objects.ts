import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'

/**
 * Files (stone photos, videos, certificates) behind one interface: a local folder in the embedded
 * mode, S3-compatible storage in the distributed mode, where several instances must never depend on
 * one instance's disk. Keys are the caller's own names (`stones/<id>/photo/<uuid>.jpg`): letters,
 * digits, `.`, `_`, `-` and `/` between segments, never `..`.
 */
export interface ObjectStore {
  /** Stores the stream under `key` whole or not at all (a failing stream leaves nothing); answers its size. */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>
  /** The object's bytes, or those from `start` to `end` (inclusive); ObjectNotFound when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>
  /** Removes the object; removing one that is not there is no error. */
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** What it is, for logs: `folder /…/media` or `s3 http://…/bucket`. */
  readonly describe: string
  close(): void
}

/** Bytes `start` to `end` of an object, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number
  end: number
}

export class ObjectNotFound extends Error {
  constructor(readonly key: string) {
    super(`no object ${key}`)
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

/** A key as the stores accept it: a refusal here is a bug in the caller, never user input reaching a path. */
export function checkKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.'))
    throw new Error(`invalid object key ${JSON.stringify(key)}`)
  return key
}

/** Counts what passes through (a stream's size is known only once it has been read). */
function counter() {
  let size = 0
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      done(null, chunk)
    },
  })
  return { t, size: () => size }
}

/**
 * A folder on this machine. A put writes a temporary file beside the target and renames it into
 * place, so a reader never sees half an object and a failed stream leaves nothing behind.
 */
export function folderStore(root: string): ObjectStore {
  const base = resolve(root)
  const pathOf = (key: string) => {
    const p = join(base, ...checkKey(key).split('/'))
    if (!p.startsWith(base + sep)) throw new Error(`invalid object key ${key}`)
    return p
  }
  return {
    describe: `folder ${base}`,
    async put(key, body) {
      const target = pathOf(key)
      await mkdir(dirname(target), { recursive: true })
      const tmp = `${target}.${randomBytes(6).toString('hex')}.part`
      const c = counter()
      try {
        await pipeline(body, c.t, createWriteStream(tmp, { flags: 'wx' }))
        await rename(tmp, target)
      } catch (err) {
        await rm(tmp, { force: true })
        throw err
      }
      return { size: c.size() }
    },
    async get(key, range) {
      try {
        const fh = await open(pathOf(key), 'r')
        return fh.createReadStream(range ? { start: range.start, end: range.end } : {})
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ObjectNotFound(key)
        throw err
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        (s) => s.isFile(),
        () => false,
      )
    },
    close() {},
  }
}

export interface S3Settings {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey')

/**
 * S3-compatible storage (SeaweedFS here and under Docker, any S3 elsewhere), addressed path-style
 * (`endpoint/bucket/key`), which every S3-compatible server understands. A put streams in parts
 * (lib-storage's Upload: a stream of unknown length is sent in 5 MiB parts, one request when it is
 * smaller), and a failed upload is aborted, so no half object stays.
 */
export async function s3Store(s: S3Settings): Promise<ObjectStore> {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Checksums only where S3 asks for them: S3-compatible servers differ in the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = s.bucket
  try {
    await client.send(new HeadBucketCommand({ Bucket }))
  } catch (err) {
    if (!missing(err)) throw err
    await client.send(new CreateBucketCommand({ Bucket }))
  }
  return {
    describe: `s3 ${s.endpoint.replace(/\/+$/, '')}/${Bucket}`,
    async put(key, body, contentType) {
      const c = counter()
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: body.pipe(c.t), ContentType: contentType },
        queueSize: 2,
        leavePartsOnError: false,
      })
      // A failing source stream must fail the upload: pipe() alone does not pass errors on.
      body.once('error', (err) => c.t.destroy(err))
      await upload.done()
      return { size: c.size() }
    },
    async get(key, range) {
      try {
        const r = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checkKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
        if (!(r.Body instanceof Readable)) throw new Error('S3 answered no body stream')
        return r.Body
      } catch (err) {
        if (missing(err)) throw new ObjectNotFound(key)
        throw err
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }))
        return true
      } catch (err) {
        if (missing(err)) return false
        throw err
      }
    },
    close() {
      client.destroy()
    },
  }
}
