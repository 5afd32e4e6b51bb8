# The web app is built in a stage of its own, with the dev dependencies it needs. The image that
# runs holds the server's production dependencies only, the sources Node 24 runs as they are
# (type stripping, no build step), the migrations and command-line scripts, and the built web
# app; it runs as the image's unprivileged `node` user, which can write nowhere but /data.

FROM node:24-bookworm-slim AS web
WORKDIR /app
COPY package.json package-lock.json ./
COPY rules/package.json rules/
COPY server/package.json server/
COPY web/package.json web/
# No install scripts: the only dev dependency with one is `node`, which would fetch a second
# Node 24 beside the image's.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY rules rules
COPY web web
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
# pg_dump and pg_restore for `npm run backup` and `npm run restore`, of the major version the
# database runs (docker-compose.yml: postgres:16) or newer: Debian 12 ships 15 only, so they come
# from the PostgreSQL project's own apt repository, set up by Debian's postgresql-common.
ARG PG_CLIENT_MAJOR=16
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends "postgresql-client-${PG_CLIENT_MAJOR}" \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY rules/package.json rules/
COPY server/package.json server/
COPY web/package.json web/
# The server's workspace only, without dev dependencies, exactly as the lockfile has them; no
# install scripts (the only one left, embedded Postgres's, is for a database this image never runs).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace server \
  && npm cache clean --force
COPY rules/src rules/src
COPY server/src server/src
COPY migrations migrations
# The operator's commands; the development ones (gen-*, audit-check, bench) stay out.
COPY scripts/migrate.ts scripts/seed-demo.ts scripts/staff-add.ts scripts/ingest.ts \
  scripts/simulate.ts scripts/import-parcels.ts scripts/backup.ts scripts/restore.ts \
  scripts/copy-store-to-s3.ts scripts/
COPY --from=web /app/web/dist web/dist
# The code stays root's and read-only to the server; documents and inboxes go to /data, which a
# named volume mounted there inherits the ownership of.
RUN mkdir /data && chown node:node /data
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER node
EXPOSE 3000
CMD ["node", "server/src/main.ts", "--api"]
