# The storefront as a container: `docker compose up` runs it against MongoDB (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=build /app ./
RUN mkdir -p media data && chown -R node:node media data
USER node
EXPOSE 3000
CMD ["npm", "start"]
