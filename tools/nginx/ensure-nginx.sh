#!/usr/bin/env bash
# Makes sure Debian's nginx is installed (server/test/nginx.ts runs it in front of portal processes: the
# restart test, `npm run bench -- rolling`, tools/nginx/try.ts). Installs it with apt-get when it is missing and
# this runs as root, without letting the package start its system service (nothing listens on port 80 afterwards).
# Exit status: 0 when /usr/sbin/nginx (or NGINX_BIN) is there afterwards; 3 when it is missing and cannot be
# installed (not root, or apt-get failed); the reason on stderr.
set -euo pipefail
NGINX_BIN="${NGINX_BIN:-/usr/sbin/nginx}"
log() { printf '[nginx] %s\n' "$*" >&2; }

[ -x "$NGINX_BIN" ] && exit 0

if [ "$(id -u)" != "0" ]; then
  log "nginx is missing at $NGINX_BIN and installing it needs root. Run:"
  log "  sudo apt-get update && sudo apt-get install -y nginx"
  log "or point NGINX_BIN at an installed nginx."
  exit 3
fi

log "nginx is missing at $NGINX_BIN: installing Debian's nginx with apt-get (its service is not started)"
export DEBIAN_FRONTEND=noninteractive
# the package would start nginx as a system service on port 80: a policy that refuses every service start
policy_added=0
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  policy_added=1
fi
ok=0
{ apt-get install -y --no-install-recommends nginx || { apt-get update && apt-get install -y --no-install-recommends nginx; }; } && ok=1
[ "$policy_added" = 1 ] && rm -f /usr/sbin/policy-rc.d
if [ "$ok" != 1 ] || [ ! -x "$NGINX_BIN" ]; then
  log "installing nginx did not give $NGINX_BIN"
  exit 3
fi
log "$("$NGINX_BIN" -v 2>&1)"
