//! The `mtg-conformance` binary: exit codes and output of `lint`, `coverage` and `run`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin(args: &[&str]) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_mtg-conformance"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
    {
        Ok(out) => out,
        Err(e) => panic!("cannot run mtg-conformance: {e}"),
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn data() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/corpus")
        .display()
        .to_string()
}

/// A copy of the test corpus in a temporary directory, with `edit` applied to its files.
fn corpus_with(edit: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let root = tmp.path().join("rulings");
    for sub in ["", "sources", "rules", "cards"] {
        fs::create_dir_all(root.join(sub)).unwrap_or_else(|e| panic!("mkdir: {e}"));
    }
    for rel in [
        "cards.toml",
        "sources/cr.toml",
        "rules/107.5-tap-symbol.toml",
        "cards/chimeric-mass.toml",
    ] {
        let text = fs::read_to_string(Path::new(&data()).join(rel)).unwrap_or_default();
        fs::write(root.join(rel), text).unwrap_or_else(|e| panic!("write: {e}"));
    }
    for (rel, text) in edit {
        fs::write(root.join(rel), text).unwrap_or_else(|e| panic!("write: {e}"));
    }
    (tmp, root)
}

#[test]
fn lint_a_clean_corpus() {
    let out = bin(&["lint", "--corpus", &data()]);
    assert_eq!(
        stdout(&out),
        "0 problems in 3 sources, 4 cards, 3 cases\n"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn lint_reports_file_line_and_column() {
    let bad = "[[case]]\nid = \"x/1\"\ntitle = \"t\"\ncovers = [\"cr-107.5\"]\nstep = [ { do = \"pass\" } ]\n[case.setup]\nactive = \"alice\"\nstep = \"upkeep\"\nbattlefield = [\n  { card = \"Forest\", controller = \"alice\", taped = true },\n]\n";
    let (_tmp, root) = corpus_with(&[("rules/bad.toml", bad)]);
    let out = bin(&["lint", "--corpus", &root.display().to_string()]);
    let text = stdout(&out);
    let expected = format!(
        "{}:10:44: case[0].setup.battlefield[0].taped: unknown field `taped`",
        root.join("rules/bad.toml").display()
    );
    assert!(text.starts_with(&expected), "{text}");
    assert!(
        text.ends_with("1 problem in 3 sources, 4 cards, 3 cases\n"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn coverage_and_deny_uncovered() {
    let extra = "[[source]]\nid = \"cr-999\"\nkind = \"cr\"\ncite = \"CR 999\"\ntext = \"t\"\n";
    let (_tmp, root) = corpus_with(&[("sources/extra.toml", extra)]);
    let root = root.display().to_string();
    let out = bin(&["coverage", "--corpus", &root]);
    let text = stdout(&out);
    assert!(
        text.contains(
            "cr-107.5  CR 107.5 (2026-04-17)\n    cr-107.5/tapped-land-cannot-tap-again\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("uncovered:\n  cr-999  CR 999\n4 sources, 3 covered, 1 uncovered\n"),
        "{text}"
    );
    // Then the CR table: the data corpus quotes CR 107.5 and 302.6 (no Examples).
    assert!(text.contains("\n107            1/49       0/5\n"), "{text}");
    assert!(
        text.ends_with("CR 2026-04-17: 2 of 1928 paragraphs quoted by a covered source; Examples: 0 of 193 covered by a case (0 quoted)\n"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(0));
    let json = bin(&["coverage", "--corpus", &root, "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("one JSON object");
    assert_eq!(value["sources"].as_array().map(Vec::len), Some(4));
    assert_eq!(
        value["sources"][0]["cases"][0],
        "cr-107.5/tapped-land-cannot-tap-again"
    );
    assert_eq!(value["cr"]["edition"], "2026-04-17");
    assert_eq!(value["cr"]["examples"], 193);
    assert_eq!(value["cr"]["paragraphs_covered"], 2);
    assert_eq!(
        bin(&["coverage", "--corpus", &root, "--deny-uncovered"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        bin(&["coverage", "--corpus", &data(), "--deny-uncovered"])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn run_prints_a_closing_line() {
    let out = bin(&["run", "--corpus", &data(), "-v", "cr-"]);
    let text = stdout(&out);
    let last = text.lines().last().unwrap_or("");
    let (counts, time) = last.split_once(" (").unwrap_or(("", ""));
    let numbers: Vec<usize> = counts
        .split(", ")
        .filter_map(|p| p.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(numbers.len(), 4, "{last}");
    assert_eq!(numbers.iter().sum::<usize>(), 2, "{last}");
    assert!(
        time.starts_with("2 cases in ") && time.ends_with("s)"),
        "{last}"
    );
    // -v prints one line per case before the report.
    assert!(
        text.lines()
            .any(|l| l.ends_with(" cr-107.5/tapped-land-cannot-tap-again")),
        "{text}"
    );
    let success = numbers[1] == 0 && numbers[3] == 0;
    assert_eq!(out.status.code(), Some(if success { 0 } else { 1 }));
}

#[test]
fn run_with_an_unknown_filter_or_corpus_fails() {
    let out = bin(&["run", "--corpus", &data(), "no-such-case"]);
    assert_eq!(stderr(&out), "error: no case id matches `no-such-case`\n");
    assert_eq!(out.status.code(), Some(1));
    let out = bin(&["lint", "--corpus", "/nonexistent/rulings"]);
    assert_eq!(
        stderr(&out),
        "error: corpus directory `/nonexistent/rulings` not found\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// A lint problem fails `run`, even when every case that loads passes (issue 15, item 4): an
/// unknown card, a duplicate id, a case with no steps.
#[test]
fn run_fails_on_any_lint_problem() {
    let tap = fs::read_to_string(Path::new(&data()).join("rules/107.5-tap-symbol.toml"))
        .unwrap_or_default();
    for (what, text, message) in [
        (
            "typo card",
            tap.replacen("card = \"Forest\"", "card = \"Forrest\"", 1),
            "unknown card `Forrest`",
        ),
        (
            "duplicate id",
            tap.replace("cr-302.6/sick-elves-cannot-tap", "cr-107.5/tapped-land-cannot-tap-again"),
            "duplicate case id",
        ),
    ] {
        let (_tmp, root) = corpus_with(&[("rules/107.5-tap-symbol.toml", &text)]);
        let out = bin(&["run", "--corpus", &root.display().to_string()]);
        assert_eq!(out.status.code(), Some(1), "{what}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{what}: {}", stderr(&out));
        assert!(stderr(&out).contains("lint problem"), "{what}: {}", stderr(&out));
    }
}

/// An empty case file (or one with only comments) fails `run`, naming the file, though every
/// case that loads passes: its cases were lost, not written (issue 15, item 4).
#[test]
fn run_fails_on_an_empty_corpus_file() {
    for (what, text) in [("empty", ""), ("only comments", "# cases to come\n")] {
        let (_tmp, root) = corpus_with(&[("rules/107.6-untap.toml", text)]);
        let out = bin(&["run", "--corpus", &root.display().to_string()]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{what}: {err}");
        let file = root.join("rules/107.6-untap.toml").display().to_string();
        assert!(
            err.contains(&format!("{file}:1:1: no `[[case]]` in this file")),
            "{what}: {err}"
        );
        assert!(err.contains("1 lint problem"), "{what}: {err}");
        // The other cases still ran and passed: only the file fails the run.
        assert!(stdout(&out).contains("3 passed, 0 failed"), "{what}: {}", stdout(&out));
    }
}

/// Every subcommand that reads a corpus explains `--corpus` in its `--help` (issue 15, item 11):
/// the option's line says what the directory is and what it defaults to.
#[test]
fn corpus_has_help_text_under_every_subcommand() {
    for command in ["lint", "coverage", "export", "run", "report", "regress"] {
        let out = bin(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{command}: {}", stderr(&out));
        let help = stdout(&out);
        let lines: Vec<&str> = help.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.trim_start().starts_with("--corpus <DIR>"))
            .unwrap_or_else(|| panic!("`{command} --help` lists no --corpus:\n{help}"));
        let line = lines[at];
        // Beside the option, or on the next line when clap lays the help out that way (`run`).
        let text = match line.trim_start().trim_start_matches("--corpus <DIR>").trim() {
            "" => lines.get(at + 1).map_or("", |l| l.trim()),
            beside => beside,
        };
        assert!(text.contains("corpus"), "`{command} --help`: --corpus has no help text: {line:?}");
        assert!(text.contains("[default: "), "`{command} --help`: no default said: {line:?}");
    }
}

/// The reference engine reports an unknown card as an error, never as a skip.
#[test]
fn an_unknown_card_errors_the_case_for_the_reference_engine() {
    let tap = fs::read_to_string(Path::new(&data()).join("rules/107.5-tap-symbol.toml"))
        .unwrap_or_default();
    let text = tap.replacen("card = \"Forest\"", "card = \"Forrest\"", 1);
    let (_tmp, root) = corpus_with(&[("rules/107.5-tap-symbol.toml", &text)]);
    let out = bin(&["run", "--corpus", &root.display().to_string(), "cr-107.5"]);
    assert!(stdout(&out).contains("0 skipped, 1 errored"), "{}", stdout(&out));
}

/// A timeout too large for a deadline is kept at a year instead of panicking (item 1).
#[test]
fn a_huge_timeout_does_not_panic() {
    let skeleton = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/skeleton.py");
    let engine = format!("exec python3 {}", skeleton.display());
    let out = bin(&["run", "--corpus", &data(), "--timeout", "1e19", "--engine", &engine, "cr-107.5"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

/// The `rerun:` hint reproduces the run: same corpus, engine, timeout and expectations (item 5).
#[test]
fn the_rerun_hint_reproduces_the_run() {
    let tap = fs::read_to_string(Path::new(&data()).join("rules/107.5-tap-symbol.toml"))
        .unwrap_or_default();
    // A wrong expectation only this corpus has: the reference engine fails it.
    let text = tap.replacen("tapped = true } },", "tapped = false } },", 1);
    let (tmp, root) = corpus_with(&[("rules/107.5-tap-symbol.toml", &text)]);
    let expectations = tmp.path().join("my expectations.toml");
    fs::write(&expectations, "[[skip]]\nid = \"chimeric-mass/\"\n")
        .unwrap_or_else(|e| panic!("write: {e}"));
    let bin_path = env!("CARGO_BIN_EXE_mtg-conformance");
    let engine = format!("exec {bin_path} serve");
    let root = root.display().to_string();
    let expectations = expectations.display().to_string();
    let out = bin(&[
        "run", "--corpus", &root, "--engine", &engine, "--timeout", "7", "--expectations",
        &expectations,
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let report = stdout(&out);
    let rerun = report
        .lines()
        .find_map(|l| l.trim().strip_prefix("rerun: "))
        .unwrap_or_else(|| panic!("no rerun line in {report}"))
        .to_string();
    assert!(rerun.contains("--timeout 7"), "{rerun}");
    assert!(rerun.contains("'my expectations.toml'") || rerun.contains("my expectations.toml'"), "{rerun}");
    let bin_dir = Path::new(bin_path).parent().map(Path::to_path_buf).unwrap_or_default();
    let again = Command::new("sh")
        .arg("-c")
        .arg(&rerun)
        .env("PATH", format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default()))
        .env("NO_COLOR", "1")
        .output()
        .unwrap_or_else(|e| panic!("sh: {e}"));
    let again_out = stdout(&again);
    assert_eq!(again.status.code(), Some(1), "{again_out}{}", stderr(&again));
    // The same engine, the same failure, the rerun hint stable.
    assert!(again_out.starts_with("engine: mtg-engine"), "{again_out}");
    assert!(again_out.contains("FAILED cr-107.5/tapped-land-cannot-tap-again"), "{again_out}");
    assert!(again_out.contains(&format!("rerun: {rerun}")), "{again_out}");
    assert!(again_out.contains("0 passed, 1 failed, 0 skipped"), "{again_out}");
}

/// Progress on a terminal, nothing extra when output is not one (item 9). `script` (util-linux)
/// gives the run a pseudo-terminal.
#[test]
fn progress_is_shown_on_a_terminal_only() {
    let skeleton = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/skeleton.py");
    let args = format!(
        "run --corpus {} --engine 'exec python3 {}'",
        data(),
        skeleton.display()
    );
    let bin_path = env!("CARGO_BIN_EXE_mtg-conformance");
    let piped = Command::new("sh")
        .arg("-c")
        .arg(format!("{bin_path} {args}"))
        .output()
        .unwrap_or_else(|e| panic!("sh: {e}"));
    assert_eq!(piped.status.code(), Some(0));
    assert_eq!(stderr(&piped), "", "nothing extra on a pipe");
    let tty = Command::new("script")
        .args(["-qec", &format!("{bin_path} {args} >/dev/null"), "/dev/null"])
        .output()
        .unwrap_or_else(|e| panic!("script (util-linux) is needed for this test: {e}"));
    let shown = stdout(&tty);
    assert!(shown.contains("/3 cases"), "{shown:?}");
}

/// An engine that never starts: the report says why on its first line, in one line (the exit
/// status and the shell's own words), and lists the cases it could not run together, once, not
/// a block per case (issue 15, item 7); the JSON report carries the same line.
#[test]
fn an_engine_that_never_starts_is_reported_once() {
    let out = bin(&["run", "--corpus", &data(), "--timeout", "1", "--engine", "exec /no/such/engine"]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1));
    let first = report.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("engine: `exec /no/such/engine` did not start: the engine exited (exit status: 127) before answering; stderr: ")
            && first.ends_with("/no/such/engine: not found"),
        "{report}"
    );
    // The cause once; the three cases in one group, with no rule text.
    assert_eq!(report.matches("before answering").count(), 1, "{report}");
    assert_eq!(report.matches("covers:").count(), 0, "{report}");
    assert!(
        report.contains("CRASHED 3 cases: the engine did not start (why: on the first line)\n  cases: chimeric-mass/reactivate-sets-anew, cr-107.5/tapped-land-cannot-tap-again, cr-302.6/sick-elves-cannot-tap\n"),
        "{report}"
    );
    assert!(report.contains(", 3 crashed (3 cases in "), "{report}");
    assert!(report.lines().count() < 15, "{report}");

    let out = bin(&["run", "--corpus", &data(), "--timeout", "1", "--format", "json", "--engine", "exec /no/such/engine"]);
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let error = lines[0]["engine_error"].as_str().unwrap_or_default();
    assert!(
        error.starts_with("the engine exited (exit status: 127) before answering; stderr: ") && error.ends_with("not found"),
        "{}",
        lines[0]
    );
    // Every case record says why on its own too.
    for line in &lines[1..4] {
        assert!(line["message"].as_str().unwrap_or_default().ends_with("not found"), "{line}");
    }
    // And a person at the terminal learns it once, on stderr.
    assert_eq!(stderr(&out).matches("warning: the engine did not start: ").count(), 1, "{}", stderr(&out));
}

/// An engine that exits at once with its reason on stderr (a missing Python module, say): the
/// report's first line gives the exit status and that reason, the reason is not repeated per
/// case, and the report stays a few lines long however many cases there are (issue 15, item 7:
/// no `engine: <command> unknown`, no block of rule text per case).
#[test]
fn an_engine_that_exits_at_once_is_named_with_its_cause_once() {
    // The command doesn't spell the message out, so each time the report shows it is counted.
    let engine = "echo Traceback >&2; printf '%s: %s\\n' ModuleNotFoundError 'no module named phase' >&2; exit 1";
    let out = bin(&["run", "--corpus", &data(), "--timeout", "1", "--engine", engine]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    let first = report.lines().next().unwrap_or_default();
    assert!(
        first.ends_with("did not start: the engine exited (exit status: 1) before answering; stderr: ModuleNotFoundError: no module named phase"),
        "{report}"
    );
    assert!(!report.contains("unknown"), "{report}");
    assert_eq!(report.matches("exit status: 1").count(), 1, "{report}");
    // The cause on the first line, and once more in the engine's stderr tail; no case repeats it.
    assert_eq!(report.matches("ModuleNotFoundError: no module named phase").count(), 2, "{report}");
    assert_eq!(report.matches("covers:").count(), 0, "{report}");
    assert!(report.contains("CRASHED 3 cases: the engine did not start (why: on the first line)\n"), "{report}");
    // The cause is in the report, not only on stderr.
    assert!(!stderr(&out).contains("no module named phase"), "{}", stderr(&out));
}

/// `lint` lists every bad case of a file, each at its own line, with the field (issue 15,
/// item 8); the file's good case still loads and runs.
#[test]
fn lint_lists_every_bad_case_of_a_file() {
    let tap = fs::read_to_string(Path::new(&data()).join("rules/107.5-tap-symbol.toml"))
        .unwrap_or_default();
    let good = "[[case]]\nid = \"x/good\"\ntitle = \"t\"\ncovers = [\"cr-107.5\"]\nfeatures = [\"mana\"]\nstep = [ { do = \"pass\" } ]\n[case.setup]\nactive = \"alice\"\nstep = \"upkeep\"\n\n";
    let bad1 = good.replace("x/good", "x/bad1").replace("title = \"t\"\n", "titel = \"t\"\n");
    let bad2 = good.replace("x/good", "x/bad2").replace("step = \"upkeep\"", "step = 7");
    let bad3 = good.replace("x/good", "x/bad3").replace("{ do = \"pass\" }", "{ do = \"tap\" }");
    let text = [bad1.as_str(), good, &bad2, &bad3].concat();
    let (_tmp, root) = corpus_with(&[("rules/107.5-tap-symbol.toml", &tap), ("rules/bad.toml", &text)]);
    let out = bin(&["lint", "--corpus", &root.display().to_string()]);
    let path = root.join("rules/bad.toml").display().to_string();
    let printed = stdout(&out);
    let bad: Vec<&str> = printed.lines().filter(|l| l.starts_with(&path)).collect();
    assert_eq!(bad.len(), 3, "{}", stdout(&out));
    assert!(bad[0].starts_with(&format!("{path}:3:1: case[0].titel: unknown field `titel`")), "{}", bad[0]);
    assert!(bad[1].starts_with(&format!("{path}:29:8: case[2].setup.step: invalid type: integer `7`")), "{}", bad[1]);
    assert!(bad[2].starts_with(&format!("{path}:36:")) && bad[2].contains("case[3].step[0].do: unknown verb `tap`"), "{}", bad[2]);
    assert_eq!(out.status.code(), Some(1));
    // The good case of that file still runs; the run fails on the three problems.
    let out = bin(&["run", "--corpus", &root.display().to_string(), "-v", "x/good"]);
    assert!(stdout(&out).contains("x/good"), "{}", stdout(&out));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

/// A symlink loop in the corpus is a problem at its path for `lint` and `run`, not an abort.
#[cfg(unix)]
#[test]
fn a_symlink_loop_is_reported_at_its_path() {
    let (_tmp, root) = corpus_with(&[]);
    std::os::unix::fs::symlink("..", root.join("rules/loop")).unwrap_or_else(|e| panic!("symlink: {e}"));
    let loop_path = root.join("rules/loop").display().to_string();
    let out = bin(&["lint", "--corpus", &root.display().to_string()]);
    assert!(stdout(&out).starts_with(&format!("{loop_path}:1:1: symlink loop")), "{}", stdout(&out));
    assert_eq!(out.status.code(), Some(1));
    let out = bin(&["run", "--corpus", &root.display().to_string()]);
    assert!(stderr(&out).contains(&format!("{loop_path}:1:1: symlink loop")), "{}", stderr(&out));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

fn compare_data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/compare")
        .join(name)
        .display()
        .to_string()
}

/// `compare` puts each case in its category (the fixtures have one or two of each) and exits 1
/// on the two regressions (passed -> failed, passed -> errored).
#[test]
fn compare_lists_regressions_and_fails_on_them() {
    let out = bin(&["compare", &compare_data("old.jsonl"), &compare_data("new.jsonl")]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first.ends_with(": 2 regressed, 1 improved, 1 added, 1 removed, 1 changed, 1 unchanged"),
        "{first}"
    );
    assert!(first.contains("(example-engine 1.0.0) -> "), "{first}");
    assert!(text.contains("\n  cr-100.1/fails-now  passed -> failed  covers: cr-100.1\n"), "{text}");
    assert!(text.contains("\n  cr-100.2/errors-now  passed -> errored  covers: cr-100.2\n"), "{text}");
    assert!(text.contains("\n  cr-100.3/passes-now  failed -> passed  covers: cr-100.3\n"), "{text}");
    // The unchanged case is only counted.
    assert!(!text.contains("still-passes"), "{text}");
}

#[test]
fn compare_json_has_every_case_with_its_category_and_sources() {
    let out = bin(&["compare", "--format", "json", &compare_data("old.jsonl"), &compare_data("new.jsonl")]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out))
        .unwrap_or_else(|e| panic!("not JSON: {e}: {}", stdout(&out)));
    assert_eq!(v["regressed"], true);
    assert_eq!(v["new"]["engine"]["version"], "1.1.0");
    let expected = [
        ("cr-100.1/fails-now", "regressed", Some("passed"), Some("failed")),
        ("cr-100.2/errors-now", "regressed", Some("passed"), Some("errored")),
        ("cr-100.3/passes-now", "improved", Some("failed"), Some("passed")),
        ("cr-100.4/removed", "removed", Some("passed"), None),
        ("cr-100.5/still-passes", "unchanged", Some("passed"), Some("passed")),
        ("cr-100.6/failed-then-errored", "changed", Some("failed"), Some("errored")),
        ("cr-100.7/added", "added", None, Some("failed")),
    ];
    let cases = v["cases"].as_array().cloned().unwrap_or_default();
    assert_eq!(cases.len(), expected.len(), "{v}");
    for (case, (id, change, old, new)) in cases.iter().zip(expected) {
        assert_eq!(case["id"], id);
        assert_eq!(case["change"], change, "{id}");
        assert_eq!(case["old"].as_str(), old, "{id}");
        assert_eq!(case["new"].as_str(), new, "{id}");
        let source = id.split('/').next().unwrap_or_default();
        assert_eq!(case["covers"], serde_json::json!([source]), "{id}");
        assert_eq!(v["counts"][change].as_u64().map(|n| n > 0), Some(true), "{change}");
    }
}

#[test]
fn compare_without_a_regression_exits_0() {
    let out = bin(&["compare", &compare_data("old.jsonl"), &compare_data("fixed.jsonl")]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains(": 0 regressed, 1 improved,"), "{}", stdout(&out));
    // And the same reports the other way round: what improved is a regression then.
    let out = bin(&["compare", &compare_data("new.jsonl"), &compare_data("old.jsonl")]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("  cr-100.3/passes-now  passed -> failed"), "{}", stdout(&out));
}

#[test]
fn compare_names_the_file_it_cannot_read_and_exits_2() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let missing = tmp.path().join("missing.jsonl");
    let garbage = tmp.path().join("garbage.jsonl");
    fs::write(&garbage, "not a report\n").unwrap_or_else(|e| panic!("write: {e}"));
    for bad in [&missing, &garbage] {
        let bad = bad.display().to_string();
        for args in [[compare_data("old.jsonl"), bad.clone()], [bad.clone(), compare_data("old.jsonl")]] {
            let out = bin(&["compare", &args[0], &args[1]]);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(stdout(&out).is_empty(), "{}", stdout(&out));
            assert!(stderr(&out).starts_with(&format!("error: {bad}")), "{}", stderr(&out));
        }
    }
}

/// A NEW report cut off mid-line (a run still being written): the cases before the cut compare,
/// the cut one reads as removed, and a warning says the run did not finish.
#[test]
fn compare_reads_a_cut_off_report_and_warns() {
    let text = fs::read_to_string(compare_data("old.jsonl")).unwrap_or_default();
    let cut = &text[..text.find("cr-100.5/still-passes").unwrap_or(0)];
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let path = tmp.path().join("cut.jsonl");
    fs::write(&path, cut).unwrap_or_else(|e| panic!("write: {e}"));
    let out = bin(&["compare", &compare_data("old.jsonl"), &path.display().to_string()]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains(": 0 regressed, 0 improved, 0 added, 2 removed, 0 changed, 4 unchanged"), "{}", stdout(&out));
    assert!(stderr(&out).contains("the run did not finish (no footer, last line cut off)"), "{}", stderr(&out));
}

/// `--shard K/N` (issue 31, item 6): a bad value is a usage error naming it; `diff merge` needs
/// no engine, and refuses a directory that isn't a `diff --out` one, naming it.
#[test]
fn shard_values_and_diff_merge_are_checked() {
    for command in [&["run", "--corpus", &data(), "--shard"][..], &["reach", "--scenarios", "1", "--shard"][..]] {
        for bad in ["0/2", "3/2", "2"] {
            let args: Vec<&str> = command.iter().copied().chain([bad]).collect();
            let out = bin(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains(&format!("`{bad}`")), "{args:?}: {}", stderr(&out));
        }
    }
    let out = bin(&["run", "--corpus", &data(), "--shard", "1/1"]);
    assert!(stdout(&out).contains("(3 cases in "), "{}", stdout(&out));
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let shard = tmp.path().join("not-a-shard");
    fs::create_dir_all(&shard).unwrap_or_else(|e| panic!("mkdir: {e}"));
    let merged = tmp.path().join("merged");
    let out = bin(&["diff", "merge", "--out", &merged.display().to_string(), &shard.display().to_string()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("diff-run.toml"), "{}", stderr(&out));
    assert!(!merged.exists(), "nothing is written when the merge fails");
    let out = bin(&["diff", "merge", "--out", &shard.display().to_string(), &shard.display().to_string()]);
    assert!(stderr(&out).contains("is one of the directories to merge"), "{}", stderr(&out));
    let out = bin(&["diff"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--engine"), "{}", stderr(&out));
}

/// Issue 31, item 4: a case OLD's expectations knew failed (its report's `known_failure`) and
/// that passes in NEW is told as fixed in NEW's release, with where it was tracked and since when.
#[test]
fn compare_tells_a_known_failure_fixed_in_the_new_release() {
    let out = bin(&["compare", &compare_data("xfail-old.jsonl"), &compare_data("xfail-new.jsonl")]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(text.contains("\n1 known failure fixed in 0.103.0 (xfail in OLD's expectations: remove the entries)\n"), "{text}");
    assert!(
        text.contains("  cr-100.5/known-failure  failed -> passed  covers: cr-100.5  (fixed in 0.103.0; known since 0.77.0: https://example.org/engine/issues/12)\n"),
        "{text}"
    );
    let out = bin(&["compare", "--format", "json", &compare_data("xfail-old.jsonl"), &compare_data("xfail-new.jsonl")]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)));
    let cases = v["cases"].as_array().cloned().unwrap_or_default();
    let fixed: Vec<&serde_json::Value> = cases.iter().filter(|c| !c["fixed_known_failure"].is_null()).collect();
    assert_eq!(fixed.len(), 1, "{v}");
    assert_eq!(fixed[0]["id"], "cr-100.5/known-failure");
    assert_eq!(fixed[0]["fixed_known_failure"]["fixed_in"], "0.103.0");
    assert_eq!(fixed[0]["fixed_known_failure"]["since"], "0.77.0");
    // Reversed, nothing is fixed: a known failure that passed before and fails now regressed.
    let out = bin(&["compare", &compare_data("xfail-new.jsonl"), &compare_data("xfail-old.jsonl")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stdout(&out).contains("fixed in"), "{}", stdout(&out));
}

/// Issue 31, items 1 and 2, on real reports: `adapters/phase/run.sh --version V --format json`
/// of phase-python 0.83.0 and 0.103.0 (522 cases, 2026-12-02). 0.103.0 fails one case 0.83.0
/// passed (a prevention shield cast in response), so `compare` exits 1 and names it.
#[test]
fn compare_of_two_phase_releases_finds_the_regression() {
    let out = bin(&["compare", &compare_data("phase-0.83.0.jsonl"), &compare_data("phase-0.103.0.jsonl")]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    let first = text.lines().next().unwrap_or_default();
    assert!(first.contains("(phase.rs (phase-python) 0.83.0) -> "), "{first}");
    assert!(first.contains("(phase.rs (phase-python) 0.103.0): 1 regressed, 4 improved"), "{first}");
    assert!(text.contains("\n  cr-615.4/prevent-in-response  passed -> failed  covers: cr-615.4-example-1\n"), "{text}");
    // From 0.77.0 to 0.83.0 nothing regressed.
    let out = bin(&["compare", &compare_data("phase-0.77.0.jsonl"), &compare_data("phase-0.83.0.jsonl")]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}
