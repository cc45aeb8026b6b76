//! Loading a corpus directory: `sources/*.toml`, `cards.toml`, and the cases of `rules/`,
//! `cards/` and `regressions/` (recursively), each item with the file and line it comes from.
//!
//! Loading never stops at a bad file: what loads is kept, and every file that does not is
//! reported as a [`Problem`] with its file, line, column and the key path of the field.

// The corpus as data: the case model, loading with positions, and the checks of the corpus
// itself (lint, coverage) and its JSON export.
pub mod case;
pub mod coverage;
pub mod cr;
pub mod embedded;
pub mod export;
pub mod features;
pub mod lint;
pub mod locate;

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use thiserror::Error;

use crate::corpus::case::{Card, CardsFile, Case, CasesFile, Source, SourcesFile};
use locate::{line_col, Seg, SpanDoc};

/// A problem in a corpus file, printed as `path:line:col: message`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Problem {
    pub path: PathBuf,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.path.display(),
            self.line,
            self.col,
            self.message
        )
    }
}

/// The corpus can't be read at all.
#[derive(Debug, Error)]
pub enum CorpusError {
    #[error("corpus directory `{0}` not found")]
    NotFound(PathBuf),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// An item and where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Located<T> {
    pub item: T,
    /// The file, as the corpus root joined with its relative path.
    pub path: PathBuf,
    /// 1-based line and column where the item's table starts (`[[case]]`, `[[source]]`, ...).
    pub line: usize,
    pub col: usize,
    /// Its index in the file's array (`case[index]`), for locating its fields.
    pub index: usize,
}

impl<T> Located<T> {
    /// `path:line`.
    pub fn position(&self) -> String {
        format!("{}:{}", self.path.display(), self.line)
    }
}

/// What kind of corpus file a relative path is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Sources,
    Cards,
    Cases,
}

impl FileKind {
    /// The kind of the file at `rel` (relative to the corpus root), or `None` if it is not a
    /// corpus data file.
    pub fn of(rel: &Path) -> Option<FileKind> {
        if rel.extension().and_then(|e| e.to_str()) != Some("toml") {
            return None;
        }
        let first = rel.components().next()?.as_os_str().to_str()?;
        let nested = rel.components().count() > 1;
        match (first, nested) {
            ("cards.toml", false) => Some(FileKind::Cards),
            ("sources", true) => Some(FileKind::Sources),
            ("rules" | "cards" | "regressions", true) => Some(FileKind::Cases),
            _ => None,
        }
    }
}

/// A loaded corpus.
#[derive(Clone, Debug, Default)]
pub struct Corpus {
    pub root: PathBuf,
    pub sources: Vec<Located<Source>>,
    pub cards: Vec<Located<Card>>,
    pub cases: Vec<Located<Case>>,
    /// Whether `cards.toml` exists.
    pub has_cards_file: bool,
    /// The text of every data file, by full path (for locating fields).
    texts: BTreeMap<PathBuf, String>,
    /// The spanned document of every data file that is valid TOML, parsed once while loading
    /// and kept for locating fields (`lint`).
    docs: BTreeMap<PathBuf, std::sync::Arc<SpanDoc>>,
}

/// A corpus and the problems met while loading it.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    pub corpus: Corpus,
    pub problems: Vec<Problem>,
}

/// Lists the data files under `dir` (relative to the root). Symbolic links are followed, so a
/// corpus may link in a shared folder; a directory met again below itself (a symlink loop) and
/// anything that can't be read become problems located at their path, and the walk goes on.
fn walk(
    dir: &Path,
    rel: &Path,
    seen: &mut Vec<PathBuf>,
    out: &mut Vec<PathBuf>,
    problems: &mut Vec<Problem>,
) {
    let at = |path: &Path, message: String| Problem {
        path: path.to_path_buf(),
        line: 1,
        col: 1,
        message,
    };
    // The directories from the root down to this one, by their real path: meeting one of them
    // again means a link leads back up.
    match fs::canonicalize(dir) {
        Ok(real) => {
            if let Some(ancestor) = seen.iter().find(|s| **s == real) {
                let message = format!(
                    "symlink loop: this directory is `{}` again, one of its own ancestors (not read)",
                    ancestor.display()
                );
                problems.push(at(dir, message));
                return;
            }
            seen.push(real);
        }
        Err(e) => {
            problems.push(at(dir, io_message("can't resolve this directory", &e)));
            return;
        }
    }
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            problems.push(at(dir, io_message("can't list this directory", &e)));
            seen.pop();
            return;
        }
    };
    let mut entries: Vec<_> = entries.collect();
    entries.sort_by_key(|e| e.as_ref().ok().map(fs::DirEntry::file_name));
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                problems.push(at(dir, io_message("can't list this directory", &e)));
                continue;
            }
        };
        let path = entry.path();
        let rel = rel.join(entry.file_name());
        // `metadata` follows links: a link to a directory is walked, a link to a file read.
        match fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => walk(&path, &rel, seen, out, problems),
            // A FIFO would hang the read, a device (a link to /dev/zero) never end it.
            Ok(meta) if !meta.is_file() => {
                if FileKind::of(&rel).is_some() {
                    let message = "not a regular file (a device, FIFO or socket): not read".to_string();
                    problems.push(at(&path, message));
                }
            }
            Ok(_) => {
                if FileKind::of(&rel).is_some() {
                    out.push(rel);
                }
            }
            Err(e) if is_loop(&e) => {
                let message = "symlink loop: this link leads back to itself (not read)".to_string();
                problems.push(at(&path, message));
            }
            // A dangling link or an unreadable entry matters only where a data file is expected.
            Err(e) => {
                if FileKind::of(&rel).is_some() || entry.file_type().is_ok_and(|t| t.is_dir()) {
                    problems.push(at(&path, io_message("can't read this file", &e)));
                }
            }
        }
    }
    seen.pop();
}

fn io_message(what: &str, e: &std::io::Error) -> String {
    if is_loop(e) {
        return "symlink loop: this link leads back to itself (not read)".to_string();
    }
    format!("{what}: {e}")
}

/// Whether an IO error is "too many levels of symbolic links" (ELOOP).
fn is_loop(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(nix::errno::Errno::ELOOP as i32)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// Parses a whole file. `original` is the file as written when `text` is a copy with parts
/// blanked out (same offsets): key paths are named as in the original.
fn parse<T: DeserializeOwned>(
    path: &Path,
    text: &str,
    original: Option<&str>,
) -> Result<T, Problem> {
    toml::from_str(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        let (line, col) = line_col(text, offset);
        let mut message = e.message().trim().replace('\n', ": ");
        if message.is_empty() {
            message = "invalid TOML: expected a value".to_string();
        }
        let key_path = SpanDoc::parse(original.unwrap_or(text)).path_at(offset);
        let steps_in_setup = message.contains("duplicate key `step` in table `case.setup`")
            || (key_path.ends_with("setup.step") && message.contains("sequence"));
        if steps_in_setup {
            message.push_str(
                "; the case's `step = [...]` array must come before `[case.setup]` (a key after a table header belongs to that table)",
            );
        }
        if !key_path.is_empty() {
            message = format!("{key_path}: {message}");
        }
        Problem {
            path: path.to_path_buf(),
            line,
            col,
            message,
        }
    })
}

/// Parses a file of `[[table]]` items. One bad item does not hide the others: when the file
/// doesn't deserialize but is valid TOML, each item is parsed alone (the other items blanked
/// out, so offsets stay those of the file) and every bad item is its own problem, located at
/// the field serde stopped at; the good items are kept.
fn parse_items<F: DeserializeOwned, T>(
    path: &Path,
    text: &str,
    doc: &SpanDoc,
    table: &str,
    items: impl Fn(F) -> Vec<T>,
) -> (Vec<Located<T>>, Vec<Problem>) {
    // The items are read from the spanned document already parsed (as `toml::from_str` reads
    // its own parse of the text); a file that doesn't deserialize is parsed again below for
    // its problems, as written.
    if let Some(Ok(file)) = doc.document().map(|d| toml_edit::de::from_document::<F>(d.clone())) {
        return (locate_items(path, text, doc, table, items(file)), Vec::new());
    }
    let first = match parse::<F>(path, text, None) {
        Ok(file) => return (locate_items(path, text, doc, table, items(file)), Vec::new()),
        Err(problem) => problem,
    };
    let starts = item_starts(text, table);
    if starts.len() < 2 {
        return (Vec::new(), vec![first]);
    }
    let mut located = Vec::new();
    let mut problems = Vec::new();
    for index in 0..starts.len() {
        let alone = blank_others(text, &starts, index);
        match parse::<F>(path, &alone, Some(text)) {
            Ok(file) => {
                let (line, col) = line_col(text, starts[index]);
                located.extend(items(file).into_iter().map(|item| Located {
                    item,
                    path: path.to_path_buf(),
                    line,
                    col,
                    index,
                }));
            }
            Err(p) => {
                if !problems.contains(&p) {
                    problems.push(p);
                }
            }
        }
    }
    if problems.is_empty() {
        // Alone every item is fine, so the trouble is in how they sit together: report the
        // whole file's error, keep nothing.
        return (Vec::new(), vec![first]);
    }
    (located, problems)
}

/// The offsets where each `[[table]]` item of a file starts, in order; empty when the file is
/// not valid TOML or the items are not written as `[[table]]` headers (an inline array can't be
/// cut into items this way).
fn item_starts(text: &str, table: &str) -> Vec<usize> {
    let Ok(doc) = toml_edit::ImDocument::parse(text) else {
        return Vec::new();
    };
    let Some(toml_edit::Item::ArrayOfTables(items)) = doc.get(table) else {
        return Vec::new();
    };
    let starts: Option<Vec<usize>> = items.iter().map(|t| t.span().map(|s| s.start)).collect();
    match starts {
        Some(starts) if starts.windows(2).all(|w| w[0] < w[1]) => starts,
        _ => Vec::new(),
    }
}

/// `text` with every item but `keep` replaced by spaces (newlines kept, so every offset, line
/// and column is unchanged). An item runs from its header to the next item's header, which
/// takes in its sub-tables (`[case.setup]`, `[[case.step]]`).
fn blank_others(text: &str, starts: &[usize], keep: usize) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for (i, &start) in starts.iter().enumerate() {
        if i == keep {
            continue;
        }
        let end = starts.get(i + 1).copied().unwrap_or(bytes.len());
        for b in bytes.get_mut(start..end).into_iter().flatten() {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    }
    // Whole characters were replaced (items start at an ASCII `[`), so this is still UTF-8.
    String::from_utf8(bytes).unwrap_or_default()
}

fn locate_items<T>(path: &Path, text: &str, doc: &SpanDoc, table: &str, items: Vec<T>) -> Vec<Located<T>> {
    items
        .into_iter()
        .enumerate()
        .map(|(index, item)| {
            let offset = doc
                .locate(&[Seg::Key(table), Seg::Index(index)])
                .unwrap_or(0);
            let (line, col) = doc.line_col(text, offset);
            Located {
                item,
                path: path.to_path_buf(),
                line,
                col,
                index,
            }
        })
        .collect()
}

impl Corpus {
    /// Loads every data file under `root`.
    pub fn load(root: impl AsRef<Path>) -> Result<Loaded, CorpusError> {
        let root = root.as_ref();
        if !root.is_dir() {
            return Err(CorpusError::NotFound(root.to_path_buf()));
        }
        let mut rels = Vec::new();
        let mut unreadable = Vec::new();
        walk(root, Path::new(""), &mut Vec::new(), &mut rels, &mut unreadable);
        rels.sort();
        let mut files = Vec::new();
        for rel in rels {
            let path = root.join(&rel);
            let bytes = match crate::files::read_regular(&path, crate::files::MAX_CORPUS_FILE) {
                Ok(bytes) => bytes,
                Err(e) => {
                    let message = io_message("can't read this file", &e);
                    unreadable.push(Problem {
                        path,
                        line: 1,
                        col: 1,
                        message,
                    });
                    continue;
                }
            };
            match String::from_utf8(bytes) {
                Ok(text) => files.push((rel, text)),
                Err(e) => {
                    let offset = e.utf8_error().valid_up_to();
                    let valid = String::from_utf8_lossy(&e.as_bytes()[..offset]).into_owned();
                    let (line, col) = line_col(&valid, offset);
                    let message = "not UTF-8 (corpus files are UTF-8)".to_string();
                    unreadable.push(Problem {
                        path,
                        line,
                        col,
                        message,
                    });
                }
            }
        }
        let mut loaded = Corpus::from_texts(root, files);
        loaded.problems.extend(unreadable);
        loaded.problems.sort();
        Ok(loaded)
    }

    /// Builds a corpus from file texts, by path relative to `root` (files that are not corpus
    /// data files by their path are ignored).
    pub fn from_texts(
        root: impl AsRef<Path>,
        files: impl IntoIterator<Item = (PathBuf, String)>,
    ) -> Loaded {
        let root = root.as_ref();
        let mut corpus = Corpus {
            root: root.to_path_buf(),
            ..Corpus::default()
        };
        let mut problems = Vec::new();
        for (rel, text) in files {
            let Some(kind) = FileKind::of(&rel) else {
                continue;
            };
            let path = root.join(&rel);
            let doc = SpanDoc::parse(&text);
            match kind {
                FileKind::Sources => {
                    let (items, bad) =
                        parse_items(&path, &text, &doc, "source", |f: SourcesFile| f.source);
                    corpus.sources.extend(items);
                    problems.extend(bad);
                }
                FileKind::Cards => {
                    corpus.has_cards_file = true;
                    let (items, bad) = parse_items(&path, &text, &doc, "card", |f: CardsFile| f.card);
                    corpus.cards.extend(items);
                    problems.extend(bad);
                }
                FileKind::Cases => {
                    let (items, bad) = parse_items(&path, &text, &doc, "case", |f: CasesFile| f.case);
                    corpus.cases.extend(items);
                    problems.extend(bad);
                }
            }
            corpus.docs.insert(path.clone(), std::sync::Arc::new(doc));
            corpus.texts.insert(path, text);
        }
        Loaded { corpus, problems }
    }

    pub fn source(&self, id: &str) -> Option<&Located<Source>> {
        self.sources.iter().find(|s| s.item.id == id)
    }

    pub fn card(&self, name: &str) -> Option<&Located<Card>> {
        self.cards.iter().find(|c| c.item.name == name)
    }

    pub fn case(&self, id: &str) -> Option<&Located<Case>> {
        self.cases.iter().find(|c| c.item.id == id)
    }

    /// The text of a loaded file.
    pub fn text(&self, path: &Path) -> Option<&str> {
        self.texts.get(path).map(String::as_str)
    }

    /// The spanned document of a loaded file, as parsed while loading.
    pub(crate) fn doc(&self, path: &Path) -> Option<&SpanDoc> {
        self.docs.get(path).map(|d| &**d)
    }
}

#[cfg(test)]
mod tests;
