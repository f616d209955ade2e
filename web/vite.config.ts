import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

const root = fileURLToPath(new URL('.', import.meta.url))
// The portal (npm start) listens here; in dev, API calls and the socket go to it.
const portal = 'http://127.0.0.1:8080'

/**
 * Writes a .br and a .gz copy beside every text file of the build, compressed once at full quality;
 * the portal sends them as they are (@fastify/static preCompressed) instead of compressing the
 * bundle on every request. Source maps are left out: they are never served.
 */
function precompress(): Plugin {
  const outDir = join(root, 'dist')
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]))
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      for (const file of files(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(file)) continue
        const raw = readFileSync(file)
        if (raw.length < 1024) continue
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        )
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }))
      }
    },
  }
}

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  // 'hidden': maps are built (to read a production stack trace on the server) but the bundle does
  // not point at them, and the portal refuses to serve *.map.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden' },
  server: {
    proxy: {
      '/web/v1': { target: portal, changeOrigin: true },
      '/socket.io': { target: portal, ws: true, changeOrigin: true },
    },
  },
})
