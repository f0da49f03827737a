# Sourced by ./run and .ci/run: puts Node 24 (the LTS the product targets, with node:sqlite built in)
# first on PATH. The machine's own Node when it is new enough; else the npm registry's `node` package,
# which ships the Node binary itself, installed once into .tools/ (about 10 s, no compiler needed).
NODE_MAJOR=24
node_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$node_have" -lt "$NODE_MAJOR" ]; then
  node_dir="$node_root/.tools/node$NODE_MAJOR"
  if [ ! -x "$node_dir/node_modules/.bin/node" ]; then
    echo "--- Node ${node_have} is older than ${NODE_MAJOR}: installing node@${NODE_MAJOR} from the npm registry into .tools/node${NODE_MAJOR}"
    mkdir -p "$node_dir"
    npm install --prefix "$node_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$NODE_MAJOR" >/dev/null
  fi
  export PATH="$node_dir/node_modules/.bin:$PATH"
fi
unset node_root node_have node_dir
