//! An engine's expectations file: which cases to skip (by feature or id prefix) and which are
//! known to fail, and how (`xfail` with a class). Owned by the engine's authors, so that a run
//! of a partial engine is green exactly when nothing changed: an xfail that passes, or that fails
//! in another class, fails the run like an unexpected failure does.
//!
//! ```toml
//! [[skip]]
//! feature = "layers"                  # every case tagged with this feature
//! reason = "no layer system yet"
//!
//! [[skip]]
//! id = "crystalline-giant/"           # every case whose id starts with this
//! reason = "no random counters"
//!
//! [[xfail]]
//! id = "cr-107.5/tapped-land-cannot-tap-again"   # one case, exact id
//! class = "failed"                    # failed, errored, skipped, crash, timeout or protocol
//! reason = "we let a tapped land tap again"
//! link = "https://github.com/me/engine/issues/12"   # optional: the upstream issue
//! since = "0.83.0"                    # optional: the release it was first seen in
//! ```
//!
//! A run's JSON report carries each case's entry (`known_failure`), so that `compare` can say
//! when a later release fixes it ("fixed in 0.103.0"); the run itself fails on the XPASS, so that
//! the entry gets removed.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::corpus::case::Case;
use crate::corpus::Corpus;
use crate::run::judge::Verdict;
use crate::run::runner::{CaseOutcome, RunSummary};

/// The classes an `xfail` may name: every verdict label but `passed`.
pub const CLASSES: &[&str] = &[
    "failed", "errored", "skipped", "crash", "timeout", "protocol",
];

/// A problem with an expectations file.
#[derive(Debug, Error)]
pub enum ExpectationsError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Parse { path: PathBuf, message: String },
    /// Entries that name nothing in the corpus (a typo, or a case that was renamed).
    #[error("{path}: {}", problems.join("; "))]
    Unknown {
        path: PathBuf,
        problems: Vec<String>,
    },
}

/// One `[[skip]]` entry: exactly one of `feature` and `id`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skip {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature: Option<String>,
    /// An id prefix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default)]
    pub reason: String,
}

/// One `[[xfail]]` entry: a case expected to end in `class`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Xfail {
    /// An exact case id.
    pub id: String,
    pub class: String,
    #[serde(default)]
    pub reason: String,
    /// The upstream issue that tracks it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    /// The engine release it was first seen in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
}

/// An expectations file. The default is empty: nothing skipped, nothing expected to fail.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skip: Vec<Skip>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub xfail: Vec<Xfail>,
}

/// How one case's verdict stands against the expectations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Assessment {
    /// Passed, or skipped (by the engine or by the expectations), with no xfail entry.
    Fine,
    /// Failed, errored or faulted, with no xfail entry.
    Unexpected,
    /// Ended in the class its xfail entry names.
    XFailed { reason: String },
    /// Passed although an xfail entry says it fails: update the expectations.
    XPassed { class: String },
    /// Ended in another class than its xfail entry names.
    OtherClass { class: String },
}

impl Assessment {
    /// Whether this case makes the run fail.
    pub fn fails_run(&self) -> bool {
        matches!(
            self,
            Assessment::Unexpected | Assessment::XPassed { .. } | Assessment::OtherClass { .. }
        )
    }
}

/// The prefix every reason of a skip by expectations starts with, so reports can tell such a
/// skip from one the engine chose.
pub const SKIP_PREFIX: &str = "expectations: ";

impl Expectations {
    /// Reads and checks an expectations file against the corpus.
    pub fn load(path: &Path, corpus: &Corpus) -> Result<Expectations, ExpectationsError> {
        let text = crate::files::read_regular_text(path, crate::files::MAX_EXPECTATIONS_FILE).map_err(|source| ExpectationsError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let parsed = Expectations::parse(&text).map_err(|message| ExpectationsError::Parse {
            path: path.to_path_buf(),
            message,
        })?;
        let problems = parsed.check(corpus);
        if problems.is_empty() {
            Ok(parsed)
        } else {
            Err(ExpectationsError::Unknown {
                path: path.to_path_buf(),
                problems,
            })
        }
    }

    /// Parses the TOML text, checking each entry's own shape.
    pub fn parse(text: &str) -> Result<Expectations, String> {
        let parsed: Expectations = toml::from_str(text).map_err(|e| e.to_string())?;
        for s in &parsed.skip {
            if s.feature.is_some() == s.id.is_some() {
                return Err("a [[skip]] entry needs exactly one of `feature` and `id`".into());
            }
            // Every id starts with "": such an entry would skip the whole corpus, and the run
            // would be green having run nothing.
            if s.id.as_deref().is_some_and(|p| p.trim().is_empty()) || s.feature.as_deref().is_some_and(|f| f.trim().is_empty()) {
                return Err("a [[skip]] entry with an empty `id` or `feature` would skip every case: name a prefix or a feature".into());
            }
        }
        for x in &parsed.xfail {
            if !CLASSES.contains(&x.class.as_str()) {
                return Err(format!(
                    "xfail `{}`: unknown class `{}`, expected one of {}",
                    x.id,
                    x.class,
                    CLASSES.join(", ")
                ));
            }
        }
        Ok(parsed)
    }

    /// Entries naming nothing in `corpus`: a skip id prefix no case id starts with, a feature no
    /// case has, an xfail id that is no case's, a case listed twice.
    pub fn check(&self, corpus: &Corpus) -> Vec<String> {
        let cases = || corpus.cases.iter().map(|c| &c.item);
        let mut problems = Vec::new();
        for s in &self.skip {
            if let Some(f) = &s.feature {
                if !cases().any(|c| c.features.contains(f)) {
                    problems.push(format!("skip: no case has the feature `{f}`"));
                }
            }
            if let Some(p) = &s.id {
                if !cases().any(|c| c.id.starts_with(p.as_str())) {
                    problems.push(format!("skip: no case id starts with `{p}`"));
                }
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        for x in &self.xfail {
            if !cases().any(|c| c.id == x.id) {
                problems.push(format!("xfail: unknown case id `{}`", x.id));
            }
            if !seen.insert(x.id.as_str()) {
                problems.push(format!("xfail: `{}` is listed twice", x.id));
            }
        }
        problems
    }

    /// Why `case` is skipped without being run, if a skip entry matches it.
    pub fn skip_reason(&self, case: &Case) -> Option<String> {
        self.skip.iter().find_map(|s| {
            let matched = match (&s.feature, &s.id) {
                (Some(f), _) => case.features.contains(f),
                (None, Some(p)) => case.id.starts_with(p.as_str()),
                (None, None) => false,
            };
            let what = match (&s.feature, &s.id) {
                (Some(f), _) => format!("feature `{f}`"),
                (_, Some(p)) => format!("id `{p}`"),
                _ => String::new(),
            };
            matched.then(|| {
                if s.reason.is_empty() {
                    format!("{SKIP_PREFIX}skip {what}")
                } else {
                    format!("{SKIP_PREFIX}skip {what}: {}", s.reason)
                }
            })
        })
    }

    /// The xfail entry of a case, if it has one.
    pub fn xfail_of(&self, id: &str) -> Option<&Xfail> {
        self.xfail.iter().find(|x| x.id == id)
    }

    /// How one outcome stands against the expectations.
    pub fn assess(&self, outcome: &CaseOutcome) -> Assessment {
        let class = outcome.verdict.label();
        match self.xfail.iter().find(|x| x.id == outcome.id) {
            None => match outcome.verdict {
                Verdict::Passed | Verdict::Skipped { .. } => Assessment::Fine,
                _ => Assessment::Unexpected,
            },
            Some(x) if x.class == class => Assessment::XFailed {
                reason: x.reason.clone(),
            },
            Some(x) if matches!(outcome.verdict, Verdict::Passed) => Assessment::XPassed {
                class: x.class.clone(),
            },
            Some(x) => Assessment::OtherClass {
                class: x.class.clone(),
            },
        }
    }

    /// Whether the run is a success under these expectations.
    pub fn run_ok(&self, summary: &RunSummary) -> bool {
        !summary.outcomes.iter().any(|o| self.assess(o).fails_run())
    }

    /// The expectations that make this run green: these skips, and an xfail for every case that
    /// failed, errored or faulted (reasons taken from the verdict).
    pub fn from_run(&self, summary: &RunSummary) -> Expectations {
        let xfail = summary
            .outcomes
            .iter()
            .filter(|o| !matches!(o.verdict, Verdict::Passed | Verdict::Skipped { .. }))
            .map(|o| {
                // Where the old entry said where it's tracked and since when, that stays true.
                let old = self.xfail_of(&o.id);
                Xfail {
                    id: o.id.clone(),
                    class: o.verdict.label().to_string(),
                    reason: short_reason(&o.verdict),
                    link: old.and_then(|x| x.link.clone()),
                    since: old.and_then(|x| x.since.clone()),
                }
            })
            .collect();
        Expectations {
            skip: self.skip.clone(),
            xfail,
        }
    }

    /// The expectations file `base` (its text; `None` for a new file) updated by a run, for
    /// `--save-expectations`: every entry outside the run's selection is kept as it is, comments
    /// included; for each case the run ran, an xfail entry stays as it is (reason and comments)
    /// when the case ended in its class, gets the new class and reason when it ended in another,
    /// goes when it passed, and a new one is added for a failure without one. Skip entries are
    /// kept. An error when `base` is not TOML.
    pub fn merge_run(base: Option<&str>, summary: &RunSummary) -> Result<String, String> {
        use toml_edit::{value, ArrayOfTables, DocumentMut, Item, Table};
        let mut doc: DocumentMut = match base {
            Some(text) => text.parse().map_err(|e: toml_edit::TomlError| e.to_string())?,
            None => Expectations::default().to_toml().parse().map_err(|e: toml_edit::TomlError| e.to_string())?,
        };
        let mut xfails = match doc.remove("xfail") {
            None => ArrayOfTables::new(),
            Some(Item::ArrayOfTables(a)) => a,
            Some(_) => return Err("`xfail` is not an array of tables ([[xfail]])".into()),
        };
        let mut at: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for (i, t) in xfails.iter().enumerate() {
            if let Some(id) = t.get("id").and_then(Item::as_str) {
                at.entry(id.to_string()).or_insert(i);
            }
        }
        let mut drop = std::collections::HashSet::new();
        for o in &summary.outcomes {
            let class = o.verdict.label();
            let entry = at.get(&o.id).copied();
            let keeps = |t: &Table| t.get("class").and_then(Item::as_str) == Some(class);
            match (&o.verdict, entry) {
                (Verdict::Passed, Some(i)) => {
                    drop.insert(i);
                }
                (Verdict::Passed, None) | (Verdict::Skipped { .. }, None) => {}
                (Verdict::Skipped { .. }, Some(i)) => {
                    if !xfails.get(i).is_some_and(keeps) {
                        drop.insert(i);
                    }
                }
                (_, Some(i)) => {
                    if let Some(t) = xfails.get_mut(i) {
                        if !keeps(t) {
                            t["class"] = value(class);
                            t["reason"] = value(short_reason(&o.verdict));
                        }
                    }
                }
                (_, None) => {
                    let mut t = Table::new();
                    t["id"] = value(o.id.as_str());
                    t["class"] = value(class);
                    t["reason"] = value(short_reason(&o.verdict));
                    at.insert(o.id.clone(), xfails.len());
                    xfails.push(t);
                }
            }
        }
        let mut kept = ArrayOfTables::new();
        for (i, t) in xfails.into_iter().enumerate() {
            if !drop.contains(&i) {
                kept.push(t);
            }
        }
        if !kept.is_empty() {
            doc.insert("xfail", Item::ArrayOfTables(kept));
        }
        Ok(doc.to_string())
    }

    /// The file's text, with a header saying what wrote it.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string(self).unwrap_or_default();
        format!(
            "# Expectations for `mtg-conformance run --expectations`, written by \
             `--save-expectations`.\n# Classes: {}.\n\n{body}",
            CLASSES.join(", ")
        )
    }
}

/// The first line of what a verdict says, shortened for an expectations file.
fn short_reason(verdict: &Verdict) -> String {
    let text = match verdict {
        Verdict::Failed(f) => format!("step {}: {}", f.step + 1, f.reason),
        Verdict::Errored { message, .. } | Verdict::Faulted { message, .. } => message.clone(),
        Verdict::Skipped { reason } => reason.clone(),
        Verdict::Passed => String::new(),
    };
    let line = text.lines().next().unwrap_or_default();
    let mut short: String = line.chars().take(160).collect();
    if short.len() < line.len() {
        short.push('…');
    }
    short
}

#[cfg(test)]
mod tests;
