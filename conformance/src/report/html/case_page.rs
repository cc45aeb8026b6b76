//! `cases/<id>.html`: one case as its author wrote it (title, the quoted sources, setup, script,
//! a link to its file) and what each engine made of it: the verdict and, for a failure, the
//! failing step with expected against observed.

use std::fmt::Write;

use crate::corpus::Corpus;
use crate::report::json::CaseRecord;

use super::matrix::paragraphs;
use super::model::{CaseRow, Model, Status};
use super::page::{esc, frame};

pub fn render(corpus: &Corpus, model: &Model, row: &CaseRow, source_url: &str) -> String {
    let mut b = String::new();
    b.push_str("<nav><a href=\"../index.html\">← Compliance matrix</a></nav>\n<main>\n");
    let _ = writeln!(
        b,
        "<h1>{}</h1>\n<p class=\"case-id\"><code>{}</code></p>",
        esc(row.title()),
        esc(&row.id)
    );
    if let Some((file, line)) = &row.file {
        let _ = writeln!(
            b,
            "<p>Written in <a class=\"case-file\" href=\"{}\"><code>{}:{line}</code></a></p>",
            esc(&file_link(source_url, file, *line)),
            esc(file)
        );
    }
    let case = row.case.map(|c| &c.item);
    if let Some(case) = case {
        if !case.features.is_empty() {
            let _ = writeln!(b, "<p>Features: {}</p>", esc(&case.features.join(", ")));
        }
        if let Some(note) = &case.note {
            let _ = writeln!(b, "<p class=\"note\">{}</p>", esc(note));
        }
    }

    // What each engine did comes first: it is why the reader came.
    b.push_str("<section id=\"verdicts\">\n<h2>Verdicts</h2>\n");
    for (col, column) in model.columns.iter().enumerate() {
        let _ = write!(
            b,
            "<section class=\"verdict\" id=\"{}\" data-engine=\"{}\">\n<h3>{}: ",
            column.key,
            column.key,
            esc(&column.label)
        );
        match row.records[col] {
            None => b.push_str("<span class=\"n none\">— not run</span></h3>\n"),
            Some(record) => verdict(record, case.map(|c| c.steps.as_slice()), &mut b),
        }
        b.push_str("</section>\n");
    }
    b.push_str("</section>\n");

    b.push_str("<section id=\"sources\">\n<h2>Sources</h2>\n");
    for id in &row.covers {
        match corpus.source(id) {
            Some(s) => {
                let _ = writeln!(
                    b,
                    "<figure><figcaption>{} <code>{}</code></figcaption><blockquote>{}</blockquote></figure>",
                    esc(&s.item.cite),
                    esc(id),
                    paragraphs(&s.item.text)
                );
            }
            None => {
                let _ = writeln!(b, "<p><code>{}</code> (not in this corpus)</p>", esc(id));
            }
        }
    }
    b.push_str("</section>\n");

    if let (Some(case), Some(located)) = (case, row.case) {
        b.push_str("<section id=\"setup\">\n<h2>Setup</h2>\n");
        let setup = toml::to_string(&case.setup)
            .map(|t| without_empty_tables(&t))
            .unwrap_or_else(|_| serde_json::to_string_pretty(&case.setup).unwrap_or_default());
        let _ = writeln!(
            b,
            "<pre><code>{}</code></pre>\n</section>",
            esc(setup.trim_end())
        );
        b.push_str("<section id=\"script\">\n<h2>Script</h2>\n<ol class=\"script\">\n");
        let failing: Vec<(usize, &str)> = model
            .columns
            .iter()
            .enumerate()
            .filter_map(|(col, c)| {
                let r = row.records[col]?;
                r.step.map(|s| (s, c.label.as_str()))
            })
            .collect();
        for (n, step) in case.steps.iter().enumerate() {
            let who: Vec<&str> = failing
                .iter()
                .filter(|(s, _)| *s == n + 1)
                .map(|(_, l)| *l)
                .collect();
            if who.is_empty() {
                let _ = writeln!(b, "<li><code>{}</code></li>", esc(&step.to_string()));
            } else {
                let _ = writeln!(
                    b,
                    "<li class=\"decided\"><code>{}</code> <span class=\"who\">← decided the verdict of {}</span></li>",
                    esc(&step.to_string()),
                    esc(&who.join(", "))
                );
            }
        }
        b.push_str("</ol>\n</section>\n");
        if let Some(text) = corpus.text(&located.path) {
            let _ = writeln!(
                b,
                "<details><summary>The case as written</summary><pre><code>{}</code></pre></details>",
                esc(&block(text, located.line))
            );
        }
    }
    b.push_str("</main>\n");
    frame(&format!("{} · mtg-conformance", row.id), "../", &b, false)
}

/// One engine's verdict: the rest of its heading, then the failing step and the diff.
fn verdict(record: &CaseRecord, steps: Option<&[crate::corpus::case::Step]>, b: &mut String) {
    let status = Status::of(record);
    let _ = writeln!(
        b,
        "<span class=\"n {w}\"><span aria-hidden=\"true\">{}</span> {}</span> <span class=\"raw\">(verdict <code>{}</code>, expectation <code>{}</code>)</span></h3>",
        status.symbol(),
        status.label(),
        esc(&record.verdict),
        esc(&serde_json::to_string(&record.expectation).unwrap_or_default().replace('"', "")),
        w = status.word()
    );
    // The expectations file's entry, after the verdict: why it is known, where, since when.
    if let Some(k) = &record.known_failure {
        let since = k.since.as_ref().map(|s| format!(", since {}", esc(s))).unwrap_or_default();
        // Only a web address becomes a link: a report's text never runs as a `javascript:` URL.
        let link = k
            .link
            .as_ref()
            .map(|l| if l.starts_with("https://") || l.starts_with("http://") { format!(" (<a href=\"{0}\">{0}</a>)", esc(l)) } else { format!(" ({})", esc(l)) })
            .unwrap_or_default();
        let _ = writeln!(b, "<p class=\"known\">Listed in the engine's expectations as a known failure ({}{since}): {}{link}</p>", esc(&k.class), esc(&k.reason));
    }
    if let Some(step) = record.step {
        let text = steps
            .and_then(|s| s.get(step.wrapping_sub(1)))
            .map(|s| s.to_string())
            .unwrap_or_default();
        let total = steps.map_or_else(String::new, |s| format!(" of {}", s.len()));
        let _ = writeln!(b, "<p>Step {step}{total}: <code>{}</code></p>", esc(&text));
    }
    if let Some(message) = &record.message {
        let _ = writeln!(b, "<p class=\"message\">{}</p>", esc(message));
    }
    if let (Some(expected), Some(observed)) = (&record.expected, &record.observed) {
        b.push_str("<figure class=\"diff\"><figcaption>Expected (<del>−</del>) against observed (<ins>+</ins>)</figcaption><pre>");
        for d in bounded_diff(expected, observed) {
            let _ = match d {
                diff::Result::Both(l, _) => writeln!(b, "<span class=\"same\">  {}</span>", esc(l)),
                diff::Result::Left(l) => writeln!(b, "<del>- {}</del>", esc(l)),
                diff::Result::Right(l) => writeln!(b, "<ins>+ {}</ins>", esc(l)),
            };
        }
        b.push_str("</pre></figure>\n");
    }
    if let Some(stderr) = &record.stderr {
        let _ = writeln!(
            b,
            "<details><summary>The end of the engine's stderr</summary><pre>{}</pre></details>",
            esc(stderr)
        );
    }
}

/// The most cells (expected lines × observed lines, after the common start and end) a line diff
/// may take: the LCS table is quadratic, and a report's lines come from an engine.
pub const MAX_DIFF_CELLS: usize = 1 << 20;

/// A line diff in linear memory past [`MAX_DIFF_CELLS`]: the common first and last lines are
/// matched, and the middle is diffed when small enough, else shown as removed then added.
pub fn bounded_diff<'a>(expected: &'a [String], observed: &'a [String]) -> Vec<diff::Result<&'a String>> {
    let head = expected.iter().zip(observed).take_while(|(a, b)| a == b).count();
    let (e, o) = (&expected[head..], &observed[head..]);
    let tail = e.iter().rev().zip(o.iter().rev()).take_while(|(a, b)| a == b).count();
    let (e_mid, o_mid) = (&e[..e.len() - tail], &o[..o.len() - tail]);
    let mut out: Vec<diff::Result<&String>> = expected[..head].iter().map(|l| diff::Result::Both(l, l)).collect();
    if e_mid.len().saturating_mul(o_mid.len()) <= MAX_DIFF_CELLS {
        out.extend(diff::slice(e_mid, o_mid));
    } else {
        out.extend(e_mid.iter().map(diff::Result::Left));
        out.extend(o_mid.iter().map(diff::Result::Right));
    }
    out.extend(e[e.len() - tail..].iter().map(|l| diff::Result::Both(l, l)));
    out
}

/// TOML without the headers of empty tables (`[life]` when no life is set).
fn without_empty_tables(toml: &str) -> String {
    let lines: Vec<&str> = toml.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let header = line.starts_with('[') && !line.starts_with("[[");
        let empty = lines.get(i + 1).is_none_or(|next| next.trim().is_empty());
        if header && empty {
            continue;
        }
        out.push(*line);
    }
    let mut text = out.join("\n");
    while text.contains("\n\n\n") {
        text = text.replace("\n\n\n", "\n\n");
    }
    text
}

/// A link to a case's file: `BASE/file#Lline`.
pub fn file_link(base: &str, file: &str, line: usize) -> String {
    format!("{}/{}#L{line}", base.trim_end_matches('/'), url_path(file))
}

/// A relative path as a URL path: what a URL can't hold is percent-encoded.
pub fn url_path(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/:".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The text of the `[[case]]` table starting at `line` (1-based): up to the next table header,
/// without the trailing blank and comment lines (they introduce what follows).
fn block(text: &str, line: usize) -> String {
    let lines: Vec<&str> = text.lines().skip(line.saturating_sub(1)).collect();
    let mut end = lines.len();
    for (i, l) in lines.iter().enumerate().skip(1) {
        if l.trim_start().starts_with("[[case]]") {
            end = i;
            break;
        }
    }
    let mut kept = &lines[..end];
    while let Some(last) = kept.last() {
        let t = last.trim();
        if t.is_empty() || t.starts_with('#') {
            kept = &kept[..kept.len() - 1];
        } else {
            break;
        }
    }
    kept.join("\n")
}

#[cfg(test)]
pub(super) fn block_for_test(text: &str, line: usize) -> String {
    block(text, line)
}
