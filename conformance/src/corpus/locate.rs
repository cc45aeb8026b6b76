//! Positions in a corpus file: from byte offsets to `line:col`, from key paths
//! (`case[2].step[4].source`) to offsets and back, using toml_edit's spanned document.

use std::ops::Range;

use toml_edit::{ImDocument, Item, Table, Value};

/// One step of a key path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, col)
}

/// A parsed file's spanned document, and where its lines start (for `line_col` without
/// rescanning the text for every position asked).
#[derive(Debug)]
pub struct SpanDoc {
    doc: Option<ImDocument<String>>,
    line_starts: Vec<usize>,
}

#[derive(Clone, Copy)]
enum Node<'a> {
    Item(&'a Item),
    Value(&'a Value),
    Table(&'a Table),
}

impl<'a> Node<'a> {
    fn span(self) -> Option<Range<usize>> {
        match self {
            Node::Item(Item::Value(v)) | Node::Value(v) => v.span(),
            Node::Item(Item::Table(t)) | Node::Table(t) => t.span(),
            Node::Item(Item::ArrayOfTables(a)) => a.span(),
            Node::Item(Item::None) => None,
        }
    }

    /// `(segment, key span, child)` for each child.
    fn children(self) -> Vec<(Seg<'a>, Option<Range<usize>>, Node<'a>)> {
        let mut out = Vec::new();
        match self {
            Node::Item(Item::Table(t)) | Node::Table(t) => {
                for (k, item) in t.iter() {
                    let key_span = t.get_key_value(k).and_then(|(key, _)| key.span());
                    out.push((Seg::Key(k), key_span, Node::Item(item)));
                }
            }
            Node::Item(Item::ArrayOfTables(a)) => {
                for (i, t) in a.iter().enumerate() {
                    out.push((Seg::Index(i), None, Node::Table(t)));
                }
            }
            Node::Item(Item::Value(v)) | Node::Value(v) => match v {
                Value::Array(a) => {
                    for (i, v) in a.iter().enumerate() {
                        out.push((Seg::Index(i), None, Node::Value(v)));
                    }
                }
                Value::InlineTable(t) => {
                    for (k, v) in t.iter() {
                        let key_span = t.get_key_value(k).and_then(|(key, _)| key.span());
                        out.push((Seg::Key(k), key_span, Node::Value(v)));
                    }
                }
                _ => {}
            },
            Node::Item(Item::None) => {}
        }
        out
    }

    fn child(self, seg: Seg<'_>) -> Option<(Option<Range<usize>>, Node<'a>)> {
        match (self, seg) {
            (Node::Item(Item::Table(t)) | Node::Table(t), Seg::Key(k)) => {
                t.get_key_value(k).map(|(key, item)| (key.span(), Node::Item(item)))
            }
            (Node::Item(Item::ArrayOfTables(a)), Seg::Index(i)) => a.get(i).map(|t| (None, Node::Table(t))),
            (Node::Item(Item::Value(Value::Array(a))) | Node::Value(Value::Array(a)), Seg::Index(i)) => {
                a.get(i).map(|v| (None, Node::Value(v)))
            }
            (Node::Item(Item::Value(Value::InlineTable(t))) | Node::Value(Value::InlineTable(t)), Seg::Key(k)) => {
                t.get_key_value(k).and_then(|(key, item)| item.as_value().map(|v| (key.span(), Node::Value(v))))
            }
            _ => None,
        }
    }

    /// Whether `offset` is inside this node. A table's span covers its header and own lines
    /// only, so its sub-tables (`[case.setup]`) are searched too.
    fn contains(self, offset: usize) -> bool {
        in_span(&self.span(), offset)
            || self
                .children()
                .into_iter()
                .any(|(_, k, c)| in_span(&k, offset) || c.contains(offset))
    }
}

fn in_span(span: &Option<Range<usize>>, offset: usize) -> bool {
    span.as_ref()
        .is_some_and(|s| s.start <= offset && offset < s.end.max(s.start + 1))
}

impl SpanDoc {
    pub fn parse(text: &str) -> SpanDoc {
        let line_starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        SpanDoc {
            doc: ImDocument::parse(text.to_string()).ok(),
            line_starts,
        }
    }

    /// The document, if the text is valid TOML.
    pub fn document(&self) -> Option<&ImDocument<String>> {
        self.doc.as_ref()
    }

    /// `line_col(text, offset)` for the text this document was parsed from.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        // The last line start at or before `offset`.
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        let start = self.line_starts.get(line - 1).copied().unwrap_or(0);
        let col = text.get(start..offset).map_or(0, |s| s.chars().count()) + 1;
        (line, col)
    }

    /// The start offset of the value at `path`, or of the deepest part of it that exists.
    pub fn locate(&self, path: &[Seg<'_>]) -> Option<usize> {
        let doc = self.doc.as_ref()?;
        let mut node = Node::Table(doc.as_table());
        let mut best = None;
        for seg in path {
            let Some((key_span, child)) = node.child(*seg) else {
                break;
            };
            best = child.span().or(key_span).map(|s| s.start).or(best);
            node = child;
        }
        best
    }

    /// The key path of the innermost value at `offset`, e.g. `case[1].setup.battlefield[0].tapped`.
    pub fn path_at(&self, offset: usize) -> String {
        let Some(doc) = self.doc.as_ref() else {
            return String::new();
        };
        let mut node = Node::Table(doc.as_table());
        let mut out = String::new();
        'descend: loop {
            for (seg, key_span, child) in node.children() {
                if in_span(&key_span, offset) || child.contains(offset) {
                    match seg {
                        Seg::Key(k) if out.is_empty() => out.push_str(k),
                        Seg::Key(k) => {
                            out.push('.');
                            out.push_str(k);
                        }
                        Seg::Index(i) => out.push_str(&format!("[{i}]")),
                    }
                    node = child;
                    continue 'descend;
                }
            }
            return out;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# c\n[[case]]\nid = \"a\"\nstep = [\n  { do = \"pass\" },\n  { expect = { object = \"x\" } },\n]\nsetup.active = \"bob\"\n\n[[case]]\nid = \"b\"\n";

    #[test]
    fn line_col_counts_from_one() {
        assert_eq!(line_col(TEXT, 0), (1, 1));
        assert_eq!(line_col(TEXT, 4), (2, 1));
        assert_eq!(line_col(TEXT, 7), (2, 4));
        assert_eq!(line_col("é = 1", 3), (1, 3));
        // The document's line index agrees with the scan at every offset, past the end too.
        for text in [TEXT, "é = 1\nb = 'ü'\n\n", ""] {
            let doc = SpanDoc::parse(text);
            for offset in 0..=text.len() + 2 {
                if text.is_char_boundary(offset.min(text.len())) {
                    assert_eq!(doc.line_col(text, offset), line_col(text, offset), "{text:?} at {offset}");
                }
            }
        }
    }

    fn at(doc: &SpanDoc, path: &[Seg<'_>]) -> Option<(usize, usize)> {
        doc.locate(path).map(|o| line_col(TEXT, o))
    }

    #[test]
    fn locates_paths() {
        let doc = SpanDoc::parse(TEXT);
        use Seg::*;
        assert_eq!(at(&doc, &[Key("case"), Index(0)]), Some((2, 1)));
        assert_eq!(at(&doc, &[Key("case"), Index(1)]), Some((10, 1)));
        assert_eq!(
            at(
                &doc,
                &[
                    Key("case"),
                    Index(0),
                    Key("step"),
                    Index(1),
                    Key("expect"),
                    Key("object")
                ]
            ),
            Some((6, 25))
        );
        // Implicit (dotted) tables have no span of their own: the key's position is used.
        assert_eq!(
            at(&doc, &[Key("case"), Index(0), Key("setup"), Key("active")]),
            Some((8, 16))
        );
        // A missing tail falls back to the deepest part that exists.
        assert_eq!(
            at(&doc, &[Key("case"), Index(0), Key("step"), Index(9)]),
            Some((4, 8))
        );
    }

    #[test]
    fn finds_the_path_at_an_offset() {
        let doc = SpanDoc::parse(TEXT);
        let offset = TEXT.find("object").unwrap_or(0);
        assert_eq!(doc.path_at(offset), "case[0].step[1].expect.object");
        let offset = TEXT.find("\"bob\"").unwrap_or(0);
        assert_eq!(doc.path_at(offset), "case[0].setup.active");
    }
}
