# The deployment's ports and directories (sourced by up.sh, down.sh, backup.sh); each may be set
# before. One machine: every process on 127.0.0.1 with its own port and data directory.
DEPLOY_DIR=${DEPLOY_DIR:-$PWD/.deploy}
HTTPS_PORT=${HTTPS_PORT:-3150}
HTTP_PORT=${HTTP_PORT:-3151}
APP_PORTS=${APP_PORTS:-"3152 3153"}
METRICS_BASE=${METRICS_BASE:-3160}
S3_PORT=${S3_PORT:-3155}
OWN_REDIS_PORT=${OWN_REDIS_PORT:-3156}
PG_ADMIN_URL=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
DB_NAME=${DB_NAME:-tantieme_deploy}
DATABASE_URL=${DATABASE_URL:-${PG_ADMIN_URL%/*}/$DB_NAME}
