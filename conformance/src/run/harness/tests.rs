use std::io::Write as _;

use libtest_mimic::{Arguments, Conclusion};

use super::*;
use crate::run::engine::CaseReply;
use crate::run::reference::ReferenceEngine;
use crate::run::testing::CannedEngine;

/// Runs the suite's tests on one thread with these harness arguments, writing what libtest-mimic
/// prints to a file (so the test's own output stays clean); returns the counts.
fn run<F, E>(suite: &Suite<F>, args: &[&str]) -> Conclusion
where
    E: Engine,
    F: Fn() -> E + Send + Sync + 'static,
{
    run_logged(suite, args).0
}

/// [`run`], and what libtest-mimic printed.
fn run_logged<F, E>(suite: &Suite<F>, args: &[&str]) -> (Conclusion, String)
where
    E: Engine,
    F: Fn() -> E + Send + Sync + 'static,
{
    let log = tempfile::NamedTempFile::new().expect("temp file");
    let path = log.path().to_string_lossy().into_owned();
    let mut argv = vec![
        "harness",
        "--test-threads",
        "1",
        "--color",
        "never",
        "--logfile",
        &path,
    ];
    argv.extend_from_slice(args);
    let conclusion = libtest_mimic::run(&Arguments::from_iter(argv), suite.trials());
    let printed = std::fs::read_to_string(log.path()).unwrap_or_default();
    (conclusion, printed)
}

/// The number of embedded cases whose id starts with `prefix`.
fn count(prefix: &str) -> u64 {
    Corpus::embedded()
        .corpus
        .cases
        .iter()
        .filter(|c| c.item.id.starts_with(prefix))
        .count() as u64
}

fn expectations_file(text: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    file.write_all(text.as_bytes()).expect("write");
    file
}

#[test]
fn reference_engine_passes_every_selected_case() {
    let suite = Suite::new(ReferenceEngine::new, &Options::default());
    let header = suite.header();
    assert!(
        header.contains(&format!("corpus {} (format 1)", mtg_rulings::RELEASE)),
        "{header}"
    );
    assert!(header.contains("engine mtg-engine"), "{header}");
    let c = run(&suite, &["cr-302.6/"]);
    assert_eq!(c.num_failed, 0);
    assert_eq!(c.num_passed, count("cr-302.6/"));
    assert!(c.num_passed > 0);
}

#[test]
fn a_case_the_engine_skips_is_ignored_and_a_wrong_one_fails() {
    let skipped = "cr-107.5/land-taps-once";
    let engine = CannedEngine::new().reply(
        skipped,
        CaseReply::Skipped {
            reason: "no lands".into(),
        },
    );
    // Every other case errors (no canned reply).
    let suite = Suite::new(move || engine.clone(), &Options::default());
    let (c, printed) = run_logged(&suite, &["cr-107.5/"]);
    assert_eq!(c.num_ignored, 1);
    assert_eq!(c.num_failed, count("cr-107.5/") - 1);
    assert_eq!(c.num_passed, 0);
    let line = printed
        .lines()
        .find(|l| l.contains(skipped))
        .unwrap_or_default();
    assert!(line.ends_with("ignored (no lands)"), "{printed}");
    assert!(printed.contains("error: no canned reply for"), "{printed}");
}

#[test]
fn expectations_skip_and_xfail_are_ignored_and_ignored_runs_the_xfails() {
    let xfail = "cr-107.5/land-taps-once";
    let file = expectations_file(&format!(
        "[[skip]]\nid = \"cr-302.6/\"\nreason = \"no summoning sickness\"\n\n\
         [[xfail]]\nid = \"{xfail}\"\nclass = \"errored\"\nreason = \"canned\"\n"
    ));
    let options = Options::default().expectations(file.path());
    let suite = Suite::new(CannedEngine::new, &options);
    assert!(
        suite.header().contains("(1 skip, 1 xfail)"),
        "{}",
        suite.header()
    );
    let (c, printed) = run_logged(&suite, &["cr-302.6/"]);
    assert_eq!((c.num_ignored, c.num_failed), (count("cr-302.6/"), 0));
    assert!(
        printed.contains("ignored (expectations: skip id `cr-302.6/`: no summoning sickness)"),
        "{printed}"
    );
    let (c, printed) = run_logged(&suite, &["cr-107.5/"]);
    assert!(printed.contains(&format!("[xfail] {xfail}")), "{printed}");
    assert_eq!(c.num_ignored, 1);
    assert_eq!(c.num_failed, count("cr-107.5/") - 1);
    // `--ignored`: only the expected failure runs, and fails with its report.
    let (c, printed) = run_logged(&suite, &["cr-107.5/", "--ignored"]);
    assert_eq!((c.num_failed, c.num_passed, c.num_ignored), (1, 0, 0));
    assert!(
        printed.contains("expected to end `errored` (expectations): canned"),
        "{printed}"
    );
    assert!(
        printed.contains(&format!("-- --exact {xfail} --ignored")),
        "{printed}"
    );
}

#[test]
fn an_expectations_entry_naming_no_case_is_a_failing_test() {
    let file = expectations_file(
        "[[xfail]]\nid = \"cr-107.5/renamed-away\"\nclass = \"failed\"\nreason = \"x\"\n",
    );
    let suite = Suite::new(
        ReferenceEngine::new,
        &Options::default().expectations(file.path()),
    );
    let c = run(&suite, &["--exact", "expectations"]);
    assert_eq!((c.num_failed, c.num_passed), (1, 0));
    let missing = Options::default().expectations("no/such/expectations.toml");
    let suite = Suite::new(ReferenceEngine::new, &missing);
    let c = run(&suite, &["--exact", "expectations"]);
    assert_eq!(c.num_failed, 1);
}

#[test]
fn a_corpus_directory_can_replace_the_embedded_one() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulings");
    let suite = Suite::new(ReferenceEngine::new, &Options::default().corpus(&dir));
    assert!(suite.header().contains("rulings"), "{}", suite.header());
    let c = run(&suite, &["cr-107.5/"]);
    assert_eq!((c.num_passed, c.num_failed), (count("cr-107.5/"), 0));
    let suite = Suite::new(
        ReferenceEngine::new,
        &Options::default().corpus("no/such/dir"),
    );
    let c = run(&suite, &["--exact", "corpus"]);
    assert_eq!(c.num_failed, 1);
}

#[test]
fn the_report_reruns_the_case_with_cargo_test() {
    let loaded = Corpus::embedded();
    let index = 0;
    let id = loaded.corpus.cases[index].item.id.clone();
    let outcome = CaseOutcome {
        index,
        id: id.clone(),
        verdict: Verdict::Errored {
            step: None,
            message: "boom".into(),
        },
        elapsed: std::time::Duration::ZERO,
    };
    let report = with_rerun(
        &case_report(&loaded.corpus, &outcome, false),
        "conformance",
        &id,
        false,
    );
    assert!(report.contains("error: boom"), "{report}");
    assert!(
        report.contains(&format!(
            "rerun: cargo test --test conformance -- --exact {id}\n"
        )),
        "{report}"
    );
    assert!(!report.contains("mtg-conformance run"), "{report}");
}

#[test]
fn the_test_target_is_the_binary_name_without_its_hash() {
    assert_eq!(
        test_target_name("target/debug/deps/conformance-0a1b2c3d4e5f6071"),
        "conformance"
    );
    assert_eq!(
        test_target_name("/x/my-engine-tests-0a1b"),
        "my-engine-tests"
    );
    assert_eq!(test_target_name("plain"), "plain");
}
