#!/usr/bin/env bash
# Installs what the real-VS-Code tests need, once per machine (cached in .vscode-test/):
# Debian's packages (install-debian-packages.sh), and code-server 4.100.3 (VS Code 1.100.3, the newest
# whose engines.node is 20) from the npm registry. Nothing is downloaded from anywhere else.
set -euo pipefail
DIR=${1:-.vscode-test/code-server}
CS_VERSION=4.100.3
RG_PKG_VERSION=1.15.11        # @vscode/ripgrep pinned by code-server 4.100.3
RG_ASSET=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz
if [ -f "$DIR/node_modules/code-server/out/node/entry.js" ] && command -v chromium >/dev/null; then exit 0; fi
bash "$(dirname "$0")/install-debian-packages.sh"
mkdir -p "$DIR/tmp/vscode-ripgrep-cache-$RG_PKG_VERSION"
DIR=$(cd "$DIR" && pwd)
# @vscode/ripgrep's postinstall takes this file instead of downloading ripgrep from GitHub.
tar czf "$DIR/tmp/vscode-ripgrep-cache-$RG_PKG_VERSION/$RG_ASSET" -C "$(dirname "$(command -v rg)")" rg
cd "$DIR"
[ -f package.json ] || echo '{"private":true}' > package.json
# unsafe_perm: code-server's postinstall refuses root otherwise; yes: node-pty's postinstall runs npx node-gyp.
TMPDIR="$DIR/tmp" npm_config_unsafe_perm=true npm_config_yes=true \
  npm install --no-audit --no-fund --loglevel=error "code-server@$CS_VERSION" > "$DIR/install.log" 2>&1 \
  || { grep -v 'Unknown .* config' "$DIR/install.log" | tail -40; exit 1; }
test -f "$DIR/node_modules/code-server/out/node/entry.js"
