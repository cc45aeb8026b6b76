//! `mtg-conformance coverage`: which sources the cases encode, and which none does.

use std::fmt::Write;

use crate::corpus::Corpus;

/// One source and the ids of the cases that cover it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceCoverage {
    pub id: String,
    pub cite: String,
    pub cases: Vec<String>,
}

/// Every source of the corpus, in corpus order, with its covering cases.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Coverage {
    pub sources: Vec<SourceCoverage>,
}

/// Computes the coverage of a corpus.
pub fn coverage(corpus: &Corpus) -> Coverage {
    let sources = corpus
        .sources
        .iter()
        .map(|s| SourceCoverage {
            id: s.item.id.clone(),
            cite: s.item.cite.clone(),
            cases: corpus
                .cases
                .iter()
                .filter(|c| c.item.covers.contains(&s.item.id))
                .map(|c| c.item.id.clone())
                .collect(),
        })
        .collect();
    Coverage { sources }
}

impl Coverage {
    pub fn covered(&self) -> impl Iterator<Item = &SourceCoverage> {
        self.sources.iter().filter(|s| !s.cases.is_empty())
    }

    pub fn uncovered(&self) -> impl Iterator<Item = &SourceCoverage> {
        self.sources.iter().filter(|s| s.cases.is_empty())
    }

    /// `N sources, N covered, N uncovered`.
    pub fn closing_line(&self) -> String {
        let covered = self.covered().count();
        format!(
            "{}, {} covered, {} uncovered",
            crate::report::count(self.sources.len(), "source", "sources"),
            covered,
            self.sources.len() - covered
        )
    }

    /// `{"sources": [{"id", "cite", "cases"}], "cr": {...}}` (`CrCoverage` as it serializes).
    pub fn to_json(&self, cr: &crate::corpus::cr::CrCoverage) -> String {
        let sources: Vec<serde_json::Value> = self
            .sources
            .iter()
            .map(|s| serde_json::json!({ "id": s.id, "cite": s.cite, "cases": s.cases }))
            .collect();
        serde_json::json!({ "sources": sources, "cr": cr }).to_string()
    }

    /// The covered sources with their cases, then the uncovered ones, then the closing line.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for s in self.covered() {
            let _ = writeln!(out, "{}  {}", s.id, s.cite);
            for case in &s.cases {
                let _ = writeln!(out, "    {case}");
            }
        }
        let uncovered: Vec<&SourceCoverage> = self.uncovered().collect();
        if !uncovered.is_empty() {
            let _ = writeln!(out, "uncovered:");
            for s in uncovered {
                let _ = writeln!(out, "  {}  {}", s.id, s.cite);
            }
        }
        out.push_str(&self.closing_line());
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn check(files: &[(&str, &str)], expect: &str) {
        let loaded = Corpus::from_texts(
            "c",
            files.iter().map(|(p, t)| (PathBuf::from(p), t.to_string())),
        );
        assert_eq!(loaded.problems, vec![]);
        assert_eq!(coverage(&loaded.corpus).render(), expect);
    }

    const SOURCES: &str = r#"
[[source]]
id = "cr-1"
kind = "cr"
cite = "CR 1"
text = "one"

[[source]]
id = "cr-2"
kind = "cr"
cite = "CR 2"
text = "two"

[[source]]
id = "cr-3"
kind = "cr"
cite = "CR 3"
text = "three"
"#;

    fn case(id: &str, covers: &str) -> String {
        format!(
            "[[case]]\nid = \"{id}\"\ntitle = \"t\"\ncovers = {covers}\nsetup = {{ active = \"alice\", step = \"precombat_main\" }}\nstep = [ {{ do = \"pass\" }} ]\n"
        )
    }

    #[test]
    fn counts_covered_and_uncovered_sources() {
        let cases = format!(
            "{}\n{}",
            case("a/1", r#"["cr-1", "cr-3"]"#),
            case("a/2", r#"["cr-1"]"#)
        );
        check(
            &[("sources/cr.toml", SOURCES), ("rules/a.toml", &cases)],
            "cr-1  CR 1\n    a/1\n    a/2\ncr-3  CR 3\n    a/1\nuncovered:\n  cr-2  CR 2\n3 sources, 2 covered, 1 uncovered\n",
        );
    }

    #[test]
    fn everything_covered_has_no_uncovered_section() {
        let cases = case("a/1", r#"["cr-1", "cr-2", "cr-3"]"#);
        check(
            &[("sources/cr.toml", SOURCES), ("cards/a.toml", &cases)],
            "cr-1  CR 1\n    a/1\ncr-2  CR 2\n    a/1\ncr-3  CR 3\n    a/1\n3 sources, 3 covered, 0 uncovered\n",
        );
        check(&[], "0 sources, 0 covered, 0 uncovered\n");
    }
}
