#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium, the browser the e2e suite drives
# (Playwright's own browser download is not available here). Installs it when we are root.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [[ -x "$CHROMIUM" ]]; then
  exit 0
fi

if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "[ensure-chromium] $CHROMIUM is missing: installing Debian's chromium package..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium
  if [[ -x "$CHROMIUM" ]]; then
    echo "[ensure-chromium] installed: $("$CHROMIUM" --version 2>/dev/null || echo chromium)"
    exit 0
  fi
  echo "[ensure-chromium] apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi

cat >&2 <<MSG
[ensure-chromium] The e2e tests need Chromium at $CHROMIUM and it is not installed.
  Install it as root, then run the tests again:
      sudo apt-get update && sudo apt-get install -y chromium
  (Debian/Ubuntu package "chromium"; Playwright's own browser download is not used.)
MSG
exit 1
