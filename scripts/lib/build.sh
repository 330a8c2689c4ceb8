# Sourced by the scripts that build concord: one way to build that stops on failure.
#   build_concord WHO [swift build arguments…]
# Runs `swift build` with the arguments, prints the compiler's errors and warnings (not its progress
# lines) on standard error, and exits the calling script with status 2 when the build fails, so no
# script ever goes on to run a binary left from an earlier build.
build_concord() {
  local who="$1"; shift
  local log status
  log="$(mktemp)"
  set +e
  swift build "$@" >"$log" 2>&1
  status=$?
  set -e
  grep -vE '^(\[[0-9]+/[0-9]+\]|Building|Compiling|Build complete|Build of product|Write|Planning|Fetching)|the use of .mktemp' "$log" >&2 || true
  rm -f "$log"
  if [ "$status" -ne 0 ]; then
    echo "$who: the build failed (swift build $*: exit $status)" >&2
    exit 2
  fi
}
