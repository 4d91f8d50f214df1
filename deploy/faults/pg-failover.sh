#!/usr/bin/env bash
# PostgreSQL primary lost, standby promoted (deploy/faults/pg-failover.ts): clusters, instances and
# data of its own under a temporary directory (KEEP=1 keeps it), ports FAULT_PORT_BASE..+4 (3278).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec node_modules/.bin/tsx deploy/faults/pg-failover.ts
