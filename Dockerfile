# syntax=docker/dockerfile:1

# The Nabd website: one image, configured by environment variables (every one is in server/config.ts;
# docs/operations.md says which an operator sets and how to generate the secrets).
#
#   docker build -t nabd-website .
#   docker run --rm -e DATABASE_URL=... nabd-website node dist/server/migrate.js      (the migration job)
#   docker run --rm -p 3000:3000 -v nabd-data:/data --stop-timeout 20 \
#     -e BASE_URL=http://localhost:3000 -e SMTP_URL=... -e SESSION_SECRET=... -e CONTENT_API_TOKEN=... \
#     -e CONTENT_PREVIEW_TOKEN=... -e OIDC_CLIENT_SECRET=... -e IDENTITY_SECRET=... -e PREVIEW_SECRET=... \
#     -e COMMERCE_SECRET=... nabd-website
#
# Without DATABASE_URL the data lives in PGlite on the /data volume; with DATABASE_URL and REDIS_URL
# the container keeps no state and scales out (compose.yaml runs it that way).

ARG NODE_IMAGE=node:24-bookworm-slim

# --- Build: browser assets, demo media and the server bundles ----------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Dependencies first: this layer is rebuilt only when package.json or the lock file change.
# Install scripts follow package.json's allowScripts (the `node` dev dependency's is the one needed).
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- Production dependencies only --------------------------------------------------------------
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json scripts/prune-production-tree.sh ./
# No production dependency needs an install script: the only one that has any (@apollo/protobufjs)
# is denied in allowScripts, and this holds whichever npm version the image carries. The prune
# removes what npm keeps but the server never reads (TypeScript among it); `npm run
# check:production-tree` starts the server from a tree made the same way.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && sh prune-production-tree.sh

# --- Runtime ------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app

# Fonts for the text of SVG pictures, which the content service draws with sharp: librsvg finds
# fonts through fontconfig, and a slim image has none (every letter would be a box). DejaVu for
# Latin; Noto's Arabic faces (Sans, Naskh, and Kufi, the site's display face) for Arabic, preferred
# for Arabic letters in the generic families. Of fonts-noto-core (42 MB, every script) only those stay.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fontconfig-config fonts-dejavu-core fonts-noto-core \
  && find /usr/share/fonts/truetype/noto -type f ! -name 'Noto*Arabic-*' -delete \
  && rm -rf /var/lib/apt/lists/*
COPY <<'EOF_FONTS' /etc/fonts/conf.d/65-nabd-arabic.conf
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- Noto's Arabic faces have no Latin letters: Latin text keeps DejaVu, Arabic text gets Noto. -->
<fontconfig>
  <alias binding="strong"><family>sans-serif</family><prefer><family>Noto Sans Arabic</family></prefer></alias>
  <alias binding="strong"><family>serif</family><prefer><family>Noto Naskh Arabic</family></prefer></alias>
</fontconfig>
EOF_FONTS

# The image's own node is 24: the `node` dev dependency that npm scripts use is not needed here.
COPY --from=production-dependencies /app/node_modules ./node_modules
# package.json marks the project root (platform/paths.ts) and says the bundle is an ES module.
COPY package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
# Read at run time through fromRoot(): demo content, the catalogue (seeded outside production,
# loaded by catalogue-cli.js import), translations, the identity pages' script.
COPY content ./content
COPY catalogue ./catalogue
COPY locales ./locales
COPY identity/assets ./identity/assets

# Fails the build if SVG text would come out as boxes, and leaves the font cache of the fontconfig
# that sharp carries ready in /var/cache/fontconfig (written as root, read by the site).
RUN node dist/server/check-fonts.js

# The code stays owned by root (the site cannot rewrite itself); only /data belongs to the site.
# The folder must exist with its owner before VOLUME, so that new volumes inherit both.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node

EXPOSE 3000
# Liveness only: /readyz (database and session store) is for the load balancer or orchestrator.
# Slim images have no curl; node's fetch does the job.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]

# Exec form: node is PID 1 and receives SIGTERM itself, then finishes the requests in flight.
# Its grace period is 10 s, Docker's default stop timeout is too: give it more (--stop-timeout 20).
# instrument.js starts error reporting before the application when SENTRY_DSN is set (decision 0038);
# stack traces name the TypeScript sources (NODE_OPTIONS above). The migration job runs
# `node dist/server/migrate.js` in this same image.
CMD ["node", "--import", "./dist/server/instrument.js", "dist/server/main.js"]
