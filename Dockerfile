# One image for every service; docker-compose.yml picks the process with `command`.
FROM node:24-bookworm-slim
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
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
USER node
