# syntax=docker/dockerfile:1
# The tournament site: one Node process serving the API, uploads and the built SPA on port 5000.
# Build:  docker build -t tournament-site .
# Run:    see compose.yaml and README.md, "Deploying".

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, then the client bundle, the server bundle and the backup scripts
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:ops

# ---- runtime: production dependencies only, no sources, no compiler, not root
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# dist/server: main.js, db-backup.js, db-restore.js and the SQL migrations; dist/web: the SPA.
COPY --from=build /app/dist ./dist
# DATA_DIR holds the embedded database and local uploads when DATABASE_URL / S3_BUCKET are not set,
# and is where backups go by default (node dist/server/db-backup.js writes to ./backups otherwise).
RUN mkdir -p /data /app/backups && chown node:node /data /app/backups
USER node
EXPOSE 5000
# Liveness only (process up); a load balancer should use /readyz, which also asks the database.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself, finishes in-flight requests and exits.
# The node flags and malloc's tunable are `npm start`'s (package.json): V8's young generation held at
# 2 MB semi-spaces, a full collection once a load has passed (--expose-gc), large allocations
# (a password hash's 16 MiB) given back to the system when freed, and up to 4 MiB of free memory
# kept at the top of malloc's heaps, not returned and faulted in again on every few requests
# (docs/decisions/0017-islands.md, "Memory").
ENV GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=4194304
CMD ["node", "--max-semi-space-size=2", "--expose-gc", "dist/server/main.js"]
