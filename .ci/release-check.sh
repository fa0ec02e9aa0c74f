#!/usr/bin/env bash
# The production install as docs/deploy.md tells an operator to do it, in a scratch directory that
# stands for / (so that the guide cannot rot): `npm run release` in this clone (the build
# machine), `npm ci --omit=dev` in a copy of release/ at opt/urnkit (the host: no dev tools there),
# `urnkit init` on SQLite, the environment file, the systemd unit of docs/systemd checked by
# systemd-analyze and its ExecStart run as systemd would, /readyz, one URN registered with the
# token init printed and resolved, SIGTERM, exit 0, `urnkit verify` passing. Then consumer projects on the same
# installation: an ES module and a CommonJS program, and a TypeScript check with skipLibCheck
# false. Run by .ci/run after `npm test`.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid"; fi
  rm -rf "$scratch"
}
trap cleanup EXIT
step() { printf '\n== release check: %s\n' "$*"; }
fail() {
  printf 'release check FAILED: %s\n' "$*" >&2
  exit 1
}

step "npm run release (deploy.md step 1, on the build machine)"
(cd "$repo" && npm run release --silent)

step "npm ci --omit=dev in a copy of release/ (deploy.md step 1, on the host)"
host="$scratch/opt/urnkit"
mkdir -p "$host"
cp "$repo"/release/* "$host/"
# Every run-time dependency must run on the oldest Node.js urnkit supports: an EBADENGINE warning
# from npm (against the Node.js running this) fails, and so does any installed package whose
# engines exclude that oldest version (.ci/host-engines.js). Seen: cookie@2.0.2 (via
# light-my-request 6.8.1) requires Node 22, when the release did not carry the workspace's pin.
(cd "$host" && npm ci --omit=dev --no-audit --no-fund --loglevel=warn) >"$scratch/npm-ci.log" 2>&1 ||
  fail "npm ci --omit=dev failed: $(cat "$scratch/npm-ci.log")"
if grep -q EBADENGINE "$scratch/npm-ci.log"; then
  fail "npm ci --omit=dev warned EBADENGINE: $(grep EBADENGINE "$scratch/npm-ci.log")"
fi
node "$repo/.ci/host-engines.js" "$host" || fail "a run-time dependency needs a newer Node.js"
for dev in typescript tsx @biomejs/biome fast-check; do
  [ ! -e "$host/node_modules/$dev" ] || fail "the host installation holds the dev dependency $dev"
done

step "urnkit init on SQLite, the environment file (deploy.md: one process on SQLite)"
db="$scratch/var/lib/urnkit/urnkit.db"
mkdir -p "$(dirname "$db")" "$scratch/etc/urnkit"
"$host/node_modules/.bin/urnkit" init --db "$db" >"$scratch/init.txt"
token="$(tail -n 1 "$scratch/init.txt")"
[[ "$token" =~ ^urnkit_[A-Za-z0-9_-]{43}$ ]] || fail "init printed no token: $(cat "$scratch/init.txt")"
env_file="$scratch/etc/urnkit/urnkit.env"
printf 'URNKIT_DB=%s\nURNKIT_TRUST_PROXY=loopback\n' "$db" >"$env_file"

step "the systemd unit of deploy.md, with this scratch directory for / (no systemd runs here)"
# deploy.md shows the unit files themselves, in this order: they must not drift apart.
ini_block() { awk -v n="$1" '/^```ini$/ { c++; if (c == n) { f = 1; next } } f && /^```$/ { exit } f' "$repo/docs/deploy.md"; }
n=0
for file in urnkit@.service urnkit-harvest@.service urnkit-harvest@.timer; do
  n=$((n + 1))
  diff <(ini_block "$n") "$repo/docs/systemd/$file" ||
    fail "unit $n in docs/deploy.md differs from docs/systemd/$file"
done
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
unit="$scratch/urnkit@$port.service"
sed -e "s|/opt/urnkit|$host|g" -e "s|/etc/urnkit/urnkit.env|$env_file|g" \
  -e "s|/usr/bin/node|$(command -v node)|g" "$repo/docs/systemd/urnkit@.service" >"$unit"
if command -v systemd-analyze >/dev/null; then
  systemd-analyze verify "$unit" || fail "systemd-analyze verify refused the unit"
  # The harvest service and its timer, for one source named "nightly".
  mkdir -p "$scratch/etc/urnkit/harvest"
  : >"$scratch/etc/urnkit/harvest/nightly.env"
  for kind in service timer; do
    sed -e "s|/opt/urnkit|$host|g" -e "s|/etc/urnkit|$scratch/etc/urnkit|g" \
      -e "s|/usr/bin/node|$(command -v node)|g" "$repo/docs/systemd/urnkit-harvest@.$kind" \
      >"$scratch/urnkit-harvest@nightly.$kind"
  done
  systemd-analyze verify "$scratch/urnkit-harvest@nightly.service" "$scratch/urnkit-harvest@nightly.timer" ||
    fail "systemd-analyze verify refused the harvest units"
  echo "systemd-analyze verify: ok"
else
  echo "systemd-analyze is not installed: the unit's syntax is not verified here"
fi
# What systemd would run for urnkit@$port: ExecStart with %i, under the EnvironmentFile.
exec_start="$(sed -n 's/^ExecStart=//p' "$unit" | sed "s/%i/$port/g")"
(set -a && . "$env_file" && set +a && exec $exec_start) >"$scratch/serve.out" 2>"$scratch/serve.err" &
server_pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  curl -sf "$base/readyz" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || fail "serve exited: $(cat "$scratch/serve.err")"
  sleep 0.1
done
grep -q "shown once" "$scratch/serve.err" && fail "serve printed a token on a registry that has one"

step "/readyz and one resolution at $base"
ready="$(curl -sf "$base/readyz")"
[ "$ready" = '{"status":"ready","engine":"sqlite"}' ] || fail "/readyz answered $ready"
api() { curl -s -o /dev/null -w '%{http_code}' -H "authorization: Bearer $token" \
  -H 'content-type: application/json' -X POST "$base$1" -d "$2"; }
[ "$(api /api/v1/namespaces '{"nid":"example","local":true}')" = 201 ] || fail "namespace not created"
[ "$(api /api/v1/urns '{"urn":"urn:example:ci-1","status":"active","locators":[{"url":"https://www.example.org/ci-1"}]}')" = 201 ] ||
  fail "URN not registered"
resolved="$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "$base/URN:EXAMPLE:ci-1")"
[ "$resolved" = "303 https://www.example.org/ci-1" ] || fail "resolution answered $resolved"

step "SIGTERM: a clean stop"
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" = 0 ] || fail "serve exited $status after SIGTERM"
while IFS= read -r line; do
  node -e 'JSON.parse(process.argv[1])' "$line" 2>/dev/null || fail "a standard output line that is not JSON: $line"
done <"$scratch/serve.out"
[ -s "$scratch/serve.out" ] || fail "no log line on standard output with --log info"

step "urnkit verify on the stopped registry (deploy.md: checking a registry)"
verified="$("$host/node_modules/.bin/urnkit" verify --db "$db")" || fail "urnkit verify: $verified"
[[ "$verified" == "ok sqlite registry "*", 1 record: every check passed"* ]] ||
  fail "urnkit verify printed $verified"

step "consumers of the installed packages: ESM, CommonJS, TypeScript (skipLibCheck false)"
cp -r "$repo/.ci/consumer" "$host/consumer"
(cd "$host/consumer" && node esm.mjs && node cjs.cjs &&
  node "$repo/node_modules/typescript/bin/tsc" -p tsconfig.json && echo "typescript consumer: ok")

step "passed"
