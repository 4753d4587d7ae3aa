#!/usr/bin/env bash
# `npm test`: makes sure the machine has what the suite needs (Debian's Chromium headless shell for
# Playwright, a local PostgreSQL for the database tests), then runs every test.
set -uo pipefail
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1
unset OPENAI_API_KEY OPENAI_BASE_URL TURNWISE_JUDGES TURNWISE_AUTH TURNWISE_API_KEY TURNWISE_ADMIN_EMAIL TURNWISE_ADMIN_PASSWORD

can_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then apt-get update -qq >/dev/null && apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# The headless shell (Playwright's own choice for headless runs) over the full browser: the same
# engine without the desktop browser's layers, about a sixth less CPU on the browser tests.
if [ -z "${CHROMIUM_PATH:-}" ]; then
  for candidate in /usr/bin/chromium-headless-shell /usr/bin/chromium; do
    if [ -x "$candidate" ]; then CHROMIUM_PATH="$candidate"; break; fi
  done
fi
if [ -z "${CHROMIUM_PATH:-}" ] || [ ! -x "$CHROMIUM_PATH" ]; then
  if can_apt && [ -z "${CHROMIUM_PATH:-}" ]; then
    echo "Installing Debian's chromium-headless-shell for the browser tests…"; apt_install chromium-headless-shell || exit 1
    CHROMIUM_PATH=/usr/bin/chromium-headless-shell
  else echo "The browser tests need Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell} (Debian: apt-get install chromium-headless-shell), or set CHROMIUM_PATH." >&2; exit 2; fi
fi
export CHROMIUM_PATH

if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  if command -v pg_ctlcluster >/dev/null || can_apt; then
    if url=$(bash scripts/ci/setup-postgres.sh | tail -n 1) && [[ "$url" == postgresql://* ]]; then
      export TEST_POSTGRES_URL="$url"
    else
      echo "PostgreSQL could not be set up; the PostgreSQL database tests will be skipped." >&2
    fi
  else
    echo "No PostgreSQL here and no apt-get: the PostgreSQL database tests will be skipped (set TEST_POSTGRES_URL to run them)." >&2
  fi
fi

exec npx tsx scripts/test/run-all.ts "$@"
