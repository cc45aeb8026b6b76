//! An ordered literal tree: how steps and expectations are written back, as inline TOML (for
//! reports) or through serde (for JSON), keys in the order the format documents them.

use std::fmt::{self, Write};

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Lit {
    Str(String),
    Int(i64),
    Bool(bool),
    List(Vec<Lit>),
    Table(Vec<(String, Lit)>),
}

impl Lit {
    pub(crate) fn str(s: impl Into<String>) -> Lit {
        Lit::Str(s.into())
    }

    pub(crate) fn strs<I: IntoIterator<Item = S>, S: Into<String>>(items: I) -> Lit {
        Lit::List(items.into_iter().map(|s| Lit::Str(s.into())).collect())
    }
}

fn write_str(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\t' => f.write_str("\\t")?,
            '\r' => f.write_str("\\r")?,
            c if c.is_control() => write!(f, "\\u{:04X}", c as u32)?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

fn write_key(f: &mut fmt::Formatter<'_>, key: &str) -> fmt::Result {
    if !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        f.write_str(key)
    } else {
        write_str(f, key)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lit::Str(s) => write_str(f, s),
            Lit::Int(n) => write!(f, "{n}"),
            Lit::Bool(b) => write!(f, "{b}"),
            Lit::List(items) => {
                f.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_char(']')
            }
            Lit::Table(entries) if entries.is_empty() => f.write_str("{}"),
            Lit::Table(entries) => {
                f.write_str("{ ")?;
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write_key(f, key)?;
                    write!(f, " = {value}")?;
                }
                f.write_str(" }")
            }
        }
    }
}

impl Serialize for Lit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Lit::Str(v) => s.serialize_str(v),
            Lit::Int(v) => s.serialize_i64(*v),
            Lit::Bool(v) => s.serialize_bool(*v),
            Lit::List(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Lit::Table(entries) => {
                let mut map = s.serialize_map(Some(entries.len()))?;
                for (k, v) in entries {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_inline_toml() {
        let lit = Lit::Table(vec![
            ("do".into(), Lit::str("cast")),
            ("targets".into(), Lit::strs(["mass", "alice"])),
            ("x".into(), Lit::Int(3)),
            (
                "counters".into(),
                Lit::Table(vec![("+1/+1".into(), Lit::Int(1))]),
            ),
            ("note".into(), Lit::str("a \"quoted\"\nline")),
            ("empty".into(), Lit::Table(vec![])),
            ("b".into(), Lit::Bool(true)),
        ]);
        assert_eq!(
            lit.to_string(),
            r#"{ do = "cast", targets = ["mass", "alice"], x = 3, counters = { "+1/+1" = 1 }, note = "a \"quoted\"\nline", empty = {}, b = true }"#
        );
    }
}
