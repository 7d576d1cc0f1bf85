# syntax=docker/dockerfile:1
# Campus Clips images, one Dockerfile, three targets:
#   runtime        the api serving the built web app (default; what docker-compose scales)
#   auth-emulator  the Firebase Auth emulator (firebase-tools) for local and demo stacks
#   build          everything compiled, with dev dependencies (CI, codegen, tests)
#   api-deps       the api workspace's production dependencies only (what runtime copies)
# Debian 13 (trixie): its ffmpeg is the one that decodes uploads.
ARG NODE_IMAGE=node:24-trixie-slim

FROM ${NODE_IMAGE} AS build
# The media tests decode with the system ffmpeg, as the runtime does.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY web/package.json web/
COPY packages/rules/package.json packages/rules/
RUN npm ci --no-audit --no-fund
COPY schema.graphql codegen.yml ./
COPY packages/rules packages/rules
COPY api api
COPY web web
# The shared rules first: the api and the web app both import their build.
RUN npm run build -w packages/rules && npm run build -w api && npm run build -w web

# Only what the api requires at run time: `npm prune --omit=dev` on the whole tree kept the web
# app's dependencies (Monaco, the Firebase SDK: already bundled into web/dist) and was 780 MB;
# this is the api workspace alone, without development dependencies (the 2018 ffmpeg build
# among them). Type declarations and source maps are never read at run time.
FROM ${NODE_IMAGE} AS api-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY web/package.json web/
COPY packages/rules/package.json packages/rules/
RUN npm ci --omit=dev --workspace api --no-audit --no-fund \
 && find node_modules api/node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete \
 && mkdir -p api/node_modules \
 && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
# Uploads are decoded by a current ffmpeg/ffprobe (Debian's package); NODE_ENV=production refuses the
# 2018 build that npm bundles (a development dependency, not installed here). tini is PID 1: it
# hands SIGTERM to node and reaps the ffmpeg processes a transcode leaves.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=8000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    WEB_DIST=/app/web/dist
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=api-deps /app/node_modules node_modules
# node_modules/@campus-clips/rules links to packages/rules: the api requires its build at run time.
COPY --from=build /app/packages/rules/package.json packages/rules/package.json
COPY --from=build /app/packages/rules/dist packages/rules/dist
COPY --from=build /app/api/package.json api/package.json
COPY --from=api-deps /app/api/node_modules api/node_modules
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/web/dist web/dist
# `npm run admin -- <command>` and `npm run worker` run the build here (no tsc in this image).
COPY scripts/run-built.mjs scripts/run-built.mjs
# The demo loader (node api/dist/demo/seed-cli.js) uses the sample clips and avatars.
COPY fixtures/media fixtures/media
RUN mkdir -p /data/media && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains in-flight requests and closes subscriptions before the process exits.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
# The worker: node api/dist/worker.js; the admin command: node api/dist/admin-cli.js <command>.
CMD ["node", "api/dist/main.js"]

FROM ${NODE_IMAGE} AS auth-emulator
# Same firebase-tools version as the repository's devDependency.
RUN npm install -g firebase-tools@15.34.2 --no-audit --no-fund \
 && mkdir -p /emulator/data && chown -R node:node /emulator
WORKDIR /emulator
RUN printf '%s\n' '{"emulators":{"auth":{"host":"0.0.0.0","port":9099},"ui":{"enabled":false},"logging":{"level":"WARN"},"singleProjectMode":true}}' > firebase.json
USER node
ENV FIREBASE_CLI_DISABLE_UPDATE_CHECK=true \
    FIREBASE_PROJECT_ID=demo-campus-clips
EXPOSE 9099
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:9099/emulator/v1/projects/'+process.env.FIREBASE_PROJECT_ID+'/config').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Accounts are kept in /emulator/data between restarts (exported on a clean stop).
CMD ["sh", "-c", "exec firebase emulators:start --only auth --project \"$FIREBASE_PROJECT_ID\" --import /emulator/data --export-on-exit /emulator/data"]
