#!/usr/bin/env bash
# The container image's steps, in one place: the Dockerfile runs `build` in its build stage and `serve` as
# its command, and `npm test` runs `check` on the host (build, then serve and probe it), so what the image
# does is what the tests ran.
#   scripts/image.sh build <dir>   npm run build (npm ci first when node_modules is missing), and an app
#                                  folder in <dir> with production dependencies only (npm ci --omit=dev):
#                                  no TypeScript, tsx or Vite
#   scripts/image.sh serve [dir]   runs the compiled server from an app folder (default: here)
#   scripts/image.sh check         build into a temporary folder, serve it on loopback, probe it, stop
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

build() {
  local out="$1"
  cd "$here"
  # The image's build stage starts without node_modules; on the host the checkout's own are used.
  if [ ! -d node_modules ]; then npm ci --no-audit --no-fund --loglevel=error; fi
  npm run -s build
  rm -rf "$out" && mkdir -p "$out/scripts"
  cp -rp package.json package-lock.json build dist docs master-data "$out/"
  cp -p scripts/run.mjs scripts/build-lib.mjs "$out/scripts/"
  (cd "$out" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
}

serve() {
  cd "${1:-$here}"
  # As npm start: a small young generation, an old one that grows by a quarter, two malloc arenas, so that
  # the server's memory after bursts of requests stays low.
  export MALLOC_ARENA_MAX=2
  exec node --max-semi-space-size=2 --heap-growing-percent=25 scripts/run.mjs main
}

check() {
  local out data log pid port=18080
  out="$(mktemp -d)/app"
  data="$(mktemp -d)"
  log="$data/server.log"
  build "$out"
  for tool in tsx vite typescript; do
    if [ -e "$out/node_modules/$tool" ]; then echo "image check: $tool is installed in the image"; exit 1; fi
  done
  DATA_DIR="$data" HOST=127.0.0.1 PORT="$port" LOG_LEVEL=warn serve "$out" >"$log" 2>&1 &
  pid=$!
  trap 'kill "$pid" 2>/dev/null || true' EXIT
  # The server says it is up by answering its health check (seeding the demo charts comes first).
  for _ in $(seq 1 600); do
    if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "image check: the server exited"; exit 1; fi
    sleep 0.1
  done
  curl -fsS "http://127.0.0.1:$port/healthz" | grep -q '"status":"ok"'
  curl -fsS "http://127.0.0.1:$port/" | grep -q '<div id="root">'
  curl -fsS "http://127.0.0.1:$port/sonolus/levels/list" | grep -q '"pageCount"'
  curl -fsS -o /dev/null "http://127.0.0.1:$port/sonolus/info"
  # Our engine, built by npm run build, is served and its play data resolves by hash.
  curl -fsS "http://127.0.0.1:$port/sonolus/engines/sirius-charts" | grep -q '"version":13'
  # The compiled copy runs; TypeScript sources are not in the image.
  if [ -e "$out/server" ] || [ -e "$out/src" ]; then echo "image check: sources copied into the image"; exit 1; fi
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  trap - EXIT
  rm -rf "$out" "$data"
  echo "image check: built, served from compiled code with production dependencies only, and answered"
}

case "${1:-}" in
  build) build "${2:?usage: scripts/image.sh build <dir>}" ;;
  serve) serve "${2:-}" ;;
  check) check ;;
  *) echo "usage: scripts/image.sh build <dir> | serve [dir] | check" >&2; exit 2 ;;
esac
