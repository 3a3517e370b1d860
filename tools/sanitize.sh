#!/usr/bin/env bash
# Builds the compiled solver core with AddressSanitizer and UndefinedBehaviorSanitizer, in a copy of the
# repository's tracked files (so the normal build is untouched), and runs the tests of the solver, the book,
# the engine and the wheel against it. Any sanitizer report ends the run with an error.
#
# Usage: tools/sanitize.sh [PYTHON]   (default .venv/bin/python; `make sanitize` sets it up; CI runs it)
# Needs gcc (or a cc whose runtime libraries gcc's -print-file-name finds) and a git checkout.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
python=${1:-$root/.venv/bin/python}
python=$(cd "$(dirname "$python")" && pwd)/$(basename "$python")

runtimes=()
for library in libasan.so libubsan.so; do
    found=$(gcc -print-file-name="$library")
    if [ ! -e "$found" ]; then
        echo "sanitize: $library not found (install gcc with its sanitizer runtimes)" >&2
        exit 1
    fi
    runtimes+=("$found")
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && git ls-files -z | xargs -0 cp --parents -t "$work")
cd "$work"

echo "sanitize: building the compiled core with -fsanitize=address,undefined"
CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g" \
    LDFLAGS="-fsanitize=address,undefined" \
    "$python" setup.py -q build_ext --inplace
# The extension must really carry the sanitizers, or the run below proves nothing. (ldd's output is read whole
# first: with pipefail, `ldd | grep -q` fails at random when grep exits before ldd has finished writing.)
linked=$(ldd ai/exact/_c4core*.so)
if ! grep -q libasan <<<"$linked"; then
    echo "sanitize: the built core is not linked with AddressSanitizer" >&2
    exit 1
fi

echo "sanitize: the solver, book, engine and wheel tests against it"
# CPython itself is not instrumented: the runtimes are preloaded, and leaks (CPython's own, at exit) are not
# reported; everything else aborts the process, which fails the run.
LD_PRELOAD="${runtimes[0]}:${runtimes[1]}" \
    ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" \
    UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
    PONDER_REQUIRE_NATIVE=1 \
    "$python" -m pytest -p no:cacheprovider tests/test_solver_native.py tests/test_opening_book.py \
    tests/test_engine.py tests/test_solver_testsets.py tests/test_wheel.py tests/test_core_arguments.py \
    tests/test_growing_table.py tests/test_follow_up_bound.py tests/test_lazy_smp.py
