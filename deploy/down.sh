#!/usr/bin/env bash
# Stops what deploy/up.sh started (by the pids it wrote), keeping the data directories;
# DROP=1 also drops the database and removes DEPLOY_DIR.
set -uo pipefail
cd "$(dirname "$0")/.."
. deploy/env.sh
run="$DEPLOY_DIR"
[ -f "$run/nginx/nginx.pid" ] && kill "$(cat "$run/nginx/nginx.pid")" 2>/dev/null
for f in "$run"/pids/*.pid; do
  [ -f "$f" ] || continue
  pid=$(cat "$f")
  kill "$pid" 2>/dev/null
  for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -9 "$pid" 2>/dev/null
  rm -f "$f"
done
if [ "${DROP:-0}" = 1 ]; then
  psql "$PG_ADMIN_URL" -qc "drop database if exists $DB_NAME with (force)" >/dev/null 2>&1
  rm -rf "$run"
fi
exit 0
