#!/bin/sh
# Installs (if missing) and starts a local PostgreSQL cluster, then creates the role
# `turnwise` (LOGIN CREATEDB: migrations and tests create throwaway databases) and the
# database `turnwise_test`. Idempotent. Prints the connection URL on the last line.
# Run as root (apt-get, and su to the postgres user).
set -eu

ROLE=turnwise
PASSWORD=turnwise
DATABASE=turnwise_test

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "Installing postgresql…" >&2
  apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2
fi

VERSION=$(ls /usr/lib/postgresql | sort -n | tail -n 1)

if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$VERSION main"; then
  pg_createcluster "$VERSION" main >&2
fi

if ! pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" {print $4}' | grep -qx online; then
  pg_ctlcluster "$VERSION" main start >&2
fi

# Wait until the server accepts connections (start returns before that on slow machines).
i=0
until su postgres -c "psql -qtAc 'SELECT 1'" >/dev/null 2>&1; do
  i=$((i + 1))
  if [ "$i" -ge 30 ]; then
    echo "PostgreSQL did not become ready" >&2
    exit 1
  fi
  sleep 1
done

psql_admin() {
  su postgres -c "psql -v ON_ERROR_STOP=1 -qtA -c \"$1\""
}

if [ "$(psql_admin "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'")" != "1" ]; then
  psql_admin "CREATE ROLE $ROLE WITH LOGIN CREATEDB PASSWORD '$PASSWORD'" >&2
else
  psql_admin "ALTER ROLE $ROLE WITH LOGIN CREATEDB PASSWORD '$PASSWORD'" >&2
fi

if [ "$(psql_admin "SELECT 1 FROM pg_database WHERE datname = '$DATABASE'")" != "1" ]; then
  psql_admin "CREATE DATABASE $DATABASE OWNER $ROLE" >&2
fi

echo "postgresql://$ROLE:$PASSWORD@127.0.0.1:5432/$DATABASE"
