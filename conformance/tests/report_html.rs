//! `mtg-conformance report --html`: the compliance matrix from reports written by `run`.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// `report --corpus <test corpus> --html OUT_DIR REPORT`.
fn report_html(out_dir: &std::path::Path, report: &std::path::Path) -> Output {
    bin(&["report", "--corpus", &data(), "--html", &out_dir.display().to_string(), &report.display().to_string()])
}

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

fn data() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/corpus")
        .display()
        .to_string()
}

#[test]
fn builds_the_site_from_a_run_report() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let report = tmp.path().join("reference.jsonl");
    let run = bin(&["run", "--corpus", &data(), "--format", "json"]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    fs::write(&report, &run.stdout).unwrap_or_else(|e| panic!("write: {e}"));
    let out_dir = tmp.path().join("site");
    let out = report_html(&out_dir, &report);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("(1 engine, 3 case pages)"));
    let index = fs::read_to_string(out_dir.join("index.html")).unwrap_or_default();
    assert!(index.contains("3 of 3 (100.0%)"), "{index}");
    // Counts read as English: one engine, not "1 engines" (issue 15, item 7).
    assert!(index.contains(" 1 engine, "), "{index}");
    assert!(!index.contains("1 engines") && !index.contains(" 1 cases"), "{index}");
    assert!(out_dir.join("assets/style.css").exists());
    assert!(out_dir
        .join("cases/cr-107.5_2Ftapped-land-cannot-tap-again.html")
        .exists());
}

#[test]
fn a_bad_report_is_a_usage_error_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let report = tmp.path().join("bad.jsonl");
    fs::write(&report, "not json\n").unwrap_or_else(|e| panic!("write: {e}"));
    let out_dir = tmp.path().join("site");
    let out = report_html(&out_dir, &report);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.jsonl:1: not a report record"), "{err}");
    assert!(!out_dir.exists());
    // Without reports, or without --html, clap says what is missing.
    let none = bin(&["report", "--html", &out_dir.display().to_string()]);
    assert_eq!(none.status.code(), Some(2));
    let no_html = bin(&["report", &report.display().to_string()]);
    assert_eq!(no_html.status.code(), Some(2));
}
