#!/usr/bin/env bash
# Installs the named Debian packages that are missing: with apt-get when root, otherwise it
# names them and stops (exit 1) so the user can install them with sudo.
set -euo pipefail
missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
    echo "tinbox: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
    echo "tinbox: missing Debian packages: ${missing[*]}"
    echo "        install them with: sudo apt-get install ${missing[*]}"
    exit 1
fi
