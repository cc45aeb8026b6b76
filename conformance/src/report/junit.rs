//! The JUnit XML report (`run --junit FILE`), for CI systems that show test results: one
//! `<testcase>` per case id, its class name the corpus file. A failure carries the human
//! report of the case (diff included) as text; expected failures (xfail) show as skipped.

use std::fmt::Write;

use crate::corpus::Corpus;
use crate::run::expectations::{Assessment, Expectations};
use crate::run::judge::Verdict;
use crate::run::runner::RunSummary;

use super::case_report;

/// The report as an XML document. `suite` names the test suite (the engine).
pub fn render(
    corpus: &Corpus,
    summary: &RunSummary,
    expectations: &Expectations,
    suite: &str,
) -> String {
    let counts = summary.counts();
    let (mut failures, mut errors, mut skipped) = (0, 0, 0);
    let mut body = String::new();
    for outcome in &summary.outcomes {
        let located = corpus
            .cases
            .get(outcome.index)
            .filter(|c| c.item.id == outcome.id);
        let class = located
            .map(|c| {
                c.path
                    .strip_prefix(&corpus.root)
                    .unwrap_or(&c.path)
                    .to_string_lossy()
                    .replace('\\', "/")
            })
            .unwrap_or_default();
        let _ = write!(
            body,
            "    <testcase name=\"{}\" classname=\"{}\" time=\"{:.6}\"",
            escape(&outcome.id),
            escape(&class),
            outcome.elapsed.as_secs_f64()
        );
        let report = || escape(&case_report(corpus, outcome, false));
        let inner = match (expectations.assess(outcome), &outcome.verdict) {
            (Assessment::Fine, Verdict::Passed) => None,
            (Assessment::Fine, Verdict::Skipped { reason }) => {
                skipped += 1;
                Some(format!("<skipped message=\"{}\"/>", escape(reason)))
            }
            (Assessment::XFailed { reason }, v) => {
                skipped += 1;
                Some(format!(
                    "<skipped message=\"{}\"/>",
                    escape(&format!("xfail ({}): {reason}", v.label()))
                ))
            }
            (Assessment::XPassed { class }, _) => {
                failures += 1;
                Some(format!(
                    "<failure type=\"xpassed\" message=\"{}\"/>",
                    escape(&format!("passed, but the expectations say `{class}`"))
                ))
            }
            (_, Verdict::Failed(f)) => {
                failures += 1;
                Some(format!(
                    "<failure type=\"failed\" message=\"{}\">{}</failure>",
                    escape(&format!("step {}: {}", f.step + 1, f.reason)),
                    report()
                ))
            }
            (_, v) => {
                errors += 1;
                let message = match v {
                    Verdict::Errored { message, .. } | Verdict::Faulted { message, .. } => {
                        message.as_str()
                    }
                    _ => "",
                };
                let stderr = match v {
                    Verdict::Faulted { stderr, .. } if !stderr.is_empty() => {
                        format!("<system-err>{}</system-err>", escape(stderr))
                    }
                    _ => String::new(),
                };
                Some(format!(
                    "<error type=\"{}\" message=\"{}\">{}</error>{stderr}",
                    v.label(),
                    escape(message),
                    report()
                ))
            }
        };
        match inner {
            None => body.push_str("/>\n"),
            Some(inner) => {
                let _ = writeln!(body, ">\n      {inner}\n    </testcase>");
            }
        }
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"mtg-conformance\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"{skipped}\" time=\"{:.6}\">",
        counts.total(),
        summary.elapsed.as_secs_f64()
    );
    let _ = writeln!(
        out,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"{skipped}\" time=\"{:.6}\">",
        escape(suite),
        counts.total(),
        summary.elapsed.as_secs_f64()
    );
    out.push_str(&body);
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

/// Text as XML character data or an attribute value: the five special characters escaped, and
/// the characters XML 1.0 forbids even escaped (most C0 controls, lone surrogates can't occur in
/// a `str`, U+FFFE/U+FFFF) replaced by U+FFFD, so any engine output makes a well-formed file.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Kept as references so attribute values keep them (a raw newline would be
            // normalised to a space).
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}
