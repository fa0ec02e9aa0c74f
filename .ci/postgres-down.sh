#!/usr/bin/env bash
# Stops the cluster .ci/postgres-up.sh started and removes its directory:
#   .ci/postgres-down.sh [DIR]   (DIR defaults to $URNKIT_TEST_PG_DIR)
set -euo pipefail

dir=${1:-${URNKIT_TEST_PG_DIR:-}}
case "$dir" in
  */urnkit-pg.*) ;;
  *) echo "postgres-down: pass the directory postgres-up.sh printed (URNKIT_TEST_PG_DIR)" >&2; exit 2 ;;
esac
if [ -f "$dir/data/postmaster.pid" ]; then
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2
  else
    "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2
  fi
fi
rm -rf "$dir"
