use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::*;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cr-coverage")
}

fn fixture_coverage() -> CrCoverage {
    let loaded = Corpus::load(fixture()).expect("fixture loads");
    assert_eq!(loaded.problems, vec![]);
    cr_coverage(&loaded.corpus, &CrIndex::embedded().expect("index parses"))
}

#[test]
fn the_embedded_index_is_the_edition_quoted_with_its_example_counts() {
    let index = CrIndex::embedded().unwrap();
    assert_eq!(index.edition, "2026-04-17");
    // cr-examples.md: 23 Examples in 707, 12 in 613, three after 613.4d.
    let in_section = |sec: &str| -> u32 {
        index
            .paragraphs
            .iter()
            .filter(|(p, _)| section_of(p) == Some(sec))
            .map(|(_, n)| n)
            .sum()
    };
    assert_eq!(in_section("707"), 23);
    assert_eq!(in_section("613"), 12);
    assert_eq!(index.examples("613.4d"), Some(3));
    assert_eq!(index.examples("613.4"), Some(0));
    assert_eq!(index.examples("613.99"), None);
    let scoped: u32 = index.scope.iter().map(|s| in_section(s)).sum();
    assert_eq!(scoped, 193);
}

#[test]
fn ids_name_a_paragraph_or_one_of_its_examples() {
    let id = |p: &str, e| {
        Some(CrId {
            paragraph: p.into(),
            example: e,
        })
    };
    assert_eq!(parse_id("cr-613.4d"), id("613.4d", None));
    assert_eq!(parse_id("cr-613.4d-example-2"), id("613.4d", Some(2)));
    assert_eq!(parse_id("cr-613.4d-example-0"), None);
    assert_eq!(parse_id("cr-613.4d-example-"), None);
    assert_eq!(parse_id("cr-613"), None);
    assert_eq!(parse_id("reflecting-pool-2008-05-01"), None);
}

#[test]
fn a_quote_counts_examples_after_its_paragraph_and_moves_on_with_paragraph_numbers() {
    let source = |id: &str, text: &str| Source {
        id: id.into(),
        kind: SourceKind::Cr,
        cite: "c".into(),
        text: text.into(),
        card: None,
        date: None,
    };
    // Not a CR paragraph id: nothing quoted.
    assert_eq!(
        quote(&source("cr-1.1", "one\n\nExample: a")),
        Quote::default()
    );
    let q = quote(&source(
        "cr-613.4d",
        "t\n\nExample: a\n\nExample: b\n\n613.5. u\n\nExample: c",
    ));
    assert_eq!(
        q.paragraphs,
        vec!["613.4d".to_string(), "613.5".to_string()]
    );
    assert_eq!(
        q.examples,
        vec![
            ("613.4d".into(), 1),
            ("613.4d".into(), 2),
            ("613.5".into(), 1)
        ]
    );
    let q = quote(&source("cr-613.4d-example-3", "Example: a"));
    assert_eq!(q.examples, vec![("613.4d".into(), 3)]);
    let mut ruling = source("cr-613.4d", "Example: a");
    ruling.kind = SourceKind::Ruling;
    assert_eq!(quote(&ruling), Quote::default());
}

#[test]
fn the_fixture_counts_covered_and_quoted_examples() {
    let cov = fixture_coverage();
    // Covered: both Examples of 611.2c (quoted with it) and 613.4d's second (alone). 611.3b's
    // Example is quoted by a source no case covers.
    assert_eq!(cov.covered, vec!["611.2c#1", "611.2c#2", "613.4d#2"]);
    assert_eq!(
        (cov.examples_covered, cov.examples_quoted, cov.examples),
        (3, 4, 193)
    );
    assert_eq!(cov.paragraphs_covered, 3);
    let row = |s: &str| {
        cov.sections
            .iter()
            .find(|r| r.section == s)
            .unwrap()
            .clone()
    };
    assert_eq!(
        (row("611").paragraphs_covered, row("611").examples_covered),
        (2, 2)
    );
    assert_eq!((row("611").examples_quoted, row("611").examples), (3, 6));
    assert_eq!(
        (row("613").paragraphs_covered, row("613").examples_covered),
        (1, 1)
    );
    assert!(cov.render().contains("CR 2026-04-17: 3 of "));
    assert!(cov
        .closing_line()
        .ends_with("Examples: 3 of 193 covered by a case (4 quoted)"));
}

/// `verify-sources --examples` (the team's checker, `$VERIFY_SOURCES` or beside this
/// repository), on `dir`: its output, or `None` when the tool isn't there.
fn verify_sources(dir: &Path) -> Option<String> {
    let tool = std::env::var_os("VERIFY_SOURCES")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/tools/verify-sources")
        });
    if !tool.exists() {
        eprintln!(
            "note: {} not found; the agreement isn't checked",
            tool.display()
        );
        return None;
    }
    let out = Command::new(&tool)
        .arg("--examples")
        .arg(dir)
        .output()
        .expect("runs");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// verify-sources counts the fixture the same way.
#[test]
fn verify_sources_agrees_on_the_fixture() {
    let Some(text) = verify_sources(&fixture()) else {
        return;
    };
    let cov = fixture_coverage();
    let expected = format!(
        "CR examples: {} of {} covered by a case ({} quoted)",
        cov.examples_covered, cov.examples, cov.examples_quoted
    );
    assert!(
        text.contains(&expected),
        "verify-sources said:\n{text}\nexpected: {expected}"
    );
}

#[test]
fn a_bad_index_is_an_error() {
    assert!(CrIndex::parse("scope 101\n101.1\n").is_err());
    assert_eq!(CrIndex::parse("edition x\n101.1 y\n").unwrap_err().line, 2);
    assert!(CrIndex::parse("edition x\nbanana\n").is_err());
    assert!(CrIndex::parse("edition x\n101.1\n101.1 2\n").is_err());
    assert!(CrIndex::parse("edition x\nalso 302.3#1\n").is_err());
    let index = CrIndex::embedded().unwrap();
    assert!(index.also.contains(&("302.3#1".to_string(), "205.3b#1".to_string())));
}

/// verify-sources lists the same Examples as not covered in the whole corpus.
#[test]
fn verify_sources_agrees_on_the_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulings");
    let Some(text) = verify_sources(&dir) else {
        return;
    };
    let loaded = Corpus::load(&dir).expect("corpus loads");
    let index = CrIndex::embedded().unwrap();
    let cov = cr_coverage(&loaded.corpus, &index);
    let theirs: BTreeSet<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("example not covered: "))
        .collect();
    let ours: BTreeSet<String> = index
        .paragraphs
        .iter()
        .filter(|(p, _)| section_of(p).is_some_and(|s| index.scope.contains(s)))
        .flat_map(|(p, n)| (1..=*n).map(move |k| format!("{p}#{k}")))
        .filter(|e| !cov.covered.contains(e))
        .collect();
    let ours: BTreeSet<&str> = ours.iter().map(String::as_str).collect();
    assert_eq!(ours, theirs);
    assert!(text.contains(&format!(
        "CR examples: {} of {} covered",
        cov.examples_covered, cov.examples
    )));
}
