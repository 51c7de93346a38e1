# syntax=docker/dockerfile:1
# Wishes as one container (docs/deploy.md): `docker build -t wishes .` or
# `podman build --format docker -t wishes .` (the docker format keeps the HEALTHCHECK).
# A build stage installs everything and runs `npm run build`; the runtime stage keeps the built
# site, the compiled server and the production dependencies only, and never builds at start.

FROM node:24-bookworm-slim AS build
# better-sqlite3 compiles against the image's own Node headers (no download from nodejs.org).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
WORKDIR /app
# The manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY shared/kit-contract/package.json shared/kit-contract/
COPY shared/kit-session/package.json shared/kit-session/
COPY shared/kit-client/package.json shared/kit-client/
COPY shared/kit-ui/package.json shared/kit-ui/
COPY shared/kit-test/package.json shared/kit-test/
COPY shared/kit-build/package.json shared/kit-build/
COPY packages/writer/package.json packages/writer/
COPY server/package.json server/
COPY shell/package.json shell/
COPY mf-feed/package.json mf-feed/
COPY mf-compose/package.json mf-compose/
COPY mf-profile/package.json mf-profile/
COPY mf-auth/package.json mf-auth/
COPY mf-moderation/package.json mf-moderation/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Install scripts wait for the sources (the root's `prepare` packs the kit); the native and binary
# packages get theirs right after. Behind a TLS-inspecting proxy, give npm its CA as a build
# secret: --secret id=build_ca,src=/path/to/ca.crt (without it, Node warns once and goes on).
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=build_ca \
    export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca \
 && npm install --no-audit --no-fund --ignore-scripts \
 && npm rebuild better-sqlite3 sharp esbuild @swc/core
COPY . .
RUN npm run build
# Pruning reads package metadata: the same cache and CA as the install.
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=build_ca \
    export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf .tmp node_modules/.cache */node_modules/.cache

FROM node:24-bookworm-slim
# Fonts for the share cards (drawn from SVG in DejaVu Sans).
RUN apt-get update \
 && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/data \
    RELEASES_DIR=/data/releases
WORKDIR /app
# The code belongs to root and is read-only for the server; only /data is its own.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
