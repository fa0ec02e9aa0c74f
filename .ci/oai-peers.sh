#!/bin/sh
# Installs Debian's OAI-PMH peers for the exchange tests when they are not there yet: HTTP::OAI's
# harvester (libhttp-oai-perl) harvests urnkit's provider (packages/server/test/exchange/oai-peer.test.ts),
# and Catmandu's OAI-PMH provider (libdancer-plugin-catmandu-oai-perl) is a provider nobody on
# this project wrote for the harvester's tests. Needs root (CI containers run as root).
set -eu
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=""
for pkg in libhttp-oai-perl libdancer-plugin-catmandu-oai-perl; do
  have "$pkg" || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck disable=SC2086 # one word per package
  apt-get install -y $missing || { apt-get update && apt-get install -y $missing; }
fi
perl -MHTTP::OAI -e 'print "HTTP::OAI $HTTP::OAI::VERSION\n"'
