# syntax=docker/dockerfile:1
# Storyhouse: one process serves the API and the web app (docs/deploy.md).
#   docker build -t storyhouse .
# Stages: deps (every dependency, for the build), build (web/dist and
# server/dist), prod-deps (runtime dependencies only), runtime (slim, non-root).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Only the manifests: this layer is rebuilt when a dependency changes, not when the code does.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/i18n/package.json packages/i18n/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# Both targets (scripts/build.mjs): the web app with its server render, and the server bundle.
RUN node scripts/build.mjs --force

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/packages/contracts/package.json packages/contracts/
COPY --from=deps /app/packages/i18n/package.json packages/i18n/
COPY --from=deps /app/server/package.json server/
COPY --from=deps /app/web/package.json web/
# The web app's dependencies stay: its server render (web/dist/.ssr) imports React and friends at run time.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app ./
COPY --from=build /app/server/dist ./server/dist
# The demo content's media (a public demo site, DEMO_CONTENT=on, local storage).
COPY --from=build /app/server/demo ./server/demo
COPY --from=build /app/web/dist ./web/dist
# The code stays root's and read-only to the server; only /data (the embedded database, the image cache) is its own.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# The slim image has no curl: Node's own fetch asks /healthz (which pings the database).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server/dist/main.js"]
