#!/usr/bin/env node
// SeaweedFS, the S3-compatible object store of the distributed mode (`npm run stack`) and of the S3
// contract tests: `weed mini` runs master, volume server, filer and the S3 gateway in one process.
// Built from source via the Go module proxy (release downloads and Docker are not available to us)
// into infra/.tools/bin. `go install module@version` refuses this module (its go.mod has a replace
// directive), so the module is downloaded with `go mod download` and built as the main module.
// CLI: node infra/seaweedfs.mjs install | path | start [--port 8333] [--dir DIR]
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { freePort, freePorts, keepOutput, killWithParent, portOpen, stopper, waitReady } from './child.mjs'

/** SeaweedFS 4.53, as the Go module proxy serves it (the project tags releases without a v: a pseudo-version). */
export const SEAWEEDFS_VERSION = 'v0.0.0-20261109003541-7506e5f91cd6'
export const DEFAULT_S3_PORT = 8333
const MODULE = 'github.com/seaweedfs/seaweedfs'
const infraDir = path.dirname(fileURLToPath(import.meta.url))
const binDir = path.join(infraDir, '.tools', 'bin')
const weedBin = path.join(binDir, 'weed')
// A binary built from a module directory says "(devel)" for its version: the build writes its own stamp.
const stamp = path.join(binDir, 'weed.version')
// stderr, so `node infra/seaweedfs.mjs path` prints only the path on stdout
const log = (msg) => console.error(`[seaweedfs] ${msg}`)

function installedVersion() {
  if (!existsSync(weedBin) || !existsSync(stamp)) return null
  return readFileSync(stamp, 'utf8').trim() || null
}

const run = (cmd, args, opts) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts })
    child.on('error', (err) =>
      reject(err.code === 'ENOENT' ? new Error('`go` not found on PATH; install Go >= 1.26 to build SeaweedFS') : err),
    )
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args[0]} exited with ${code}`))))
  })

let installing = null
export function installSeaweedfs() {
  installing ??= install().finally(() => (installing = null))
  return installing
}

async function install() {
  if (installedVersion() === SEAWEEDFS_VERSION) {
    log(`seaweedfs ${SEAWEEDFS_VERSION} already installed at ${weedBin}`)
    return weedBin
  }
  log(`building seaweedfs ${SEAWEEDFS_VERSION} with go build into ${binDir} (the first build takes several minutes)`)
  const started = Date.now()
  mkdirSync(binDir, { recursive: true })
  const info = JSON.parse(
    execFileSync('go', ['mod', 'download', '-json', `${MODULE}@${SEAWEEDFS_VERSION}`], { encoding: 'utf8' }),
  )
  if (!info.Dir) throw new Error(`go mod download gave no directory: ${info.Error ?? JSON.stringify(info)}`)
  // Built inside the (read-only) module cache as the main module; only the binary is written, here.
  await run('go', ['build', '-trimpath', '-o', weedBin, './weed'], {
    cwd: info.Dir,
    env: { ...process.env, GOFLAGS: '-mod=readonly' },
  })
  writeFileSync(stamp, `${SEAWEEDFS_VERSION}\n`)
  log(`seaweedfs ${SEAWEEDFS_VERSION} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return weedBin
}

export async function seaweedfsPath() {
  return installSeaweedfs()
}

/**
 * Starts `weed mini` on 127.0.0.1 only, with every port given (its gRPC ports too: left alone they
 * would be the HTTP ports + 10000, which may be taken), WebDAV, the admin UI, the Iceberg and Lance
 * endpoints and the telemetry report off. The S3 user (access key and secret) and the bucket are
 * created at start (the `mini` user, from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / S3_BUCKET).
 * Data lives in `dir`. killOnExit (the default) makes it die with this Node process, even if that
 * one is SIGKILLed. Answers { endpoint, region, bucket, accessKeyId, secretAccessKey, pid, stop }.
 */
export async function startSeaweedfs({
  dir,
  s3Port,
  bucket = 'diamond-media',
  accessKeyId = 'diamond',
  secretAccessKey = 'diamond-secret-key',
  killOnExit = true,
  quiet = true,
  timeoutMs = 90_000,
} = {}) {
  if (!dir) throw new Error('startSeaweedfs needs a data folder (dir)')
  const bin = await installSeaweedfs()
  const [master, masterGrpc, volume, volumeGrpc, filer, filerGrpc, s3Grpc, admin] = await freePorts(8)
  const port = s3Port ?? (await freePort())
  if (await portOpen(port)) throw new Error(`port ${port} on 127.0.0.1 is already in use`)
  mkdirSync(dir, { recursive: true })
  const args = [
    'mini',
    `-dir=${path.resolve(dir)}`,
    '-ip=127.0.0.1',
    '-ip.bind=127.0.0.1',
    `-master.port=${master}`,
    `-master.port.grpc=${masterGrpc}`,
    `-volume.port=${volume}`,
    `-volume.port.grpc=${volumeGrpc}`,
    `-filer.port=${filer}`,
    `-filer.port.grpc=${filerGrpc}`,
    `-s3.port=${port}`,
    `-s3.port.grpc=${s3Grpc}`,
    '-s3.port.iceberg=0',
    '-s3.port.lance=0',
    `-admin.port=${admin}`,
    '-admin.port.legacy=0',
    '-admin.ui=false',
    '-webdav=false',
    '-master.telemetry=false',
    `-bucket=${bucket}`,
  ]
  const child = spawn(bin, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, S3_BUCKET: bucket },
  })
  const output = keepOutput(child, { quiet, max: 6000 })
  const pid = child.pid
  const detach = killOnExit ? killWithParent(pid, 'seaweedfs') : () => {}
  const stop = stopper(child, { graceMs: 15_000, before: detach })

  // Ready when the S3 gateway answers and the bucket is there: an unsigned HEAD of the bucket is
  // refused (403) once it exists, and answers 404 before.
  const endpoint = `http://127.0.0.1:${port}`
  const ready = () =>
    fetch(`${endpoint}/${bucket}`, { method: 'HEAD', signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 403 || r.status === 200,
      () => false,
    )
  await waitReady(child, {
    name: 'SeaweedFS',
    ready,
    timeoutMs,
    intervalMs: 200,
    onFail: stop,
    detail: () => `:\n${output().trim()}`,
  })
  return { endpoint, region: 'us-east-1', bucket, accessKeyId, secretAccessKey, pid, stop }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { port: { type: 'string' }, dir: { type: 'string' } },
  })
  const cmd = positionals[0] ?? 'install'
  try {
    if (cmd === 'install') await installSeaweedfs()
    else if (cmd === 'path') console.log(await seaweedfsPath())
    else if (cmd === 'start') {
      const s3 = await startSeaweedfs({
        dir: values.dir ?? path.join(infraDir, '..', '.data', 'seaweedfs'),
        s3Port: values.port ? Number(values.port) : DEFAULT_S3_PORT,
        quiet: false,
      })
      log(`S3 ${s3.endpoint}  bucket ${s3.bucket}  access key ${s3.accessKeyId}  (Ctrl-C stops it)`)
      for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => void s3.stop().then(() => process.exit(0)))
      setInterval(() => {}, 1 << 30) // stay up until a signal
    } else {
      console.error('usage: node infra/seaweedfs.mjs install | path | start [--port 8333] [--dir DIR]')
      process.exitCode = 2
    }
  } catch (err) {
    console.error(`[seaweedfs] ${err.message}`)
    process.exitCode = 1
  }
}

export { freePort }
