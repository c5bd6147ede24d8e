# The storefront as a container: `docker compose up` builds it once and runs two instances of it
# against MongoDB, Redis and MinIO (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# Optional. `next build` derives the server actions' ids from this key and stores it in its output
# (so the image holds it either way); the same key in every build keeps a page of the previous
# release able to post its forms to the next. Empty: the build generates a key of its own.
ARG NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=build /app ./
RUN mkdir -p media data && chown -R node:node media data
USER node
EXPOSE 3000
CMD ["npm", "start"]
