#!/usr/bin/env bash
# Fresh clone to page: clones the repository, runs the README's `npm install && npm start`
# and times it until the server answers the page; prints the machine's load before and after.
#   bash packages/bench/scripts/fresh-clone.sh REPOSITORY BRANCH [RUNS] [PORT]
set -euo pipefail
repo=$1 branch=$2 runs=${3:-3} port=${4:-18431}
for run in $(seq 1 "$runs"); do
  dir=$(mktemp -d /tmp/hanafuda-fresh.XXXXXX)
  load_before=$(cut -d' ' -f1-3 /proc/loadavg)
  start=$(date +%s.%N)
  git clone -q -b "$branch" "$repo" "$dir/repo"
  cd "$dir/repo"
  # A session of its own, so the server and npm stop together at the end.
  setsid bash -c 'npm install --no-audit --no-fund >"$1/install.log" 2>&1 && PORT=$2 npm start >"$1/start.log" 2>&1' _ "$dir" "$port" &
  job=$!
  installed=''
  # Poll the page: the time it first answers is the figure.
  until curl -sf "http://127.0.0.1:$port/" -o /dev/null; do
    if [ -z "$installed" ] && grep -q . "$dir/start.log" 2>/dev/null; then installed=$(date +%s.%N); fi
    if ! kill -0 "$job" 2>/dev/null; then echo "run $run failed: see $dir"; exit 1; fi
    sleep 0.2
  done
  end=$(date +%s.%N)
  load_after=$(cut -d' ' -f1-3 /proc/loadavg)
  node_version=$(cd "$dir/repo" && npm exec -c 'node --version' 2>/dev/null)
  warnings=$(grep -ci 'warn' "$dir/install.log" || true)
  printf 'run %d: clone to page %.1f s (npm install %.1f s), Node %s, %s npm warnings, load %s -> %s\n' \
    "$run" "$(echo "$end - $start" | bc)" "$(echo "${installed:-$end} - $start" | bc)" "$node_version" "$warnings" "$load_before" "$load_after"
  kill -TERM -- -"$job" 2>/dev/null || true
  wait "$job" 2>/dev/null || true
  cd /
  rm -rf "$dir"
done
