#!/usr/bin/env bash
# Makes sure the system Chromium the tests and diagrams use is installed (npm `pretest:e2e`, .ci/run).
# Playwright's own browser download is not used: the tests launch /usr/bin/chromium (or CHROMIUM_PATH).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
  echo "chromium: $("$CHROMIUM" --version 2>/dev/null | tail -n 1 || echo "$CHROMIUM")"
  exit 0
fi

if [ "$(id -u)" = "0" ]; then
  echo "chromium is missing at $CHROMIUM: installing it with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  # fonts: screenshots and diagrams need real glyphs
  apt-get install -y --no-install-recommends chromium fonts-liberation fonts-dejavu-core
  if [ ! -x "$CHROMIUM" ]; then
    echo "chromium was installed but $CHROMIUM is still missing: set CHROMIUM_PATH to its path" >&2
    exit 1
  fi
  exit 0
fi

cat >&2 <<MSG
Chromium is missing at $CHROMIUM, and installing it needs root. Run:
  sudo apt-get update && sudo apt-get install -y chromium fonts-liberation
or point CHROMIUM_PATH at an installed Chromium.
MSG
exit 1
