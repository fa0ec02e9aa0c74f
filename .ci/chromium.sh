#!/bin/sh
# Installs Debian's chromium for the web UI's browser test (packages/server/test/ui/browser.test.ts)
# when it is not there yet. Needs root (CI containers run as root).
set -eu
if [ -x /usr/bin/chromium ]; then
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y chromium
/usr/bin/chromium --version
