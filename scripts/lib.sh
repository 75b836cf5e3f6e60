# Shared by start and test: install npm dependencies when the lock file changed since the last install.
repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }

# better-sqlite3 compiles from source here (its prebuilt download is unreachable): build against the
# local Node headers instead of downloading them.
use_local_node_headers() {
  if [ -f /usr/include/node/node_api.h ]; then export npm_config_nodedir=/usr; fi
}

npm_dependencies_stamp=node_modules/.qiming-lock

npm_dependencies_current() { [ -f "$npm_dependencies_stamp" ] && cmp -s package-lock.json "$npm_dependencies_stamp"; }

ensure_npm_dependencies() {
  use_local_node_headers
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
  if npm_dependencies_current; then return 0; fi
  echo "==> npm ci"
  npm ci --no-audit --no-fund && cp package-lock.json "$npm_dependencies_stamp"
}

# As ensure_npm_dependencies, but better-sqlite3's compile (about 2 min of one core on a clean clone)
# runs in the background while the caller does what needs no SQLite on this Node (the test command: all
# but its last step, since its suites run on Node 24 with better-sqlite3 13): wait_npm_dependencies waits
# for it. Every other install script runs before this returns.
start_npm_dependencies() {
  use_local_node_headers
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
  npm_dependencies_pid=
  if npm_dependencies_current; then return 0; fi
  echo "==> npm ci (better-sqlite3 compiles in the background)"
  rm -f "$npm_dependencies_stamp"
  npm ci --ignore-scripts --no-audit --no-fund || return 1
  local scripted
  scripted=$(npm query ':attr(scripts, [preinstall]), :attr(scripts, [install]), :attr(scripts, [postinstall])' |
    node -e 'for (const { name } of JSON.parse(require("fs").readFileSync(0, "utf8"))) if (name !== "better-sqlite3") console.log(name)') || return 1
  # shellcheck disable=SC2086 # one package name a word
  [ -z "$scripted" ] || npm rebuild $scripted || return 1
  npm_dependencies_log=$(mktemp)
  npm rebuild better-sqlite3 >"$npm_dependencies_log" 2>&1 &
  npm_dependencies_pid=$!
}

wait_npm_dependencies() {
  [ -n "${npm_dependencies_pid:-}" ] || return 0
  local status=0
  wait "$npm_dependencies_pid" || status=$?
  npm_dependencies_pid=
  if [ "$status" -ne 0 ]; then
    echo "==> npm rebuild better-sqlite3 failed:"
    tail -n 40 "$npm_dependencies_log"
  else
    cp package-lock.json "$npm_dependencies_stamp"
  fi
  rm -f "$npm_dependencies_log"
  return "$status"
}
