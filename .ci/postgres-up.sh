#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the tests: a fresh temporary directory, a free
# loopback port, one database. Prints the lines to eval, and nothing else on standard output:
#   eval "$(.ci/postgres-up.sh)"   # sets URNKIT_TEST_PG and URNKIT_TEST_PG_DIR
#   .ci/postgres-down.sh           # stops it and removes the directory
set -euo pipefail

log() { echo "postgres-up: $*" >&2; }

if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  log "no PostgreSQL binaries; installing the postgresql package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y postgresql >&2 || { apt-get update >&2 && apt-get install -y postgresql >&2; }
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

# initdb refuses to run as root: the cluster belongs to the postgres system user then.
if [ "$(id -u)" = 0 ]; then
  as_owner() { runuser -u postgres -- "$@"; }
else
  as_owner() { "$@"; }
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/urnkit-pg.XXXXXX")
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres: "$dir"

port=$(node -e 'const s = require("node:net").createServer();
s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')

as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >&2
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=300" \
  start >&2 || { cat "$dir/server.log" >&2; exit 1; }
"$bin/psql" -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "CREATE DATABASE urnkit" >&2
log "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, data in $dir"

echo "export URNKIT_TEST_PG=postgres://postgres@127.0.0.1:$port/urnkit"
echo "export URNKIT_TEST_PG_DIR=$dir"
