//! Known differences: what a differential run has found before and someone classified, so that
//! a new run reports them apart from what is new (`diff --known FILE`), and `--ignore` patterns,
//! which look past a difference to the next one in the same scenario.
//!
//! A difference is told by its *difference text*, the signature without its cards:
//! `object.keywords (in hand: reference only values)`: the field, the subject's zone and what
//! kind of difference, never a value either engine reported (`compare::detail`). A pattern matches it whole, `*`
//! standing for any run of characters.
//!
//! The file (one per engine, e.g. `adapters/phase/known-differences.toml`):
//!
//! ```toml
//! [[known]]
//! class = "D1"                                          # the engine's REPORT.md names it
//! difference = "object.keywords (in hand: *"   # a pattern, as above
//! cards = []                                            # optional: cards the finding must have
//! rule = "CR 122.1b"                                    # optional: the rule that decides it
//! link = "https://..."                                  # optional: the upstream issue
//! note = "phase bug"                                    # optional
//! ```

use std::path::Path;

use serde::Deserialize;
use thiserror::Error;

use super::Finding;

/// A pattern over difference texts: `*` matches any run of characters, everything else itself.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Pattern(pub String);

impl Pattern {
    pub fn matches(&self, text: &str) -> bool {
        let mut parts = self.0.split('*');
        let first = parts.next().unwrap_or("");
        let Some(mut rest) = text.strip_prefix(first) else { return false };
        let parts: Vec<&str> = parts.collect();
        let Some((last, middle)) = parts.split_last() else { return rest.is_empty() };
        for p in middle {
            match rest.find(p) {
                Some(at) => rest = &rest[at + p.len()..],
                None => return false,
            }
        }
        rest.ends_with(last)
    }
}

/// One classified difference.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownDifference {
    pub class: String,
    pub difference: Pattern,
    /// Cards the finding's minimized scenario must all have (none: any).
    #[serde(default)]
    pub cards: Vec<String>,
    #[serde(default)]
    pub rule: Option<String>,
    #[serde(default)]
    pub link: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A known-differences file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Known {
    #[serde(default)]
    pub known: Vec<KnownDifference>,
}

/// Why a known-differences file was refused.
#[derive(Debug, Error)]
pub enum KnownError {
    #[error("{}: {source}", path.display())]
    Read { path: std::path::PathBuf, source: std::io::Error },
    #[error("{}:{line}:{col}: {message}", path.display())]
    Parse { path: std::path::PathBuf, line: usize, col: usize, message: String },
}

impl Known {
    pub fn load(path: &Path) -> Result<Known, KnownError> {
        let text = crate::files::read_regular_text(path, crate::files::MAX_EXPECTATIONS_FILE)
            .map_err(|source| KnownError::Read { path: path.to_path_buf(), source })?;
        Known::parse(&text).map_err(|(line, col, message)| KnownError::Parse { path: path.to_path_buf(), line, col, message })
    }

    /// The file's text; an error as (line, column, message), 1-based.
    pub fn parse(text: &str) -> Result<Known, (usize, usize, String)> {
        toml::from_str::<Known>(text).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start);
            let before = &text[..at.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            (line, col, e.message().to_string())
        })
    }

    /// The entry that classifies a finding, if any (the first that matches).
    pub fn classify(&self, f: &Finding) -> Option<&KnownDifference> {
        let difference = super::triage::difference(&f.mismatch);
        let cards = super::triage::cards(&f.script);
        self.known.iter().find(|k| k.difference.matches(&difference) && k.cards.iter().all(|c| cards.contains(c)))
    }
}

/// How a run's findings divide into known (by class) and new.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Per class, in the file's order: distinct findings and scenarios.
    pub known: Vec<(String, usize, usize)>,
    pub new: usize,
    pub new_scenarios: usize,
}

impl Known {
    pub fn tally(&self, findings: &[Finding]) -> Tally {
        let mut t = Tally::default();
        for f in findings {
            match self.classify(f) {
                Some(k) => match t.known.iter_mut().find(|(c, _, _)| *c == k.class) {
                    Some((_, n, s)) => {
                        *n += 1;
                        *s += f.scenarios;
                    }
                    None => t.known.push((k.class.clone(), 1, f.scenarios)),
                },
                None => {
                    t.new += 1;
                    t.new_scenarios += f.scenarios;
                }
            }
        }
        let order = |c: &str| self.known.iter().position(|k| k.class == c).unwrap_or(usize::MAX);
        t.known.sort_by_key(|(c, _, _)| order(c));
        t
    }
}

impl Tally {
    /// `known: D1 ×410, D8 ×60; new: 3 (12 scenarios)`: scenarios per known class, then the new
    /// distinct differences.
    pub fn line(&self) -> String {
        let known = if self.known.is_empty() {
            "none".to_string()
        } else {
            self.known.iter().map(|(c, _, s)| format!("{c} ×{s}")).collect::<Vec<_>>().join(", ")
        };
        format!("known: {known}; new: {} ({})", self.new, crate::report::count(self.new_scenarios, "scenario", "scenarios"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_whole_texts_with_stars() {
        let p = |s: &str| Pattern(s.into());
        assert!(p("object.power").matches("object.power"));
        assert!(!p("object.power").matches("object.power (in hand: reference higher)"));
        assert!(p("object.power (in hand: *").matches("object.power (in hand: reference higher)"));
        assert!(!p("object.power (in hand: *").matches("object.power (in library: reference higher)"));
        assert!(p("object.* (in *: reference only *)").matches("object.keywords (in exile: reference only values)"));
        assert!(!p("*only*)").matches("reference only ["));
        assert!(p("*").matches(""));
        assert!(p("a*a").matches("aa") && !p("a*a").matches("a"));
        assert!(p("**x").matches("x"));
    }

    /// Each adapter's file loads, and each class it records is one its REPORT.md defines.
    #[test]
    fn adapters_known_differences_are_report_classes() {
        for (adapter, at_least) in [("phase", 4), ("manabrew", 2)] {
            let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../adapters").join(adapter);
            let known = Known::load(&root.join("known-differences.toml")).expect("the file loads");
            let report = std::fs::read_to_string(root.join("REPORT.md")).expect("the REPORT");
            assert!(known.known.len() >= at_least, "{adapter}: {} entries", known.known.len());
            for k in &known.known {
                assert!(
                    report.contains(&format!("\n| {} |", k.class)),
                    "{adapter}: {} is no class of REPORT.md",
                    k.class
                );
                assert!(k.rule.is_some(), "{adapter}: {}: no rule", k.class);
            }
        }
    }

    #[test]
    fn a_bad_file_names_line_and_column() {
        let text = "[[known]]\nclass = \"D1\"\ndifference = \"object.power\"\ncolour = \"red\"\n";
        let (line, col, message) = Known::parse(text).expect_err("an unknown key");
        assert_eq!((line, col), (4, 1), "{message}");
        assert!(message.contains("colour"), "{message}");
        let missing = Known::parse("[[known]]\nclass = \"D1\"\n").expect_err("no difference");
        assert!(missing.2.contains("difference"), "{missing:?}");
    }
}
