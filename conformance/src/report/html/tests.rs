use std::path::Path;

use quick_xml::events::Event;
use quick_xml::Reader;

use super::input::{parse, Report, ReportError};
use super::model::{Model, Status};
use super::page::case_file;
use super::*;
use crate::report::json;
use crate::run::engine::Engine;
use crate::run::engine::{CaseReply, StepReply};
use crate::run::expectations::Expectations;
use crate::run::reference::ReferenceEngine;
use crate::run::runner::Runner;
use crate::run::testing::CannedEngine;

const TAP: &str = "cr-107.5/tapped-land-cannot-tap-again";
const SICK: &str = "cr-302.6/sick-elves-cannot-tap";
const MASS: &str = "chimeric-mass/reactivate-sets-anew";

fn corpus() -> Corpus {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    Corpus::load(dir).map(|l| l.corpus).unwrap_or_default()
}

/// A real report, as `run --format json` writes it, of `engine` on the test corpus.
fn report_text(corpus: &Corpus, engine: &mut dyn Engine, expectations: &str) -> String {
    let expectations = Expectations::parse(expectations).unwrap_or_default();
    let runner = Runner::new(corpus).expectations(&expectations);
    let mut text = json::header(engine.info(), runner.selected().len()).to_line();
    let summary = runner.run_with(engine, &mut |o| {
        text.push_str(&json::case_record(corpus, o, &expectations).to_line())
    });
    text.push_str(&json::footer(&summary, &expectations).to_line());
    text
}

/// The reference engine (passes everything) and a canned engine that lets a tapped Forest tap
/// (failed), answers nothing for Chimeric Mass (errored) and skips the sick Elves, with the
/// Forest failure listed as known in its second report.
fn reports(c: &Corpus) -> Vec<Report> {
    let reference = report_text(c, &mut ReferenceEngine::new(), "");
    let canned = || {
        CannedEngine::new()
            .reply(
                TAP,
                CaseReply::Ran {
                    steps: vec![StepReply::Done],
                },
            )
            .reply(
                SICK,
                CaseReply::Skipped {
                    reason: "no summoning sickness".into(),
                },
            )
    };
    let first = report_text(c, &mut canned(), "");
    let second = report_text(
        c,
        &mut canned(),
        &format!("[[xfail]]\nid = \"{TAP}\"\nclass = \"failed\"\nreason = \"known\"\n"),
    );
    [
        ("ref.jsonl", reference),
        ("a.jsonl", first),
        ("b.jsonl", second),
    ]
    .into_iter()
    .map(|(name, text)| parse(Path::new(name), &text).expect("a report we just wrote"))
    .collect()
}

#[test]
fn reads_a_report_as_run_writes_it() {
    let c = corpus();
    let r = reports(&c);
    assert_eq!(r[0].engine.name, "mtg-engine");
    assert_eq!(r[0].cases.len(), 3);
    assert_eq!(r[0].announced, 3);
    assert!(r[0].footer.as_ref().is_some_and(|f| f.passed == 3));
    let tap = r[1]
        .cases
        .iter()
        .find(|k| k.id == TAP)
        .expect("the tap case");
    assert_eq!(tap.verdict, "failed");
    assert_eq!(tap.step, Some(1));
}

#[test]
fn bad_reports_are_errors_with_their_line() {
    let c = corpus();
    let good = report_text(&c, &mut ReferenceEngine::new(), "");
    let lines: Vec<&str> = good.lines().collect();
    let cases = [
        ("", "r: empty: not a report".to_string()),
        ("{oops\n", "r:1: not a report record".into()),
        (
            &format!("\n{}\n", lines[1]),
            "r:2: the first record must be the header".into(),
        ),
        (
            &format!("{}\n{}\n", lines[0], lines[0]),
            "r:2: a second header".into(),
        ),
        (
            &format!("{}\n{}\n{}\n", lines[0], lines[4], lines[1]),
            "r:3: a record after the footer".into(),
        ),
        (
            &format!("{}\n{}\n{}\n", lines[0], lines[1], lines[1]),
            "r:3: case `".into(),
        ),
        (
            &lines[0].replace("\"report_version\":1", "\"report_version\":99"),
            "r:1: report version 99 is newer".into(),
        ),
    ];
    for (text, message) in cases {
        let err = parse(Path::new("r"), text).expect_err(text);
        assert!(err.to_string().starts_with(&message), "{err} for {text:?}");
    }
    assert!(matches!(
        input::read(Path::new("/no/such/report.jsonl")),
        Err(ReportError::Io { .. })
    ));
}

#[test]
fn statuses_count_known_failures_apart() {
    let c = corpus();
    let r = reports(&c);
    let model = Model::new(&c, &r);
    let labels: Vec<&str> = model.columns.iter().map(|k| k.label.as_str()).collect();
    assert_eq!(labels[1], "canned 0");
    assert_eq!(
        labels[2], "canned 0 (2)",
        "two reports of one engine stay apart"
    );
    let all = || 0..model.cases.len();
    let count = |col, s| model.counts(all(), col).get(s);
    assert_eq!(count(0, Status::Passed), 3);
    assert_eq!(
        [Status::Failed, Status::Errored, Status::Skipped].map(|s| count(1, s)),
        [1, 1, 1]
    );
    assert_eq!(count(1, Status::XFailed), 0);
    assert_eq!(count(2, Status::XFailed), 1);
    assert_eq!(count(2, Status::Failed), 0);
    assert_eq!(model.counts(all(), 2).pass_rate(), Some(0.0));
    assert_eq!(model.counts(all(), 0).pass_rate(), Some(100.0));
    assert!(model.warnings.is_empty(), "{:?}", model.warnings);
}

#[test]
fn sources_are_grouped_by_cr_section_and_by_card() {
    let c = corpus();
    let r = reports(&c);
    let model = Model::new(&c, &r);
    let topics: Vec<(&str, Vec<&str>)> = model
        .topics
        .iter()
        .map(|t| {
            (
                t.label.as_str(),
                t.sources.iter().map(|s| s.id.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        topics,
        [
            ("CR 107", vec!["cr-107.5"]),
            ("CR 302", vec!["cr-302.6"]),
            ("Chimeric Mass rulings", vec!["chimeric-mass-2011-01-01-2"]),
        ]
    );
    // The Forest row: failed for `canned`, a known failure in its second report.
    let tap = &model.topics[0].sources[0];
    assert_eq!(model.counts(tap.cases.clone(), 1).get(Status::Failed), 1);
    assert_eq!(model.counts(tap.cases.clone(), 2).get(Status::XFailed), 1);
    assert_eq!(model.counts(tap.cases.clone(), 0).get(Status::Passed), 1);
}

#[test]
fn a_case_only_a_report_knows_is_shown_with_what_it_says() {
    let c = corpus();
    let mut r = reports(&c);
    let mut stray = r[1].cases[0].clone();
    stray.id = "gone/away".into();
    stray.covers = vec!["cr-999.1".into()];
    r[1].cases.push(stray);
    r[1].footer = None;
    let model = Model::new(&c, &r);
    let row = model
        .cases
        .iter()
        .find(|k| k.id == "gone/away")
        .expect("kept");
    assert!(row.case.is_none());
    assert_eq!(row.title(), "(not in this corpus)");
    let last = model.topics.last().expect("a topic");
    assert_eq!(last.label, "Sources not in this corpus");
    assert_eq!(last.sources[0].id, "cr-999.1");
    assert_eq!(model.warnings.len(), 1);
    assert!(
        model.warnings[0].contains("no footer"),
        "{:?}",
        model.warnings
    );
}

/// Every page parses as XML: tags close, attributes are quoted, text is escaped.
fn well_formed(file: &SiteFile) {
    let mut reader = Reader::from_str(&file.text);
    reader.config_mut().check_end_names = true;
    loop {
        match reader.read_event() {
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!("{} is not well-formed: {e}", file.path),
        }
    }
}

fn site() -> Vec<SiteFile> {
    let c = corpus();
    let r = reports(&c);
    build(
        &c,
        &r,
        &Options {
            source_url: Some("https://example.org/repo/blob/abc/rulings".into()),
        },
    )
}

fn page<'a>(files: &'a [SiteFile], path: &str) -> &'a str {
    &files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("no {path}"))
        .text
}

#[test]
fn the_site_has_an_index_assets_and_a_page_per_case() {
    let files = site();
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "index.html",
            "assets/style.css",
            "assets/filter.js",
            "cases/chimeric-mass_2Freactivate-sets-anew.html",
            "cases/cr-107.5_2Ftapped-land-cannot-tap-again.html",
            "cases/cr-302.6_2Fsick-elves-cannot-tap.html",
        ]
    );
    for f in files.iter().filter(|f| f.path.ends_with(".html")) {
        well_formed(f);
    }
}

#[test]
fn pages_load_nothing_from_outside() {
    for f in site() {
        for attr in ["src=\"", "href=\"", "url("] {
            for (i, _) in f.text.match_indices(attr) {
                let target = &f.text[i + attr.len()..];
                let external = target.starts_with("http") || target.starts_with("//");
                // The only absolute links are to the case's file in the repository.
                let allowed = target.starts_with("https://example.org/repo/blob/abc/rulings/");
                assert!(
                    !external || allowed,
                    "{}: {}",
                    f.path,
                    &target[..40.min(target.len())]
                );
            }
        }
        assert!(!f.text.contains("@import"), "{}", f.path);
    }
}

#[test]
fn the_index_shows_counts_with_symbols_and_words() {
    let files = site();
    let index = page(&files, "index.html");
    // The Forest row: each engine's cell, with a symbol and a word as well as a colour class.
    let row_start = index.find("<tr data-source=\"cr-107.5\"").expect("the row");
    let row = &index[row_start..row_start + index[row_start..].find("</tr>").expect("closed")];
    assert!(
        row.contains("<td class=\"cell passed\" data-engine=\"e0\""),
        "{row}"
    );
    assert!(
        row.contains("<td class=\"cell failed\" data-engine=\"e1\""),
        "{row}"
    );
    assert!(
        row.contains("<td class=\"cell xfailed\" data-engine=\"e2\""),
        "{row}"
    );
    assert!(
        row.contains("<span aria-hidden=\"true\">✗</span>&#160;1<span class=\"sr\"> failed</span>"),
        "{row}"
    );
    // A known failure reads as a failure (issue 31): the failure's symbol, "known" after it.
    assert!(
        row.contains("<span class=\"n xfailed\" title=\"1 failed (known)\"><span aria-hidden=\"true\">✗</span>&#160;1<span class=\"sr\"> failed (known)</span>"),
        "{row}"
    );
    // Its case page gives the expectations file's reason after the verdict.
    let case = page(&files, &format!("cases/{}", case_file(TAP)));
    assert!(case.contains("Listed in the engine's expectations as a known failure (failed): known"), "{case}");
    assert!(row.contains("href=\"cases/cr-107.5_2Ftapped-land-cannot-tap-again.html\""));
    assert!(
        row.contains("The tap symbol is {T}."),
        "the quoted text is in the row"
    );
    // The summary: pass rates overall.
    assert!(index.contains("3 of 3 (100.0%)"), "reference overall");
    assert!(index.contains("0 of 3 (0.0%)"), "canned overall");
    // The filter form is there but hidden until the script shows it.
    assert!(index.contains("<form id=\"filters\" hidden=\"hidden\""));
    assert!(index.contains("<script src=\"assets/filter.js\"></script>"));
}

#[test]
fn a_failed_case_page_has_its_source_setup_script_and_diff() {
    let files = site();
    let p = page(&files, "cases/cr-107.5_2Ftapped-land-cannot-tap-again.html");
    assert!(
        p.contains("<h1>A tapped Forest can&#39;t be tapped again to pay {T}</h1>"),
        "{p}"
    );
    assert!(p.contains("CR 107.5 (2026-04-17)"));
    assert!(p.contains("A permanent that&#39;s already tapped can&#39;t be tapped again"));
    assert!(p.contains(
        "href=\"https://example.org/repo/blob/abc/rulings/rules/107.5-tap-symbol.toml#L1\""
    ));
    assert!(
        p.contains("<section id=\"setup\">") && p.contains("active = &quot;alice&quot;"),
        "{p}"
    );
    assert!(!p.contains("[life]\n"), "empty tables are left out: {p}");
    assert!(p.contains(
        "<li class=\"decided\"><code>{ do = &quot;activate&quot;, source = &quot;forest&quot;, ability = 1, expect_illegal = &quot;cost&quot; }</code>"
    ), "{p}");
    assert!(
        p.contains("<del>- result = &quot;rejected&quot;, class = &quot;cost&quot;</del>"),
        "{p}"
    );
    assert!(p.contains("<ins>+ result = &quot;done&quot;</ins>"), "{p}");
    assert!(p.contains("<section class=\"verdict\" id=\"e1\""));
    assert!(p.contains("The case as written"));
    assert!(!p.contains("<script"), "case pages need no script");
    // The canned engine answered nothing for Chimeric Mass: errored, with the runner's message.
    let mass = page(&files, &format!("cases/{}", case_file(MASS)));
    assert!(
        mass.contains(
            "<span class=\"n errored\"><span aria-hidden=\"true\">⚠</span> errored</span>"
        ),
        "{mass}"
    );
    assert!(mass.contains("<p class=\"message\">"), "{mass}");
}

#[test]
fn page_names_are_distinct_and_safe() {
    let ids = ["a/b", "a_2Fb", "a b", "a.b", "..", ".", "É/x"];
    let names: Vec<String> = ids.iter().map(|i| case_file(i)).collect();
    for (i, n) in names.iter().enumerate() {
        assert!(
            n.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)),
            "{n}"
        );
        assert!(!n.starts_with(".."), "{n}");
        assert_eq!(
            names.iter().filter(|m| *m == n).count(),
            1,
            "{} shared",
            ids[i]
        );
    }
}

#[test]
fn the_case_as_written_stops_before_the_next_case_and_its_comments() {
    let text = "# file\n[[case]]\nid = \"a\"\n\n# about b\n[[case]]\nid = \"b\"\n";
    assert_eq!(case_page::block_for_test(text, 2), "[[case]]\nid = \"a\"");
    assert_eq!(case_page::block_for_test(text, 6), "[[case]]\nid = \"b\"");
}

#[test]
fn writing_replaces_stale_pages_only() {
    let dir = tempfile::tempdir().expect("a temp dir");
    // A site of an earlier build: this tool's directory (its marker), with a page since gone.
    write(dir.path(), &site()).expect("written");
    std::fs::write(dir.path().join("cases/old.html"), "stale").expect("write");
    std::fs::write(dir.path().join("keep.txt"), "mine").expect("write");
    write(dir.path(), &site()).expect("written");
    assert!(!dir.path().join("cases/old.html").exists());
    assert!(dir.path().join("keep.txt").exists());
    assert!(dir
        .path()
        .join("cases/cr-302.6_2Fsick-elves-cannot-tap.html")
        .exists());
    assert!(file_url(dir.path()).starts_with("file:///"));
}

#[test]
fn the_index_shows_cr_coverage_by_section() {
    let files = site();
    let index = page(&files, "index.html");
    assert!(index.contains("<section id=\"cr-coverage\">"));
    // The test corpus quotes and covers CR 107.5 and 302.6 (no Examples of theirs).
    let row = |sec: &str| {
        let start = index
            .find(&format!("<tr data-cr-section=\"{sec}\""))
            .unwrap_or_else(|| panic!("no row {sec}"));
        &index[start..start + index[start..].find("</tr>").expect("closed")]
    };
    assert!(
        row("107").contains("<td class=\"cr-some\" data-n=\"1\" data-of=\"49\">1 / 49</td>"),
        "{}",
        row("107")
    );
    assert!(
        row("707").contains("data-n=\"0\" data-of=\"23\""),
        "{}",
        row("707")
    );
    assert!(index.contains("Examples: 0 of 193 covered by a case"));
}

/// Issue 31, item 3: three real releases of phase (the reports `compare` is tested on) give the
/// versions page: a column per release in release order (0.103.0 after 0.83.0, whatever the
/// order given), a bar per release in the chart, and between consecutive releases what was fixed
/// and what regressed, linked to case pages the site has.
#[test]
fn the_versions_page_shows_each_release_and_what_changed() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/compare");
    let reports: Vec<Report> = ["phase-0.103.0.jsonl", "phase-0.77.0.jsonl", "phase-0.83.0.jsonl"]
        .iter()
        .map(|n| {
            let text = std::fs::read_to_string(data.join(n)).expect("a checked-in report");
            parse(&data.join(n), &text).expect("a report")
        })
        .collect();
    let corpus = Corpus::load(Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulings")).expect("the corpus").corpus;
    let files = build(&corpus, &reports, &Options::default());
    let versions = files.iter().find(|f| f.path == "versions.html").expect("a versions page");
    well_formed(versions);
    let v = &versions.text;
    let heads: Vec<usize> = ["0.77.0", "0.83.0", "0.103.0"].iter().map(|r| v.find(&format!("<th scope=\"col\" data-release=\"{r}\">")).expect("a column")).collect();
    assert!(heads.windows(2).all(|w| w[0] < w[1]), "release order: {heads:?}");
    assert_eq!(v.matches("<text x=").count(), 3, "a bar label per release");
    assert!(v.contains("0.77.0 → 0.83.0: 1 fixed, 0 regressed</h3>"), "{v}");
    assert!(v.contains("0.83.0 → 0.103.0: 4 fixed, 1 regressed</h3>"), "{v}");
    let regressed = &v[v.find("<ul class=\"regressed\">").expect("a regressed list")..];
    let link = format!("href=\"cases/{}\"", case_file("cr-615.4/prevent-in-response"));
    assert!(regressed[..regressed.find("</ul>").unwrap_or(0)].contains(&link), "{regressed}");
    assert!(files.iter().any(|f| f.path == format!("cases/{}", case_file("cr-615.4/prevent-in-response"))));
    // The passed row counts what the footers say each release passed.
    for (r, passed) in [("0.77.0", 368), ("0.83.0", 369), ("0.103.0", 372)] {
        assert!(v.contains(&format!("<td data-release=\"{r}\" data-n=\"{passed}\">{passed}</td>")), "{r}");
    }
    // The index links to it; a site of one release per engine has no such page.
    assert!(page(&files, "index.html").contains("href=\"versions.html\""));
    assert!(!site().iter().any(|f| f.path == "versions.html"));
}
