#!/usr/bin/env bash
# `npm run dashboard`: serves the app on PORT (default 3000) with a run worker in a process of
# its own, so judge calls and offline scoring never hold up the pages. The build is skipped when
# the sources have not changed since the last one. The server migrates the database (SQLite at
# ./data/turnwise.db unless DATABASE_URL says otherwise) and seeds the demo on first start.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

hash="$(bash scripts/source-hash.sh)"
if [ -f .next/BUILD_ID ] && [ "$(cat .next/turnwise-source-hash 2>/dev/null)" = "$hash" ]; then
  echo "The sources have not changed since the last build: serving it (rm -rf .next to build again)."
else
  npx next build
  echo "$hash" > .next/turnwise-source-hash
fi

# TURNWISE_WORKER=0 starts no worker here (`npm run worker` takes the runs). Whichever
# process ends first, or a signal, stops the other.
pids=()
# bin/server.ts listens on 127.0.0.1 unless TURNWISE_BIND says otherwise (README, Security).
TURNWISE_WORKER=0 node --import tsx bin/server.ts &
pids+=($!)
if [ "${TURNWISE_WORKER:-}" != "0" ]; then
  node --import tsx bin/worker.ts &
  pids+=($!)
fi
stop() {
  kill -TERM "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
}
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM
status=0
wait -n "${pids[@]}" || status=$?
stop
exit "$status"
