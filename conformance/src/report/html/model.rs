//! What the site shows, computed once from the corpus and the reports: the engines (columns),
//! the sources grouped by topic (rows), every case with each engine's record, and the counts.
//! Pages only lay this out.

use std::collections::BTreeMap;

use crate::corpus::case::{Case, SourceKind};
use crate::corpus::{Corpus, Located};
use crate::report::json::{CaseRecord, ExpectationStatus};

use super::input::Report;

/// How one engine's record of one case is shown and counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    Passed,
    Failed,
    /// `errored`, `crash`, `timeout` or `protocol`: the engine could not carry the case out.
    Errored,
    /// A failure the engine's expectations file lists (`xfail`).
    XFailed,
    Skipped,
}

impl Status {
    pub const ALL: [Status; 5] = [
        Status::Passed,
        Status::Failed,
        Status::Errored,
        Status::XFailed,
        Status::Skipped,
    ];

    /// An expected failure counts as `xfailed` whatever its class; the rest by verdict.
    pub fn of(record: &CaseRecord) -> Status {
        if record.expectation == ExpectationStatus::Xfailed {
            return Status::XFailed;
        }
        match record.verdict.as_str() {
            "passed" => Status::Passed,
            "failed" => Status::Failed,
            "skipped" => Status::Skipped,
            _ => Status::Errored,
        }
    }

    /// The word, also used as CSS class and filter value.
    pub fn word(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Failed => "failed",
            Status::Errored => "errored",
            Status::XFailed => "xfailed",
            Status::Skipped => "skipped",
        }
    }

    /// What a cell says: the word, but a known failure reads as the failure it is.
    pub fn label(self) -> &'static str {
        match self {
            Status::XFailed => "failed (known)",
            s => s.word(),
        }
    }

    /// A symbol, so that a cell reads without colour.
    pub fn symbol(self) -> &'static str {
        match self {
            Status::Passed => "✓",
            Status::Failed => "✗",
            Status::Errored => "⚠",
            // A known failure is a failure: it reads as one, the "known" mark is secondary.
            Status::XFailed => "✗",
            Status::Skipped => "–",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Cases per status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts([usize; 5]);

impl Counts {
    pub fn add(&mut self, status: Status) {
        self.0[status.index()] += 1;
    }

    pub fn get(&self, status: Status) -> usize {
        self.0[status.index()]
    }

    pub fn total(&self) -> usize {
        self.0.iter().sum()
    }

    /// The status that colours a cell: the worst one present, `None` when empty.
    pub fn worst(&self) -> Option<Status> {
        [
            Status::Failed,
            Status::XFailed,
            Status::Errored,
            Status::Skipped,
            Status::Passed,
        ]
        .into_iter()
        .find(|s| self.get(*s) > 0)
    }

    /// Passed cases as a share of all the cases counted, in percent (`None` when there are none).
    pub fn pass_rate(&self) -> Option<f64> {
        let total = self.total();
        (total > 0).then(|| 100.0 * self.get(Status::Passed) as f64 / total as f64)
    }
}

/// An engine: one report.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// `name version`, made unique when two reports name the same engine.
    pub label: String,
    /// `e0`, `e1`, ...: the key the filter uses.
    pub key: String,
}

/// A source row of the matrix.
#[derive(Clone, Debug, PartialEq)]
pub struct SourceRow {
    pub id: String,
    pub cite: String,
    /// The quoted text, when the corpus has the source.
    pub text: Option<String>,
    /// Indices into [`Model::cases`] of the cases covering it.
    pub cases: Vec<usize>,
}

/// A group of sources: a CR section, or the rulings of one card.
#[derive(Clone, Debug, PartialEq)]
pub struct Topic {
    /// `t0`, `t1`, ...
    pub key: String,
    pub label: String,
    pub sources: Vec<SourceRow>,
}

/// A case, with each engine's record (by column).
#[derive(Clone, Debug)]
pub struct CaseRow<'a> {
    pub id: String,
    /// The case in the corpus, when it is there (title, sources, setup and script come from it).
    pub case: Option<&'a Located<Case>>,
    /// The file relative to the corpus root and the line of its `[[case]]`.
    pub file: Option<(String, usize)>,
    pub covers: Vec<String>,
    /// Keys of the topics of the sources it covers.
    pub topics: Vec<String>,
    pub records: Vec<Option<&'a CaseRecord>>,
}

impl CaseRow<'_> {
    pub fn title(&self) -> &str {
        self.case
            .map_or("(not in this corpus)", |c| c.item.title.as_str())
    }
}

/// Everything the pages show.
#[derive(Clone, Debug)]
pub struct Model<'a> {
    pub columns: Vec<Column>,
    pub topics: Vec<Topic>,
    pub cases: Vec<CaseRow<'a>>,
    /// Reports cut short or whose footer disagrees with their records, said on the page.
    pub warnings: Vec<String>,
}

/// Where a source belongs: `(sort key, label)`.
fn topic_of(corpus: &Corpus, id: &str) -> (String, String) {
    let Some(source) = corpus.source(id) else {
        return ("9".into(), "Sources not in this corpus".into());
    };
    match source.item.kind {
        SourceKind::Ruling => {
            let card = source
                .item
                .card
                .clone()
                .unwrap_or_else(|| "(no card)".into());
            (format!("2 {card}"), format!("{card} rulings"))
        }
        SourceKind::Cr => {
            // `cr-106.12a` is in section 106; the file (`cr-106-mana.toml`) names the subject.
            let number = id.trim_start_matches("cr-");
            let section: String = number.chars().take_while(|c| c.is_ascii_digit()).collect();
            let stem = source
                .path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let subject = stem
                .strip_prefix("cr")
                .unwrap_or(&stem)
                .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '-')
                .replace('-', " ");
            let label = if subject.is_empty() {
                format!("CR {section}")
            } else {
                format!("CR {section}: {subject}")
            };
            (format!("1 {section:0>4}"), label)
        }
    }
}

impl<'a> Model<'a> {
    pub fn new(corpus: &'a Corpus, reports: &'a [Report]) -> Model<'a> {
        let columns = columns(reports);
        let warnings = reports.iter().flat_map(warnings_of).collect();

        // Cases: the corpus's in its order, then those only the reports know.
        let mut cases: Vec<CaseRow<'a>> = corpus
            .cases
            .iter()
            .map(|c| CaseRow {
                id: c.item.id.clone(),
                case: Some(c),
                file: Some((relative(corpus, c), c.line)),
                covers: c.item.covers.clone(),
                topics: Vec::new(),
                records: vec![None; reports.len()],
            })
            .collect();
        let mut index: BTreeMap<String, usize> = cases
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        for (col, report) in reports.iter().enumerate() {
            for record in &report.cases {
                let i = *index.entry(record.id.clone()).or_insert_with(|| {
                    cases.push(CaseRow {
                        id: record.id.clone(),
                        case: None,
                        file: record.file.clone().zip(record.line),
                        covers: record.covers.clone(),
                        topics: Vec::new(),
                        records: vec![None; reports.len()],
                    });
                    cases.len() - 1
                });
                cases[i].records[col] = Some(record);
            }
        }

        // Sources: the corpus's, then ids covered but unknown; grouped by topic.
        let mut ids: Vec<String> = corpus.sources.iter().map(|s| s.item.id.clone()).collect();
        let mut known: std::collections::HashSet<String> = ids.iter().cloned().collect();
        // Each source's cases, from one pass over the cases' covers (not sources × cases).
        let mut covering: std::collections::HashMap<String, Vec<usize>> = std::collections::HashMap::new();
        for (i, case) in cases.iter().enumerate() {
            for id in &case.covers {
                if known.insert(id.clone()) {
                    ids.push(id.clone());
                }
                let list = covering.entry(id.clone()).or_default();
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
        let mut groups: BTreeMap<String, (String, Vec<SourceRow>)> = BTreeMap::new();
        for id in ids {
            let (sort, label) = topic_of(corpus, &id);
            let source = corpus.source(&id);
            let row = SourceRow {
                cite: source.map_or_else(|| id.clone(), |s| s.item.cite.clone()),
                text: source.map(|s| s.item.text.clone()),
                cases: covering.remove(&id).unwrap_or_default(),
                id,
            };
            let group = groups
                .entry(sort)
                .or_insert_with(|| (label.clone(), Vec::new()));
            // A section written in several files is named by the shortest subject.
            if label.len() < group.0.len() {
                group.0 = label;
            }
            group.1.push(row);
        }
        let topics: Vec<Topic> = groups
            .into_values()
            .enumerate()
            .map(|(i, (label, sources))| Topic {
                key: format!("t{i}"),
                label,
                sources,
            })
            .collect();
        for topic in &topics {
            for source in &topic.sources {
                for &i in &source.cases {
                    if !cases[i].topics.contains(&topic.key) {
                        cases[i].topics.push(topic.key.clone());
                    }
                }
            }
        }
        Model {
            columns,
            topics,
            cases,
            warnings,
        }
    }

    /// The counts of some cases in one column (cases the engine did not run are not counted).
    pub fn counts(&self, cases: impl IntoIterator<Item = usize>, column: usize) -> Counts {
        let mut counts = Counts::default();
        for i in cases {
            if let Some(record) = self.cases[i].records[column] {
                counts.add(Status::of(record));
            }
        }
        counts
    }

    /// The cases of a topic: those covering any of its sources, each once.
    pub fn topic_cases(&self, topic: &Topic) -> Vec<usize> {
        let mut cases: Vec<usize> = topic.sources.iter().flat_map(|s| s.cases.clone()).collect();
        cases.sort_unstable();
        cases.dedup();
        cases
    }
}

fn relative(corpus: &Corpus, case: &Located<Case>) -> String {
    case.path
        .strip_prefix(&corpus.root)
        .unwrap_or(&case.path)
        .to_string_lossy()
        .replace('\\', "/")
}

fn columns(reports: &[Report]) -> Vec<Column> {
    let mut columns: Vec<Column> = Vec::new();
    for (i, report) in reports.iter().enumerate() {
        let base = format!("{} {}", report.engine.name, report.engine.version)
            .trim()
            .to_string();
        let mut label = base.clone();
        let mut n = 2;
        while columns.iter().any(|c| c.label == label) {
            label = format!("{base} ({n})");
            n += 1;
        }
        columns.push(Column {
            label,
            key: format!("e{i}"),
        });
    }
    columns
}

/// What a reader must know before trusting a report's column.
fn warnings_of(report: &Report) -> Vec<String> {
    let name = report.path.display();
    let mut warnings = Vec::new();
    if let Some(why) = &report.engine_error {
        warnings.push(format!("{name}: the engine did not start: {why}"));
    }
    if report.truncated {
        warnings.push(format!("{name}: the last line is cut off (left out)"));
    }
    let Some(footer) = &report.footer else {
        warnings.push(format!(
            "{name}: no footer: the run did not finish ({} of {} reported)",
            report.cases.len(),
            crate::report::count(report.announced, "case", "cases")
        ));
        return warnings;
    };
    let recorded = report.cases.len();
    let footed = footer.passed
        + footer.failed
        + footer.skipped
        + footer.errored
        + footer.crashed
        + footer.timed_out
        + footer.protocol;
    // A footer that counts expected failures apart from `failed` adds them back.
    if recorded != footed && recorded != footed + footer.xfailed {
        warnings.push(format!(
            "{name}: the footer counts {} but {recorded} {} recorded",
            crate::report::count(footed, "case", "cases"),
            if recorded == 1 { "is" } else { "are" }
        ));
    }
    warnings
}
