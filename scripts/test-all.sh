#!/usr/bin/env bash
# `npm test`: every check the project has, in order, stopping at the first failure.
# typecheck and lint, side by side -> a self-test of the lint architecture rules -> unit + UI tests
# -> the API suite on PostgreSQL (Node 20), side by side with the unit + API suites on PGlite on
# Node 24 -> production build -> size budgets -> end-to-end tests in Chromium (PGlite, Node 20)
# -> the cluster journey (nginx in front of two instances). Each API suite runs once per database
# and each database on one of the two runtimes (docs/decisions/045-one-api-run-per-database.md).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$PATH"

declare -a SUMMARY=()
TOTAL_START=$(date +%s)

step() {
  local name="$1"
  shift
  local start
  start=$(date +%s)
  printf '\n\033[1;36m==> [%s] %s\033[0m\n    $ %s\n' "$(date +%H:%M:%S)" "$name" "$*"
  if "$@"; then
    local took=$(($(date +%s) - start))
    SUMMARY+=("$(printf '%-34s %5ss  ok' "$name" "$took")")
    printf '\033[1;32m<== %s: ok in %ss\033[0m\n' "$name" "$took"
  else
    local code=$?
    local took=$(($(date +%s) - start))
    SUMMARY+=("$(printf '%-34s %5ss  FAILED (exit %s)' "$name" "$took" "$code")")
    printf '\n\033[1;31m<== %s: FAILED (exit %s) after %ss\033[0m\n' "$name" "$code" "$took"
    print_summary
    exit "$code"
  fi
}

print_summary() {
  printf '\n%s\n' '--- npm test summary ---'
  printf '%s\n' "${SUMMARY[@]}"
  printf 'total: %ss\n' "$(($(date +%s) - TOTAL_START))"
}

# Runs commands side by side and prints each one's output and time once it ends, so the logs
# do not interleave; fails if any of them fails. For single-threaded tools (tsc, eslint) that
# would otherwise leave the second core idle.
side_by_side() {
  local dir
  dir=$(mktemp -d)
  local -a pids=()
  local cmd
  for cmd in "$@"; do
    (
      start=$(date +%s)
      code=0
      bash -c "$cmd" >"$dir/${#pids[@]}.log" 2>&1 || code=$?
      echo "$code $(($(date +%s) - start))" >"$dir/${#pids[@]}.status"
      exit "$code"
    ) &
    pids+=($!)
  done
  local failed=0 i code took
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed=1
    read -r code took <"$dir/$i.status"
    printf '    --- %s: %s in %ss\n' "${@:$((i + 1)):1}" "$([[ $code -eq 0 ]] && echo ok || echo "FAILED (exit $code)")" "$took"
    cat "$dir/$i.log"
  done
  rm -rf "$dir"
  return "$failed"
}

step 'typecheck + lint (side by side)' side_by_side 'npm run --silent typecheck' 'npm run --silent lint'
step 'lint rules self-test' node scripts/check-lint-rules.mjs
step 'unit + UI tests' vitest run --project unit --project ui
# The supported runtimes are the oldest (this machine's node, 20.19+) and the newest LTS. The API
# suite runs once per database: on PostgreSQL with this machine's node, on PGlite with Node 24
# (the client's suites run in browsers, not in Node). The e2e server below runs on PGlite with
# this machine's node, so that pair is still driven end to end. Side by side, since the
# PostgreSQL lane spends much of its time waiting on the database server: each run has its own
# databases and temp dirs, one worker each.
step 'API on PostgreSQL + unit/API (PGlite) on Node 24' side_by_side \
  'node scripts/with-postgres.mjs vitest run --project api' \
  'scripts/with-node24.sh vitest run --project unit --project api'
step 'build' vite build
step 'budgets' node scripts/check-budgets.mjs
step 'e2e (Playwright, Chromium)' npm run --silent test:e2e
step 'cluster journey (nginx, 2 instances, PostgreSQL)' bash scripts/cluster-journey.sh

print_summary
printf '\033[1;32mall checks passed\033[0m\n'
