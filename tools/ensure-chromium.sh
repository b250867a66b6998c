#!/usr/bin/env bash
# Makes sure the system Chromium the tests and diagrams use is installed (npm `pretest:e2e`, .ci/run): Debian's
# chromium (/usr/bin/chromium, or CHROMIUM_PATH) for the diagrams, the terms PDFs and the benches, and its
# chromium-headless-shell (/usr/bin/chromium-headless-shell) that the Playwright tests run in (tools/lib/chromium.ts).
# Playwright's own browser download is not used.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
SHELL_BIN=/usr/bin/chromium-headless-shell

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
# with CHROMIUM_PATH set, the tests run in that browser and the shell is not needed
[ -n "${CHROMIUM_PATH:-}" ] || [ -x "$SHELL_BIN" ] || missing+=(chromium-headless-shell)

if [ ${#missing[@]} -eq 0 ]; then
  echo "chromium: $("$CHROMIUM" --version 2>/dev/null | tail -n 1 || echo "$CHROMIUM")"
  exit 0
fi

if [ "$(id -u)" = "0" ]; then
  echo "missing: ${missing[*]}: installing with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  # fonts: screenshots and diagrams need real glyphs
  apt-get install -y --no-install-recommends "${missing[@]}" fonts-liberation fonts-dejavu-core ||
    # a distribution without the headless shell: the tests fall back to the desktop Chromium (slower, same results)
    apt-get install -y --no-install-recommends chromium fonts-liberation fonts-dejavu-core
  if [ ! -x "$CHROMIUM" ]; then
    echo "chromium was installed but $CHROMIUM is still missing: set CHROMIUM_PATH to its path" >&2
    exit 1
  fi
  exit 0
fi

if [ -x "$CHROMIUM" ]; then
  # the tests fall back to the desktop Chromium (slower, same results)
  echo "chromium-headless-shell is missing (sudo apt-get install -y chromium-headless-shell): the tests use $CHROMIUM"
  exit 0
fi

cat >&2 <<MSG
Chromium is missing at $CHROMIUM, and installing it needs root. Run:
  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell fonts-liberation
or point CHROMIUM_PATH at an installed Chromium.
MSG
exit 1
