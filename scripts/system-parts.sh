#!/usr/bin/env bash
# What the tests drive for real and npm cannot install: Chromium (end-to-end), Redis and PostgreSQL
# (the service's tests start throwaway servers of their own). Installed from Debian's packages when
# missing, as root or through sudo; where neither works, one line names what is missing and how to
# install it, and the tests do not start (none is ever skipped for a missing part).
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-noto-core)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0

install="apt-get install -y ${missing[*]}"
if [ "$EUID" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo="sudo"
else
  echo "missing ${missing[*]}: the tests need them; install with: sudo $install" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "missing ${missing[*]}: the tests need them, and this is not a Debian system (no apt-get): install them with its package manager" >&2
  exit 1
fi
echo "--- the tests need ${missing[*]}: installing them from Debian's packages (${sudo:+sudo }$install)"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
