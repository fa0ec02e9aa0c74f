#!/usr/bin/env bash
# Puts PgBouncer (Debian's pgbouncer package) in transaction pooling mode in front of the test
# cluster URNKIT_TEST_PG names (.ci/postgres-up.sh), on a free loopback port, and prints the lines
# to eval, and nothing else on standard output:
#   eval "$(.ci/postgres-up.sh)"; eval "$(.ci/pgbouncer-up.sh)"   # sets URNKIT_TEST_PG_POOLER
#   npm test                      # the stores of the PostgreSQL half go through PgBouncer
#   .ci/pgbouncer-down.sh         # stops it and removes its directory
# Few server connections per database (SERVER_CONNECTIONS, default 5) for the clients of a test,
# so that one client's consecutive transactions land in different server sessions and whatever
# the code keeps in a session between transactions goes missing at once.
set -euo pipefail

log() { echo "pgbouncer-up: $*" >&2; }

: "${URNKIT_TEST_PG:?set URNKIT_TEST_PG first: eval \"\$(.ci/postgres-up.sh)\"}"
binary=/usr/sbin/pgbouncer
if [ ! -x "$binary" ]; then
  log "no PgBouncer; installing the pgbouncer package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y pgbouncer >&2 || { apt-get update >&2 && apt-get install -y pgbouncer >&2; }
fi

# postgres://user@host:port/db: the parts PgBouncer needs.
server=${URNKIT_TEST_PG#*://}
user=${server%%@*}
hostport=${server#*@}
hostport=${hostport%%/*}
host=${hostport%:*}
port=${hostport##*:}
database=${server##*/}
database=${database%%\?*}

dir=$(mktemp -d "${TMPDIR:-/tmp}/urnkit-pgbouncer.XXXXXX")
chmod 755 "$dir"
listen=$(node -e 'const s = require("node:net").createServer();
s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')

printf '"%s" ""\n' "$user" > "$dir/users.txt"
cat > "$dir/pgbouncer.ini" <<INI
[databases]
* = host=$host port=$port
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $listen
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = ${SERVER_CONNECTIONS:-5}
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI

# PgBouncer refuses to run as root: as the postgres system user then.
if [ "$(id -u)" = 0 ]; then
  chown -R postgres: "$dir"
  runuser -u postgres -- "$binary" -d "$dir/pgbouncer.ini" >&2
else
  "$binary" -d "$dir/pgbouncer.ini" >&2
fi
for _ in $(seq 100); do
  [ -s "$dir/pgbouncer.pid" ] && break
  sleep 0.05
done
[ -s "$dir/pgbouncer.pid" ] || { cat "$dir/pgbouncer.log" >&2; exit 1; }
log "PgBouncer $("$binary" --version | head -n 1 | awk '{print $2}') on 127.0.0.1:$listen (transaction pooling) in front of $host:$port, files in $dir"

echo "export URNKIT_TEST_PG_POOLER=postgres://$user@127.0.0.1:$listen/$database"
echo "export URNKIT_TEST_PG_POOLER_DIR=$dir"
