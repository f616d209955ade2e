#!/usr/bin/env node
// Builds k6 from source via the Go module proxy (prebuilt release downloads are
// not reachable from our machines) into infra/.tools/bin, which is gitignored.
import { spawn, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const K6_VERSION = 'v1.4.2'
const infraDir = path.dirname(fileURLToPath(import.meta.url))
const binDir = path.join(infraDir, '.tools', 'bin')
const k6Bin = path.join(binDir, 'k6')
// stderr, so `node infra/k6.mjs path` prints only the path on stdout
const log = (msg) => console.error(`[k6] ${msg}`)

function installedVersion() {
  if (!existsSync(k6Bin)) return null
  try {
    // `k6 version` prints e.g. "k6 v1.4.2 (commit/devel, go1.x, linux/amd64)"
    return execFileSync(k6Bin, ['version'], { encoding: 'utf8' }).match(/k6 (v\S+)/)?.[1] ?? null
  } catch {
    return null
  }
}

export async function installK6() {
  const have = installedVersion()
  if (have === K6_VERSION) {
    log(`k6 ${K6_VERSION} already installed at ${k6Bin}`)
    return k6Bin
  }
  log(`building k6 ${K6_VERSION} with go install into ${binDir} (first build takes a few minutes)`)
  const started = Date.now()
  await new Promise((resolve, reject) => {
    const child = spawn('go', ['install', `go.k6.io/k6@${K6_VERSION}`], {
      stdio: 'inherit',
      env: { ...process.env, GOBIN: binDir },
    })
    child.on('error', (err) =>
      reject(err.code === 'ENOENT' ? new Error('`go` not found on PATH; install Go >= 1.23 to build k6') : err),
    )
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`go install exited with ${code}`))))
  })
  const got = installedVersion()
  if (got !== K6_VERSION) throw new Error(`built k6 reports version ${got}, expected ${K6_VERSION}`)
  log(`k6 ${got} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return k6Bin
}

export async function k6Path() {
  return installK6()
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cmd = process.argv[2] ?? 'install'
  try {
    if (cmd === 'install') await installK6()
    else if (cmd === 'path') console.log(await k6Path())
    else {
      console.error('usage: node infra/k6.mjs install|path')
      process.exit(2)
    }
  } catch (err) {
    console.error(`k6: ${err.message}`)
    process.exit(1)
  }
}
