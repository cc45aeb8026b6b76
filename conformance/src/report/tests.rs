use std::path::Path;

use super::*;
use crate::run::engine::{CaseReply, StepReply};
use crate::run::judge::Failure;
use crate::run::runner::Runner;
use crate::run::testing::CannedEngine;

#[test]
fn the_closing_line() {
    for (counts, secs, line) in [
        (
            Counts::default(),
            0.0,
            "0 passed, 0 failed, 0 skipped, 0 errored (0 cases in 0.00s)",
        ),
        (
            Counts {
                passed: 12,
                failed: 1,
                skipped: 2,
                errored: 3,
                ..Counts::default()
            },
            1.2345,
            "12 passed, 1 failed, 2 skipped, 3 errored (18 cases in 1.23s)",
        ),
        (
            Counts {
                passed: 1,
                crashed: 2,
                timed_out: 3,
                protocol: 4,
                ..Counts::default()
            },
            0.5,
            "1 passed, 0 failed, 0 skipped, 0 errored, 2 crashed, 3 timed out, 4 protocol errors (10 cases in 0.50s)",
        ),
        (
            Counts {
                protocol: 1,
                ..Counts::default()
            },
            0.5,
            "0 passed, 0 failed, 0 skipped, 0 errored, 1 protocol error (1 case in 0.50s)",
        ),
        (
            Counts {
                passed: 1,
                failed: 0,
                skipped: 0,
                errored: 0,
                ..Counts::default()
            },
            61.0,
            "1 passed, 0 failed, 0 skipped, 0 errored (1 case in 61.00s)",
        ),
    ] {
        assert_eq!(closing_line(&counts, Duration::from_secs_f64(secs)), line);
    }
}

#[test]
fn rerun_commands_quote_when_needed() {
    assert_eq!(
        rerun_command("cr-107.5/tapped-land"),
        "mtg-conformance run cr-107.5/tapped-land"
    );
    assert_eq!(rerun_command("it's"), "mtg-conformance run 'it'\\''s'");
    assert_eq!(rerun_command("a b"), "mtg-conformance run 'a b'");
    let options = ["--engine".to_string(), "exec python3 my adapter.py".to_string()];
    assert_eq!(
        rerun_command_with(&options, "a/b"),
        "mtg-conformance run --engine 'exec python3 my adapter.py' a/b"
    );
}

#[test]
fn wraps_text() {
    let mut out = String::new();
    wrap(&"word ".repeat(30), "  | ", &mut out);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("  | ") && l.len() <= WIDTH),
        "{lines:?}"
    );
    let mut out = String::new();
    wrap("one\ntwo", "> ", &mut out);
    assert_eq!(out, "> one\n> two\n");
}

fn corpus() -> Corpus {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    Corpus::load(dir).map(|l| l.corpus).unwrap_or_default()
}

const TAP: &str = "cr-107.5/tapped-land-cannot-tap-again";

/// The tapped-land case run on an engine that accepts its illegal activation, so it fails.
fn tap_case_fails(c: &Corpus) -> RunSummary {
    let mut engine = CannedEngine::new().reply(
        TAP,
        CaseReply::Ran {
            steps: vec![StepReply::Done],
        },
    );
    Runner::new(c).filter(TAP).run(&mut engine)
}

#[test]
fn a_failed_case_report() {
    let c = corpus();
    let summary = tap_case_fails(&c);
    let report = case_report(&c, &summary.outcomes[0], false);
    let path = display_path(&c.cases[1].path);
    let expected = format!(
        "FAILED {TAP}
  A tapped Forest can't be tapped again to pay {{T}}
  --> {path}:1
  covers:
    cr-107.5: CR 107.5 (2026-04-17)
      | The tap symbol is {{T}}. The tap symbol in an activation cost means \"Tap this permanent.\" A
      | permanent that's already tapped can't be tapped again to pay the cost.
  step 1 of 3:
    {{ do = \"activate\", source = \"forest\", ability = 1, expect_illegal = \"cost\" }}
  the engine accepted an action that must be rejected
  diff (- expected, + observed):
    - result = \"rejected\", class = \"cost\"
    + result = \"done\"
  rerun: mtg-conformance run {TAP}
"
    );
    assert_eq!(report, expected);
    let run = run_report(&c, &summary, false);
    assert!(run.starts_with(&expected));
    assert!(
        run.ends_with(" errored (1 case in 0.00s)\n")
            || run.contains("0 passed, 1 failed, 0 skipped, 0 errored (1 case in "),
        "{run}"
    );
}

#[test]
fn diffs_keep_matching_lines_and_color_only_on_request() {
    let c = corpus();
    let failure = Failure {
        step: 2,
        reason: "object `mass`: power differ".into(),
        expected: vec![
            "object = \"mass\"".into(),
            "power = 3".into(),
            "toughness = 3".into(),
        ],
        observed: vec![
            "object = \"mass\"".into(),
            "power = 0".into(),
            "toughness = 3".into(),
        ],
    };
    let outcome = CaseOutcome {
        index: 0,
        id: c.cases[0].item.id.clone(),
        verdict: Verdict::Failed(failure),
        elapsed: Duration::ZERO,
    };
    let plain = case_report(&c, &outcome, false);
    assert!(plain.contains("  step 3 of 9:\n    { expect = { object = \"mass\", power = 3, toughness = 3, types = [\"Artifact\", \"Creature\"], counters = { charge = 3 } } }\n"), "{plain}");
    assert!(
        plain.contains(
            "      object = \"mass\"\n    - power = 3\n    + power = 0\n      toughness = 3\n"
        ),
        "{plain}"
    );
    assert!(!plain.contains('\u{1b}'));
    let colored = case_report(&c, &outcome, true);
    assert!(
        colored.contains("\u{1b}[31m    - power = 3\u{1b}[0m"),
        "{colored}"
    );
    assert!(
        colored.contains("\u{1b}[32m    + power = 0\u{1b}[0m"),
        "{colored}"
    );
}

#[test]
fn errored_and_passed_cases() {
    let c = corpus();
    let errored = CaseOutcome {
        index: 0,
        id: c.cases[0].item.id.clone(),
        verdict: Verdict::Errored {
            step: Some(1),
            message: "boom".into(),
        },
        elapsed: Duration::ZERO,
    };
    let report = case_report(&c, &errored, false);
    assert!(
        report.starts_with("ERRORED chimeric-mass/reactivate-sets-anew\n"),
        "{report}"
    );
    assert!(
        report.contains("  step 2 of 9:\n    { do = \"resolve\" }\n  error: boom\n"),
        "{report}"
    );
    let passed = CaseOutcome {
        verdict: Verdict::Passed,
        ..errored.clone()
    };
    assert_eq!(case_report(&c, &passed, false), "");
    assert_eq!(
        progress_line(&passed, false),
        "passed  chimeric-mass/reactivate-sets-anew"
    );
    let skipped = CaseOutcome {
        verdict: Verdict::Skipped {
            reason: "no X".into(),
        },
        ..errored
    };
    assert_eq!(
        progress_line(&skipped, false),
        "skipped chimeric-mass/reactivate-sets-anew (no X)"
    );
    // A case that is not in the corpus is still reported by id.
    let stray = CaseOutcome {
        index: 99,
        id: "gone".into(),
        verdict: Verdict::Errored {
            step: None,
            message: "x".into(),
        },
        elapsed: Duration::ZERO,
    };
    assert_eq!(
        case_report(&c, &stray, false),
        "ERRORED gone\n  error: x\n  rerun: mtg-conformance run gone\n"
    );
}

/// An expected failure is counted under `xfailed` only, never also under `failed` (item 10).
#[test]
fn an_expected_failure_is_counted_only_as_xfailed() {
    let c = corpus();
    let summary = tap_case_fails(&c);
    let expectations = Expectations::parse(&format!(
        "[[xfail]]\nid = \"{TAP}\"\nclass = \"failed\"\n"
    ))
    .unwrap_or_default();
    let run = run_report_with(&c, &summary, &expectations, false);
    assert!(
        run.starts_with("0 passed, 0 failed, 0 skipped, 0 errored, 1 xfailed (1 case in "),
        "{run}"
    );
}

/// Control characters and escape sequences from an engine never reach the terminal (item 7).
#[test]
fn engine_text_is_made_printable() {
    assert_eq!(printable("a\u{1b}[2Jb\r\u{7}\tc\nd"), "a\\u{1b}[2Jb\\u{d}\\u{7}\tc\nd");
    let c = corpus();
    let errored = CaseOutcome {
        index: 1,
        id: TAP.into(),
        verdict: Verdict::Errored {
            step: None,
            message: "boom\u{1b}]0;owned\u{7}".into(),
        },
        elapsed: Duration::ZERO,
    };
    let report = case_report(&c, &errored, false);
    assert!(!report.contains('\u{1b}') && !report.contains('\u{7}'), "{report:?}");
    assert!(report.contains("error: boom\\u{1b}]0;owned\\u{7}"), "{report}");
}

#[test]
fn a_huge_title_is_clipped() {
    assert_eq!(clip("abcdef", 4), "abcd... (2 more characters)");
    assert_eq!(clip("abc", 4), "abc");
}

/// Cases an engine could not be started for are grouped by cause, each cause said once; other
/// faults keep their own entries (item 7).
#[test]
fn cases_an_engine_could_not_start_for_are_grouped_by_cause() {
    use crate::run::engine::Fault;
    let c = corpus();
    let fault = |id: &str, fault: Fault, message: &str, stderr: &str| CaseOutcome {
        index: 0,
        id: id.into(),
        verdict: Verdict::Faulted {
            fault,
            message: message.into(),
            stderr: stderr.into(),
        },
        elapsed: Duration::ZERO,
    };
    let gone = "the engine exited (exit status: 127) before answering; stderr: sh: 1: foo: not found";
    let mut outcomes: Vec<CaseOutcome> = (1..=7)
        .map(|i| {
            let message = if i <= 3 {
                format!("while starting: {gone}")
            } else {
                format!("not run: the engine failed to start 3 times in a row; the last time: while starting: {gone}")
            };
            let stderr = if i <= 3 { "sh: 1: foo: not found\n" } else { "" };
            fault(&format!("x/{i}"), Fault::Crash, &message, stderr)
        })
        .collect();
    outcomes.push(fault("y/1", Fault::Timeout, "while starting: no answer within 30.0s", ""));
    outcomes.push(fault("z/1", Fault::Crash, "the engine exited (exit status: 1) before answering", "dying\n"));
    let summary = RunSummary {
        outcomes,
        elapsed: Duration::ZERO,
    };
    let run = |shown: Option<&str>| {
        run_report_rerun(&c, &summary, &Expectations::default(), false, &[], shown)
    };
    let report = run(None);
    assert_eq!(report.matches(gone).count(), 1, "{report}");
    assert!(
        report.contains(&format!("CRASHED 7 cases: the engine did not start: {gone}\n  cases: x/1, x/2, x/3, x/4, x/5, and 2 more\n  stderr (end):\n    | sh: 1: foo: not found\n  rerun: mtg-conformance run x/1\n")),
        "{report}"
    );
    assert!(
        report.contains("TIMED OUT 1 case: the engine did not start: no answer within 30.0s\n  case: y/1\n"),
        "{report}"
    );
    // A fault once the engine had started is reported on its own, as before.
    assert!(report.contains("CRASHED z/1\n"), "{report}");
    assert!(report.ends_with("0 passed, 0 failed, 0 skipped, 0 errored, 8 crashed, 1 timed out (9 cases in 0.00s)\n"), "{report}");
    // The cause the `engine:` line already gave is not repeated.
    let report = run(Some(gone));
    assert_eq!(report.matches(gone).count(), 0, "{report}");
    assert!(report.contains("CRASHED 7 cases: the engine did not start (why: on the first line)\n"), "{report}");
}

#[test]
fn the_cause_of_a_start_failure() {
    use crate::run::protocol::start_failure_cause;
    assert_eq!(start_failure_cause("while starting: no answer within 1.0s"), Some("no answer within 1.0s"));
    assert_eq!(
        start_failure_cause("not run: the engine failed to start 3 times in a row; the last time: while starting: x; stderr: y"),
        Some("x; stderr: y")
    );
    assert_eq!(start_failure_cause("the engine exited (exit status: 1) before answering"), None);
}

#[test]
fn counts_read_as_english() {
    assert_eq!(count(0, "engine", "engines"), "0 engines");
    assert_eq!(count(1, "engine", "engines"), "1 engine");
    assert_eq!(count(2, "case page", "case pages"), "2 case pages");
}
