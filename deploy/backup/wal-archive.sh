#!/usr/bin/env bash
# PostgreSQL's archive_command for point-in-time recovery: copies one finished WAL segment into
# the archive directory, never over an existing one (PostgreSQL retries a segment whose archiving
# failed; a segment already there with the same bytes is a success, with other bytes a refusal),
# and flushes it to disk before answering 0 (PostgreSQL then recycles the segment).
# In postgresql.conf:
#   wal_level = replica
#   archive_mode = on
#   archive_command = '/path/to/deploy/backup/wal-archive.sh %p %f /srv/tantieme/wal'
# The archive directory belongs on another disk or machine (an NFS mount, or rsync it on).
set -euo pipefail
src=${1:?usage: wal-archive.sh %p %f <archive dir>}
name=${2:?usage: wal-archive.sh %p %f <archive dir>}
dir=${3:?usage: wal-archive.sh %p %f <archive dir>}
dest="$dir/$name"
if [ -f "$dest" ]; then
  cmp -s "$src" "$dest" && exit 0
  echo "wal-archive: $dest exists with other bytes, refused" >&2
  exit 1
fi
cp "$src" "$dest.tmp"
sync "$dest.tmp"
mv "$dest.tmp" "$dest"
sync "$dir"
