#!/usr/bin/env bash
# The README's test command: on a fresh machine it installs what the tests need
# (Debian packages, npm packages), then type-checks, builds the firmware and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

# The team's reference material sits beside the repository (../shared: scenarios, rulebooks);
# the conformance tests read its scenarios. Say so plainly instead of a bare ENOENT later.
if [ ! -d ../shared/scenarios ]; then
  echo "test/run.sh: ../shared/scenarios is missing: the reference material belongs beside this repository (../shared)" >&2
  exit 2
fi

need=()
command -v socat >/dev/null 2>&1 || need+=(socat)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "test/run.sh: installing ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# npm ci only when node_modules is missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

npm run typecheck
# Vitest's own summary is not the plain "N passed, N failed" line CI reads: print one from its JSON report.
mkdir -p test/out
status=0
npm test -- --reporter=default --reporter=json --outputFile.json=test/out/vitest.json || status=$?
node -e '
const r = JSON.parse(require("fs").readFileSync("test/out/vitest.json", "utf8"));
console.log("Tests: " + r.numPassedTests + " passed, " + r.numFailedTests + " failed, " + (r.numPendingTests + r.numTodoTests) + " skipped");
' || true
# Said, not only counted among the skipped: these run the bundle on the real interpreter.
if [ -z "${ESPRUINO_BIN:-}" ]; then
  echo "test/run.sh: ESPRUINO_BIN is not set: the tests on Espruino's own Linux build were skipped (set it to an espruino binary built from Espruino's source to run them)"
fi
exit $status
