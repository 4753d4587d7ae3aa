#!/usr/bin/env bash
# `npm run dashboard`: builds the app and serves it on PORT (default 3000). The server
# migrates the database (SQLite at ./data/turnwise.db unless DATABASE_URL says otherwise)
# and seeds the demo on first start.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
npx next build
exec npx next start -p "${PORT:-3000}"
