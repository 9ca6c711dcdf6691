# The site's image: built here, run anywhere (compose.yaml runs two of it behind deploy/haproxy.cfg).
# docs/operations.md says what was and was not run on the project's own machines.

# Build: every dependency, then the production build (dist/client, dist/server).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: production dependencies only (tsx, which runs the server's TypeScript, is one of them).
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY tsconfig.json ./
COPY db ./db
COPY src ./src
COPY scripts ./scripts
# A non-root user; DATA_DIR is its one writable folder (the mail outbox, a generated auth secret,
# uploads and the embedded database when no bucket or PostgreSQL is configured).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Not ready while starting, and from SIGTERM on (the drain, DRAIN_SECONDS).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start` without its build check (the image holds the build): the same command and flags.
CMD ["node", "--no-memory-reducer", "--import", "tsx", "src/server/main.ts"]
