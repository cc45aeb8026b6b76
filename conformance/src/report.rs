//! The human report of a run: for each case that failed or errored, where it is written, the
//! sources it encodes, the step that decided it, a diff of expected vs observed and the command
//! that reruns it; then the closing line `N passed, N failed, N skipped, N errored (...)`.
//! The machine-readable reports are in [`json`] (JSON lines) and [`junit`] (JUnit XML).

pub mod compare;
pub mod html;
pub mod json;
pub mod junit;

use std::fmt::Write;
use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;

use anstyle::{AnsiColor, Style};

use crate::corpus::Corpus;
use crate::run::expectations::{Assessment, Expectations};
use crate::run::judge::Verdict;
use crate::run::protocol::start_failure_cause;
use crate::run::runner::{CaseOutcome, Counts, RunSummary};

const WIDTH: usize = 100;

/// `n` and the noun in the number it calls for: `count(1, "engine", "engines")` is `1 engine`,
/// `count(2, ...)` is `2 engines` (and `0 engines`). Every count a report prints goes through it.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether to color what goes to stdout: it is a terminal and `NO_COLOR` is unset or empty.
pub fn color_enabled() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    std::io::stdout().is_terminal() && !no_color
}

/// `N passed, N failed, N skipped, N errored (N cases in X.XXs)`; faults of an out-of-process
/// engine (`N crashed`, `N timed out`, `N protocol errors`) follow `errored` when there are any.
pub fn closing_line(counts: &Counts, elapsed: Duration) -> String {
    closing_line_with(counts, &[], elapsed)
}

/// The closing line with more counts (each shown only when non-zero) before the parenthesis.
fn closing_line_with(counts: &Counts, more: &[(usize, &str)], elapsed: Duration) -> String {
    let mut line = format!(
        "{} passed, {} failed, {} skipped, {} errored",
        counts.passed, counts.failed, counts.skipped, counts.errored,
    );
    let faults = [
        (counts.crashed, "crashed"),
        (counts.timed_out, "timed out"),
        (counts.protocol, "protocol errors"),
    ];
    for (n, what) in faults.iter().chain(more) {
        if *n > 0 {
            let what = if *n == 1 { what.replace("errors", "error") } else { what.to_string() };
            let _ = write!(line, ", {n} {what}");
        }
    }
    let total = counts.total() + more.iter().filter(|(_, w)| *w == "xfailed").map(|(n, _)| n).sum::<usize>();
    let _ = write!(
        line,
        " ({total} {} in {:.2}s)",
        if total == 1 { "case" } else { "cases" },
        elapsed.as_secs_f64()
    );
    line
}

/// The longest title a report prints whole (a corpus can hold anything; a report stays readable).
const TITLE_MAX: usize = 300;

/// Whether a character of an engine's or a report's text must be shown escaped: control
/// characters (escape sequences, carriage returns, bells, NUL) but newline and tab, the bidi
/// controls that reorder what is shown (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C),
/// and the noncharacters (U+FFFE, U+FFFF, U+FDD0–U+FDEF and each plane's last two), which XML
/// does not allow.
pub fn must_escape(c: char) -> bool {
    let u = c as u32;
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(u, 0x202A..=0x202E | 0x2066..=0x2069 | 0x200E | 0x200F | 0x061C)
        || (0xFDD0..=0xFDEF).contains(&u)
        || (u & 0xFFFE) == 0xFFFE
}

/// `text` safe for a terminal: the characters [`must_escape`] names (escape sequences, carriage
/// returns, bells, bidi controls: anything an engine may send) shown as `\u{..}` escapes instead
/// of acting on the terminal.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if must_escape(c) {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// At most `max` characters of `text`, saying how many were left out.
fn clip(text: &str, max: usize) -> String {
    let total = text.chars().count();
    if total <= max {
        return text.to_string();
    }
    let kept: String = text.chars().take(max).collect();
    format!("{kept}... ({} more characters)", total - max)
}

/// A path as the user would type it: relative to the current directory when under it.
pub fn display_path(path: &Path) -> String {
    if let Ok(cwd) = std::env::current_dir() {
        if let Ok(rel) = path.strip_prefix(&cwd) {
            return rel.display().to_string();
        }
    }
    path.display().to_string()
}

/// The command that reruns one case (against the default corpus and the reference engine).
pub fn rerun_command(id: &str) -> String {
    rerun_command_with(&[], id)
}

/// The command that reruns one case with the options of the run that reported it (`--corpus`,
/// `--engine`, `--timeout`, `--expectations`), each word quoted for `sh` when needed.
pub fn rerun_command_with(options: &[String], id: &str) -> String {
    let mut words = vec!["mtg-conformance".to_string(), "run".to_string()];
    words.extend(options.iter().map(|o| shell_word(o)));
    words.push(shell_word(id));
    words.join(" ")
}

/// `word` as one `sh` word: as is when plain, else single-quoted.
fn shell_word(word: &str) -> String {
    let plain = word
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "._/+-:=@,".contains(c));
    if plain && !word.is_empty() {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

struct Paint {
    color: bool,
}

impl Paint {
    fn paint(&self, style: Style, text: &str) -> String {
        if self.color {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    }
}

fn bold() -> Style {
    Style::new().bold()
}

fn fg(c: AnsiColor) -> Style {
    Style::new().fg_color(Some(c.into()))
}

/// Wraps `text` (paragraphs kept) to `WIDTH` columns, each line prefixed by `indent`.
fn wrap(text: &str, indent: &str, out: &mut String) {
    let width = WIDTH.saturating_sub(indent.len()).max(20);
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                let _ = writeln!(out, "{indent}{line}");
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        let _ = writeln!(out, "{indent}{line}");
    }
}

/// The report of one case (empty for a passed case).
pub fn case_report(corpus: &Corpus, outcome: &CaseOutcome, color: bool) -> String {
    case_report_with(corpus, outcome, color, &[])
}

/// [`case_report`], its rerun command carrying the run's `rerun` options.
pub fn case_report_with(
    corpus: &Corpus,
    outcome: &CaseOutcome,
    color: bool,
    rerun: &[String],
) -> String {
    let p = Paint { color };
    let mut out = String::new();
    let (label, style) = match &outcome.verdict {
        Verdict::Passed => return out,
        Verdict::Failed(_) => ("FAILED", fg(AnsiColor::Red).bold()),
        Verdict::Errored { .. } => ("ERRORED", fg(AnsiColor::Magenta).bold()),
        Verdict::Skipped { .. } => ("SKIPPED", fg(AnsiColor::Yellow).bold()),
        Verdict::Faulted { fault, .. } => (
            match fault {
                crate::run::engine::Fault::Crash => "CRASHED",
                crate::run::engine::Fault::Timeout => "TIMED OUT",
                crate::run::engine::Fault::Protocol => "PROTOCOL ERROR",
            },
            fg(AnsiColor::Magenta).bold(),
        ),
    };
    let _ = writeln!(
        out,
        "{} {}",
        p.paint(style, label),
        p.paint(bold(), &outcome.id)
    );
    let case = corpus
        .cases
        .get(outcome.index)
        .filter(|c| c.item.id == outcome.id);
    if let Some(case) = case {
        let _ = writeln!(out, "  {}", clip(&printable(&case.item.title), TITLE_MAX));
        let _ = writeln!(out, "  --> {}:{}", display_path(&case.path), case.line);
        if !case.item.covers.is_empty() {
            let _ = writeln!(out, "  covers:");
            for id in &case.item.covers {
                match corpus.source(id) {
                    Some(s) => {
                        let _ = writeln!(out, "    {}: {}", p.paint(bold(), id), s.item.cite);
                        wrap(&s.item.text, "      | ", &mut out);
                    }
                    None => {
                        let _ = writeln!(out, "    {id} (unknown source)");
                    }
                }
            }
        }
    }
    let steps = case.map_or(0, |c| c.item.steps.len());
    let show_step = |step: usize, out: &mut String| {
        if let Some(s) = case.and_then(|c| c.item.steps.get(step)) {
            let _ = writeln!(out, "  step {} of {steps}:", step + 1);
            let _ = writeln!(out, "    {s}");
        } else {
            let _ = writeln!(out, "  step {}:", step + 1);
        }
    };
    match &outcome.verdict {
        Verdict::Failed(f) => {
            show_step(f.step, &mut out);
            let _ = writeln!(out, "  {}", printable(&f.reason));
            let _ = writeln!(
                out,
                "  diff ({}, {}):",
                p.paint(fg(AnsiColor::Red), "- expected"),
                p.paint(fg(AnsiColor::Green), "+ observed")
            );
            for d in diff::slice(&f.expected, &f.observed) {
                let line = match d {
                    diff::Result::Both(l, _) => format!("      {}", printable(l)),
                    diff::Result::Left(l) => {
                        p.paint(fg(AnsiColor::Red), &format!("    - {}", printable(l)))
                    }
                    diff::Result::Right(l) => {
                        p.paint(fg(AnsiColor::Green), &format!("    + {}", printable(l)))
                    }
                };
                let _ = writeln!(out, "{line}");
            }
        }
        Verdict::Errored { step, message } => {
            if let Some(step) = step {
                show_step(*step, &mut out);
            }
            let _ = writeln!(out, "  error: {}", printable(message));
        }
        Verdict::Skipped { reason } => {
            let _ = writeln!(out, "  skipped: {}", printable(reason));
        }
        Verdict::Faulted {
            message, stderr, ..
        } => {
            let _ = writeln!(out, "  engine: {}", printable(message));
            if !stderr.is_empty() {
                let _ = writeln!(out, "  stderr (end):");
                for line in stderr.lines() {
                    let _ = writeln!(out, "    | {}", printable(line));
                }
            }
        }
        Verdict::Passed => {}
    }
    let _ = writeln!(out, "  rerun: {}", rerun_command_with(rerun, &outcome.id));
    out
}

/// The report of a run: every failed, errored or faulted case, then the closing line.
pub fn run_report(corpus: &Corpus, summary: &RunSummary, color: bool) -> String {
    run_report_with(corpus, summary, &Expectations::default(), color)
}

/// The report of a run under an engine's expectations: every case that makes the run fail
/// (unexpected failures, xfails that passed or failed in another class), then the closing line,
/// which counts the expected failures (`N xfailed`) and the surprises.
pub fn run_report_with(
    corpus: &Corpus,
    summary: &RunSummary,
    expectations: &Expectations,
    color: bool,
) -> String {
    run_report_rerun(corpus, summary, expectations, color, &[], None)
}

/// Cases an engine could not be started for, with the same cause: reported once, together.
struct StartFailures<'a> {
    fault: crate::run::engine::Fault,
    cause: &'a str,
    ids: Vec<&'a str>,
    stderr: &'a str,
}

/// [`run_report_with`], each rerun command carrying the run's `rerun` options (see
/// [`rerun_command_with`]). Cases the engine could not be started for are reported together,
/// once per cause (the rule texts of cases no engine ran say nothing); `cause_shown` is a start
/// failure's cause the report's reader has already been shown (the `engine:` line), which is
/// then not repeated.
pub fn run_report_rerun(
    corpus: &Corpus,
    summary: &RunSummary,
    expectations: &Expectations,
    color: bool,
    rerun: &[String],
    cause_shown: Option<&str>,
) -> String {
    let p = Paint { color };
    let mut out = String::new();
    let (mut xfailed, mut xpassed, mut other) = (0, 0, 0);
    let mut fault_kinds = std::collections::HashSet::new();
    let mut not_started: Vec<StartFailures> = Vec::new();
    // Expected failures are counted only under `xfailed`, so `failed` means unexpected.
    let mut counts = Counts::default();
    for outcome in &summary.outcomes {
        let assessment = expectations.assess(outcome);
        if !matches!(assessment, Assessment::XFailed { .. }) {
            counts.add(&outcome.verdict);
        }
        match &assessment {
            Assessment::Fine => continue,
            Assessment::XFailed { .. } => {
                xfailed += 1;
                continue;
            }
            Assessment::Unexpected => {}
            Assessment::XPassed { class } => {
                xpassed += 1;
                let _ = writeln!(
                    out,
                    "{} {} passed, but the expectations say `{class}`: remove its xfail entry",
                    p.paint(fg(AnsiColor::Red).bold(), "XPASS"),
                    p.paint(bold(), &outcome.id)
                );
            }
            Assessment::OtherClass { class } => {
                other += 1;
                let _ = writeln!(
                    out,
                    "{} {} ended `{}`, but the expectations say `{class}`",
                    p.paint(fg(AnsiColor::Red).bold(), "XFAIL MISMATCH"),
                    p.paint(bold(), &outcome.id),
                    outcome.verdict.label()
                );
            }
        }
        if let (
            false,
            Verdict::Faulted {
                fault,
                message,
                stderr,
            },
        ) = (
            matches!(assessment, Assessment::XPassed { .. }),
            &outcome.verdict,
        ) {
            if let Some(cause) = start_failure_cause(message) {
                match not_started
                    .iter_mut()
                    .find(|g| g.fault == *fault && g.cause == cause)
                {
                    Some(g) => {
                        g.ids.push(&outcome.id);
                        if g.stderr.is_empty() {
                            g.stderr = stderr;
                        }
                    }
                    None => not_started.push(StartFailures {
                        fault: *fault,
                        cause,
                        ids: vec![&outcome.id],
                        stderr,
                    }),
                }
                continue;
            }
        }
        if !matches!(assessment, Assessment::XPassed { .. }) {
            // A fault is the engine's, not the rule's: the first of each kind (crash, timeout,
            // protocol) is reported in full, the others in one line each, so an engine that
            // never starts doesn't repeat every case's rule text.
            let seen_kind = match &outcome.verdict {
                Verdict::Faulted { fault, message, .. } => {
                    (!fault_kinds.insert(*fault)).then_some(message)
                }
                _ => None,
            };
            match seen_kind {
                Some(message) => {
                    let _ = writeln!(
                        out,
                        "{} {}: {}",
                        p.paint(fg(AnsiColor::Magenta).bold(), outcome.verdict.label()),
                        p.paint(bold(), &outcome.id),
                        printable(message)
                    );
                    continue;
                }
                None => out.push_str(&case_report_with(corpus, outcome, color, rerun)),
            }
        }
        out.push('\n');
    }
    for g in &not_started {
        start_failures(&p, g, cause_shown, rerun, &mut out);
    }
    let more = [
        (xfailed, "xfailed"),
        (xpassed, "xpassed"),
        (other, "xfailed in another class"),
    ];
    out.push_str(&closing_line_with(
        &counts,
        &more,
        summary.elapsed,
    ));
    out.push('\n');
    out
}

/// How many case ids a group of start failures lists.
const IDS_SHOWN: usize = 5;

/// One group of cases the engine could not be started for: the count, the cause (unless the
/// reader has been shown it), some of the ids, the end of the engine's stderr, a rerun command.
fn start_failures(
    p: &Paint,
    g: &StartFailures,
    cause_shown: Option<&str>,
    rerun: &[String],
    out: &mut String,
) {
    let label = match g.fault {
        crate::run::engine::Fault::Crash => "CRASHED",
        crate::run::engine::Fault::Timeout => "TIMED OUT",
        crate::run::engine::Fault::Protocol => "PROTOCOL ERROR",
    };
    let cause = if cause_shown == Some(g.cause) {
        " (why: on the first line)".to_string()
    } else {
        format!(": {}", printable(g.cause))
    };
    let _ = writeln!(
        out,
        "{} {}: the engine did not start{cause}",
        p.paint(fg(AnsiColor::Magenta).bold(), label),
        p.paint(bold(), &count(g.ids.len(), "case", "cases")),
    );
    let mut ids = g.ids.iter().take(IDS_SHOWN).copied().collect::<Vec<_>>().join(", ");
    if g.ids.len() > IDS_SHOWN {
        let _ = write!(ids, ", and {} more", g.ids.len() - IDS_SHOWN);
    }
    let _ = writeln!(out, "  {}: {ids}", if g.ids.len() == 1 { "case" } else { "cases" });
    if !g.stderr.is_empty() {
        let _ = writeln!(out, "  stderr (end):");
        for line in g.stderr.lines() {
            let _ = writeln!(out, "    | {}", printable(line));
        }
    }
    if let Some(first) = g.ids.first() {
        let _ = writeln!(out, "  rerun: {}", rerun_command_with(rerun, first));
    }
    out.push('\n');
}

/// A one-line progress entry: `passed  <id>` (used with `-v`).
pub fn progress_line(outcome: &CaseOutcome, color: bool) -> String {
    let p = Paint { color };
    let style = match outcome.verdict {
        Verdict::Passed => fg(AnsiColor::Green),
        Verdict::Failed(_) => fg(AnsiColor::Red),
        Verdict::Skipped { .. } => fg(AnsiColor::Yellow),
        Verdict::Errored { .. } | Verdict::Faulted { .. } => fg(AnsiColor::Magenta),
    };
    let label = format!("{:<7}", outcome.verdict.label());
    let mut line = format!("{} {}", p.paint(style, &label), outcome.id);
    if let Verdict::Skipped { reason } = &outcome.verdict {
        line.push_str(&format!(" ({})", printable(reason)));
    }
    line
}

#[cfg(test)]
mod tests;
