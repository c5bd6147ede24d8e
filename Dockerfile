# The storefront as a container: `docker compose up` builds it once and runs two instances of it
# against MongoDB, Redis and MinIO (see docker-compose.yml).
# Node.js 24, the active LTS line the project runs on (package.json's `node` dependency pins it for
# `npm start` outside Docker). The image's own Node.js runs the site, so the copy npm installs is removed.
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
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=build /app ./
RUN mkdir -p media data && chown -R node:node media data
USER node
EXPOSE 3000
CMD ["npm", "start"]
