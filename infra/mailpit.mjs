#!/usr/bin/env node
// Mailpit, the real SMTP server of development and tests: mail sent to its SMTP port is kept and
// read back through its HTTP API (/api/v1/messages) or its web UI. Built from source via the Go
// module proxy (release downloads and Docker are not available to us) into infra/.tools/bin.
// CLI: node infra/mailpit.mjs install | path | start [--smtp-port 1025] [--http-port 8025] [--db FILE]
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { freePort, keepOutput, killWithParent, portOpen, stopper, waitReady } from './child.mjs'

export const MAILPIT_VERSION = 'v1.33.1'
export const DEFAULT_SMTP_PORT = 1025
export const DEFAULT_HTTP_PORT = 8025
const MODULE = 'github.com/axllent/mailpit'
const infraDir = path.dirname(fileURLToPath(import.meta.url))
const binDir = path.join(infraDir, '.tools', 'bin')
const mailpitBin = path.join(binDir, 'mailpit')
// stderr, so `node infra/mailpit.mjs path` prints only the path on stdout
const log = (msg) => console.error(`[mailpit] ${msg}`)

// The module version Go stamped into the binary: `mailpit version` would ask GitHub for updates.
function installedVersion() {
  if (!existsSync(mailpitBin)) return null
  try {
    const info = execFileSync('go', ['version', '-m', mailpitBin], { encoding: 'utf8' })
    return new RegExp(`^\\s*mod\\s+${MODULE.replaceAll('.', '\\.')}\\s+(v\\S+)`, 'm').exec(info)?.[1] ?? null
  } catch {
    return null
  }
}

let installing = null
export function installMailpit() {
  installing ??= install().finally(() => (installing = null))
  return installing
}

async function install() {
  const have = installedVersion()
  if (have === MAILPIT_VERSION) {
    log(`mailpit ${MAILPIT_VERSION} already installed at ${mailpitBin}`)
    return mailpitBin
  }
  log(`building mailpit ${MAILPIT_VERSION} with go install into ${binDir} (the first build takes a few minutes)`)
  const started = Date.now()
  mkdirSync(binDir, { recursive: true })
  await new Promise((resolve, reject) => {
    const child = spawn('go', ['install', `${MODULE}@${MAILPIT_VERSION}`], {
      stdio: 'inherit',
      env: { ...process.env, GOBIN: binDir },
    })
    child.on('error', (err) =>
      reject(err.code === 'ENOENT' ? new Error('`go` not found on PATH; install Go >= 1.26 to build Mailpit') : err),
    )
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`go install exited with ${code}`))))
  })
  const got = installedVersion()
  if (got !== MAILPIT_VERSION) throw new Error(`built mailpit reports version ${got}, expected ${MAILPIT_VERSION}`)
  log(`mailpit ${got} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return mailpitBin
}

export async function mailpitPath() {
  return installMailpit()
}

async function ready(httpPort, smtpPort) {
  const http = await fetch(`http://127.0.0.1:${httpPort}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  )
  return http && (await portOpen(smtpPort))
}

/**
 * Starts Mailpit on 127.0.0.1 only. Any SMTP credentials are accepted without TLS (a development
 * server; SMTP_URL may carry a user and password as production's does). Without `database` the
 * messages live in a temporary file Mailpit deletes on exit; `max` caps how many it keeps.
 * killOnExit (the default) makes Mailpit die with this Node process, even if that one is SIGKILLed.
 * Answers { smtpUrl, apiUrl, smtpPort, httpPort, pid, stop }.
 */
export async function startMailpit({
  smtpPort = DEFAULT_SMTP_PORT,
  httpPort = DEFAULT_HTTP_PORT,
  database,
  max = 5000,
  killOnExit = true,
  quiet = true,
  timeoutMs = 30_000,
} = {}) {
  for (const p of [smtpPort, httpPort]) {
    if (!Number.isInteger(p) || p < 1 || p > 65535) throw new Error(`invalid port ${p}`)
    if (await portOpen(p)) throw new Error(`port ${p} on 127.0.0.1 is already in use`)
  }
  const bin = await installMailpit()
  const args = [
    '--smtp',
    `127.0.0.1:${smtpPort}`,
    '--listen',
    `127.0.0.1:${httpPort}`,
    '--max',
    String(max),
    '--smtp-auth-accept-any',
    '--smtp-auth-allow-insecure',
    // no look-ups from here: neither GitHub for a newer release nor reverse DNS of each client
    '--disable-version-check',
    '--smtp-disable-rdns',
    ...(database ? ['--database', path.resolve(database)] : []),
    ...(quiet ? ['--quiet'] : []),
  ]
  if (database) mkdirSync(path.dirname(path.resolve(database)), { recursive: true })
  const child = spawn(bin, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  const output = keepOutput(child, { quiet })
  const pid = child.pid
  const detach = killOnExit ? killWithParent(pid, 'mailpit') : () => {}
  const stop = stopper(child, { graceMs: 10_000, before: detach })
  await waitReady(child, {
    name: 'Mailpit',
    ready: () => ready(httpPort, smtpPort),
    timeoutMs,
    onFail: stop,
    detail: () => `:\n${output().trim()}`,
  })
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    apiUrl: `http://127.0.0.1:${httpPort}`,
    smtpPort,
    httpPort,
    pid,
    stop,
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'smtp-port': { type: 'string' }, 'http-port': { type: 'string' }, db: { type: 'string' } },
  })
  const cmd = positionals[0] ?? 'install'
  try {
    if (cmd === 'install') await installMailpit()
    else if (cmd === 'path') console.log(await mailpitPath())
    else if (cmd === 'start') {
      const mp = await startMailpit({
        smtpPort: values['smtp-port'] ? Number(values['smtp-port']) : DEFAULT_SMTP_PORT,
        httpPort: values['http-port'] ? Number(values['http-port']) : DEFAULT_HTTP_PORT,
        database: values.db,
        quiet: false,
      })
      log(`SMTP ${mp.smtpUrl}   web UI and API ${mp.apiUrl}   (Ctrl-C stops it)`)
      for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => void mp.stop().then(() => process.exit(0)))
      setInterval(() => {}, 1 << 30) // stay up until a signal
    } else {
      console.error(
        'usage: node infra/mailpit.mjs install | path | start [--smtp-port 1025] [--http-port 8025] [--db FILE]',
      )
      process.exitCode = 2
    }
  } catch (err) {
    console.error(`[mailpit] ${err.message}`)
    process.exitCode = 1
  }
}

export { freePort }
