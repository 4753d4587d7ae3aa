#!/usr/bin/env bash
# One hash of everything `next build` reads: when it is unchanged, the last build still holds.
set -euo pipefail
cd "$(dirname "$0")/.."
files() {
  for dir in app components lib prisma public; do
    [ -d "$dir" ] && find "$dir" -type f ! -path 'lib/db/generated/*' ! -name '*.test.ts'
  done
  for file in next.config.ts proxy.ts instrumentation.ts tsconfig.json postcss.config.mjs package.json package-lock.json; do
    [ -f "$file" ] && echo "$file"
  done
  return 0
}
files | LC_ALL=C sort | tr '\n' '\0' | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
