//! `mtg-conformance compare OLD.jsonl NEW.jsonl`: what changed, case by case, between two JSON
//! reports of `run --format json` (read with [`crate::report::html::input`], so with its size
//! cap and its reading of a cut-off last line). The check an engine's CI runs on a pull request
//! against its main branch's report: a case that passed in OLD and fails or errors in NEW is a
//! regression, and fails the command.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::report::html::input::Report;
use crate::report::json::{CaseRecord, KnownFailure};
use crate::report::{count, printable};

/// How one case's verdict moved from OLD to NEW.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Change {
    /// Passed in OLD; failed, errored, crashed, timed out or broke the protocol in NEW.
    Regressed,
    /// Did not pass in OLD (any other verdict); passed in NEW.
    Improved,
    /// In NEW only.
    Added,
    /// In OLD only.
    Removed,
    /// In both, another verdict, neither of the above (e.g. failed → errored, passed → skipped).
    Changed,
    /// In both, the same verdict.
    Unchanged,
}

impl Change {
    pub fn label(self) -> &'static str {
        match self {
            Change::Regressed => "regressed",
            Change::Improved => "improved",
            Change::Added => "added",
            Change::Removed => "removed",
            Change::Changed => "changed",
            Change::Unchanged => "unchanged",
        }
    }

    const ALL: [Change; 6] = [
        Change::Regressed,
        Change::Improved,
        Change::Added,
        Change::Removed,
        Change::Changed,
        Change::Unchanged,
    ];
}

/// One case of either report.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseChange {
    pub id: String,
    pub change: Change,
    /// The verdicts in OLD and NEW (`None`: not in that report).
    pub old: Option<String>,
    pub new: Option<String>,
    /// The sources the case covers (as NEW records them, else OLD).
    pub covers: Vec<String>,
    /// Improved, and OLD's expectations knew it failed: the known failure NEW's release fixes.
    pub fixed: Option<KnownFailure>,
}

/// The two reports, compared.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Cases in id order.
    pub cases: Vec<CaseChange>,
}

const PASSED: &str = "passed";
const SKIPPED: &str = "skipped";

fn classify(old: Option<&CaseRecord>, new: Option<&CaseRecord>) -> Change {
    match (old, new) {
        (None, _) => Change::Added,
        (_, None) => Change::Removed,
        (Some(o), Some(n)) if o.verdict == n.verdict => Change::Unchanged,
        (Some(_), Some(n)) if n.verdict == PASSED => Change::Improved,
        (Some(o), Some(n)) if o.verdict == PASSED && n.verdict != SKIPPED => Change::Regressed,
        _ => Change::Changed,
    }
}

/// `  (fixed in 0.103.0; known since 0.83.0: <link>)`.
fn fixed_note(k: &KnownFailure, version: &str) -> String {
    let since = k.since.as_ref().map(|s| format!("; known since {s}")).unwrap_or_default();
    let link = k.link.as_ref().map(|l| format!(": {l}")).unwrap_or_default();
    format!("  (fixed in {version}{since}{link})")
}

/// Compares `old` with `new`, case by case.
pub fn compare(old: &Report, new: &Report) -> Comparison {
    let mut both: BTreeMap<&str, (Option<&CaseRecord>, Option<&CaseRecord>)> = BTreeMap::new();
    for c in &old.cases {
        both.entry(&c.id).or_default().0 = Some(c);
    }
    for c in &new.cases {
        both.entry(&c.id).or_default().1 = Some(c);
    }
    let cases = both
        .into_iter()
        .map(|(id, (o, n))| CaseChange {
            id: id.to_string(),
            change: classify(o, n),
            old: o.map(|c| c.verdict.clone()),
            new: n.map(|c| c.verdict.clone()),
            covers: n.or(o).map(|c| c.covers.clone()).unwrap_or_default(),
            fixed: (classify(o, n) == Change::Improved).then(|| o.and_then(|c| c.known_failure.clone())).flatten(),
        })
        .collect();
    Comparison { cases }
}

impl Comparison {
    pub fn count(&self, change: Change) -> usize {
        self.cases.iter().filter(|c| c.change == change).count()
    }

    /// Whether a case regressed (the command then exits 1).
    pub fn regressed(&self) -> bool {
        self.count(Change::Regressed) > 0
    }

    /// The summary line, then the regressed, improved and changed cases, each with its verdicts
    /// and sources. Everything from a report is made [`printable`].
    pub fn render(&self, old: &Report, new: &Report) -> String {
        let mut out = String::new();
        let name = |r: &Report| {
            format!(
                "{} ({} {})",
                crate::report::display_path(&r.path),
                printable(&r.engine.name),
                printable(&r.engine.version)
            )
        };
        let counts: Vec<String> = Change::ALL
            .iter()
            .map(|&c| format!("{} {}", self.count(c), c.label()))
            .collect();
        let _ = writeln!(
            out,
            "{} -> {}: {}",
            name(old),
            name(new),
            counts.join(", ")
        );
        if self.fixed() > 0 {
            let _ = writeln!(
                out,
                "{} fixed in {} (xfail in OLD's expectations: remove the entries)",
                count(self.fixed(), "known failure", "known failures"),
                printable(&new.engine.version)
            );
        }
        for (change, heading) in [
            (Change::Regressed, "regressed (passed before, not now)"),
            (Change::Improved, "improved (passing now)"),
            (Change::Changed, "changed (another verdict, neither of those)"),
        ] {
            let list: Vec<&CaseChange> = self.cases.iter().filter(|c| c.change == change).collect();
            if list.is_empty() {
                continue;
            }
            let _ = writeln!(out, "\n{heading}: {}", count(list.len(), "case", "cases"));
            for c in list {
                let _ = writeln!(
                    out,
                    "  {}  {} -> {}  covers: {}{}",
                    printable(&c.id),
                    printable(c.old.as_deref().unwrap_or("-")),
                    printable(c.new.as_deref().unwrap_or("-")),
                    printable(&c.covers.join(", ")),
                    c.fixed.as_ref().map(|k| printable(&fixed_note(k, &new.engine.version))).unwrap_or_default()
                );
            }
        }
        out
    }

    /// How many known failures (xfail in OLD) pass in NEW.
    pub fn fixed(&self) -> usize {
        self.cases.iter().filter(|c| c.fixed.is_some()).count()
    }

    /// One JSON object: both reports' paths and engines, the counts, every case.
    pub fn to_json(&self, old: &Report, new: &Report) -> String {
        let side = |r: &Report| {
            serde_json::json!({
                "path": r.path.display().to_string(),
                "engine": { "name": r.engine.name, "version": r.engine.version },
                "finished": r.footer.is_some(),
            })
        };
        let counts: serde_json::Map<String, serde_json::Value> = Change::ALL
            .iter()
            .map(|&c| (c.label().to_string(), self.count(c).into()))
            .collect();
        let cases: Vec<serde_json::Value> = self
            .cases
            .iter()
            .map(|c| {
                serde_json::json!({
                    "id": c.id,
                    "change": c.change.label(),
                    "old": c.old,
                    "new": c.new,
                    "covers": c.covers,
                    "fixed_known_failure": c.fixed.as_ref().map(|k| serde_json::json!({
                        "fixed_in": new.engine.version,
                        "class": k.class,
                        "reason": k.reason,
                        "link": k.link,
                        "since": k.since,
                    })),
                })
            })
            .collect();
        serde_json::json!({
            "old": side(old),
            "new": side(new),
            "counts": counts,
            "regressed": self.regressed(),
            "cases": cases,
        })
        .to_string()
    }
}
