#!/usr/bin/env bash
# Mutation testing of the reference engine with cargo-mutants: how much of the engine's behaviour
# the corpus (and the engine's own tests) would notice if it changed. README "Mutation testing";
# BENCHMARKS.md "Mutation score" has the figures; `.cargo/mutants.toml` the exclusions.
#
#   engine/mutants.sh [OPTIONS] [MODULE...]
#
# MODULE is an engine module (`mana`, `layers`, `cards`, ...: engine/src/MODULE.rs or the folder
# engine/src/MODULE/); none means every engine source file.
#
#   --tests corpus   the corpus test alone: `cargo test -p mtg-conformance --test corpus` (default)
#   --tests engine   the engine's own unit and property tests: `cargo test -p mtg-engine --lib`
#   --tests all      both: the corpus, then the engine's tests on the mutants the corpus didn't
#                    catch (cargo-mutants --iterate); caught by all = caught by either
#   --shard K/N      only the K-th of N slices of the mutants (0-based, cargo-mutants' --shard)
#   --out DIR        results in DIR/mutants.out (default target/mutants-out/<tests>-<modules>)
#   --timeout SECS   a mutant whose tests run longer counts as a timeout (default 120)
#   --profile NAME   cargo profile (default `mutants`, Cargo.toml; `.ci/run` uses `dev`, built)
#   --in-place       mutate this tree instead of a copy (CI's fresh clones; never interrupt it
#                    with SIGKILL in a tree you edit: cargo-mutants restores files on SIGINT only)
#   --list           list the mutants, run nothing
#   --summary DIR    only print the per-module table of an earlier run's DIR/mutants.out
#   -- ARGS          passed to cargo-mutants as they are (e.g. -- --re 'check_payable')
#
# Progress: one line per mutant on stdout, also in DIR/progress.log; the per-module table (caught,
# missed, unviable, timeouts, score) at the end and in DIR/summary.md. Exit status: cargo-mutants'
# (0 all caught, 2 some missed, 3 timeouts, 4 the unmutated tree fails; mutants.rs/exit-codes).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "engine/mutants.sh: $*" >&2; exit 1; }

tests=corpus shard="" out="" timeout=120 profile=mutants in_place=0 list=0 summary_only=""
modules=() extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --tests) tests="${2:?--tests needs corpus, engine or all}"; shift 2 ;;
    --shard) shard="${2:?--shard needs K/N}"; shift 2 ;;
    --out) out="${2:?--out needs a directory}"; shift 2 ;;
    --timeout) timeout="${2:?--timeout needs seconds}"; shift 2 ;;
    --profile) profile="${2:?--profile needs a name}"; shift 2 ;;
    --in-place) in_place=1; shift ;;
    --list) list=1; shift ;;
    --summary) summary_only="${2:?--summary needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; extra=("$@"); break ;;
    -*) die "unknown option $1 (--help lists them)" ;;
    *) modules+=("$1"); shift ;;
  esac
done
case "$tests" in corpus|engine|all) ;; *) die "--tests is corpus, engine or all, not '$tests'" ;; esac
[[ -z "$shard" || "$shard" =~ ^[0-9]+/[1-9][0-9]*$ ]] || die "--shard is K/N (0 <= K < N), not '$shard'"
[[ "$timeout" =~ ^[1-9][0-9]*$ ]] || die "--timeout is a whole number of seconds, not '$timeout'"

# The per-module table of a run: one row per engine module (a file, or a folder such as cards/).
summarize() {
  local dir="$1/mutants.out"
  [ -f "$dir/outcomes.json" ] || die "no $dir/outcomes.json (is $1 the --out of a run?)"
  python3 "$root/engine/mutants-summary.py" "$dir" | tee "$1/summary.md"
}
if [ -n "$summary_only" ]; then summarize "$summary_only"; exit 0; fi

command -v cargo-mutants >/dev/null 2>&1 ||
  die "cargo-mutants is not installed: cargo install cargo-mutants --locked"

files=()
for m in "${modules[@]}"; do
  [[ "$m" =~ ^[a-z_]+$ ]] || die "a module is a name such as mana or cards, not '$m'"
  if [ -f "engine/src/$m.rs" ]; then files+=(--file "engine/src/$m.rs")
  elif [ -d "engine/src/$m" ]; then files+=(--file "engine/src/$m/**")
  else die "no engine module '$m' (engine/src/$m.rs or engine/src/$m/)"; fi
done

label="$tests-$(IFS=+; echo "${modules[*]:-all}")${shard:+-shard-${shard/\//of}}"
out="${out:-target/mutants-out/$label}"
mkdir -p "$out"

common=(-p mtg-engine "${files[@]}" --profile "$profile" --timeout "$timeout" -o "$out")
[ -n "$shard" ] && common+=(--shard "$shard")
[ "$in_place" = 1 ] && common+=(--in-place)
# A copy's builds go to this tree's target/ (the profile's own folder, target/mutants), so the
# dependencies are built once for all runs, not once per copy. cargo-mutants runs one job at a
# time here (its default), so the copies never build there at once.
[ "$in_place" = 1 ] || export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"

# The corpus test is another package's target: cargo-mutants' baseline would run the engine's own
# tests whatever --test-package says, so there is no baseline (the corpus passes on main, CI
# checks it) and the timeout is explicit. `--cargo-arg` (not --cargo-test-arg) so that the build
# phase, too, builds the corpus test alone rather than every test of mtg-conformance.
corpus_args=(--test-package mtg-conformance --cargo-arg=--test --cargo-arg=corpus --baseline=skip)
# The engine's unit and property tests (engine/src/tests), not its examples or benches.
engine_args=(--test-package mtg-engine --cargo-arg=--lib)

run() { # run LOG ARGS...: cargo-mutants with its progress on stdout and in LOG
  local log="$1"; shift
  echo "+ cargo mutants $*" | tee "$log"
  # Without a terminal cargo-mutants prints one line per mutant as it finishes (caught and
  # unviable ones too, so the log is the progress: n of the "Found N mutants").
  set +e
  cargo mutants --caught --unviable "$@" 2>&1 | tee -a "$log"
  local status="${PIPESTATUS[0]}"
  set -e
  return "$status"
}

if [ "$list" = 1 ]; then
  exec cargo mutants --list "${common[@]}" "${extra[@]}"
fi

status=0
case "$tests" in
  corpus) run "$out/progress.log" "${common[@]}" "${corpus_args[@]}" "${extra[@]}" || status=$? ;;
  engine) run "$out/progress.log" "${common[@]}" "${engine_args[@]}" "${extra[@]}" || status=$? ;;
  all)
    run "$out/progress.log" "${common[@]}" "${corpus_args[@]}" "${extra[@]}" || status=$?
    # Missed (2) and timeouts (3) go on to the engine's tests; anything else is an error.
    case "$status" in 0|2|3) ;; *) exit "$status" ;; esac
    if [ "$status" != 0 ]; then
      # --iterate skips what $out/mutants.out lists as caught or unviable; the engine's pass
      # writes its own mutants.out there (cargo-mutants keeps the corpus pass's as
      # mutants.out.old), whose previously_caught.txt is the corpus pass's catch.
      status=0
      run "$out/progress-engine.log" "${common[@]}" "${engine_args[@]}" --iterate "${extra[@]}" ||
        status=$?
    fi
    ;;
esac
case "$status" in 0|2|3) summarize "$out" ;; esac
exit "$status"
