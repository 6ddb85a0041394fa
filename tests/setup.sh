#!/usr/bin/env bash
# Installs what a fresh machine lacks for building mb: the `m4` macro processor, needed by the
# GMP build inside the symbolic engine (Debian package `m4`).
set -euo pipefail
if ! command -v m4 >/dev/null 2>&1; then
  echo "installing m4 (needed to build GMP for the symbolic engine)" >&2
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq m4 >/dev/null
fi
