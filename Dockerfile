# The storefront as a container: `docker compose up` builds it once and runs two instances of it
# against MongoDB, Redis and MinIO (see docker-compose.yml).
# Node.js 24, the LTS line the project runs on everywhere (package.json's `engines`, its pinned `node`
# package for `npm start` outside Docker, `@types/node`). The build runs on the image's own Node.js, so
# the copy npm installs is removed.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# npm ci applies these library fixes (patch-package, the postinstall script) as it installs.
COPY patches ./patches
RUN npm ci && rm -rf node_modules/node node_modules/.bin/node
COPY . .
# Optional. `next build` derives the server actions' ids from this key and stores it in its output
# (so the image holds it either way); the same key in every build keeps a page of the previous
# release able to post its forms to the next. Empty: the build generates a key of its own.
ARG NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=
# Next's standalone output (next.config.mjs): `.next/standalone` holds server.js and only the files
# of the packages the server loads, without the build tools and the test tools, and none of the
# checkout's own files (data/, media/, tests/…: dockerImage.resilience.spec.ts checks it).
ENV NEXT_OUTPUT=standalone
RUN npm run build

FROM node:24-bookworm-slim
# tini as process 1: it passes the stop signal on to Node.js and reaps the processes Node.js starts
# (Node.js as process 1 ignores SIGTERM unless it handles it, and reaps nothing).
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# HOSTNAME: server.js listens on it, and Docker sets it to the container's id.
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 MALLOC_ARENA_MAX=2
# What server.js needs beside itself, as Next's documentation lists it: the browser's files and `public/`.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
RUN mkdir -p media data && chown -R node:node media data
USER node
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "--"]
# The memory flags `npm start` gives Node.js (README), on the command line: Node.js takes them only there.
CMD ["node", "--heap-growing-percent=25", "--max-semi-space-size=8", "server.js"]
