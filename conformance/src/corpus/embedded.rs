//! The corpus this crate was built with, embedded by the `mtg-rulings` crate: loading it reads
//! no file, so a published `mtg-conformance` runs the whole corpus without this repository.
//! Positions in reports read `rulings/<file>:<line>`, as in the repository.

use std::path::PathBuf;

use crate::corpus::case::FORMAT_VERSION;
use crate::corpus::{Corpus, Loaded, Problem};

/// Which corpus an embedded corpus is: its format version and its release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorpusVersion {
    /// The corpus format version (`rulings/README.md`).
    pub format: u32,
    /// The corpus release (the `mtg-rulings` crate's version; `CHANGELOG.md`).
    pub release: &'static str,
}

impl std::fmt::Display for CorpusVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "corpus {} (format {})", self.release, self.format)
    }
}

/// The version of the embedded corpus.
pub const EMBEDDED_VERSION: CorpusVersion = CorpusVersion {
    format: mtg_rulings::FORMAT_VERSION,
    release: mtg_rulings::RELEASE,
};

impl Corpus {
    /// The embedded corpus, rooted at `rulings` for reports. `problems` is empty for a released
    /// corpus (CI lints it); a corpus in a format this crate does not read is one problem, and
    /// nothing is loaded from it.
    pub fn embedded() -> Loaded {
        let root = PathBuf::from("rulings");
        if mtg_rulings::FORMAT_VERSION != FORMAT_VERSION {
            return Loaded {
                corpus: Corpus {
                    root: root.clone(),
                    ..Corpus::default()
                },
                problems: vec![Problem {
                    path: root,
                    line: 1,
                    col: 1,
                    message: format!(
                        "the embedded corpus is in format version {}, this crate reads version {}",
                        mtg_rulings::FORMAT_VERSION,
                        FORMAT_VERSION
                    ),
                }],
            };
        }
        let files = mtg_rulings::FILES
            .iter()
            .map(|f| (PathBuf::from(f.path), f.text.to_string()));
        let mut loaded = Corpus::from_texts(root, files);
        loaded.problems.sort();
        loaded
    }

    /// The version of [`Corpus::embedded`].
    pub fn embedded_version() -> CorpusVersion {
        EMBEDDED_VERSION
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn repository_corpus() -> Loaded {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulings");
        Corpus::load(dir).expect("the repository's corpus")
    }

    #[test]
    fn embedded_corpus_is_the_repository_corpus() {
        let embedded = Corpus::embedded();
        let disk = repository_corpus();
        assert!(embedded.problems.is_empty(), "{:?}", embedded.problems);
        let ids = |l: &Loaded| {
            l.corpus
                .cases
                .iter()
                .map(|c| c.item.id.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&embedded), ids(&disk));
        assert_eq!(embedded.corpus.sources.len(), disk.corpus.sources.len());
        assert_eq!(embedded.corpus.cards.len(), disk.corpus.cards.len());
        assert!(embedded.corpus.has_cards_file);
        let cases: Vec<_> = embedded.corpus.cases.iter().map(|c| &c.item).collect();
        let on_disk: Vec<_> = disk.corpus.cases.iter().map(|c| &c.item).collect();
        assert_eq!(cases, on_disk);
    }

    #[test]
    fn embedded_positions_read_like_the_repository() {
        let embedded = Corpus::embedded();
        let case = &embedded.corpus.cases[0];
        assert!(case.path.starts_with("rulings"), "{}", case.path.display());
        assert!(case.line > 0);
        assert!(embedded.corpus.text(&case.path).is_some());
    }

    #[test]
    fn embedded_version_is_this_crates_format() {
        let v = Corpus::embedded_version();
        assert_eq!(v.format, FORMAT_VERSION);
        assert_eq!(v.release, env!("CARGO_PKG_VERSION"));
        assert_eq!(v.to_string(), format!("corpus {} (format 1)", v.release));
    }
}
