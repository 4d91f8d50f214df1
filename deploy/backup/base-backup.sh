#!/usr/bin/env bash
# deploy/backup/base-backup.sh <dir>: a base backup of the whole PostgreSQL cluster (pg_basebackup,
# tar format, compressed, with the WAL it needs to be consistent) for point-in-time recovery with
# the archive of deploy/backup/wal-archive.sh. Take one a night (or a week): a restore replays the
# archived WAL from the newest base backup before the target time, so the older one and the
# segments before it may go. PG_ADMIN_URL: a role with REPLICATION (the postgres superuser here).
# The stored files are not in it: deploy/backup/backup.sh's files/ (or the bucket's versioning).
set -euo pipefail
out=${1:?usage: base-backup.sh <dir>}
: "${PG_ADMIN_URL:?PG_ADMIN_URL is required}"
mkdir -p "$out"
pg_basebackup -d "$PG_ADMIN_URL" -D "$out" -Ft -z -X fetch -c fast --label="tantieme $(date -u +%FT%TZ)"
echo "base backup in $out: $(du -sh "$out" | cut -f1)"
