#!/usr/bin/env bash
# The Debian packages the tests use, once per machine, from Debian's archive only: chromium and
# ripgrep (the real-VS-Code tests, the demo check), libkrb5-dev (code-server's build), and
# python3-debugpy, python3-pytest and python3-matplotlib (debugging and testing Python scripts, and
# figures in notebooks, with Debian's /usr/bin/python3), wine64 (the Windows leg: Node for Windows under Wine),
# iproute2 (`ip netns`: the real-VS-Code WSL and SSH runs' networks of their own), and
# openssh-server (the SSH run's sshd, started by the run with a configuration of its own; Debian's
# package also sets up a system sshd where the machine's init starts services).
set -euo pipefail
PACKAGES=(ripgrep chromium libkrb5-dev python3-debugpy python3-pytest python3-matplotlib wine64 iproute2 openssh-server)
missing=()
for p in "${PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
command -v apt-get >/dev/null || { echo "not Debian: install ${missing[*]} yourself"; exit 0; }
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
echo "installing Debian packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
