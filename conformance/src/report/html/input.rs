//! Reading the JSON-lines reports of `run --format json` (`rulings/schema/report.schema.json`)
//! that the site is built from: one header, the case records, and a footer when the run finished.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::report::json::{CaseRecord, Footer, Record, REPORT_VERSION};
use crate::run::engine::EngineInfo;

/// One engine's report.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub path: PathBuf,
    pub engine: EngineInfo,
    /// How many cases the header announced.
    pub announced: usize,
    pub cases: Vec<CaseRecord>,
    /// `None` when the run did not finish (the report was cut short).
    pub footer: Option<Footer>,
    /// Why the engine did not start, from the header (`run` records it there).
    pub engine_error: Option<String>,
    /// The last line was cut off mid-record (a report being written, or a full disk): it is
    /// left out, and the report read as cut short.
    pub truncated: bool,
}

/// A report that can't be read; nothing is written then.
#[derive(Debug, Error)]
pub enum ReportError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}:{line}: {message}", path.display())]
    Line {
        path: PathBuf,
        line: usize,
        message: String,
    },
    #[error("{}: empty: not a report of `mtg-conformance run --format json`", path.display())]
    Empty { path: PathBuf },
}

/// Reads and parses one report file.
pub fn read(path: &Path) -> Result<Report, ReportError> {
    let text = crate::files::read_regular_text(path, crate::files::MAX_REPORT_FILE).map_err(|source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse(path, &text)
}

/// Parses a report: the first record must be its header, at most one footer ends it.
pub fn parse(path: &Path, text: &str) -> Result<Report, ReportError> {
    let err = |line: usize, message: String| ReportError::Line {
        path: path.to_path_buf(),
        line,
        message,
    };
    let mut report: Option<Report> = None;
    let mut seen = std::collections::HashSet::new();
    let lines = text.lines().count();
    for (n, line) in text.lines().enumerate() {
        let n = n + 1;
        if line.trim().is_empty() {
            continue;
        }
        let record: Record = match serde_json::from_str(line) {
            Ok(record) => record,
            // The last line, without its newline, after a header: a report cut off while it was
            // written. What came before it is kept, as for any report cut short.
            Err(_) if n == lines && !text.ends_with('\n') && report.is_some() => {
                if let Some(r) = report.as_mut() {
                    r.truncated = true;
                }
                break;
            }
            Err(e) => return Err(err(n, format!("not a report record: {e}"))),
        };
        match (record, report.as_mut()) {
            (Record::Header(h), None) => {
                if h.report_version > REPORT_VERSION {
                    return Err(err(
                        n,
                        format!(
                            "report version {} is newer than this tool reads ({REPORT_VERSION})",
                            h.report_version
                        ),
                    ));
                }
                report = Some(Report {
                    path: path.to_path_buf(),
                    engine: h.engine,
                    announced: h.cases,
                    cases: Vec::new(),
                    footer: None,
                    engine_error: h.engine_error,
                    truncated: false,
                });
            }
            (Record::Header(_), Some(_)) => {
                return Err(err(
                    n,
                    "a second header: give each report as its own file".into(),
                ))
            }
            (_, None) => return Err(err(n, "the first record must be the header".into())),
            (_, Some(r)) if r.footer.is_some() => {
                return Err(err(n, "a record after the footer".into()))
            }
            (Record::Case(c), Some(r)) => {
                if !seen.insert(c.id.clone()) {
                    return Err(err(n, format!("case `{}` is reported twice", c.id)));
                }
                r.cases.push(c);
            }
            (Record::Footer(f), Some(r)) => r.footer = Some(f),
        }
    }
    report.ok_or_else(|| ReportError::Empty {
        path: path.to_path_buf(),
    })
}
