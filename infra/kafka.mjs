#!/usr/bin/env node
// Single-node Apache Kafka (KRaft, loopback only) for dev and tests, run from Maven
// Central jars because the Apache download mirrors and Docker are not available to us.
// CLI: node infra/kafka.mjs install | start [--port N] [--data DIR] | stop [--data DIR] | status [--data DIR]
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { killWithParent, portOpen } from './child.mjs'

export const KAFKA_VERSION = '4.2.2'
export const DEFAULT_PORT = 19092

const infraDir = path.dirname(fileURLToPath(import.meta.url))
const repoDir = path.dirname(infraDir)
const pomFile = path.join(infraDir, 'kafka', 'pom.xml')
const cacheRoot = process.env.DIAMOND_CACHE_DIR || path.join(os.homedir(), '.cache', 'diamond-portal')
export const kafkaHome = path.join(cacheRoot, `kafka-${KAFKA_VERSION}`)
const libsDir = path.join(kafkaHome, 'libs')
const marker = path.join(kafkaHome, '.installed')
export const defaultDataDir = path.join(repoDir, '.data', 'kafka')

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const log = (msg) => console.log(`[kafka] ${msg}`)

// The marker holds the pom's hash, so editing the pom (e.g. a version bump) re-fetches.
function pomHash() {
  return createHash('sha256').update(fs.readFileSync(pomFile)).digest('hex')
}

export async function installKafka() {
  const want = pomHash()
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8').trim() === want) {
    log(`Kafka ${KAFKA_VERSION} jars already installed in ${libsDir}`)
    return libsDir
  }
  log(`fetching Kafka ${KAFKA_VERSION} jars from Maven Central into ${libsDir}`)
  const started = Date.now()
  // Copy into a private dir first so an interrupted or concurrent install never leaves a half-filled libs/.
  const tmp = `${libsDir}.tmp-${process.pid}`
  fs.rmSync(tmp, { recursive: true, force: true })
  fs.mkdirSync(kafkaHome, { recursive: true })
  const args = ['-q', '-B', '-f', pomFile, 'dependency:copy-dependencies', `-DoutputDirectory=${tmp}`]
  log(`mvn ${args.join(' ')}`)
  let output = ''
  const code = await new Promise((resolve, reject) => {
    const child = spawn('mvn', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('error', (err) =>
      reject(err.code === 'ENOENT' ? new Error('`mvn` not found on PATH; install Maven (apt-get install maven)') : err),
    )
    child.on('close', resolve)
  })
  // Debian's mvn prints stray ANSI resets even with -B; anything else it says under -q matters.
  // eslint-disable-next-line no-control-regex -- the escape character is exactly what is stripped
  output = output.replace(/\x1b\[[0-9;]*m/g, '').trim()
  if (output) console.log(output)
  if (code !== 0) {
    fs.rmSync(tmp, { recursive: true, force: true })
    throw new Error(`mvn dependency:copy-dependencies exited with ${code}`)
  }
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8').trim() === want) {
    fs.rmSync(tmp, { recursive: true, force: true }) // another process finished first
  } else {
    fs.rmSync(marker, { force: true })
    fs.rmSync(libsDir, { recursive: true, force: true })
    fs.renameSync(tmp, libsDir)
    fs.writeFileSync(marker, `${want}\n`)
  }
  log(`installed ${fs.readdirSync(libsDir).length} jars in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return libsDir
}

function javaBin() {
  const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java'
  const r = spawnSync(java, ['-version'], { encoding: 'utf8' })
  if (r.error || r.status !== 0) {
    throw new Error(
      `Java not found (${java}): Kafka ${KAFKA_VERSION} needs Java 17+. ` +
        'Install it (apt-get install openjdk-17-jre-headless) or set JAVA_HOME.',
    )
  }
  const major = Number(/version "(?:1\.)?(\d+)/.exec(r.stderr)?.[1])
  if (major && major < 17) throw new Error(`Kafka ${KAFKA_VERSION} needs Java 17+, found Java ${major} at ${java}`)
  return java
}

// kill -0 alone would call a zombie alive, and a recycled pid could be anything.
function isKafkaPid(pid) {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    if (
      fs
        .readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .startsWith('Z')
    )
      return false
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('kafka.Kafka')
  } catch {
    return true // no /proc (not Linux): trust kill -0
  }
}

// One raw Kafka request (old, fixed-layout versions that Kafka 4.2 still serves) so readiness
// needs no client library. Resolves to the response body after the correlation id, or null.
function kafkaRequest(port, apiKey, apiVersion, body, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port })
    let buf = Buffer.alloc(0)
    const done = (res) => {
      sock.destroy()
      resolve(res)
    }
    sock.setTimeout(timeoutMs, () => done(null))
    sock.on('error', () => done(null))
    sock.on('connect', () => {
      const clientId = Buffer.from('diamond-infra')
      const header = Buffer.alloc(14)
      header.writeInt32BE(10 + clientId.length + body.length, 0)
      header.writeInt16BE(apiKey, 4)
      header.writeInt16BE(apiVersion, 6)
      header.writeInt32BE(7, 8) // correlation id
      header.writeInt16BE(clientId.length, 12)
      sock.write(Buffer.concat([header, clientId, body]))
    })
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d])
      if (buf.length >= 4 && buf.length >= 4 + buf.readInt32BE(0))
        done(buf.readInt32BE(4) === 7 ? buf.subarray(8) : null)
    })
  })
}

const int16 = (n) => {
  const b = Buffer.alloc(2)
  b.writeInt16BE(n)
  return b
}
const int32 = (n) => {
  const b = Buffer.alloc(4)
  b.writeInt32BE(n)
  return b
}
const str = (s) => Buffer.concat([int16(s.length), Buffer.from(s)])

// A TCP accept is not enough: the broker lists itself in Metadata only once it has joined
// the KRaft quorum and is unfenced.
async function metadataReady(port) {
  const res = await kafkaRequest(port, 3, 1, int32(0)) // Metadata v1, no topics
  return Boolean(res && res.readInt32BE(0) > 0) // broker count
}

// Without this the first consumer group and first idempotent producer each hit a retriable
// "coordinator not available / loading" while the broker creates __consumer_offsets and fetches
// a producer-id block; clients retry, but the first publish and group join would wait for it.
async function coordinatorsReady(port) {
  const group = await kafkaRequest(port, 10, 0, str('diamond-infra-warmup')) // FindCoordinator v0
  if (!group || group.readInt16BE(0) !== 0) return false
  const pid = await kafkaRequest(port, 22, 0, Buffer.concat([int16(-1), int32(60_000)])) // InitProducerId v0, no txn id
  return Boolean(pid && pid.readInt16BE(4) === 0) // after throttle_time_ms
}

const files = (dataDir) => ({
  pid: path.join(dataDir, 'kafka.pid'),
  props: path.join(dataDir, 'server.properties'),
  log4j: path.join(dataDir, 'log4j2.properties'),
  log: path.join(dataDir, 'kafka.log'),
  out: path.join(dataDir, 'kafka.out'),
  logDirs: path.join(dataDir, 'logs'),
})

function readPid(dataDir) {
  try {
    return Number(fs.readFileSync(files(dataDir).pid, 'utf8').trim()) || null
  } catch {
    return null
  }
}

function readPort(dataDir) {
  try {
    const m = /^listeners=PLAINTEXT:\/\/127\.0\.0\.1:(\d+)/m.exec(fs.readFileSync(files(dataDir).props, 'utf8'))
    return m ? Number(m[1]) : null
  } catch {
    return null
  }
}

function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no output)'
  }
}

function writeConfig(f, dataDir, port) {
  fs.writeFileSync(
    f.props,
    `# written by infra/kafka.mjs on every start
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${port + 1}
listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${port + 1}
advertised.listeners=PLAINTEXT://127.0.0.1:${port}
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=${f.logDirs}
num.partitions=3
auto.create.topics.enable=true
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
# defaults are 50 partitions each; creating them makes the first group join / transaction slow
offsets.topic.num.partitions=3
transaction.state.log.num.partitions=3
`,
  )
  // Kafka 4 logs through log4j2 (log4j 1 is gone); the properties format needs no YAML parser.
  fs.writeFileSync(
    f.log4j,
    `status = warn
appender.file.type = RollingFile
appender.file.name = file
appender.file.fileName = ${f.log}
appender.file.filePattern = ${f.log}.%i
appender.file.layout.type = PatternLayout
appender.file.layout.pattern = [%d] %p %m (%c)%n
appender.file.policies.type = Policies
appender.file.policies.size.type = SizeBasedTriggeringPolicy
appender.file.policies.size.size = 20MB
appender.file.strategy.type = DefaultRolloverStrategy
appender.file.strategy.max = 2
rootLogger.level = INFO
rootLogger.appenderRef.file.ref = file
logger.request.name = kafka.request.logger
logger.request.level = WARN
logger.cleaner.name = kafka.log.LogCleaner
logger.cleaner.level = WARN
`,
  )
}

function handle(dataDir, port, pid, detach = () => {}) {
  return {
    brokers: [`127.0.0.1:${port}`],
    port,
    pid,
    dataDir,
    logFile: files(dataDir).log,
    stop: async () => {
      detach()
      await stopKafka({ dataDir })
    },
  }
}

// killOnExit (the default for tests) makes the broker die with this Node process, even if
// that one is SIGKILLed: a detached shell watchdog polls our pid. The CLI passes false.
export async function startKafka({
  port = DEFAULT_PORT,
  dataDir = defaultDataDir,
  killOnExit = true,
  timeoutMs = 90_000,
} = {}) {
  if (!Number.isInteger(port) || port < 1 || port > 65534)
    throw new Error(`invalid port ${port} (the controller uses port + 1)`)
  dataDir = path.resolve(dataDir)
  const f = files(dataDir)
  const running = readPid(dataDir)
  if (running && isKafkaPid(running)) {
    const runningPort = readPort(dataDir) ?? port
    if (await portOpen(runningPort)) {
      log(`already running: pid ${running}, 127.0.0.1:${runningPort}, data ${dataDir}`)
      return handle(dataDir, runningPort, running)
    }
    throw new Error(
      `kafka pid ${running} from ${dataDir} is alive but port ${runningPort} is closed; ` +
        `run \`node infra/kafka.mjs stop --data ${dataDir}\`. Log tail:\n${tail(f.log)}`,
    )
  }

  const java = javaBin()
  await installKafka()
  for (const p of [port, port + 1]) {
    if (await portOpen(p))
      throw new Error(`port ${p} on 127.0.0.1 is already in use (Kafka needs ${port} and ${port + 1})`)
  }
  fs.mkdirSync(dataDir, { recursive: true })
  writeConfig(f, dataDir, port)
  const cp = ['-cp', path.join(libsDir, '*')] // java expands the wildcard itself
  const log4j = `-Dlog4j2.configurationFile=${f.log4j}`

  if (!fs.existsSync(path.join(f.logDirs, 'meta.properties'))) {
    // Kafka's Uuid format; like Uuid.randomUuid() avoid a leading '-', which the CLI parser takes for a flag.
    let clusterId
    do clusterId = randomBytes(16).toString('base64url')
    while (clusterId.startsWith('-'))
    log(`formatting ${f.logDirs} (cluster id ${clusterId})`)
    const r = spawnSync(java, [...cp, log4j, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', f.props], {
      encoding: 'utf8',
    })
    if (r.status !== 0) throw new Error(`kafka storage format failed (exit ${r.status}):\n${r.stdout}${r.stderr}`)
  }

  const out = fs.openSync(f.out, 'a')
  const child = spawn(
    java,
    ['-Xmx512m', '-Djava.awt.headless=true', `-Dkafka.logs.dir=${dataDir}`, log4j, ...cp, 'kafka.Kafka', f.props],
    {
      detached: true, // own process group: no terminal SIGINT/SIGHUP, survives the CLI exiting
      stdio: ['ignore', out, out],
    },
  )
  fs.closeSync(out)
  child.unref()
  const pid = child.pid
  fs.writeFileSync(f.pid, `${pid}\n`)
  const detach = killOnExit ? killWithParent(pid, 'kafka', 20) : () => {}

  log(`starting Kafka ${KAFKA_VERSION} (pid ${pid}) on 127.0.0.1:${port}, log ${f.log}`)
  const started = Date.now()
  while (!((await metadataReady(port)) && (await coordinatorsReady(port)))) {
    const failed = child.exitCode !== null || child.signalCode !== null
    if (failed || Date.now() - started > timeoutMs) {
      if (!failed) await stopKafka({ dataDir })
      detach()
      throw new Error(
        `Kafka ${failed ? `exited (${child.exitCode ?? child.signalCode})` : `not ready after ${timeoutMs / 1000} s`}` +
          `.\n--- ${f.log} ---\n${tail(f.log)}\n--- ${f.out} ---\n${tail(f.out, 15)}`,
      )
    }
    await sleep(250)
  }
  log(`ready at 127.0.0.1:${port} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return handle(dataDir, port, pid, detach)
}

export async function stopKafka({ dataDir = defaultDataDir, timeoutMs = 20_000 } = {}) {
  dataDir = path.resolve(dataDir)
  const pidFile = files(dataDir).pid
  const pid = readPid(dataDir)
  if (!pid || !isKafkaPid(pid)) {
    log(`not running (data ${dataDir})`)
    fs.rmSync(pidFile, { force: true })
    return false
  }
  process.kill(pid, 'SIGTERM') // clean shutdown keeps the data dir reusable
  const deadline = Date.now() + timeoutMs
  while (isKafkaPid(pid) && Date.now() < deadline) await sleep(200)
  if (isKafkaPid(pid)) {
    log(`pid ${pid} ignored SIGTERM for ${timeoutMs / 1000} s, sending SIGKILL`)
    try {
      process.kill(pid, 'SIGKILL')
    } catch {}
    while (isKafkaPid(pid)) await sleep(100)
  }
  fs.rmSync(pidFile, { force: true })
  log(`stopped pid ${pid}`)
  return true
}

export async function kafkaStatus({ dataDir = defaultDataDir } = {}) {
  dataDir = path.resolve(dataDir)
  const pid = readPid(dataDir)
  const port = readPort(dataDir)
  const running = Boolean(pid && isKafkaPid(pid))
  const ready = running && port ? await metadataReady(port) : false
  return { running, ready, pid: running ? pid : null, port, dataDir, installed: fs.existsSync(marker) }
}

const isMain = process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { port: { type: 'string' }, data: { type: 'string' } },
  })
  const dataDir = values.data ?? defaultDataDir
  try {
    switch (positionals[0]) {
      case 'install':
        await installKafka()
        break
      case 'start':
        await startKafka({ port: values.port ? Number(values.port) : DEFAULT_PORT, dataDir, killOnExit: false })
        break
      case 'stop':
        await stopKafka({ dataDir })
        break
      case 'status': {
        const s = await kafkaStatus({ dataDir })
        log(
          s.running
            ? `running: pid ${s.pid}, 127.0.0.1:${s.port}, ${s.ready ? 'ready' : 'NOT answering metadata'}, data ${s.dataDir}`
            : `not running (data ${s.dataDir}, jars ${s.installed ? 'installed' : 'not installed'})`,
        )
        process.exitCode = s.running && s.ready ? 0 : 3
        break
      }
      default:
        console.error(
          'usage: node infra/kafka.mjs install | start [--port 19092] [--data DIR] | stop [--data DIR] | status [--data DIR]',
        )
        process.exitCode = 2
    }
  } catch (err) {
    console.error(`[kafka] ${err.message}`)
    process.exitCode = 1
  }
}
