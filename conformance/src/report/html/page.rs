//! HTML text: escaping, the page frame, and the pieces several pages share (status cells, links).
//! Every page is well-formed XML as well as HTML, so a test can parse it strictly.

use std::fmt::Write;

use super::model::{Counts, Status};

/// Text escaped for HTML content and attribute values.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters, bidi controls and noncharacters from an engine's messages are
            // not valid in a page, or would reorder it.
            c if crate::report::must_escape(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The file name of a case's page: ids keep letters, digits, `.` and `-`; anything else (`/`
/// included) becomes `_` and two hex digits per byte, so distinct ids never share a page.
pub fn case_file(id: &str) -> String {
    let mut out = String::new();
    for b in id.bytes() {
        if b.is_ascii_alphanumeric() || b == b'.' || b == b'-' {
            out.push(b as char);
        } else {
            let _ = write!(out, "_{b:02X}");
        }
    }
    // `.` and `..` alone would name directories.
    if out.chars().all(|c| c == '.') {
        out = out.replace('.', "_2E");
    }
    // File names are at most 255 bytes: a long id (33 Japanese characters are 297 once encoded)
    // keeps its first 100 and a hash of the whole id, so the name stays short, stable and distinct.
    if out.len() > MAX_PAGE_STEM {
        let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        let mut cut: usize = 100;
        // Never inside one byte's `_XX`.
        while out.as_bytes().get(cut.saturating_sub(1)) == Some(&b'_') || out.as_bytes().get(cut.saturating_sub(2)) == Some(&b'_') {
            cut -= 1;
        }
        out.truncate(cut);
        let _ = write!(out, "-{hash:016x}");
    }
    out.push_str(".html");
    out
}

/// The longest page name kept as the id spells it (before `.html`).
const MAX_PAGE_STEM: usize = 120;

/// A whole page. `root` is the way back to the site's root (`""` or `"../"`).
pub fn frame(title: &str, root: &str, body: &str, script: bool) -> String {
    let script = if script {
        format!("<script src=\"{root}assets/filter.js\"></script>\n")
    } else {
        String::new()
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"{root}assets/style.css\"/>\n</head>\n\
         <body>\n{body}{script}</body>\n</html>\n",
        esc(title)
    )
}

/// One status count: symbol, number, and the word for screen readers and the tooltip.
pub fn count_span(status: Status, n: usize) -> String {
    format!(
        "<span class=\"n {w}\" title=\"{n} {l}\"><span aria-hidden=\"true\">{s}</span>&#160;{n}<span class=\"sr\"> {l}</span></span>",
        w = status.word(),
        l = status.label(),
        s = status.symbol(),
    )
}

/// A matrix cell: every non-zero count, after `lead` (HTML); coloured by the worst status;
/// `data-*` for the filter.
pub fn counts_cell(counts: &Counts, key: &str, lead: &str) -> String {
    let mut data = String::new();
    for s in Status::ALL {
        let _ = write!(data, " data-{}=\"{}\"", s.word(), counts.get(s));
    }
    match counts.worst() {
        None => format!(
            "<td class=\"cell none\" data-engine=\"{key}\"{data}>{lead}—<span class=\"sr\"> no case run</span></td>"
        ),
        Some(worst) => {
            let spans: Vec<String> = Status::ALL
                .into_iter()
                .filter(|s| counts.get(*s) > 0)
                .map(|s| count_span(s, counts.get(s)))
                .collect();
            format!(
                "<td class=\"cell {}\" data-engine=\"{key}\"{data}>{lead}{}</td>",
                worst.word(),
                spans.join(" ")
            )
        }
    }
}

/// A verdict cell of one case for one engine.
pub fn verdict_cell(status: Option<Status>, key: &str, href: Option<&str>) -> String {
    match status {
        None => format!(
            "<td class=\"cell none\" data-engine=\"{key}\" data-status=\"none\">— not run</td>"
        ),
        Some(s) => {
            let text = format!(
                "<span aria-hidden=\"true\">{}</span> {}",
                s.symbol(),
                s.label()
            );
            let inner = match href {
                Some(h) => format!("<a href=\"{}\">{text}</a>", esc(h)),
                None => text,
            };
            format!(
                "<td class=\"cell {w}\" data-engine=\"{key}\" data-status=\"{w}\">{inner}</td>",
                w = s.word()
            )
        }
    }
}

/// `12 of 20 (60.0%)`.
pub fn rate(counts: &Counts) -> String {
    match counts.pass_rate() {
        Some(pct) => format!(
            "{} of {} ({pct:.1}%)",
            counts.get(Status::Passed),
            counts.total()
        ),
        None => "no case run".into(),
    }
}

/// The legend: what each symbol means.
pub fn legend() -> String {
    let mut out = String::from("<ul class=\"legend\" aria-label=\"legend\">");
    for (s, meaning) in [
        (Status::Passed, "passed"),
        (Status::Failed, "failed (an unexpected failure)"),
        (
            Status::Errored,
            "errored, crashed, timed out or broke the protocol",
        ),
        (
            Status::XFailed,
            "a failure the engine's expectations file already lists (a failure all the same)",
        ),
        (
            Status::Skipped,
            "skipped (the engine can't express the case)",
        ),
    ] {
        let _ = write!(
            out,
            "<li><span class=\"n {}\"><span aria-hidden=\"true\">{}</span> {}</span> {}</li>",
            s.word(),
            s.symbol(),
            s.label(),
            esc(meaning)
        );
    }
    out.push_str("<li><span class=\"n none\">—</span> not run</li></ul>\n");
    out
}
