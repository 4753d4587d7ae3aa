#!/usr/bin/env bash
# `npm run dashboard`: serves the app on PORT (default 3000) with a run worker in a process of
# its own, so judge calls and offline scoring never hold up the pages. It says what it is doing
# at each step, since a first start takes minutes: dependencies (npm install when they are
# missing), the production build (skipped when the sources have not changed since the last
# one), then the server, which migrates the database (SQLite at ./data/turnwise.db unless
# DATABASE_URL says otherwise) and seeds the demo on first start.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n[dashboard] %s\n' "$*"; }
note() { printf '[dashboard] %s\n' "$*"; }
minutes() { printf '%d min %02d s' $(($1 / 60)) $(($1 % 60)); }

step "1/4 Dependencies"
if [ -x node_modules/.bin/next ]; then
  note "installed (run npm install again after a pull that changes package-lock.json)."
else
  note "not installed: running npm install (1 to 2 minutes)…"
  npm install --no-audit --no-fund
fi

step "2/4 Production build"
hash="$(bash scripts/source-hash.sh)"
if [ -f .next/BUILD_ID ] && [ "$(cat .next/turnwise-source-hash 2>/dev/null)" = "$hash" ]; then
  note "the sources have not changed since the last build: serving it (rm -rf .next to build again)."
else
  # Measured on a 2-core machine: docs/deployment.md, "How long a first start takes".
  note "building the app with next build: about 3 minutes on a 2-core machine, up to 15 when other"
  note "work keeps its cores busy. next build prints little while it compiles, so a line below says"
  note "every minute that it is still at work. Later starts skip this step until the sources change."
  started=$SECONDS
  # $$ is this script: the ticker ends with it (a background job ignores Ctrl-C here).
  ( while sleep 60 && kill -0 $$ 2>/dev/null; do note "still building ($(minutes $((SECONDS - started))) so far)…"; done ) &
  ticker=$!
  stop_ticker() { pkill -P "$ticker" 2>/dev/null || true; kill "$ticker" 2>/dev/null || true; }
  trap 'stop_ticker; exit 130' INT
  trap 'stop_ticker; exit 143' TERM
  build_status=0
  npx next build || build_status=$?
  stop_ticker
  wait "$ticker" 2>/dev/null || true
  trap - INT TERM
  if [ "$build_status" = 130 ]; then
    note "build stopped (Ctrl-C)."
    exit 130
  elif [ "$build_status" != 0 ]; then
    note "next build failed (exit code $build_status) after $(minutes $((SECONDS - started))): see its output above."
    exit "$build_status"
  fi
  echo "$hash" > .next/turnwise-source-hash
  note "built in $(minutes $((SECONDS - started)))."
fi

step "3/4 Database"
if [ -n "${DATABASE_URL:-}" ]; then where="the database DATABASE_URL names"; else where="the SQLite file ./data/turnwise.db"; fi
note "the server brings $where up to date, and seeds a demo dataset"
note "with a completed run into an empty one (TURNWISE_DEMO=0 skips it): its lines start with"
note "[database] and [demo]."
if [ "${TURNWISE_WORKER:-}" = "0" ]; then what="the web server (TURNWISE_WORKER=0: no run worker)"; else what="the web server and a run worker"; fi
step "4/4 Starting $what"
note "open http://localhost:${PORT:-3000} once it says it is listening (Ctrl-C stops it)."
# TURNWISE_WORKER=0 starts no worker here (`npm run worker` takes the runs). Whichever
# process ends first, or a signal, stops the other.
pids=()
# bin/server.ts listens on 127.0.0.1 unless TURNWISE_BIND says otherwise (docs/security.md).
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
