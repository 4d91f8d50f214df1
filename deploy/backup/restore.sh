#!/usr/bin/env bash
# deploy/backup/restore.sh <backup dir> <new database>: restores the dump into a new database on
# the PostgreSQL of PG_ADMIN_URL, then runs the drill (drill.ts) on it: registers against their
# signed heads, statements against the ledger, stored objects against their digests. Exit 1 if
# anything does not verify. KEEP=1 keeps the restored database (to promote it), otherwise it is
# dropped. The files are restored to a new store with any S3 client (`aws s3 sync <dir>/files
# s3://bucket`), or copied into DATA_DIR/files.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:?usage: restore.sh <backup dir> <new database>}
name=${2:?usage: restore.sh <backup dir> <new database>}
admin=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
url="${admin%/*}/$name"
psql "$admin" -qc "create database $name"
[ "${KEEP:-0}" = 1 ] || trap 'psql "$admin" -qc "drop database if exists $name with (force)" >/dev/null 2>&1' EXIT
pg_restore --no-owner --no-privileges --exit-on-error -d "$url" "$dir/db.dump"
node_modules/.bin/tsx deploy/backup/drill.ts "$dir" "$url"
