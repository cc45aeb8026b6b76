//! Mana strings, kept as written but validated: amounts of mana (`{G}{G}{C}`, `""` for none) and
//! mana costs (`{X}{G}{G}`, `{2}{U}`, hybrid `{G/U}`, Phyrexian `{G/P}`).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// A mana string that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ManaError {
    #[error("mana string `{0}` is not a sequence of `{{...}}` symbols")]
    Syntax(String),
    #[error("`{{{symbol}}}` in `{text}` is not a type of mana (expected {{W}} {{U}} {{B}} {{R}} {{G}} {{C}})")]
    NotAType { text: String, symbol: String },
    #[error("`{{{symbol}}}` in `{text}` is not a mana symbol")]
    NotASymbol { text: String, symbol: String },
}

/// One of the six types of mana (CR 106.1b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ManaType {
    W,
    U,
    B,
    R,
    G,
    C,
}

impl ManaType {
    pub fn parse(symbol: &str) -> Option<ManaType> {
        Some(match symbol {
            "W" => ManaType::W,
            "U" => ManaType::U,
            "B" => ManaType::B,
            "R" => ManaType::R,
            "G" => ManaType::G,
            "C" => ManaType::C,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ManaType::W => "W",
            ManaType::U => "U",
            ManaType::B => "B",
            ManaType::R => "R",
            ManaType::G => "G",
            ManaType::C => "C",
        }
    }
}

/// The contents of the braces of each symbol of `text`.
fn braces(text: &str) -> Result<Vec<&str>, ManaError> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let Some(inner) = rest.strip_prefix('{') else {
            return Err(ManaError::Syntax(text.to_string()));
        };
        let Some(end) = inner.find('}') else {
            return Err(ManaError::Syntax(text.to_string()));
        };
        let symbol = &inner[..end];
        if symbol.is_empty() || symbol.contains('{') {
            return Err(ManaError::Syntax(text.to_string()));
        }
        out.push(symbol);
        rest = &inner[end + 1..];
    }
    Ok(out)
}

/// An amount of mana written with the six type symbols, e.g. `"{G}{G}{C}"`; `""` is no mana.
/// Used for pools, `mana` (what an effect adds) and `pay` (what is spent).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Mana(String);

impl Mana {
    pub fn parse(text: &str) -> Result<Mana, ManaError> {
        for symbol in braces(text)? {
            if ManaType::parse(symbol).is_none() {
                return Err(ManaError::NotAType {
                    text: text.to_string(),
                    symbol: symbol.to_string(),
                });
            }
        }
        Ok(Mana(text.to_string()))
    }

    /// The string as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The mana as a sorted multiset of types (W U B R G C order).
    pub fn types(&self) -> Vec<ManaType> {
        let mut out: Vec<ManaType> = braces(&self.0)
            .unwrap_or_default()
            .into_iter()
            .filter_map(ManaType::parse)
            .collect();
        out.sort();
        out
    }
}

impl fmt::Display for Mana {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A mana cost as printed, e.g. `"{X}{G}{G}{G}"`, `"{2}{U}"`, `"{G/U}"`, `"{B/P}"`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ManaCost(String);

fn cost_part_ok(part: &str) -> bool {
    matches!(
        part,
        "W" | "U" | "B" | "R" | "G" | "C" | "S" | "X" | "Y" | "Z"
    ) || (!part.is_empty() && part.len() <= 3 && part.bytes().all(|b| b.is_ascii_digit()))
}

impl ManaCost {
    pub fn parse(text: &str) -> Result<ManaCost, ManaError> {
        for symbol in braces(text)? {
            let parts: Vec<&str> = symbol.split('/').collect();
            let ok = match parts.as_slice() {
                [one] => cost_part_ok(one),
                [a, "P"] => cost_part_ok(a),
                [a, b] => cost_part_ok(a) && cost_part_ok(b),
                [a, b, "P"] => cost_part_ok(a) && cost_part_ok(b),
                _ => false,
            };
            if !ok {
                return Err(ManaError::NotASymbol {
                    text: text.to_string(),
                    symbol: symbol.to_string(),
                });
            }
        }
        Ok(ManaCost(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The colors of the cost's symbols (CR 105.2), in W U B R G order.
    pub fn colors(&self) -> Vec<super::Color> {
        let mut out = Vec::new();
        for symbol in braces(&self.0).unwrap_or_default() {
            for part in symbol.split('/') {
                if let Some(color) = super::Color::parse(part) {
                    if !out.contains(&color) {
                        out.push(color);
                    }
                }
            }
        }
        out.sort();
        out
    }
}

impl fmt::Display for ManaCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

macro_rules! string_serde {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.0)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                <$t>::parse(&s).map_err(serde::de::Error::custom)
            }
        }
    };
}
string_serde!(Mana);
string_serde!(ManaCost);

#[cfg(test)]
mod tests {
    use super::*;

    fn check_mana(text: &str, expect: Result<&[ManaType], &str>) {
        let got = Mana::parse(text)
            .map(|m| m.types())
            .map_err(|e| e.to_string());
        match expect {
            Ok(types) => assert_eq!(got, Ok(types.to_vec()), "{text}"),
            Err(msg) => assert_eq!(got, Err(msg.to_string()), "{text}"),
        }
    }

    #[test]
    fn mana_amounts() {
        use ManaType::*;
        check_mana("", Ok(&[]));
        check_mana("{G}{C}{G}", Ok(&[G, G, C]));
        check_mana("{W}{U}{B}{R}{G}{C}", Ok(&[W, U, B, R, G, C]));
        check_mana(
            "{2}",
            Err("`{2}` in `{2}` is not a type of mana (expected {W} {U} {B} {R} {G} {C})"),
        );
        check_mana(
            "G",
            Err("mana string `G` is not a sequence of `{...}` symbols"),
        );
        check_mana(
            "{G",
            Err("mana string `{G` is not a sequence of `{...}` symbols"),
        );
        check_mana(
            "{}",
            Err("mana string `{}` is not a sequence of `{...}` symbols"),
        );
        check_mana(
            "{G} {G}",
            Err("mana string `{G} {G}` is not a sequence of `{...}` symbols"),
        );
    }

    #[test]
    fn mana_costs() {
        for ok in [
            "{X}",
            "{X}{G}{G}{G}",
            "{2}{U}",
            "{G/U}",
            "{2/W}",
            "{B/P}",
            "{G/U/P}",
            "{C}",
            "{10}",
            "",
        ] {
            assert!(ManaCost::parse(ok).is_ok(), "{ok}");
        }
        for bad in ["{Q}", "{G/}", "{P}", "{T}", "3"] {
            assert!(ManaCost::parse(bad).is_err(), "{bad}");
        }
        use super::super::Color;
        assert_eq!(
            ManaCost::parse("{1}{G/U}{G}").map(|c| c.colors()),
            Ok(vec![Color::U, Color::G])
        );
        assert_eq!(ManaCost::parse("{X}").map(|c| c.colors()), Ok(vec![]));
    }
}
