//! Mana (CR 106): the six types, mana pools, spending restrictions (CR 106.6), mana costs
//! (CR 107.4, 202) and paying them (CR 601.2h, 602.2b).
//!
//! A pool holds unrestricted mana by type plus restricted entries (type + restriction). The
//! restriction never changes the mana's type (CR 106.6), so the type-level API (`amount`,
//! `total`, `types`, `to_symbols`) counts restricted mana too; only paying looks at restrictions.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The six types of mana (CR 106.1b). Declaration order is the canonical W U B R G C order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ManaType {
    White,
    Blue,
    Black,
    Red,
    Green,
    Colorless,
}

impl ManaType {
    /// All six types in W U B R G C order.
    pub const ALL: [ManaType; 6] = [
        ManaType::White,
        ManaType::Blue,
        ManaType::Black,
        ManaType::Red,
        ManaType::Green,
        ManaType::Colorless,
    ];
    /// The five colors of mana (CR 106.1a).
    pub const COLORS: [ManaType; 5] = [
        ManaType::White,
        ManaType::Blue,
        ManaType::Black,
        ManaType::Red,
        ManaType::Green,
    ];

    fn index(self) -> usize {
        match self {
            ManaType::White => 0,
            ManaType::Blue => 1,
            ManaType::Black => 2,
            ManaType::Red => 3,
            ManaType::Green => 4,
            ManaType::Colorless => 5,
        }
    }

    /// `"{G}"` or `"G"` (case-insensitive letter).
    pub fn parse_symbol(s: &str) -> Option<ManaType> {
        let inner = s.strip_prefix('{').and_then(|r| r.strip_suffix('}')).unwrap_or(s);
        match inner.trim().to_ascii_uppercase().as_str() {
            "W" => Some(ManaType::White),
            "U" => Some(ManaType::Blue),
            "B" => Some(ManaType::Black),
            "R" => Some(ManaType::Red),
            "G" => Some(ManaType::Green),
            "C" => Some(ManaType::Colorless),
            _ => None,
        }
    }

    /// The letter inside the symbol ("G" for {G}).
    pub fn letter(self) -> &'static str {
        self.symbol().trim_matches(|c| c == '{' || c == '}')
    }

    pub fn symbol(self) -> &'static str {
        match self {
            ManaType::White => "{W}",
            ManaType::Blue => "{U}",
            ManaType::Black => "{B}",
            ManaType::Red => "{R}",
            ManaType::Green => "{G}",
            ManaType::Colorless => "{C}",
        }
    }

    pub fn is_color(self) -> bool {
        self != ManaType::Colorless
    }
}

/// How some mana may be spent (CR 106.6). Declaration order is the order restricted mana is
/// preferred in when several kinds could pay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SpendRestriction {
    /// "Spend this mana only to cast a multicolored spell" (multicolored: CR 105.2b).
    MulticoloredSpell,
}

impl SpendRestriction {
    pub const ALL: [SpendRestriction; 1] = [SpendRestriction::MulticoloredSpell];

    /// The name used in the serialized form of a pool (`{G}@multicolored_spell`).
    pub fn name(self) -> &'static str {
        match self {
            SpendRestriction::MulticoloredSpell => "multicolored_spell",
        }
    }

    pub fn from_name(s: &str) -> Option<SpendRestriction> {
        SpendRestriction::ALL.into_iter().find(|r| r.name() == s)
    }

    /// Whether mana with this restriction may be spent for `purpose`.
    pub fn allows(self, purpose: SpendPurpose) -> bool {
        match self {
            // CR 105.2b: two or more colors; the spell's colors follow CR 202.2.
            SpendRestriction::MulticoloredSpell => {
                matches!(purpose, SpendPurpose::CastSpell { colors } if colors >= 2)
            }
        }
    }
}

/// What mana is being spent on, which decides what restricted mana may pay (CR 106.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpendPurpose {
    /// Casting a spell that has `colors` colors (CR 601.2h).
    CastSpell { colors: usize },
    /// Paying an activation cost (CR 602.2b).
    ActivateAbility,
    /// Any other payment, e.g. a cost paid while an ability resolves.
    Other,
}

/// Why a mana string did not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ManaParseError {
    #[error("unknown mana symbol `{0}`")]
    UnknownSymbol(String),
    #[error("unterminated or stray text in mana string `{0}`")]
    Malformed(String),
    #[error("number too large in mana string `{0}`")]
    TooLarge(String),
}

/// Splits `"{2}{G}{X}"` into `["2", "G", "X"]`.
fn symbols(s: &str) -> Result<Vec<&str>, ManaParseError> {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let after = rest
            .strip_prefix('{')
            .ok_or_else(|| ManaParseError::Malformed(s.to_string()))?;
        let end = after
            .find('}')
            .ok_or_else(|| ManaParseError::Malformed(s.to_string()))?;
        out.push(after.get(..end).unwrap_or(""));
        rest = after.get(end + 1..).unwrap_or("").trim_start();
    }
    Ok(out)
}

/// A multiset of mana (a mana pool, an amount produced, or a payment). Serialized as its
/// symbols, e.g. `"{G}{G}{C}"`, like the corpus writes mana; restricted mana carries its
/// restriction after the symbol (`"{G}@multicolored_spell"`) so a state round-trips.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ManaPool {
    /// Unrestricted mana by type.
    counts: [u32; 6],
    /// Restricted mana (CR 106.6); only nonzero entries, so equal pools compare equal.
    restricted: BTreeMap<(SpendRestriction, ManaType), u32>,
}

impl Serialize for ManaPool {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Exact symbols; amounts above 16 as "N*{G}" so fuzzed pools stay small on the wire.
        fn push(out: &mut String, n: u32, t: ManaType, suffix: &str) {
            if n > 16 {
                out.push_str(&format!("{n}*{}{suffix}", t.symbol()));
            } else {
                for _ in 0..n {
                    out.push_str(t.symbol());
                    out.push_str(suffix);
                }
            }
        }
        let mut out = String::new();
        for t in ManaType::ALL {
            push(&mut out, self.unrestricted_amount(t), t, "");
        }
        for ((r, t), n) in &self.restricted {
            push(&mut out, *n, *t, &format!("@{}", r.name()));
        }
        s.serialize_str(&out)
    }
}

impl<'de> Deserialize<'de> for ManaPool {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ManaPool, D::Error> {
        let text = String::deserialize(d)?;
        ManaPool::parse_counted(&text).map_err(serde::de::Error::custom)
    }
}

impl ManaPool {
    /// Parses `"{G}{G}{C}"`; `""` is the empty pool. Only the six type symbols are allowed.
    pub fn parse(s: &str) -> Result<ManaPool, ManaParseError> {
        let mut pool = ManaPool::default();
        for sym in symbols(s)? {
            let t = ManaType::parse_symbol(sym)
                .ok_or_else(|| ManaParseError::UnknownSymbol(sym.to_string()))?;
            pool.add(t, 1);
        }
        Ok(pool)
    }

    /// Like `parse`, also accepting `N*{G}` groups (the serialized form of large amounts) and
    /// `@restriction` after a symbol (restricted mana).
    fn parse_counted(s: &str) -> Result<ManaPool, ManaParseError> {
        let mut pool = ManaPool::default();
        let mut rest = s.trim();
        while !rest.is_empty() {
            let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
            let mut n = 1u32;
            if digits > 0 {
                n = rest.get(..digits).unwrap_or("").parse().map_err(|_| ManaParseError::TooLarge(s.to_string()))?;
                rest = rest.get(digits..).unwrap_or("").strip_prefix('*').ok_or_else(|| ManaParseError::Malformed(s.to_string()))?;
            }
            let end = rest.find('}').ok_or_else(|| ManaParseError::Malformed(s.to_string()))?;
            let sym = rest.get(..=end).unwrap_or("");
            let t = ManaType::parse_symbol(sym).ok_or_else(|| ManaParseError::UnknownSymbol(sym.to_string()))?;
            if !sym.starts_with('{') {
                return Err(ManaParseError::Malformed(s.to_string()));
            }
            rest = rest.get(end + 1..).unwrap_or("");
            if let Some(after) = rest.strip_prefix('@') {
                let len = after.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').count();
                let name = after.get(..len).unwrap_or("");
                let r = SpendRestriction::from_name(name)
                    .ok_or_else(|| ManaParseError::UnknownSymbol(format!("@{name}")))?;
                pool.add_restricted(t, r, n);
                rest = after.get(len..).unwrap_or("");
            } else {
                pool.add(t, n);
            }
            rest = rest.trim_start();
        }
        Ok(pool)
    }

    pub fn single(t: ManaType) -> ManaPool {
        let mut p = ManaPool::default();
        p.add(t, 1);
        p
    }

    /// Symbols in W U B R G C order, e.g. `"{G}{G}{C}"` (restricted mana included).
    pub fn to_symbols(&self) -> String {
        let mut s = String::new();
        for t in ManaType::ALL {
            for _ in 0..self.amount(t) {
                s.push_str(t.symbol());
            }
        }
        s
    }

    /// All mana, restricted or not.
    pub fn total(&self) -> u32 {
        let free = self.counts.iter().fold(0u32, |a, b| a.saturating_add(*b));
        self.restricted.values().fold(free, |a, b| a.saturating_add(*b))
    }

    /// Mana of type `t`, restricted or not (a restriction doesn't change the type, CR 106.6).
    pub fn amount(&self, t: ManaType) -> u32 {
        self.restricted
            .iter()
            .filter(|((_, rt), _)| *rt == t)
            .fold(self.unrestricted_amount(t), |a, (_, n)| a.saturating_add(*n))
    }

    /// Unrestricted mana of type `t`.
    pub fn unrestricted_amount(&self, t: ManaType) -> u32 {
        self.counts.get(t.index()).copied().unwrap_or(0)
    }

    /// Mana of type `t` carrying restriction `r`.
    pub fn restricted_amount(&self, t: ManaType, r: SpendRestriction) -> u32 {
        self.restricted.get(&(r, t)).copied().unwrap_or(0)
    }

    /// Whether any mana in the pool is restricted.
    pub fn has_restricted(&self) -> bool {
        !self.restricted.is_empty()
    }

    /// Adds `n` mana of type `t` that can be spent only as `r` allows.
    pub fn add_restricted(&mut self, t: ManaType, r: SpendRestriction, n: u32) {
        if n == 0 {
            return;
        }
        let c = self.restricted.entry((r, t)).or_insert(0);
        *c = c.saturating_add(n);
    }

    /// The same mana, all of it restricted by `r`: what an ability with a spending restriction
    /// produces, however much a replacement effect made it (CR 106.6a).
    pub fn with_restriction(&self, r: SpendRestriction) -> ManaPool {
        let mut out = ManaPool::default();
        for t in ManaType::ALL {
            out.add_restricted(t, r, self.amount(t));
        }
        out
    }

    /// The same amounts by type, without restrictions.
    pub fn by_type(&self) -> ManaPool {
        let mut out = ManaPool::default();
        for t in ManaType::ALL {
            out.set(t, self.amount(t));
        }
        out
    }

    /// The mana that may be spent for `purpose`, as unrestricted mana by type.
    pub fn available(&self, purpose: SpendPurpose) -> ManaPool {
        let mut out = ManaPool { counts: self.counts, restricted: BTreeMap::new() };
        for ((r, t), n) in &self.restricted {
            if r.allows(purpose) {
                out.add(*t, *n);
            }
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    pub fn add(&mut self, t: ManaType, n: u32) {
        if let Some(c) = self.counts.get_mut(t.index()) {
            *c = c.saturating_add(n);
        }
    }

    /// Adds all of `other`, keeping its restrictions.
    pub fn add_pool(&mut self, other: &ManaPool) {
        for t in ManaType::ALL {
            self.add(t, other.unrestricted_amount(t));
        }
        for ((r, t), n) in &other.restricted {
            self.add_restricted(*t, *r, *n);
        }
    }

    fn set(&mut self, t: ManaType, n: u32) {
        if let Some(c) = self.counts.get_mut(t.index()) {
            *c = n;
        }
    }

    /// Whether `other` is a sub-multiset of `self`, entry by entry: restricted mana is matched
    /// only by mana with the same type and restriction.
    pub fn contains(&self, other: &ManaPool) -> bool {
        self.minus(other).is_some()
    }

    /// `self - other` entry by entry, or `None` if `other` is not contained in `self`.
    pub fn minus(&self, other: &ManaPool) -> Option<ManaPool> {
        let mut out = self.clone();
        for t in ManaType::ALL {
            out.set(t, self.unrestricted_amount(t).checked_sub(other.unrestricted_amount(t))?);
        }
        for (key, n) in &other.restricted {
            let left = out.restricted.get(key).copied().unwrap_or(0).checked_sub(*n)?;
            if left == 0 {
                out.restricted.remove(key);
            } else {
                out.restricted.insert(*key, left);
            }
        }
        Some(out)
    }

    /// The types present (amount > 0).
    pub fn types(&self) -> BTreeSet<ManaType> {
        ManaType::ALL.iter().copied().filter(|t| self.amount(*t) > 0).collect()
    }

    /// Every amount multiplied by `k` (saturating), restrictions kept (CR 106.6a).
    pub fn times(&self, k: u32) -> ManaPool {
        let mut out = ManaPool::default();
        for t in ManaType::ALL {
            out.set(t, self.unrestricted_amount(t).saturating_mul(k));
        }
        for ((r, t), n) in &self.restricted {
            out.add_restricted(*t, *r, n.saturating_mul(k));
        }
        out
    }

    /// Takes up to `n` mana of type `t` that may be spent for `purpose`, restricted mana first
    /// (it is the less useful mana to keep); moves it into `spent` and returns how much.
    fn take(&mut self, t: ManaType, n: u32, purpose: SpendPurpose, spent: &mut ManaPool) -> u32 {
        let mut need = n;
        for r in SpendRestriction::ALL {
            if need == 0 || !r.allows(purpose) {
                continue;
            }
            let have = self.restricted_amount(t, r);
            let k = need.min(have);
            if k > 0 {
                if have == k {
                    self.restricted.remove(&(r, t));
                } else {
                    self.restricted.insert((r, t), have.saturating_sub(k));
                }
                spent.add_restricted(t, r, k);
                need = need.saturating_sub(k);
            }
        }
        let k = need.min(self.unrestricted_amount(t));
        if k > 0 {
            self.set(t, self.unrestricted_amount(t).saturating_sub(k));
            spent.add(t, k);
            need = need.saturating_sub(k);
        }
        n.saturating_sub(need)
    }
}

/// A mana cost (CR 107.4, 202.1): generic amount, specific symbols ({C} included), how many
/// {X} it has, and its hybrid and Phyrexian symbols.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ManaCost {
    pub generic: u32,
    pub colored: Vec<ManaType>,
    pub x: u32,
    /// Hybrid symbols ("{G/W}", CR 107.4e): each paid with one mana of either of its types.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hybrid: Vec<(ManaType, ManaType)>,
    /// Phyrexian symbols ("{W/P}", CR 107.4f): each paid with one mana of its color or 2 life.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phyrexian: Vec<ManaType>,
}

/// The most hybrid and Phyrexian symbols one payment search tries every way of paying (each
/// has two ways): no card has more than a few.
const MAX_CHOICE_SYMBOLS: usize = 10;

/// Why a payment is impossible (mapped to the `cost` rejection class).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PayError {
    NotEnoughMana,
    PaymentMismatch,
}

impl ManaCost {
    pub fn parse(s: &str) -> Result<ManaCost, ManaParseError> {
        let mut cost = ManaCost::default();
        for sym in symbols(s)? {
            if sym.eq_ignore_ascii_case("X") {
                cost.x = cost.x.saturating_add(1);
            } else if let Some(t) = ManaType::parse_symbol(sym) {
                cost.colored.push(t);
            } else if let Some((a, b)) = sym.split_once('/') {
                // CR 107.4e-f: "{G/W}" (hybrid), "{W/P}" (Phyrexian).
                let first = ManaType::parse_symbol(a).filter(|t| t.is_color());
                let second = ManaType::parse_symbol(b).filter(|t| t.is_color());
                match (first, second, b.trim().eq_ignore_ascii_case("P")) {
                    (Some(t), _, true) => cost.phyrexian.push(t),
                    (Some(t), Some(u), false) if t != u => cost.hybrid.push((t, u)),
                    _ => return Err(ManaParseError::UnknownSymbol(sym.to_string())),
                }
            } else if !sym.is_empty() && sym.chars().all(|c| c.is_ascii_digit()) {
                let n: u32 = sym
                    .parse()
                    .map_err(|_| ManaParseError::TooLarge(s.to_string()))?;
                cost.generic = cost.generic.saturating_add(n);
            } else {
                return Err(ManaParseError::UnknownSymbol(sym.to_string()));
            }
        }
        Ok(cost)
    }

    /// Printed form, X first then generic then symbols in W U B R G C order ("{X}{1}{G}").
    pub fn to_symbols(&self) -> String {
        let mut s = String::new();
        for _ in 0..self.x {
            s.push_str("{X}");
        }
        if self.generic > 0 {
            s.push_str(&format!("{{{}}}", self.generic));
        }
        let mut colored = self.colored.clone();
        colored.sort();
        for t in colored {
            s.push_str(t.symbol());
        }
        for (a, b) in &self.hybrid {
            s.push_str(&format!("{{{}/{}}}", a.letter(), b.letter()));
        }
        for t in &self.phyrexian {
            s.push_str(&format!("{{{}/P}}", t.letter()));
        }
        // A mana cost of {0} is printed as such (CR 202.1: unlike no mana cost at all).
        if s.is_empty() {
            s.push_str("{0}");
        }
        s
    }

    /// Mana value (CR 202.3) with X = `x` (0 everywhere but on the stack, CR 202.3e, 107.3g).
    /// This cost with `other` added to it (CR 601.2f: an additional cost such as kicker).
    pub fn plus(&self, other: &ManaCost) -> ManaCost {
        let mut out = self.clone();
        out.generic = out.generic.saturating_add(other.generic);
        out.colored.extend(other.colored.iter().copied());
        out.x = out.x.saturating_add(other.x);
        out.hybrid.extend(other.hybrid.iter().copied());
        out.phyrexian.extend(other.phyrexian.iter().copied());
        out
    }

    pub fn mana_value(&self, x: u32) -> u32 {
        // CR 202.3f-g: a two-color hybrid or a Phyrexian symbol counts 1.
        let symbols = self.colored.len().saturating_add(self.hybrid.len()).saturating_add(self.phyrexian.len());
        let colored = u32::try_from(symbols).unwrap_or(u32::MAX);
        self.generic
            .saturating_add(colored)
            .saturating_add(self.x.saturating_mul(x))
    }

    /// Colors of the cost's symbols (CR 202.2).
    pub fn colors(&self) -> BTreeSet<ManaType> {
        // CR 107.4e-f: a hybrid symbol is both its colors, a Phyrexian symbol its color.
        let hybrid = self.hybrid.iter().flat_map(|(a, b)| [*a, *b]);
        self.colored.iter().copied().chain(hybrid).chain(self.phyrexian.iter().copied()).filter(|t| t.is_color()).collect()
    }

    /// Total generic part including X (CR 107.3a: X is generic mana once announced).
    fn generic_with_x(&self, x: u32) -> Option<u32> {
        self.generic.checked_add(self.x.checked_mul(x)?)
    }

    /// Decides which mana from `pool` pays this cost with X = `x` when spent for `purpose`
    /// (CR 601.2h, 106.6), returning exactly the pool entries spent. Restricted mana pays only
    /// where its restriction allows, and is used before unrestricted mana of the same type.
    /// With `payment` given (types only), exactly that mana is spent; otherwise a deterministic
    /// choice: each specific symbol from its own type; generic from allowed restricted mana
    /// first, then {C}, then W U B R G.
    pub fn payment_from(
        &self,
        pool: &ManaPool,
        x: u32,
        payment: Option<&ManaPool>,
        purpose: SpendPurpose,
    ) -> Result<ManaPool, PayError> {
        self.payment_with_life(pool, x, payment, purpose).map(|(spent, _)| spent)
    }

    /// `payment_from`, with the life paid for Phyrexian symbols (2 each, CR 107.4f). Every way
    /// of paying the hybrid and Phyrexian symbols is tried, in a fixed order (a hybrid symbol's
    /// first type first, mana before life, so the least life first), and the first the pool (or
    /// `payment`, exactly) pays is taken: CR 107.4e's "{G/W}{G/W} can be paid by spending
    /// {G}{G}, {G}{W}, or {W}{W}", 107.4f's "{W/P}{W/P} ... by spending {W}{W}, by spending {W}
    /// and paying 2 life, or by paying 4 life".
    pub fn payment_with_life(
        &self,
        pool: &ManaPool,
        x: u32,
        payment: Option<&ManaPool>,
        purpose: SpendPurpose,
    ) -> Result<(ManaPool, u32), PayError> {
        let generic = self.generic_with_x(x).ok_or(PayError::NotEnoughMana)?;
        let (h, p) = (self.hybrid.len(), self.phyrexian.len());
        if h.saturating_add(p) > MAX_CHOICE_SYMBOLS {
            return Err(PayError::NotEnoughMana);
        }
        // Ways ordered by the number of Phyrexian symbols paid with life, then by choice bits.
        let mut ways: Vec<u32> = (0..1u32 << (h + p)).collect();
        ways.sort_by_key(|w| ((w >> h).count_ones(), *w));
        let mut first_error = PayError::NotEnoughMana;
        for (i, w) in ways.iter().enumerate() {
            let mut specific = ManaPool::default();
            for t in &self.colored {
                specific.add(*t, 1);
            }
            for (k, (a, b)) in self.hybrid.iter().enumerate() {
                specific.add(hybrid_half(*w, k, *a, *b), 1);
            }
            let mut life = 0u32;
            for (k, t) in self.phyrexian.iter().enumerate() {
                if w & (1 << (h + k)) == 0 {
                    specific.add(*t, 1);
                } else {
                    life = life.saturating_add(2);
                }
            }
            match Self::pay_specific(&specific, generic, pool, payment, purpose) {
                Ok(spent) => return Ok((spent, life)),
                Err(e) if i == 0 => first_error = e,
                Err(_) => {}
            }
        }
        Err(first_error)
    }

    /// Pays `specific` (each symbol with its own type) and `generic` from `pool`.
    fn pay_specific(
        specific: &ManaPool,
        generic: u32,
        pool: &ManaPool,
        payment: Option<&ManaPool>,
        purpose: SpendPurpose,
    ) -> Result<ManaPool, PayError> {
        let mut left = pool.clone();
        let mut spent = ManaPool::default();
        if let Some(pay) = payment {
            // A payment names types only; which pool entries pay is decided here.
            let pay = &pay.by_type();
            if !pool.available(purpose).contains(pay) {
                return Err(PayError::NotEnoughMana);
            }
            let rest = pay.minus(specific).ok_or(PayError::PaymentMismatch)?;
            if rest.total() != generic {
                return Err(PayError::PaymentMismatch);
            }
            for t in ManaType::ALL {
                let n = pay.amount(t);
                if left.take(t, n, purpose, &mut spent) != n {
                    return Err(PayError::NotEnoughMana);
                }
            }
            return Ok(spent);
        }
        for t in ManaType::ALL {
            let n = specific.amount(t);
            if left.take(t, n, purpose, &mut spent) != n {
                return Err(PayError::NotEnoughMana);
            }
        }
        let mut need = generic;
        let restricted: Vec<(SpendRestriction, ManaType)> = left
            .restricted
            .keys()
            .copied()
            .filter(|(r, _)| r.allows(purpose))
            .collect();
        for (_, t) in restricted {
            let k = left.take(t, need, purpose, &mut spent);
            need = need.saturating_sub(k);
        }
        let order = [
            ManaType::Colorless,
            ManaType::White,
            ManaType::Blue,
            ManaType::Black,
            ManaType::Red,
            ManaType::Green,
        ];
        for t in order {
            let k = left.take(t, need, purpose, &mut spent);
            need = need.saturating_sub(k);
        }
        if need > 0 {
            return Err(PayError::NotEnoughMana);
        }
        Ok(spent)
    }
}

/// The half of the `k`-th hybrid symbol that payment way `w` pays it with: its first type when
/// bit `k` of `w` is clear (CR 107.4e: either half pays it).
fn hybrid_half(w: u32, k: usize, a: ManaType, b: ManaType) -> ManaType {
    if w & (1 << k) == 0 {
        a
    } else {
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pool_parse_and_print() {
        let p = ManaPool::parse("{G}{C}{G}{W}").unwrap();
        assert_eq!(p.to_symbols(), "{W}{G}{G}{C}");
        assert_eq!(p.total(), 4);
        assert_eq!(p.amount(ManaType::Green), 2);
        assert_eq!(ManaPool::parse("").unwrap(), ManaPool::default());
        assert!(ManaPool::parse("{2}").is_err());
        assert!(ManaPool::parse("{G").is_err());
        assert_eq!(ManaType::parse_symbol("G"), Some(ManaType::Green));
        assert_eq!(ManaType::parse_symbol("{u}"), Some(ManaType::Blue));
    }

    #[test]
    fn cost_parse_and_mana_value() {
        let c = ManaCost::parse("{X}{G}{G}{G}").unwrap();
        assert_eq!(c.x, 1);
        assert_eq!(c.mana_value(0), 3);
        assert_eq!(c.mana_value(4), 7);
        assert_eq!(c.to_symbols(), "{X}{G}{G}{G}");
        assert_eq!(ManaCost::parse("{10}{U}").unwrap().mana_value(0), 11);
        assert_eq!(ManaCost::parse("{X}{X}").unwrap().mana_value(2), 4);
    }

    #[test]
    fn auto_payment_prefers_colorless_for_generic() {
        let cost = ManaCost::parse("{1}{G}").unwrap();
        let pool = ManaPool::parse("{G}{G}{C}").unwrap();
        let spent = cost.payment_from(&pool, 0, None, SpendPurpose::Other).unwrap();
        assert_eq!(spent.to_symbols(), "{G}{C}");
        let pool = ManaPool::parse("{R}{G}{W}").unwrap();
        assert_eq!(cost.payment_from(&pool, 0, None, SpendPurpose::Other).unwrap().to_symbols(), "{W}{G}");
        assert_eq!(
            cost.payment_from(&ManaPool::parse("{R}{R}").unwrap(), 0, None, SpendPurpose::Other),
            Err(PayError::NotEnoughMana)
        );
    }

    #[test]
    fn explicit_payment_must_be_exact() {
        let cost = ManaCost::parse("{X}{R}").unwrap();
        let pool = ManaPool::parse("{R}{R}{G}").unwrap();
        let pay = ManaPool::parse("{R}{G}").unwrap();
        assert_eq!(cost.payment_from(&pool, 1, Some(&pay), SpendPurpose::Other).unwrap(), pay);
        assert_eq!(
            cost.payment_from(&pool, 2, Some(&pay), SpendPurpose::Other),
            Err(PayError::PaymentMismatch)
        );
        let wrong = ManaPool::parse("{G}{G}").unwrap();
        assert_eq!(
            cost.payment_from(&pool, 1, Some(&wrong), SpendPurpose::Other),
            Err(PayError::NotEnoughMana)
        );
        assert!(cost.payment_from(&pool, u32::MAX, None, SpendPurpose::Other).is_err());
    }

    #[test]
    fn hybrid_and_phyrexian_symbols() {
        // CR 107.4e Example: {G/W}{G/W} by {G}{G}, {G}{W} or {W}{W}, never anything else.
        let c = ManaCost::parse("{G/W}{G/W}").unwrap();
        assert_eq!(c.mana_value(0), 2);
        assert_eq!(c.to_symbols(), "{G/W}{G/W}");
        for pay in ["{G}{G}", "{G}{W}", "{W}{W}"] {
            let p = ManaPool::parse(pay).unwrap();
            assert_eq!(c.payment_with_life(&p, 0, Some(&p), SpendPurpose::Other), Ok((p.clone(), 0)), "{pay}");
        }
        let p = ManaPool::parse("{G}{U}").unwrap();
        assert!(c.payment_with_life(&p, 0, Some(&p), SpendPurpose::Other).is_err());
        // CR 107.4f Example: {W/P}{W/P} by {W}{W}, {W} and 2 life, or 4 life.
        let c = ManaCost::parse("{W/P}{W/P}").unwrap();
        assert_eq!(c.mana_value(0), 2);
        let pool = ManaPool::parse("{W}{W}").unwrap();
        for (pay, life) in [("{W}{W}", 0), ("{W}", 2), ("", 4)] {
            let p = ManaPool::parse(pay).unwrap();
            assert_eq!(c.payment_with_life(&pool, 0, Some(&p), SpendPurpose::Other), Ok((p.clone(), life)), "{pay}");
        }
        assert_eq!(c.payment_with_life(&ManaPool::parse("{W}").unwrap(), 0, None, SpendPurpose::Other).map(|(_, l)| l), Ok(2));
        assert!(ManaCost::parse("{C/P}").is_err());
        assert!(ManaCost::parse("{G/G}").is_err());
    }

    #[test]
    fn pool_serializes_as_symbols() {
        let p = ManaPool::parse("{G}{C}{G}").unwrap();
        assert_eq!(serde_json::to_string(&p).unwrap(), "\"{G}{G}{C}\"");
        let mut big = ManaPool::default();
        big.add(ManaType::Red, 1000);
        big.add(ManaType::Blue, 1);
        let json = serde_json::to_string(&big).unwrap();
        assert_eq!(json, "\"{U}1000*{R}\"");
        assert_eq!(serde_json::from_str::<ManaPool>(&json).unwrap(), big);
        assert!(serde_json::from_str::<ManaPool>("\"{Q}\"").is_err());
        assert!(serde_json::from_str::<ManaPool>("\"3*\"").is_err());
    }
}
