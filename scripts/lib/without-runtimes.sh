# Sourced by scripts: `without_runtimes CMD…` runs CMD with no JVM, Node, Chromium or Tink reachable:
# a PATH of the system's programs less java*, javac, node*, chromium* and kotlin*, and every
# CONCORD_* variable that names a runtime pointing at nothing. The pure tests run this way
# (scripts/test), so a pure test that starts an adapter fails instead of passing by luck.
without_runtimes() {
    local bin
    bin=$(mktemp -d "${TMPDIR:-/tmp}/concord-no-runtimes.XXXXXX")
    local d f b swift_dir
    swift_dir=$(dirname "$(readlink -f "$(command -v swift)")")
    for d in /usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do
        [[ -d $d ]] || continue
        for f in "$d"/*; do
            b=${f##*/}
            case $b in java|javac|jar|jshell|jlink|jdeps|keytool|node|nodejs|chromium*|kotlin*) continue ;; esac
            [[ -e $bin/$b ]] || ln -s "$f" "$bin/$b"
        done
    done
    local rc=0
    env PATH="$bin:$swift_dir" CONCORD_JAVA=/nonexistent/java CONCORD_TINK_PYTHON=/nonexistent/python \
        CONCORD_NODE=/nonexistent/node CONCORD_CHROMIUM=/nonexistent/chromium CONCORD_JVM_CLASSES=/nonexistent \
        "$@" || rc=$?
    rm -rf "$bin"
    return $rc
}
