# Qiming in a container: the site, the back-office and the API on plain node (Node 24 LTS), as a
# non-root user. Build: docker build -t qiming .   Run with PostgreSQL and Redis: docker compose up.
# The image holds the built web app's files but none of its packages: the server's own production
# dependencies are installed apart (about 250 MB instead of 535 MB with React, antd, bpmn-js, ECharts).

FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# Only what the built server imports: the server workspace's production dependencies (native ones
# compiled here, where the build tools are), not the web app's.
FROM node:24-bookworm AS server-packages
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev --workspace @qiming/server --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=server-packages /app/package.json ./
COPY --from=server-packages /app/node_modules node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
