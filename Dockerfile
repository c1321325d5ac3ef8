# Sirius Charts as a container: the build stage compiles the server and the web site, and keeps production
# dependencies only; the run stage is Node with ffmpeg, a non-root user and a data volume. Both stages run
# scripts/image.sh, which `npm test` also runs on the host (build, serve, probe), so the image is tested.
# The Node of .node-version, which CI installs and runs the whole suite on (a test checks they agree).
ARG NODE_VERSION=24.22.3
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
# better-sqlite3 and sharp may build from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
RUN bash scripts/image.sh build /app

FROM node:${NODE_VERSION}-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/* \
  && useradd --system --uid 10001 --home-dir /app sirius && mkdir -p /data && chown sirius /data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
COPY --from=build /src/scripts/image.sh /app/scripts/image.sh
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
VOLUME /data
EXPOSE 8080
USER sirius
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["bash", "scripts/image.sh", "serve", "/app"]
