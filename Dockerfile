# One image for the three apps: `node dist/apps/api/main.js` (default), `node dist/apps/ingest/main.js`
# or `node dist/apps/mcp/main.js` (the MCP server, on MCP_PORT 3001; compose gives it its own healthcheck).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY apps ./apps
COPY libs ./libs
COPY elastic/index ./elastic/index
COPY data/releases.json ./data/releases.json
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node data/cases ./data/cases
# The documents ingest's release manifests and page citations (the corpus itself is mounted, never baked in).
COPY --chown=node:node data/sources ./data/sources
COPY --chown=node:node data/document-pages.csv ./data/document-pages.csv
USER node
EXPOSE 3000 3001
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/apps/api/main.js"]
