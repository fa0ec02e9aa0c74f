#!/usr/bin/env bash
# Stops the PgBouncer .ci/pgbouncer-up.sh started and removes its directory:
#   .ci/pgbouncer-down.sh [DIR]   (DIR defaults to $URNKIT_TEST_PG_POOLER_DIR)
set -euo pipefail

dir=${1:-${URNKIT_TEST_PG_POOLER_DIR:-}}
case "$dir" in
  */urnkit-pgbouncer.*) ;;
  *) echo "pgbouncer-down: pass the directory pgbouncer-up.sh printed (URNKIT_TEST_PG_POOLER_DIR)" >&2; exit 2 ;;
esac
if [ -s "$dir/pgbouncer.pid" ]; then
  pid=$(cat "$dir/pgbouncer.pid")
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
fi
rm -rf "$dir"
