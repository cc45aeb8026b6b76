//! Loading a corpus directory: `sources/*.toml`, `cards.toml`, and the cases of `rules/`,
//! `cards/` and `regressions/` (recursively), each item with the file and line it comes from.
//!
//! Loading never stops at a bad file: what loads is kept, and every file that does not is
//! reported as a [`Problem`] with its file, line, column and the key path of the field.

// The corpus as data: the case model, loading with positions, and the checks of the corpus
// itself (lint, coverage) and its JSON export.
pub mod case;
pub mod coverage;
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
}

/// A corpus and the problems met while loading it.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    pub corpus: Corpus,
    pub problems: Vec<Problem>,
}

fn walk(dir: &Path, rel: &Path, out: &mut Vec<PathBuf>) -> Result<(), CorpusError> {
    let io = |source| CorpusError::Io {
        path: dir.to_path_buf(),
        source,
    };
    for entry in fs::read_dir(dir).map_err(io)? {
        let entry = entry.map_err(io)?;
        let rel = rel.join(entry.file_name());
        let kind = entry.file_type().map_err(io)?;
        if kind.is_dir() {
            walk(&entry.path(), &rel, out)?;
        } else if FileKind::of(&rel).is_some() {
            out.push(rel);
        }
    }
    Ok(())
}

fn parse<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, Problem> {
    toml::from_str(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        let (line, col) = line_col(text, offset);
        let mut message = e.message().trim().replace('\n', ": ");
        if message.is_empty() {
            message = "invalid TOML: expected a value".to_string();
        }
        let key_path = SpanDoc::parse(text).path_at(offset);
        if !key_path.is_empty() {
            message.push_str(&format!(" (at `{key_path}`)"));
        }
        let steps_in_setup = message.contains("duplicate key `step` in table `case.setup`")
            || (key_path.ends_with("setup.step") && message.contains("sequence"));
        if steps_in_setup {
            message.push_str(
                "; the case's `step = [...]` array must come before `[case.setup]` (a key after a table header belongs to that table)",
            );
        }
        Problem {
            path: path.to_path_buf(),
            line,
            col,
            message,
        }
    })
}

fn locate_items<T>(path: &Path, text: &str, table: &str, items: Vec<T>) -> Vec<Located<T>> {
    let doc = SpanDoc::parse(text);
    items
        .into_iter()
        .enumerate()
        .map(|(index, item)| {
            let offset = doc
                .locate(&[Seg::Key(table), Seg::Index(index)])
                .unwrap_or(0);
            let (line, col) = line_col(text, offset);
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
        walk(root, Path::new(""), &mut rels)?;
        rels.sort();
        let mut files = Vec::new();
        let mut unreadable = Vec::new();
        for rel in rels {
            let path = root.join(&rel);
            let bytes = fs::read(&path).map_err(|source| CorpusError::Io {
                path: path.clone(),
                source,
            })?;
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
            match kind {
                FileKind::Sources => match parse::<SourcesFile>(&path, &text) {
                    Ok(f) => corpus
                        .sources
                        .extend(locate_items(&path, &text, "source", f.source)),
                    Err(p) => problems.push(p),
                },
                FileKind::Cards => {
                    corpus.has_cards_file = true;
                    match parse::<CardsFile>(&path, &text) {
                        Ok(f) => corpus
                            .cards
                            .extend(locate_items(&path, &text, "card", f.card)),
                        Err(p) => problems.push(p),
                    }
                }
                FileKind::Cases => match parse::<CasesFile>(&path, &text) {
                    Ok(f) => corpus
                        .cases
                        .extend(locate_items(&path, &text, "case", f.case)),
                    Err(p) => problems.push(p),
                },
            }
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
}

#[cfg(test)]
mod tests;
