import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const root = fileURLToPath(new URL('.', import.meta.url))
// The portal (npm start) listens here; in dev, API calls and the socket go to it.
const portal = 'http://127.0.0.1:8080'

export default defineConfig({
  root,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/web/v1': { target: portal, changeOrigin: true },
      '/socket.io': { target: portal, ws: true, changeOrigin: true },
    },
  },
})
