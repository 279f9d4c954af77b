#!/usr/bin/env bash
# The cluster journey of `npm test`: it needs the PostgreSQL server binaries and nginx. Without
# them it is skipped loudly, like the PostgreSQL lane; under CI=1 or REQUIRE_PG=1 that is a
# failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

missing=()
command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || missing+=(nginx)
command -v initdb >/dev/null 2>&1 || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null ||
  missing+=('PostgreSQL server binaries')

if ((${#missing[@]})); then
  bar=$(printf '!%.0s' {1..78})
  if [[ "${CI:-}" == 1 || "${CI:-}" == true || "${REQUIRE_PG:-}" == 1 ]]; then
    printf '\n%s\n!!  CLUSTER JOURNEY FAILED: missing %s (required here: CI=1 or REQUIRE_PG=1).\n%s\n' \
      "$bar" "${missing[*]}" "$bar" >&2
    exit 1
  fi
  printf '\n%s\n!!  CLUSTER JOURNEY SKIPPED: missing %s.\n!!  Fix (Debian): apt-get install -y nginx postgresql postgresql-contrib\n%s\n' \
    "$bar" "${missing[*]}" "$bar" >&2
  exit 0
fi

exec npm run --silent test:cluster
