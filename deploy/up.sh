#!/usr/bin/env bash
# Starts Tantième on one machine the way it runs on several: nginx (TLS, HTTP/2, WebSocket) in
# front of two instances of apps/server/src/main.ts, on PostgreSQL, Redis and an S3-compatible
# store (s3rver, the tests' local S3), each with its own port and data directory under
# DEPLOY_DIR. PostgreSQL is the one of PG_ADMIN_URL (a database DB_NAME is created); Redis is
# REDIS_URL, or a redis-server of its own. SEED_DEMO=1 loads the demo data into an empty
# database. Needs the web app built (npm run build). Stop with deploy/down.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
. deploy/env.sh
mkdir -p "$DEPLOY_DIR"/{logs,pids,tls,seal,s3,redis,nginx/body,nginx/proxy,nginx/fastcgi,nginx/uwsgi,nginx/scgi}
run="$DEPLOY_DIR"
web_dist="$PWD/apps/web/dist"
[ -f "$web_dist/index.html" ] || { echo "deploy: build the web app first (npm run build)"; exit 1; }

# Secrets and certificates, made once and kept in DEPLOY_DIR (production: your own, from a vault).
if [ ! -f "$run/secrets.env" ]; then
  vapid=$(node_modules/.bin/web-push generate-vapid-keys --json)
  {
    echo "APP_SECRET=$(openssl rand -hex 32)"
    echo "ASSEMBLY_SIGNING_KEY=$(openssl genpkey -algorithm ed25519 -outform DER | base64 -w0)"
    echo "VAPID_PUBLIC_KEY=$(node -e 'console.log(JSON.parse(process.argv[1]).publicKey)' "$vapid")"
    echo "VAPID_PRIVATE_KEY=$(node -e 'console.log(JSON.parse(process.argv[1]).privateKey)' "$vapid")"
    echo "VAPID_SUBJECT=mailto:exploitation@example.fr"
  } >"$run/secrets.env"
  chmod 600 "$run/secrets.env"
fi
if [ ! -f "$run/tls/cert.pem" ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
    -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$run/tls/key.pem" -out "$run/tls/cert.pem" 2>/dev/null
fi
if [ ! -f "$run/seal/cert.pem" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 365 -subj "/CN=Cachet Tantieme (deploiement local)" \
    -keyout "$run/seal/key.pem" -out "$run/seal/cert.pem" 2>/dev/null
fi

# Redis: the given one, or our own (no persistence: counters and the socket fan-out only).
if [ -z "${REDIS_URL:-}" ]; then
  redis-server --port "$OWN_REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$run/redis" \
    --daemonize yes --pidfile "$run/pids/redis.pid" --logfile "$run/logs/redis.log"
  REDIS_URL="redis://127.0.0.1:$OWN_REDIS_PORT"
fi

# S3-compatible storage.
node deploy/s3.mjs "$S3_PORT" "$run/s3" >"$run/logs/s3.log" 2>&1 &
echo $! >"$run/pids/s3.pid"

# The database.
exists=$(psql "$PG_ADMIN_URL" -tAc "select 1 from pg_database where datname = '$DB_NAME'")
[ "$exists" = 1 ] || psql "$PG_ADMIN_URL" -qc "create database $DB_NAME"

set -a
. "$run/secrets.env"
# DEPLOY_NODE_ENV=development keeps the sandbox card checkout (CI's journey pays with it).
NODE_ENV=${DEPLOY_NODE_ENV:-production}
DATABASE_URL=$DATABASE_URL
REDIS_URL=$REDIS_URL
PUBLIC_URL=https://127.0.0.1:$HTTPS_PORT
# One hop: nginx. The capacity benchmark sets 2 (it sends each simulated co-owner's address).
TRUST_PROXY=${TRUST_PROXY:-1}
S3_ENDPOINT=http://127.0.0.1:$S3_PORT
S3_BUCKET=tantieme
S3_REGION=us-east-1
S3_ACCESS_KEY_ID=S3RVER
S3_SECRET_ACCESS_KEY=S3RVER
SEAL_CERT_FILE=$run/seal/cert.pem
SEAL_KEY_FILE=$run/seal/key.pem
LOG_LEVEL=${LOG_LEVEL:-warn}
set +a
# What every instance shares, for the administration and backup scripts (secret: mode 600).
for v in NODE_ENV DATABASE_URL REDIS_URL PUBLIC_URL TRUST_PROXY S3_ENDPOINT S3_BUCKET S3_REGION \
  S3_ACCESS_KEY_ID S3_SECRET_ACCESS_KEY SEAL_CERT_FILE SEAL_KEY_FILE APP_SECRET ASSEMBLY_SIGNING_KEY \
  VAPID_PUBLIC_KEY VAPID_PRIVATE_KEY VAPID_SUBJECT; do printf '%s=%q\n' "$v" "${!v}"; done >"$run/instance.env"
chmod 600 "$run/instance.env"

for i in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$S3_PORT/" && break; sleep 0.2; done
if [ "${SEED_DEMO:-0}" = 1 ]; then
  # Migrates, then the demo data if the database is empty (a second run says so and goes on).
  DATA_DIR="$run/admin" node_modules/.bin/tsx apps/server/seed/admin.ts seed-demo >"$run/logs/seed.log" 2>&1 ||
    grep -q 'base vide' "$run/logs/seed.log" || { cat "$run/logs/seed.log"; exit 1; }
fi

# The instances: the same code and settings, each its port, data directory and metrics port.
upstreams=""
n=0
for port in $APP_PORTS; do
  n=$((n + 1))
  mkdir -p "$run/app$n"
  PORT=$port HOST=127.0.0.1 DATA_DIR="$run/app$n" METRICS_PORT=$((METRICS_BASE + n)) \
    nohup node_modules/.bin/tsx --max-semi-space-size=64 apps/server/src/main.ts \
    >"$run/logs/app$n.log" 2>&1 &
  echo $! >"$run/pids/app$n.pid"
  upstreams+="    server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"$'\n'
done

brotli=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
load_modules=""; brotli_static=""
if [ -f "$brotli" ]; then load_modules="load_module $brotli;"; brotli_static="      brotli_static on;"; fi
debug=""
# CI asks which instance answered (the spec checks that two users are on two instances).
[ "${DEPLOY_DEBUG_HEADERS:-0}" = 1 ] && debug="    add_header X-Upstream \$upstream_addr always;"
UPSTREAMS="$upstreams" LOAD_MODULES="$load_modules" BROTLI_STATIC="$brotli_static" DEBUG_HEADERS="$debug" \
RUN="$run" WEB_DIST="$web_dist" LISTEN="${LISTEN:-127.0.0.1}" HTTPS_PORT="$HTTPS_PORT" HTTP_PORT="$HTTP_PORT" \
  node -e '
    const fs = require("fs");
    const out = fs.readFileSync("deploy/nginx.conf.template", "utf8").replace(/@([A-Z_]+)@/g, (m, k) =>
      k in process.env ? process.env[k].replace(/\n$/, "") : m);
    if (/@[A-Z_]+@/.test(out)) throw new Error("placeholder left: " + out.match(/@[A-Z_]+@/)[0]);
    fs.writeFileSync(process.argv[1], out);' "$run/nginx/nginx.conf"
/usr/sbin/nginx -t -q -c "$run/nginx/nginx.conf" -p "$run/nginx" -e "$run/logs/nginx-error.log"
/usr/sbin/nginx -c "$run/nginx/nginx.conf" -p "$run/nginx" -e "$run/logs/nginx-error.log"

# Ready when nginx answers the readiness of each instance in turn.
url="https://127.0.0.1:$HTTPS_PORT/api/ready"
for i in $(seq 1 600); do
  ok=0
  for port in $APP_PORTS; do curl -sf "http://127.0.0.1:$port/api/ready" >/dev/null && ok=$((ok + 1)); done
  [ "$ok" -eq "$n" ] && curl -sfk "$url" >/dev/null && break
  for f in "$run"/pids/app*.pid; do
    kill -0 "$(cat "$f")" 2>/dev/null || { echo "deploy: an instance stopped"; tail -20 "$run"/logs/app*.log; exit 1; }
  done
  sleep 0.5
done
curl -sfk "$url" >/dev/null || { echo "deploy: not ready"; tail -20 "$run"/logs/app*.log; exit 1; }
echo "Tantième: https://127.0.0.1:$HTTPS_PORT ($n instances: $APP_PORTS; metrics on 127.0.0.1:$((METRICS_BASE + 1))…)"
