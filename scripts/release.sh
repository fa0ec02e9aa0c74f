#!/usr/bin/env bash
# `npm run release`: what a production host installs, in release/: the four packages as npm
# tarballs (built JavaScript, no sources, no dev tools), and a package.json with its lock file that
# depends on exactly those tarballs. On the host, `npm ci --omit=dev` in a copy of release/
# installs urnkit and its run-time dependencies only (docs/deploy.md, step 1).
set -euo pipefail
cd "$(dirname "$0")/.."

out=release
rm -rf "$out"
mkdir -p "$out"
npm run build --silent
npm pack --workspaces --pack-destination "$out" --silent >/dev/null

# The host's package.json: every @urnkit package from its tarball, and the workspace's overrides
# (scripts/host-package.ts); their dependencies come from the registry, pinned by the lock below.
node --import tsx scripts/write-host-package.ts "$out"

(cd "$out" && npm install --package-lock-only --omit=dev --no-audit --no-fund --silent)
ls -1 "$out"
