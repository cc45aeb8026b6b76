//! Observations a case expects (`{ expect = { ... } }`): a subject (an object, a player, the
//! stack, or a zone query) and the fields to compare, each an exact value or a pattern.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use super::lit::Lit;
use super::mana::Mana;
use super::names::{names, Color, Player, StackKind, Zone};

names! {
    /// A field of an object expectation.
    ObjectField, "object field" {
        Zone = "zone",
        Controller = "controller",
        Owner = "owner",
        Tapped = "tapped",
        Power = "power",
        Toughness = "toughness",
        Loyalty = "loyalty",
        Types = "types",
        Subtypes = "subtypes",
        Supertypes = "supertypes",
        Colors = "colors",
        Keywords = "keywords",
        Counters = "counters",
        ManaValue = "mana_value",
        Damage = "damage",
        AttachedTo = "attached_to",
        Commander = "commander",
        Name = "name",
        ColorIdentity = "color_identity",
        Revealed = "revealed",
    }
}

names! {
    /// A field of a player expectation.
    PlayerField, "player field" {
        Life = "life",
        ManaPool = "mana_pool",
        HandSize = "hand_size",
        LibrarySize = "library_size",
        Lost = "lost",
        Poison = "poison",
        Shuffles = "shuffles",
    }
}

names! {
    /// A field of an expected stack item.
    StackField, "stack item field" { Kind = "kind", Source = "source", Targets = "targets" }
}

/// What kind of string a text value is; checked when the case is loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextKind {
    /// Any string (names, types, keywords, counter kinds).
    Free,
    Player,
    Zone,
    /// A mana string of the six types.
    Mana,
    StackKind,
    /// A ref (non-empty).
    Ref,
    /// A ref, or `""` for none (`attached_to`).
    RefOrNone,
    /// A ref, or `"alice"`/`"bob"`.
    Target,
    /// A color letter.
    Color,
}

/// The type of a field's value, and so which patterns apply and how values compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Int,
    Bool,
    Text(TextKind),
    /// An ordered list of strings (`names`, `targets`).
    List(TextKind),
    /// A list compared as a set, order and repetition ignored (`types`, `keywords`, `colors`, ...).
    Set(TextKind),
    /// A table of counter kinds to numbers; kinds not named must be absent.
    Counters,
}

impl Shape {
    fn describe(self) -> &'static str {
        match self {
            Shape::Int => "an integer",
            Shape::Bool => "a boolean",
            Shape::Text(TextKind::Player) => "a player (`alice` or `bob`)",
            Shape::Text(TextKind::Zone) => "a zone name",
            Shape::Text(TextKind::Mana) => "a mana string such as \"{G}{C}\"",
            Shape::Text(TextKind::StackKind) => "`spell` or `ability`",
            Shape::Text(_) => "a string",
            Shape::List(_) | Shape::Set(_) => "an array of strings",
            Shape::Counters => "a table of counter kinds to numbers",
        }
    }

    fn is_list(self) -> bool {
        matches!(self, Shape::List(_) | Shape::Set(_))
    }

    fn element(self) -> TextKind {
        match self {
            Shape::List(k) | Shape::Set(k) | Shape::Text(k) => k,
            _ => TextKind::Free,
        }
    }
}

impl ObjectField {
    pub fn shape(self) -> Shape {
        use ObjectField::*;
        match self {
            Zone => Shape::Text(TextKind::Zone),
            Controller | Owner => Shape::Text(TextKind::Player),
            Tapped | Commander | Revealed => Shape::Bool,
            Power | Toughness | Loyalty | ManaValue | Damage => Shape::Int,
            Types | Subtypes | Supertypes | Keywords => Shape::Set(TextKind::Free),
            Colors | ColorIdentity => Shape::Set(TextKind::Color),
            Counters => Shape::Counters,
            AttachedTo => Shape::Text(TextKind::RefOrNone),
            Name => Shape::Text(TextKind::Free),
        }
    }
}

impl PlayerField {
    pub fn shape(self) -> Shape {
        match self {
            PlayerField::ManaPool => Shape::Text(TextKind::Mana),
            PlayerField::Lost => Shape::Bool,
            _ => Shape::Int,
        }
    }
}

impl StackField {
    pub fn shape(self) -> Shape {
        match self {
            StackField::Kind => Shape::Text(TextKind::StackKind),
            StackField::Source => Shape::Text(TextKind::Ref),
            StackField::Targets => Shape::List(TextKind::Target),
        }
    }
}

/// The shape of `names` in a zone query.
pub const NAMES_SHAPE: Shape = Shape::List(TextKind::Free);
/// The shape of `count` in a zone query.
pub const COUNT_SHAPE: Shape = Shape::Int;

/// A literal expected value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Text(String),
    List(Vec<String>),
    Counters(BTreeMap<String, i64>),
}

/// An expected value: exact, or one of the patterns of the format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Exactly this value (lists of `Set` shape compare as sets).
    Is(Value),
    /// `{ one_of = [...] }`: any one of these values.
    OneOf(Vec<Value>),
    /// `{ unordered = [...] }`: the same elements in any order.
    Unordered(Vec<String>),
    /// `{ contains = [...] }`: every element (for counters: every kind) is present.
    Contains(Vec<String>),
    /// `{ excludes = [...] }`: no element (for counters: no kind) is present.
    Excludes(Vec<String>),
    /// `{ at_least = n }`.
    AtLeast(i64),
    /// `{ at_most = n }`.
    AtMost(i64),
}

/// One compared field: the field and its expected value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check<F> {
    pub field: F,
    pub expected: Expected,
}

/// An expected stack item: only the named fields are compared.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct StackItemExpect {
    pub checks: Vec<Check<StackField>>,
}

/// A zone query: the objects in `zone` owned (or, on the battlefield, controlled) by a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneQuery {
    pub zone: Zone,
    pub owner: Option<Player>,
    pub controller: Option<Player>,
    /// The card names of the objects there (tokens included), in zone order unless `unordered`.
    pub names: Option<Expected>,
    pub count: Option<Expected>,
}

/// An `expect` step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// `{ object = "ref", field = value, ... }`
    Object {
        object: String,
        checks: Vec<Check<ObjectField>>,
    },
    /// `{ player = "alice", field = value, ... }`
    Player {
        player: Player,
        checks: Vec<Check<PlayerField>>,
    },
    /// `{ stack = [ { ... }, ... ] }`, top of the stack first; `[]` means empty.
    Stack { items: Vec<StackItemExpect> },
    /// `{ zone = "...", owner|controller = "...", names|count = ... }`
    Zone(ZoneQuery),
}

// ---- rendering --------------------------------------------------------------------------------

impl Value {
    pub(crate) fn to_lit(&self) -> Lit {
        match self {
            Value::Int(n) => Lit::Int(*n),
            Value::Bool(b) => Lit::Bool(*b),
            Value::Text(s) => Lit::str(s.clone()),
            Value::List(items) => Lit::strs(items.iter().cloned()),
            Value::Counters(map) => {
                Lit::Table(map.iter().map(|(k, v)| (k.clone(), Lit::Int(*v))).collect())
            }
        }
    }
}

impl Expected {
    pub(crate) fn to_lit(&self) -> Lit {
        let one = |key: &str, lit: Lit| Lit::Table(vec![(key.to_string(), lit)]);
        match self {
            Expected::Is(v) => v.to_lit(),
            Expected::OneOf(vs) => one("one_of", Lit::List(vs.iter().map(Value::to_lit).collect())),
            Expected::Unordered(xs) => one("unordered", Lit::strs(xs.iter().cloned())),
            Expected::Contains(xs) => one("contains", Lit::strs(xs.iter().cloned())),
            Expected::Excludes(xs) => one("excludes", Lit::strs(xs.iter().cloned())),
            Expected::AtLeast(n) => one("at_least", Lit::Int(*n)),
            Expected::AtMost(n) => one("at_most", Lit::Int(*n)),
        }
    }
}

impl StackItemExpect {
    pub(crate) fn to_lit(&self) -> Lit {
        Lit::Table(
            self.checks
                .iter()
                .map(|c| (c.field.as_str().to_string(), c.expected.to_lit()))
                .collect(),
        )
    }
}

impl Expect {
    pub(crate) fn to_lit(&self) -> Lit {
        let mut out = Vec::new();
        match self {
            Expect::Object { object, checks } => {
                out.push(("object".to_string(), Lit::str(object.clone())));
                out.extend(
                    checks
                        .iter()
                        .map(|c| (c.field.as_str().to_string(), c.expected.to_lit())),
                );
            }
            Expect::Player { player, checks } => {
                out.push(("player".to_string(), Lit::str(player.as_str())));
                out.extend(
                    checks
                        .iter()
                        .map(|c| (c.field.as_str().to_string(), c.expected.to_lit())),
                );
            }
            Expect::Stack { items } => {
                out.push((
                    "stack".to_string(),
                    Lit::List(items.iter().map(StackItemExpect::to_lit).collect()),
                ));
            }
            Expect::Zone(q) => {
                out.push(("zone".to_string(), Lit::str(q.zone.as_str())));
                if let Some(p) = q.owner {
                    out.push(("owner".to_string(), Lit::str(p.as_str())));
                }
                if let Some(p) = q.controller {
                    out.push(("controller".to_string(), Lit::str(p.as_str())));
                }
                if let Some(e) = &q.names {
                    out.push(("names".to_string(), e.to_lit()));
                }
                if let Some(e) = &q.count {
                    out.push(("count".to_string(), e.to_lit()));
                }
            }
        }
        Lit::Table(out)
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_lit().fmt(f)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_lit().fmt(f)
    }
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_lit().fmt(f)
    }
}

impl Serialize for Expect {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_lit().serialize(s)
    }
}

// ---- reading ----------------------------------------------------------------------------------

/// Reads a key and rejects any not in `allowed`, so the error carries the key's position.
pub(crate) struct KeySeed {
    pub allowed: &'static [&'static str],
    pub what: &'static str,
}

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = &'static str;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<&'static str, D::Error> {
        let key = String::deserialize(d)?;
        match self.allowed.iter().find(|a| **a == key) {
            Some(a) => Ok(a),
            None => {
                let all: Vec<String> = self.allowed.iter().map(|a| format!("`{a}`")).collect();
                Err(de::Error::custom(format!(
                    "unknown key `{key}` in {}, expected one of {}",
                    self.what,
                    all.join(", ")
                )))
            }
        }
    }
}

fn check_text<E: de::Error>(kind: TextKind, s: &str) -> Result<(), E> {
    let problem = match kind {
        TextKind::Free | TextKind::RefOrNone => None,
        TextKind::Player => Player::parse(s).is_none().then(|| Player::unknown(s)),
        TextKind::Zone => Zone::parse(s).is_none().then(|| Zone::unknown(s)),
        TextKind::StackKind => StackKind::parse(s).is_none().then(|| StackKind::unknown(s)),
        TextKind::Color => Color::parse(s).is_none().then(|| Color::unknown(s)),
        TextKind::Mana => Mana::parse(s).err().map(|e| e.to_string()),
        TextKind::Ref | TextKind::Target => {
            s.is_empty().then(|| "a ref can't be empty".to_string())
        }
    };
    match problem {
        Some(msg) => Err(E::custom(msg)),
        None => Ok(()),
    }
}

/// A string of a given kind.
pub(crate) struct TextSeed(pub TextKind);

impl<'de> DeserializeSeed<'de> for TextSeed {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        let s = String::deserialize(d)?;
        check_text(self.0, &s)?;
        Ok(s)
    }
}

/// An array of strings of a given kind.
struct TextListSeed(TextKind);

impl<'de> DeserializeSeed<'de> for TextListSeed {
    type Value = Vec<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<String>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for TextListSeed {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of strings")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let mut out = Vec::new();
        while let Some(s) = seq.next_element_seed(TextSeed(self.0))? {
            out.push(s);
        }
        Ok(out)
    }
}

/// An array of values of one shape (the operand of `one_of`).
struct ValueListSeed(Shape);

impl<'de> DeserializeSeed<'de> for ValueListSeed {
    type Value = Vec<Value>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Value>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ValueListSeed {
    type Value = Vec<Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an array of {}", self.0.describe())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Value>, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(ExpectedSeed {
            shape: self.0,
            pattern: false,
        })? {
            if let Expected::Is(v) = v {
                out.push(v);
            }
        }
        Ok(out)
    }
}

const PATTERNS: &[&str] = &[
    "one_of",
    "unordered",
    "contains",
    "excludes",
    "at_least",
    "at_most",
];

/// A value of a shape, or (when `pattern`) a pattern over it.
pub(crate) struct ExpectedSeed {
    pub shape: Shape,
    pub pattern: bool,
}

impl<'de> DeserializeSeed<'de> for ExpectedSeed {
    type Value = Expected;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Expected, D::Error> {
        d.deserialize_any(self)
    }
}

impl ExpectedSeed {
    fn wrong<E: de::Error>(&self, found: &str) -> E {
        E::custom(format!("expected {}, found {found}", self.shape.describe()))
    }
}

impl<'de> Visitor<'de> for ExpectedSeed {
    type Value = Expected;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.shape.describe())?;
        if self.pattern {
            f.write_str(" or a pattern")?;
        }
        Ok(())
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Expected, E> {
        match self.shape {
            Shape::Bool => Ok(Expected::Is(Value::Bool(v))),
            _ => Err(self.wrong("a boolean")),
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Expected, E> {
        match self.shape {
            Shape::Int => Ok(Expected::Is(Value::Int(v))),
            _ => Err(self.wrong("an integer")),
        }
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Expected, E> {
        match i64::try_from(v) {
            Ok(v) => self.visit_i64(v),
            Err(_) => Err(E::custom("integer out of range")),
        }
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Expected, E> {
        Err(self.wrong("a float"))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Expected, E> {
        match self.shape {
            Shape::Text(kind) => {
                check_text(kind, v)?;
                Ok(Expected::Is(Value::Text(v.to_string())))
            }
            _ => Err(self.wrong("a string")),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Expected, A::Error> {
        if !self.shape.is_list() {
            return Err(self.wrong("an array"));
        }
        let mut out = Vec::new();
        while let Some(s) = seq.next_element_seed(TextSeed(self.shape.element()))? {
            out.push(s);
        }
        Ok(Expected::Is(Value::List(out)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Expected, A::Error> {
        let Some(first) = map.next_key::<String>()? else {
            return match self.shape {
                Shape::Counters => Ok(Expected::Is(Value::Counters(BTreeMap::new()))),
                _ => Err(self.wrong("an empty table")),
            };
        };
        if self.pattern && PATTERNS.contains(&first.as_str()) {
            let expected = match (first.as_str(), self.shape) {
                ("one_of", shape) => {
                    let values = map.next_value_seed(ValueListSeed(shape))?;
                    if values.is_empty() {
                        return Err(de::Error::custom("`one_of` needs at least one value"));
                    }
                    Expected::OneOf(values)
                }
                ("unordered", shape) if shape.is_list() => {
                    Expected::Unordered(map.next_value_seed(TextListSeed(shape.element()))?)
                }
                ("contains", shape) if shape.is_list() || shape == Shape::Counters => {
                    Expected::Contains(map.next_value_seed(TextListSeed(shape.element()))?)
                }
                ("excludes", shape) if shape.is_list() || shape == Shape::Counters => {
                    Expected::Excludes(map.next_value_seed(TextListSeed(shape.element()))?)
                }
                ("at_least", Shape::Int) => Expected::AtLeast(map.next_value()?),
                ("at_most", Shape::Int) => Expected::AtMost(map.next_value()?),
                (pattern, shape) => {
                    return Err(de::Error::custom(format!(
                        "pattern `{pattern}` does not apply to {}",
                        shape.describe()
                    )))
                }
            };
            if let Some(extra) = map.next_key::<String>()? {
                return Err(de::Error::custom(format!(
                    "a pattern is a table with exactly one key (`{first}`); found `{extra}` too"
                )));
            }
            return Ok(expected);
        }
        if self.shape == Shape::Counters {
            let mut counters = BTreeMap::new();
            counters.insert(first, map.next_value::<i64>()?);
            while let Some((kind, n)) = map.next_entry::<String, i64>()? {
                counters.insert(kind, n);
            }
            return Ok(Expected::Is(Value::Counters(counters)));
        }
        if self.pattern {
            let all: Vec<String> = PATTERNS.iter().map(|p| format!("`{p}`")).collect();
            return Err(de::Error::custom(format!(
                "unknown pattern `{first}`, expected one of {}",
                all.join(", ")
            )));
        }
        Err(self.wrong("a table"))
    }
}

impl<'de> Deserialize<'de> for StackItemExpect {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = StackItemExpect;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a stack item table such as { kind = \"ability\", source = \"giant\" }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<StackItemExpect, A::Error> {
                const KEYS: &[&str] = &["kind", "source", "targets"];
                let mut checks = Vec::new();
                while let Some(key) = map.next_key_seed(KeySeed {
                    allowed: KEYS,
                    what: "a stack item",
                })? {
                    let field = StackField::parse(key)
                        .ok_or_else(|| de::Error::custom("unreachable key"))?;
                    let expected = map.next_value_seed(ExpectedSeed {
                        shape: field.shape(),
                        pattern: true,
                    })?;
                    checks.push(Check { field, expected });
                }
                Ok(StackItemExpect { checks })
            }
        }
        d.deserialize_map(V)
    }
}

impl Serialize for StackItemExpect {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_lit().serialize(s)
    }
}

const EXPECT_KEYS: &[&str] = &[
    "object",
    "player",
    "stack",
    "zone",
    "owner",
    "controller",
    "names",
    "count",
    "tapped",
    "power",
    "toughness",
    "loyalty",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "keywords",
    "counters",
    "mana_value",
    "damage",
    "attached_to",
    "commander",
    "name",
    "color_identity",
    "revealed",
    "life",
    "mana_pool",
    "hand_size",
    "library_size",
    "lost",
    "poison",
    "shuffles",
];

fn key_shape(key: &str) -> Shape {
    if let Some(f) = ObjectField::parse(key) {
        return f.shape();
    }
    if let Some(f) = PlayerField::parse(key) {
        return f.shape();
    }
    match key {
        "names" => NAMES_SHAPE,
        _ => COUNT_SHAPE,
    }
}

fn the_player<E: de::Error>(key: &str, e: &Expected) -> Result<Player, E> {
    match e {
        Expected::Is(Value::Text(s)) => {
            Player::parse(s).ok_or_else(|| E::custom(Player::unknown(s)))
        }
        _ => Err(E::custom(format!(
            "in a zone query, `{key}` is a player, not a pattern"
        ))),
    }
}

fn build_expect<E: de::Error>(
    object: Option<String>,
    player: Option<Player>,
    stack: Option<Vec<StackItemExpect>>,
    rest: Vec<(&'static str, Expected)>,
) -> Result<Expect, E> {
    let subjects = object.is_some() as usize + player.is_some() as usize + stack.is_some() as usize;
    if subjects > 1 {
        return Err(E::custom(
            "an expectation has one subject: `object`, `player` or `stack`, not several",
        ));
    }
    if let Some(object) = object {
        let mut checks = Vec::new();
        for (key, expected) in rest {
            let field = ObjectField::parse(key).ok_or_else(|| {
                E::custom(format!(
                    "`{key}` is not a field of an object ({})",
                    ObjectField::unknown(key)
                ))
            })?;
            checks.push(Check { field, expected });
        }
        return Ok(Expect::Object { object, checks });
    }
    if let Some(player) = player {
        let mut checks = Vec::new();
        for (key, expected) in rest {
            let field = PlayerField::parse(key).ok_or_else(|| {
                E::custom(format!(
                    "`{key}` is not a field of a player ({})",
                    PlayerField::unknown(key)
                ))
            })?;
            checks.push(Check { field, expected });
        }
        return Ok(Expect::Player { player, checks });
    }
    if let Some(items) = stack {
        if let Some((key, _)) = rest.first() {
            return Err(E::custom(format!(
                "a stack expectation has no other keys; found `{key}`"
            )));
        }
        return Ok(Expect::Stack { items });
    }
    if !rest.iter().any(|(key, _)| *key == "zone") {
        return Err(E::custom(
            "an expectation needs a subject: `object`, `player`, `stack` or `zone`",
        ));
    }
    let mut zone = None;
    let mut query = ZoneQuery {
        zone: Zone::Battlefield,
        owner: None,
        controller: None,
        names: None,
        count: None,
    };
    for (key, expected) in rest {
        match key {
            "zone" => match &expected {
                Expected::Is(Value::Text(s)) => zone = Zone::parse(s),
                _ => return Err(E::custom("in a zone query, `zone` is a zone name, not a pattern")),
            },
            "owner" => query.owner = Some(the_player(key, &expected)?),
            "controller" => query.controller = Some(the_player(key, &expected)?),
            "names" => query.names = Some(expected),
            "count" => query.count = Some(expected),
            other => {
                return Err(E::custom(format!(
                    "`{other}` is not part of a zone query (`zone`, `owner`, `controller`, `names`, `count`)"
                )))
            }
        }
    }
    let Some(zone) = zone else {
        return Err(E::custom(
            "an expectation needs a subject: `object`, `player`, `stack` or `zone`",
        ));
    };
    if query.names.is_none() && query.count.is_none() {
        return Err(E::custom("a zone query needs `names` or `count`"));
    }
    query.zone = zone;
    Ok(Expect::Zone(query))
}

impl<'de> Deserialize<'de> for Expect {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Expect;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an expectation table such as { object = \"ref\", power = 3 }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Expect, A::Error> {
                let (mut object, mut player, mut stack, mut rest) = (None, None, None, Vec::new());
                while let Some(key) = map.next_key_seed(KeySeed {
                    allowed: EXPECT_KEYS,
                    what: "an expectation",
                })? {
                    match key {
                        "object" => object = Some(map.next_value_seed(TextSeed(TextKind::Ref))?),
                        "player" => player = Some(map.next_value::<Player>()?),
                        "stack" => stack = Some(map.next_value::<Vec<StackItemExpect>>()?),
                        key => {
                            let seed = ExpectedSeed {
                                shape: key_shape(key),
                                pattern: true,
                            };
                            rest.push((key, map.next_value_seed(seed)?));
                        }
                    }
                }
                build_expect(object, player, stack, rest)
            }
        }
        d.deserialize_map(V)
    }
}
