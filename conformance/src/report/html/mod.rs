//! The compliance matrix: a static site built from JSON-lines reports (`run --format json`) of
//! any engines, and the corpus they ran. It works offline from `file://` (no server, no external
//! font, script or stylesheet) and shows every count without JavaScript; `assets/filter.js` only
//! filters by engine, topic and status.
//!
//! The reports give each engine's verdicts (and, for a failure, the step, expected and observed);
//! the corpus gives what a report does not carry: titles, the quoted source texts, topics, setups
//! and scripts. A case a report names but the corpus lacks is still shown, with what the report
//! knows.
//!
//! - `index.html`: per-engine summary (overall and per topic), the matrix, the list of cases;
//! - `cases/<id>.html`: one page per case;
//! - `versions.html`: engines with reports of several releases, release by release;
//! - `assets/style.css`, `assets/filter.js`.

pub mod case_page;
pub mod input;
pub mod matrix;
pub mod model;
pub mod page;
pub mod versions;

use std::fs;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::corpus::Corpus;
use input::Report;
use model::Model;

const STYLE: &str = include_str!("assets/style.css");
const FILTER: &str = include_str!("assets/filter.js");

/// How the site links outwards.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The URL of the corpus directory, to which a case's file is appended
    /// (`BASE/rules/107.5-tap-symbol.toml#L12`); default: the corpus on this disk, as `file://`.
    pub source_url: Option<String>,
}

/// One file of the site: its path relative to the output directory, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteFile {
    pub path: String,
    pub text: String,
}

/// The site can't be written.
#[derive(Debug, Error)]
pub enum SiteError {
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    OutDir(#[from] crate::outdir::OutDirError),
}

/// Every file of the site.
pub fn build(corpus: &Corpus, reports: &[Report], options: &Options) -> Vec<SiteFile> {
    let model = Model::new(corpus, reports);
    let source_url = options
        .source_url
        .clone()
        .unwrap_or_else(|| file_url(&corpus.root));
    let tool = format!("mtg-conformance {}", env!("CARGO_PKG_VERSION"));
    // The index is built into the crate and tested; were it unreadable, the page would only
    // lack its CR table.
    let cr = crate::corpus::cr::CrIndex::embedded()
        .ok()
        .map(|index| crate::corpus::cr::cr_coverage(corpus, &index));
    let mut files = vec![
        SiteFile {
            path: "index.html".into(),
            text: matrix::render(&model, cr.as_ref(), reports, &tool),
        },
        SiteFile {
            path: "assets/style.css".into(),
            text: STYLE.into(),
        },
        SiteFile {
            path: "assets/filter.js".into(),
            text: FILTER.into(),
        },
    ];
    if let Some(text) = versions::render(reports, &tool) {
        files.push(SiteFile { path: "versions.html".into(), text });
    }
    for row in &model.cases {
        files.push(SiteFile {
            path: format!("cases/{}", page::case_file(&row.id)),
            text: case_page::render(corpus, &model, row, &source_url),
        });
    }
    files
}

/// Writes the site into `dir`, which must be new, empty, or a site this tool wrote (its marker
/// file, [`crate::outdir`]): a directory of the user's is refused and nothing in it touched.
/// No link is followed (a linked `cases/` or `assets/` is refused). After the pages are written,
/// the pages of an earlier build in `dir/cases/` that this build has not are removed, so a case
/// that left the corpus leaves no stale page; nothing else is removed.
pub fn write(dir: &Path, files: &[SiteFile]) -> Result<(), SiteError> {
    crate::outdir::claim(dir, "report --html")?;
    let mut written = std::collections::HashSet::new();
    for file in files {
        let rel = Path::new(&file.path);
        let parent = match rel.parent() {
            Some(p) if !p.as_os_str().is_empty() => crate::outdir::subdir(dir, p)?,
            _ => dir.to_path_buf(),
        };
        let path = parent.join(rel.file_name().unwrap_or_default());
        crate::outdir::write_file(&path, file.text.as_bytes())?;
        written.insert(path);
    }
    let cases = crate::outdir::subdir(dir, Path::new("cases"))?;
    let fail = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SiteError::Write { path, source }
    };
    for entry in fs::read_dir(&cases).map_err(fail(&cases))?.flatten() {
        let path = entry.path();
        let page = entry.file_type().is_ok_and(|t| t.is_file()) && path.extension().is_some_and(|e| e == "html");
        if page && !written.contains(&path) {
            fs::remove_file(&path).map_err(fail(&path))?;
        }
    }
    Ok(())
}

/// `file:///abs/path` for a directory (made absolute when it can be).
pub fn file_url(dir: &Path) -> String {
    let abs = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let text = abs.to_string_lossy().replace('\\', "/");
    let text = if text.starts_with('/') {
        text
    } else {
        format!("/{text}")
    };
    format!("file://{}", case_page::url_path(&text))
}

#[cfg(test)]
mod tests;
