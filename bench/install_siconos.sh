#!/usr/bin/env bash
# Installs Siconos (Debian package python3-siconos) for the comparison scripts when missing.
set -euo pipefail
if ! /usr/bin/python3 -c "import siconos" >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-siconos >/dev/null
fi
