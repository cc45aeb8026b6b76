//! How much of the Comprehensive Rules the corpus covers, per section: the paragraphs quoted by
//! a covered source and the Examples covered, against `cr-index/cr-index.txt` (the CR's paragraph
//! numbers and Example counts, numbers only, written by `cr-index/make-index.py` from the CR
//! text file, with the edition it was made from).
//!
//! Which paragraphs and Examples a `cr` source quotes is read from its id and text (the index
//! has no rule text): the id names the paragraph the text begins in (`cr-613.4d`), or one of its
//! Examples (`cr-613.4d-example-2`, the text starting with `Example: `). Each later line of the
//! text that starts with `Example: ` is the next Example of the current paragraph; a line that
//! starts with a paragraph number (`613.4e `) moves on to that paragraph. An Example is covered
//! when a source quoting it is covered by a case: the rule `verify-sources --examples` counts by.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use thiserror::Error;

use crate::corpus::case::{Source, SourceKind};
use crate::corpus::Corpus;

/// The index of the CR edition the corpus quotes.
pub const INDEX: &str = include_str!("../../cr-index/cr-index.txt");

/// The CR's paragraph numbers and how many Examples follow each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrIndex {
    /// `YYYY-MM-DD`, the date the edition is effective from.
    pub edition: String,
    /// The sections whose Examples the totals count (those rules engines implement).
    pub scope: BTreeSet<String>,
    /// Every paragraph in CR order, with its Example count.
    pub paragraphs: Vec<(String, u32)>,
    /// `(E, U)`: the text of Example `E` (`302.3#1`) occurs in `U`, another Example
    /// (`205.3b#1`) or a paragraph's own text (`613.4d`), so quoting `U` quotes `E`.
    pub also: Vec<(String, String)>,
    examples: BTreeMap<String, u32>,
}

/// The index text is malformed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("CR index line {line}: {message}")]
pub struct IndexError {
    pub line: usize,
    pub message: String,
}

impl CrIndex {
    /// The index built into this crate.
    pub fn embedded() -> Result<CrIndex, IndexError> {
        CrIndex::parse(INDEX)
    }

    /// Reads an index: `#` comments, `edition YYYY-MM-DD`, `scope SECTION...`, then one
    /// paragraph per line, optionally followed by its Example count.
    pub fn parse(text: &str) -> Result<CrIndex, IndexError> {
        let mut edition = None;
        let mut scope = BTreeSet::new();
        let mut paragraphs = Vec::new();
        let mut also = Vec::new();
        let mut examples = BTreeMap::new();
        for (i, raw) in text.lines().enumerate() {
            let err = |message: String| IndexError {
                line: i + 1,
                message,
            };
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split_whitespace();
            let first = words.next().unwrap_or_default();
            match first {
                "edition" => edition = words.next().map(str::to_string),
                "scope" => scope.extend(words.map(str::to_string)),
                "also" => match (words.next(), words.next()) {
                    (Some(e), Some(u)) => also.push((e.to_string(), u.to_string())),
                    _ => return Err(err("`also` needs an Example and where its text occurs".into())),
                },
                para => {
                    if section_of(para).is_none() {
                        return Err(err(format!("`{para}` is not a paragraph number")));
                    }
                    let n = match words.next() {
                        None => 0,
                        Some(n) => n
                            .parse::<u32>()
                            .map_err(|_| err(format!("`{n}` is not an Example count")))?,
                    };
                    if examples.insert(para.to_string(), n).is_some() {
                        return Err(err(format!("paragraph {para} is listed twice")));
                    }
                    paragraphs.push((para.to_string(), n));
                }
            }
        }
        let edition = edition.ok_or(IndexError {
            line: 0,
            message: "no `edition` line".into(),
        })?;
        Ok(CrIndex {
            edition,
            scope,
            paragraphs,
            also,
            examples,
        })
    }

    /// How many Examples follow `paragraph`; `None` if the CR has no such paragraph.
    pub fn examples(&self, paragraph: &str) -> Option<u32> {
        self.examples.get(paragraph).copied()
    }
}

/// `613` for `613.4d`; `None` unless it is three digits, a dot and a number (with letters).
pub fn section_of(paragraph: &str) -> Option<&str> {
    let (section, rest) = paragraph.split_once('.')?;
    let digits = rest.trim_end_matches(|c: char| c.is_ascii_lowercase());
    let ok = section.len() == 3
        && section.bytes().all(|b| b.is_ascii_digit())
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit());
    ok.then_some(section)
}

/// What a `cr` source's id names: a paragraph, and the Example it starts with (if it quotes one
/// Example alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrId {
    pub paragraph: String,
    pub example: Option<u32>,
}

/// Reads `cr-<paragraph>` or `cr-<paragraph>-example-<n>`; `None` for anything else.
pub fn parse_id(id: &str) -> Option<CrId> {
    let rest = id.strip_prefix("cr-")?;
    let (paragraph, example) = match rest.split_once("-example-") {
        Some((p, n)) => {
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) || n.starts_with('0') {
                return None;
            }
            (p, Some(n.parse().ok()?))
        }
        None => (rest, None),
    };
    section_of(paragraph)?;
    Some(CrId {
        paragraph: paragraph.to_string(),
        example,
    })
}

/// The paragraphs a `cr` source quotes and its Examples (paragraph, 1-based number).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quote {
    pub paragraphs: Vec<String>,
    pub examples: Vec<(String, u32)>,
}

/// What `source` quotes (empty unless it is a `cr` source whose id names a paragraph).
pub fn quote(source: &Source) -> Quote {
    let mut q = Quote::default();
    if source.kind != SourceKind::Cr {
        return q;
    }
    let Some(id) = parse_id(&source.id) else {
        return q;
    };
    let mut paragraph = id.paragraph;
    q.paragraphs.push(paragraph.clone());
    // The number the next Example line gets.
    let mut next = id.example.unwrap_or(1);
    for (i, line) in source.text.lines().map(str::trim).enumerate() {
        if line.starts_with("Example:") {
            q.examples.push((paragraph.clone(), next));
            next += 1;
        } else if i > 0 {
            if let Some(p) = line
                .split_whitespace()
                .next()
                .map(|w| w.trim_end_matches('.'))
            {
                if section_of(p).is_some() && p != paragraph {
                    paragraph = p.to_string();
                    q.paragraphs.push(paragraph.clone());
                    next = 1;
                }
            }
        }
    }
    q
}

/// One section's row of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SectionCoverage {
    pub section: String,
    /// Whether its Examples count in the totals (see `CrIndex::scope`).
    pub in_scope: bool,
    pub paragraphs: usize,
    /// Paragraphs of the section quoted by a source that a case covers.
    pub paragraphs_covered: usize,
    pub examples: u32,
    /// Examples quoted by a source that a case covers.
    pub examples_covered: u32,
    /// Examples quoted by some source, covered or not.
    pub examples_quoted: u32,
}

/// The CR coverage of a corpus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CrCoverage {
    pub edition: String,
    /// The sections in scope, then any other section a source quotes, in CR order.
    pub sections: Vec<SectionCoverage>,
    /// Totals over the sections in scope.
    pub paragraphs: usize,
    pub paragraphs_covered: usize,
    pub examples: u32,
    pub examples_covered: u32,
    pub examples_quoted: u32,
    /// The covered Examples, as `613.4d#2` (the ids of cr-examples.md), in CR order.
    pub covered: Vec<String>,
}

/// Counts the corpus's CR coverage against `index`.
pub fn cr_coverage(corpus: &Corpus, index: &CrIndex) -> CrCoverage {
    let covered_ids: BTreeSet<&str> = corpus
        .cases
        .iter()
        .flat_map(|c| c.item.covers.iter().map(String::as_str))
        .collect();
    let mut paragraphs_covered = BTreeSet::new();
    let mut examples_covered = BTreeSet::new();
    let mut examples_quoted = BTreeSet::new();
    let mut quoted_sections = BTreeSet::new();
    for s in &corpus.sources {
        let q = quote(&s.item);
        let covered = covered_ids.contains(s.item.id.as_str());
        for p in &q.paragraphs {
            if let Some(sec) = section_of(p) {
                quoted_sections.insert(sec.to_string());
            }
            if covered {
                paragraphs_covered.insert(p.clone());
            }
        }
        for e in q.examples {
            // Only Examples the CR has: a miscounted quote is lint's to report.
            if index.examples(&e.0).is_some_and(|n| e.1 <= n) {
                if covered {
                    examples_covered.insert(e.clone());
                }
                examples_quoted.insert(e);
            }
        }
    }
    // An Example whose text occurs in another quoted text is quoted with it.
    let unit = |u: &str| -> Option<(String, u32)> {
        let (p, n) = u.split_once('#')?;
        Some((p.to_string(), n.parse().ok()?))
    };
    for (e, u) in &index.also {
        let Some(e) = unit(e) else { continue };
        let (quoted, covered) = match unit(u) {
            Some(ex) => (examples_quoted.contains(&ex), examples_covered.contains(&ex)),
            None => (
                corpus.sources.iter().any(|s| quote(&s.item).paragraphs.contains(u)),
                paragraphs_covered.contains(u),
            ),
        };
        if covered {
            examples_covered.insert(e.clone());
        }
        if quoted {
            examples_quoted.insert(e);
        }
    }
    let mut rows: BTreeMap<&str, SectionCoverage> = BTreeMap::new();
    let mut covered = Vec::new();
    for (p, n) in &index.paragraphs {
        let Some(sec) = section_of(p) else { continue };
        let in_scope = index.scope.contains(sec);
        if !in_scope && !quoted_sections.contains(sec) {
            continue;
        }
        let row = rows.entry(sec).or_insert_with(|| SectionCoverage {
            section: sec.to_string(),
            in_scope,
            paragraphs: 0,
            paragraphs_covered: 0,
            examples: 0,
            examples_covered: 0,
            examples_quoted: 0,
        });
        row.paragraphs += 1;
        row.paragraphs_covered += usize::from(paragraphs_covered.contains(p));
        row.examples += n;
        for k in 1..=*n {
            let e = (p.clone(), k);
            if examples_covered.contains(&e) {
                row.examples_covered += 1;
                if in_scope {
                    covered.push(format!("{p}#{k}"));
                }
            }
            row.examples_quoted += u32::from(examples_quoted.contains(&e));
        }
    }
    let sections: Vec<SectionCoverage> = rows.into_values().collect();
    let scoped = || sections.iter().filter(|s| s.in_scope);
    CrCoverage {
        edition: index.edition.clone(),
        paragraphs: scoped().map(|s| s.paragraphs).sum(),
        paragraphs_covered: scoped().map(|s| s.paragraphs_covered).sum(),
        examples: scoped().map(|s| s.examples).sum(),
        examples_covered: scoped().map(|s| s.examples_covered).sum(),
        examples_quoted: scoped().map(|s| s.examples_quoted).sum(),
        covered,
        sections,
    }
}

impl CrCoverage {
    /// The table, one row per section, then the totals line.
    pub fn render(&self) -> String {
        use std::fmt::Write;
        let mut out = format!(
            "CR coverage (Comprehensive Rules {}): paragraphs quoted by a covered source, Examples covered\n",
            self.edition
        );
        let _ = writeln!(out, "section  paragraphs  examples");
        for s in &self.sections {
            let _ = writeln!(
                out,
                "{:<7}  {:>10}  {:>8}{}",
                s.section,
                format!("{}/{}", s.paragraphs_covered, s.paragraphs),
                format!("{}/{}", s.examples_covered, s.examples),
                if s.in_scope {
                    ""
                } else {
                    "  (outside the Example scope)"
                }
            );
        }
        let _ = writeln!(out, "{}", self.closing_line());
        out
    }

    /// `CR 2026-04-17: N of M paragraphs quoted by a covered source; Examples: N of M covered
    /// by a case (N quoted)`, over the sections in scope.
    pub fn closing_line(&self) -> String {
        format!(
            "CR {}: {} of {} paragraphs quoted by a covered source; Examples: {} of {} covered by a case ({} quoted)",
            self.edition,
            self.paragraphs_covered,
            self.paragraphs,
            self.examples_covered,
            self.examples,
            self.examples_quoted
        )
    }
}

#[cfg(test)]
mod tests;
