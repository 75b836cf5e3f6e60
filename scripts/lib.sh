# Shared by start and test: install npm dependencies when the lock file changed since the last install.
repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }

# better-sqlite3 compiles from source here (its prebuilt download is unreachable): build against the
# local Node headers instead of downloading them.
use_local_node_headers() {
  if [ -f /usr/include/node/node_api.h ]; then export npm_config_nodedir=/usr; fi
}

ensure_npm_dependencies() {
  use_local_node_headers
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
  local stamp=node_modules/.qiming-lock
  if [ -f "$stamp" ] && cmp -s package-lock.json "$stamp"; then return 0; fi
  echo "==> npm ci"
  npm ci --no-audit --no-fund && cp package-lock.json "$stamp"
}
