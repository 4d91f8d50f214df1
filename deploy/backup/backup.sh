#!/usr/bin/env bash
# deploy/backup/backup.sh <dir>: a backup of the database and the stored files, in <dir>:
# db.dump (pg_dump, custom format: one consistent snapshot, restorable into any newer
# PostgreSQL), files/ (every object a row names) and manifest.json (their SHA-256, and each
# co-owner's balance). A dump is a point in time: what was written after it is lost on restore;
# for less, run PostgreSQL with a WAL archive (docs/operations.md). Takes the settings of the
# instances (DATABASE_URL, S3_* or DATA_DIR): `set -a; . $DEPLOY_DIR/instance.env` on one machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: backup.sh <dir>}
: "${DATABASE_URL:?DATABASE_URL is required}"
mkdir -p "$out"
pg_dump -Fc --no-owner --no-privileges -d "$DATABASE_URL" -f "$out/db.dump"
node_modules/.bin/tsx deploy/backup/files.ts "$out"
echo "backup in $out: $(du -sh "$out" | cut -f1)"
