#!/usr/bin/env bash
# Serves a production build for the Playwright run: COUNT servers (1 by default) side by side on
# PORT, PORT + 1, …, each on a fresh SQLite database of its own in data/e2e/<n>/ (one per
# Playwright worker: e2e/e2e-servers.ts). Stops them all when it is stopped or when one stops.
set -euo pipefail
port="$1"
count="${2:-1}"
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1
unset OPENAI_API_KEY OPENAI_BASE_URL TURNWISE_JUDGES TURNWISE_AUTH TURNWISE_SECRET TURNWISE_URL || true
# The admin e2e/global-setup.ts signs in as (e2e/auth-fixtures.ts).
export TURNWISE_ADMIN_EMAIL="admin@e2e.test" TURNWISE_ADMIN_PASSWORD="e2e admin password"
# Online rules score closed conversations every 2 s rather than every 15 s (e2e/online-rules.spec.ts waits for it).
export TURNWISE_ONLINE_POLL_MS=2000
rm -rf data/e2e && mkdir -p data/e2e
if [ "${E2E_SKIP_BUILD:-}" != "1" ]; then npx next build > data/e2e/build.log 2>&1 || { cat data/e2e/build.log; exit 1; }; fi
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT INT TERM
for ((i = 0; i < count; i++)); do
  mkdir -p "data/e2e/$i"
  DATABASE_URL="file:./data/e2e/$i/turnwise-e2e.db" PORT="$((port + i))" TURNWISE_BIND=127.0.0.1 node --import tsx bin/server.ts &
  pids+=("$!")
done
wait -n
