//! The steps of a case: actions (`do = ...`) and observations (`expect = ...`).

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use super::expect::{Expect, KeySeed, TextKind, TextSeed};
use super::lit::Lit;
use super::mana::Mana;
use super::names::{Color, Player, RejectionClass, TurnStep, VerbName};

/// One element of a case's `step` array.
// Actions are bigger than expectations; a case has a handful of steps, so they stay unboxed
// for the adapters' convenience.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Action(Action),
    Expect(Expect),
}

/// An action: a verb with its keys, and the keys common to every verb.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub verb: Verb,
    /// The player taking the action; `None`: the player with priority.
    pub by: Option<Player>,
    /// The value announced for X (CR 107.3a).
    pub x: Option<u32>,
    pub targets: Vec<Target>,
    /// The mana an "any color/type" or "choose a color" effect adds. For `do = "choose"` this
    /// key is read into [`Choice::mana`] instead.
    pub mana: Option<Mana>,
    /// The exact mana spent from the pool. For `do = "choose"`, `pay` is [`Choice::pay`].
    pub pay: Option<Mana>,
    /// Refs, in the order their replacement effects apply (CR 616.1).
    pub order: Vec<String>,
    /// Choices made while the spell or ability resolves; for `do = "choose"`, the choice itself.
    pub choose: Option<Choice>,
    /// `Some`: the engine must reject this action and leave the game unchanged.
    pub expect_illegal: Option<Illegal>,
    /// Targets of triggered abilities put on the stack right after this action (CR 603.3d),
    /// by the ref of the trigger's source.
    pub triggers: BTreeMap<String, Vec<Target>>,
    /// Refs of the sources of triggered abilities put on the stack right after this action, in
    /// the order their controller puts them there, listed from the top of the stack down
    /// (CR 603.3b).
    pub trigger_order: Vec<String>,
}

/// The verb of an action and the keys only it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verb {
    /// Activate ability number `ability` (1-based, activated abilities only, Oracle order) of `source`.
    Activate { source: String, ability: u32 },
    /// Cast the card with ref `card` from its zone.
    Cast { card: String },
    /// Play the land card with ref `card`.
    PlayLand { card: String },
    /// The player with priority passes once.
    Pass,
    /// All players pass until the top object of the stack resolves.
    Resolve,
    /// Players pass with an empty stack until step `to` begins (on `turn`'s turn, if given).
    Advance { to: TurnStep, turn: Option<Player> },
    /// Declare these attackers (each attacks the defending player).
    Attack { attackers: Vec<String> },
    /// Declare blockers (CR 509.1): each blocker's ref with the attackers it blocks (one, or
    /// several for a creature that can block additional creatures).
    Block { blockers: BTreeMap<String, Vec<String>> },
    /// Answer a pending choice; the answer is in [`Action::choose`].
    Choose,
}

impl Verb {
    pub fn name(&self) -> VerbName {
        match self {
            Verb::Activate { .. } => VerbName::Activate,
            Verb::Cast { .. } => VerbName::Cast,
            Verb::PlayLand { .. } => VerbName::PlayLand,
            Verb::Pass => VerbName::Pass,
            Verb::Resolve => VerbName::Resolve,
            Verb::Advance { .. } => VerbName::Advance,
            Verb::Attack { .. } => VerbName::Attack,
            Verb::Block { .. } => VerbName::Block,
            Verb::Choose => VerbName::Choose,
        }
    }
}

/// A target: a player, an object by ref, or an ability on the stack by the ref of its source.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Player(Player),
    Object(String),
    /// `{ ability = "ref" }`: the topmost activated or triggered ability on the stack whose
    /// source is the card `ref` (abilities have no ref of their own); with `kind`, the topmost
    /// of that kind.
    Ability { source: String, kind: Option<AbilityKind> },
}

/// Which kind of ability a `{ ability = "ref", kind = ... }` target means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbilityKind {
    Activated,
    Triggered,
}

impl AbilityKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AbilityKind::Activated => "activated",
            AbilityKind::Triggered => "triggered",
        }
    }

    pub fn parse(s: &str) -> Option<AbilityKind> {
        match s {
            "activated" => Some(AbilityKind::Activated),
            "triggered" => Some(AbilityKind::Triggered),
            _ => None,
        }
    }
}

impl Target {
    /// The player's name or the ref (of the object, or of the ability's source).
    pub fn as_str(&self) -> &str {
        match self {
            Target::Player(p) => p.as_str(),
            Target::Object(r) | Target::Ability { source: r, .. } => r,
        }
    }

    /// The ref this target names, if it names one.
    pub fn ref_name(&self) -> Option<&str> {
        match self {
            Target::Player(_) => None,
            Target::Object(r) | Target::Ability { source: r, .. } => Some(r),
        }
    }

    pub(crate) fn to_lit(&self) -> Lit {
        match self {
            Target::Ability { source, kind } => {
                let mut t = vec![("ability".into(), Lit::str(source.clone()))];
                if let Some(k) = kind {
                    t.push(("kind".into(), Lit::str(k.as_str())));
                }
                Lit::Table(t)
            }
            other => Lit::str(other.as_str().to_string()),
        }
    }
}

impl<'de> Deserialize<'de> for Target {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Target;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a ref, `alice`/`bob`, or `{ ability = \"ref\" }`")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Target, E> {
                if s.is_empty() {
                    return Err(E::custom("a ref can't be empty"));
                }
                Ok(match Player::parse(s) {
                    Some(p) => Target::Player(p),
                    None => Target::Object(s.to_string()),
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Target, A::Error> {
                let (mut source, mut kind): (Option<String>, Option<AbilityKind>) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "ability" if source.is_none() => source = Some(map.next_value_seed(TextSeed(TextKind::Ref))?),
                        "kind" if kind.is_none() => {
                            let k: String = map.next_value()?;
                            kind = Some(AbilityKind::parse(&k).ok_or_else(|| {
                                de::Error::custom(format!("unknown ability kind `{k}`, expected `activated` or `triggered`"))
                            })?);
                        }
                        "ability" | "kind" => return Err(de::Error::custom(format!("duplicate key `{key}`"))),
                        other => return Err(de::Error::unknown_field(other, &["ability", "kind"])),
                    }
                }
                let source = source.ok_or_else(|| de::Error::missing_field("ability"))?;
                Ok(Target::Ability { source, kind })
            }
        }
        d.deserialize_any(V)
    }
}

impl Serialize for Target {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Target::Ability { source, kind } => {
                use serde::ser::SerializeMap;
                let mut m = s.serialize_map(None)?;
                m.serialize_entry("ability", source)?;
                if let Some(k) = kind {
                    m.serialize_entry("kind", k.as_str())?;
                }
                m.end()
            }
            other => s.serialize_str(other.as_str()),
        }
    }
}

/// `choose.kicked`: `true`/`false` (the card's kicker cost, its first if it has several), or
/// the kicker costs paid, numbered from 1 in printed order (CR 702.33a-b).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Kicked {
    Paid(bool),
    Costs(Vec<u32>),
}

impl Kicked {
    /// The kicker costs paid, 0-based; `None` if a number is 0.
    pub fn costs(&self) -> Option<Vec<usize>> {
        match self {
            Kicked::Paid(true) => Some(vec![0]),
            Kicked::Paid(false) => Some(Vec::new()),
            Kicked::Costs(c) => c.iter().map(|n| usize::try_from(*n).ok().and_then(|n| n.checked_sub(1))).collect(),
        }
    }
}

/// What one creature tapped for convoke pays (CR 702.51a): `"{1}"`, one generic mana of the
/// total cost, or one mana of one of its colors, `"{G}"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
pub enum ConvokePays {
    #[serde(rename = "{1}")]
    Generic,
    #[serde(rename = "{W}")]
    W,
    #[serde(rename = "{U}")]
    U,
    #[serde(rename = "{B}")]
    B,
    #[serde(rename = "{R}")]
    R,
    #[serde(rename = "{G}")]
    G,
}

impl ConvokePays {
    pub fn as_str(self) -> &'static str {
        match self {
            ConvokePays::Generic => "{1}",
            ConvokePays::W => "{W}",
            ConvokePays::U => "{U}",
            ConvokePays::B => "{B}",
            ConvokePays::R => "{R}",
            ConvokePays::G => "{G}",
        }
    }
}

/// Choices answered while a spell or ability resolves (the `choose` table).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// A scripted outcome for a random choice, e.g. a counter kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub random: Option<String>,
    /// Counters divided as the ability resolves: ref to number (refs not named get none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distribute: Option<BTreeMap<String, u32>>,
    /// Refs chosen to sacrifice (`Some(empty)`: sacrifice nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sacrifice: Option<Vec<String>>,
    /// Whether to pay an optional or "unless" cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pay: Option<bool>,
    /// The ref of the object chosen to copy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy: Option<String>,
    /// The ref of the object chosen by the copy replacement the permanent gains by entering as
    /// a copy of a permanent with one (CR 707.9e): it then enters as a copy of this instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy_again: Option<String>,
    /// The mana type chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<Mana>,
    /// The ref of the legendary permanent kept when the legend rule applies (CR 704.5j).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep: Option<String>,
    /// Refs of the permanents with "you may choose not to untap this" their controller keeps
    /// tapped in the untap step the pass begins (CR 502.3); the others untap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_tapped: Option<Vec<String>>,
    /// The answer to a "you may" of the resolving spell or ability.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub may: Option<bool>,
    /// The kind of counter chosen, e.g. the one an effect moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<String>,
    /// The color chosen as a permanent enters ("as this enters, choose a color", CR 614.12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// The creature type chosen as a permanent enters ("as this enters, choose a creature
    /// type", CR 614.12): one existing creature type (CR 205.3e), e.g. `"Wizard"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature_type: Option<String>,
    /// Combat damage assignments (CR 510.1): for an attacking or blocking creature's ref, the
    /// damage each recipient (a ref, or `alice`/`bob`) is assigned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<BTreeMap<String, BTreeMap<String, u32>>>,
    /// Refs of the cards a search finds in hidden zones (a hand, a library): a search for
    /// cards with a stated quality may find fewer than all of them (CR 701.23b); every match
    /// in a public zone is found. `Some(empty)`: none found there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub find: Option<Vec<String>>,
    /// The ref of the card chosen from among revealed cards ("you choose a card ... from it").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<String>,
    /// The colors chosen as several permanents enter at once with "as this enters, choose a
    /// color" (the tokens one effect creates, CR 614.12, 616.1g): one per permanent, in the
    /// order they enter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<Color>>,
    /// On `cast`: whether the kicker cost is paid (CR 702.33a, an additional cost chosen as the
    /// spell is cast, 601.2b): `true`, or for a card with several kicker costs the ones paid,
    /// numbered from 1 in printed order (702.33b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kicked: Option<Kicked>,
    /// On `cast`: the chosen modes of a modal spell, numbered from 1 in printed order (CR
    /// 700.2a, 601.2b); its `targets` are those of the chosen modes, in that order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modes: Option<Vec<u32>>,
    /// Refs of the cards exiled as a permanent enters ("as this enters, exile any number of
    /// creature cards from your graveyard", CR 614.13a): never the card entering, nor one
    /// entering the battlefield at the same time. `Some(empty)`: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exile: Option<Vec<String>>,
    /// The new targets chosen for the spell or ability a resolving "you may choose new targets
    /// for target spell" targets (CR 115.7d): its whole list of targets, in its order, each
    /// kept or changed (refs, `alice`/`bob`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_targets: Option<Vec<Target>>,
    /// On `cast`: refs of the cards in the caster's hand spliced onto the spell (CR 702.47a,
    /// 601.2b), in the order their effects happen after the spell's own (702.47b); the
    /// action's `targets` are the spell's, then each spliced card's (702.47d).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub splice: Option<Vec<String>>,
    /// On `cast`: the creatures tapped for convoke (CR 702.51a), each ref with what it pays of
    /// the spell's total cost: `"{1}"` or one mana of one of its colors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convoke: Option<BTreeMap<String, ConvokePays>>,
    /// On `cast`: refs of the cards revealed from the caster's hand to pay an additional cost
    /// ("reveal a Merfolk card from your hand or pay {3}", CR 601.2b, 701.20a); without it, the
    /// other cost is paid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal: Option<Vec<String>>,
    /// On `cast`: the artifacts and creatures tapped for generic mana of the spell's waterbend
    /// cost, one each (CR 701.67a-b); the cost must be part of the total cost (`pay = true` for
    /// an optional one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waterbend: Option<Vec<String>>,
    /// The two piles an opponent separates revealed cards into (CR 700.3, Fact or Fiction):
    /// two arrays of refs, every revealed card in exactly one (CR 700.3a); either may be empty
    /// (700.3d).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piles: Option<Vec<Vec<String>>>,
    /// The pile, 1 or 2 (of `piles`), that the resolving spell's controller puts into their
    /// hand ("Put one pile into your hand and the other into your graveyard").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pile: Option<u32>,
    /// On `activate`: refs of the creatures tapped to pay "tap another untapped creature you
    /// control" (station, CR 702.184a), chosen as the ability is activated (CR 602.2b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tap: Option<Vec<String>>,
}


impl Choice {
    pub fn is_empty(&self) -> bool {
        *self == Choice::default()
    }

    pub(crate) fn entries(&self) -> Vec<(String, Lit)> {
        let mut out = Vec::new();
        if let Some(r) = &self.random {
            out.push(("random".into(), Lit::str(r.clone())));
        }
        if let Some(d) = &self.distribute {
            out.push((
                "distribute".into(),
                Lit::Table(
                    d.iter()
                        .map(|(k, n)| (k.clone(), Lit::Int(i64::from(*n))))
                        .collect(),
                ),
            ));
        }
        if let Some(s) = &self.sacrifice {
            out.push(("sacrifice".into(), Lit::strs(s.iter().cloned())));
        }
        if let Some(p) = self.pay {
            out.push(("pay".into(), Lit::Bool(p)));
        }
        if let Some(c) = &self.copy {
            out.push(("copy".into(), Lit::str(c.clone())));
        }
        if let Some(c) = &self.copy_again {
            out.push(("copy_again".into(), Lit::str(c.clone())));
        }
        if let Some(m) = &self.mana {
            out.push(("mana".into(), Lit::str(m.as_str())));
        }
        if let Some(k) = &self.keep {
            out.push(("keep".into(), Lit::str(k.clone())));
        }
        if let Some(k) = &self.keep_tapped {
            out.push(("keep_tapped".into(), Lit::strs(k.iter().cloned())));
        }
        if let Some(m) = self.may {
            out.push(("may".into(), Lit::Bool(m)));
        }
        if let Some(k) = &self.counter {
            out.push(("counter".into(), Lit::str(k.clone())));
        }
        if let Some(c) = self.color {
            out.push(("color".into(), Lit::str(c.as_str())));
        }
        if let Some(t) = &self.creature_type {
            out.push(("creature_type".into(), Lit::str(t.clone())));
        }
        if let Some(f) = &self.find {
            out.push(("find".into(), Lit::strs(f.iter().cloned())));
        }
        if let Some(p) = &self.pick {
            out.push(("pick".into(), Lit::str(p.clone())));
        }
        if let Some(c) = &self.colors {
            out.push(("colors".into(), Lit::strs(c.iter().map(|c| c.as_str().to_string()))));
        }
        match &self.kicked {
            Some(Kicked::Paid(k)) => out.push(("kicked".into(), Lit::Bool(*k))),
            Some(Kicked::Costs(c)) => out.push(("kicked".into(), Lit::List(c.iter().map(|n| Lit::Int(i64::from(*n))).collect()))),
            None => {}
        }
        if let Some(m) = &self.modes {
            out.push(("modes".into(), Lit::List(m.iter().map(|n| Lit::Int(i64::from(*n))).collect())));
        }
        if let Some(e) = &self.exile {
            out.push(("exile".into(), Lit::strs(e.iter().cloned())));
        }
        if let Some(t) = &self.tap {
            out.push(("tap".into(), Lit::strs(t.iter().cloned())));
        }
        if let Some(t) = &self.new_targets {
            out.push(("new_targets".into(), Lit::List(t.iter().map(Target::to_lit).collect())));
        }
        if let Some(s) = &self.splice {
            out.push(("splice".into(), Lit::strs(s.iter().cloned())));
        }
        if let Some(w) = &self.waterbend {
            out.push(("waterbend".into(), Lit::strs(w.iter().cloned())));
        }
        if let Some(c) = &self.convoke {
            out.push(("convoke".into(), Lit::Table(c.iter().map(|(k, p)| (k.clone(), Lit::str(p.as_str()))).collect())));
        }
        if let Some(r) = &self.reveal {
            out.push(("reveal".into(), Lit::strs(r.iter().cloned())));
        }
        if let Some(p) = &self.piles {
            out.push(("piles".into(), Lit::List(p.iter().map(|pile| Lit::strs(pile.iter().cloned())).collect())));
        }
        if let Some(n) = self.pile {
            out.push(("pile".into(), Lit::Int(i64::from(n))));
        }
        if let Some(d) = &self.damage {
            out.push((
                "damage".into(),
                Lit::Table(
                    d.iter()
                        .map(|(k, m)| {
                            (k.clone(), Lit::Table(m.iter().map(|(r, n)| (r.clone(), Lit::Int(i64::from(*n)))).collect()))
                        })
                        .collect(),
                ),
            ));
        }
        out
    }
}

/// A blocker's attackers: one ref, or a list of them.
struct OneOrMany(Vec<String>);

impl<'de> Deserialize<'de> for OneOrMany {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = OneOrMany;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("the ref of the attacker it blocks, or a list of refs")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<OneOrMany, E> {
                Ok(OneOrMany(vec![s.to_string()]))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<OneOrMany, A::Error> {
                let mut v = Vec::new();
                while let Some(s) = seq.next_element::<String>()? {
                    v.push(s);
                }
                if v.is_empty() {
                    return Err(de::Error::custom("a blocker blocks at least one attacker; leave out a creature that doesn't block"));
                }
                Ok(OneOrMany(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// What `expect_illegal` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// `expect_illegal = true`: any rejection.
    Any,
    /// `expect_illegal = "<class>"`: a rejection of this class (or an unclassified one).
    Class(RejectionClass),
}

impl Illegal {
    pub fn class(self) -> Option<RejectionClass> {
        match self {
            Illegal::Any => None,
            Illegal::Class(c) => Some(c),
        }
    }
}

/// `expect_illegal`'s raw value: `false` means the key might as well be absent.
struct IllegalValue(Option<Illegal>);

impl<'de> Deserialize<'de> for IllegalValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = IllegalValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`true` or a rejection class")
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<IllegalValue, E> {
                Ok(IllegalValue(v.then_some(Illegal::Any)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<IllegalValue, E> {
                RejectionClass::parse(v)
                    .map(|c| IllegalValue(Some(Illegal::Class(c))))
                    .ok_or_else(|| E::custom(RejectionClass::unknown(v)))
            }
        }
        d.deserialize_any(V)
    }
}

/// `pay`'s raw value: mana spent (on most verbs) or a yes/no answer (on `do = "choose"`).
enum PayValue {
    Mana(Mana),
    Answer(bool),
}

impl<'de> Deserialize<'de> for PayValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PayValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mana string such as \"{R}{G}\", or true/false on `do = \"choose\"`")
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<PayValue, E> {
                Ok(PayValue::Answer(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<PayValue, E> {
                Mana::parse(v).map(PayValue::Mana).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

const STEP_KEYS: &[&str] = &[
    "do",
    "expect",
    "by",
    "x",
    "targets",
    "mana",
    "pay",
    "order",
    "choose",
    "expect_illegal",
    "source",
    "ability",
    "card",
    "to",
    "turn",
    "attackers",
    "blockers",
    "random",
    "distribute",
    "sacrifice",
    "copy",
    "may",
    "counter",
    "keep",
    "triggers",
    "trigger_order",
];

/// The keys of a step as read, before they are checked against the verb.
#[derive(Default)]
struct RawStep {
    keys: Vec<&'static str>,
    verb: Option<VerbName>,
    expect: Option<Expect>,
    by: Option<Player>,
    x: Option<u32>,
    targets: Vec<Target>,
    mana: Option<Mana>,
    pay: Option<PayValue>,
    order: Vec<String>,
    choose: Option<Choice>,
    expect_illegal: Option<Illegal>,
    source: Option<String>,
    ability: Option<u32>,
    card: Option<String>,
    to: Option<TurnStep>,
    turn: Option<Player>,
    attackers: Option<Vec<String>>,
    blockers: Option<BTreeMap<String, OneOrMany>>,
    triggers: BTreeMap<String, Vec<Target>>,
    trigger_order: Vec<String>,
    choice: Choice,
}

fn needs<E: de::Error, T>(verb: VerbName, key: &str, value: Option<T>) -> Result<T, E> {
    value.ok_or_else(|| E::custom(format!("`do = \"{verb}\"` needs `{key}`")))
}

impl RawStep {
    fn build<E: de::Error>(self) -> Result<Step, E> {
        if let Some(expect) = self.expect {
            if let Some(other) = self.keys.iter().find(|k| **k != "expect") {
                return Err(E::custom(format!(
                    "an `expect` step has no other keys; found `{other}`"
                )));
            }
            return Ok(Step::Expect(expect));
        }
        let Some(verb) = self.verb else {
            return Err(E::custom(
                "a step needs `do = \"<verb>\"` or `expect = { ... }`",
            ));
        };
        let own: &[&str] = match verb {
            VerbName::Activate => &["source", "ability"],
            VerbName::Cast | VerbName::PlayLand => &["card"],
            VerbName::Pass | VerbName::Resolve => &[],
            VerbName::Advance => &["to", "turn"],
            VerbName::Attack => &["attackers"],
            VerbName::Block => &["blockers"],
            VerbName::Choose => &["random", "distribute", "sacrifice", "copy", "pay", "mana", "may", "counter", "keep"],
        };
        const COMMON: &[&str] = &[
            "do",
            "by",
            "x",
            "targets",
            "mana",
            "pay",
            "order",
            "choose",
            "expect_illegal",
            "triggers",
            "trigger_order",
        ];
        for key in &self.keys {
            if verb == VerbName::Choose && *key == "choose" {
                return Err(E::custom(
                    "on `do = \"choose\"` the choice keys (`random`, `copy`, ...) go on the step itself, not in `choose`",
                ));
            }
            if !own.contains(key) && !COMMON.contains(key) {
                let hint = if ["random", "distribute", "sacrifice", "copy", "may", "counter", "keep"].contains(key) {
                    " (put it in `choose = { ... }`, or use `do = \"choose\"`)"
                } else {
                    ""
                };
                return Err(E::custom(format!(
                    "`{key}` does not apply to `do = \"{verb}\"`{hint}"
                )));
            }
        }
        let mut choose = self.choose;
        let mut mana = self.mana;
        let (mut pay, mut answer) = (None, None);
        match (verb, self.pay) {
            (VerbName::Choose, Some(PayValue::Mana(_))) => {
                return Err(E::custom("on `do = \"choose\"`, `pay` is true or false (whether to pay)"))
            }
            (VerbName::Choose, Some(PayValue::Answer(b))) => answer = Some(b),
            (_, Some(PayValue::Answer(_))) => {
                return Err(E::custom(
                    "`pay = true/false` answers a choice (`do = \"choose\"` or `choose = { pay = ... }`); here `pay` is the mana spent, e.g. \"{R}{G}\"",
                ))
            }
            (_, Some(PayValue::Mana(m))) => pay = Some(m),
            (_, None) => {}
        }
        let verb = match verb {
            VerbName::Activate => {
                let ability = needs(verb, "ability", self.ability)?;
                if ability == 0 {
                    return Err(E::custom("`ability` counts from 1"));
                }
                Verb::Activate {
                    source: needs(verb, "source", self.source)?,
                    ability,
                }
            }
            VerbName::Cast => Verb::Cast {
                card: needs(verb, "card", self.card)?,
            },
            VerbName::PlayLand => Verb::PlayLand {
                card: needs(verb, "card", self.card)?,
            },
            VerbName::Pass => Verb::Pass,
            VerbName::Resolve => Verb::Resolve,
            VerbName::Advance => Verb::Advance {
                to: needs(verb, "to", self.to)?,
                turn: self.turn,
            },
            VerbName::Attack => Verb::Attack {
                attackers: needs(verb, "attackers", self.attackers)?,
            },
            VerbName::Block => Verb::Block {
                blockers: needs(verb, "blockers", self.blockers)?.into_iter().map(|(k, v)| (k, v.0)).collect(),
            },
            VerbName::Choose => {
                let mut choice = self.choice;
                choice.mana = mana.take();
                choice.pay = answer;
                if choice.is_empty() {
                    return Err(E::custom(
                        "`do = \"choose\"` needs an answer: `random`, `distribute`, `sacrifice`, `pay`, `copy`, `mana`, `may`, `counter` or `keep`",
                    ));
                }
                choose = Some(choice);
                Verb::Choose
            }
        };
        Ok(Step::Action(Action {
            verb,
            by: self.by,
            x: self.x,
            targets: self.targets,
            mana,
            pay,
            order: self.order,
            choose,
            expect_illegal: self.expect_illegal,
            triggers: self.triggers,
            trigger_order: self.trigger_order,
        }))
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Step;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a step: { do = \"...\", ... } or { expect = { ... } }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Step, A::Error> {
                let mut raw = RawStep::default();
                while let Some(key) = map.next_key_seed(KeySeed {
                    allowed: STEP_KEYS,
                    what: "a step",
                })? {
                    raw.keys.push(key);
                    match key {
                        "do" => raw.verb = Some(map.next_value()?),
                        "expect" => raw.expect = Some(map.next_value()?),
                        "by" => raw.by = Some(map.next_value()?),
                        "x" => raw.x = Some(map.next_value()?),
                        "targets" => raw.targets = map.next_value()?,
                        "mana" => raw.mana = Some(map.next_value()?),
                        "pay" => raw.pay = Some(map.next_value()?),
                        "order" => raw.order = map.next_value()?,
                        "choose" => raw.choose = Some(map.next_value()?),
                        "expect_illegal" => {
                            raw.expect_illegal = map.next_value::<IllegalValue>()?.0
                        }
                        "source" => {
                            raw.source = Some(map.next_value_seed(TextSeed(TextKind::Ref))?)
                        }
                        "ability" => raw.ability = Some(map.next_value()?),
                        "card" => raw.card = Some(map.next_value_seed(TextSeed(TextKind::Ref))?),
                        "to" => raw.to = Some(map.next_value()?),
                        "turn" => raw.turn = Some(map.next_value()?),
                        "attackers" => raw.attackers = Some(map.next_value()?),
                        "blockers" => raw.blockers = Some(map.next_value()?),
                        "random" => raw.choice.random = Some(map.next_value()?),
                        "distribute" => raw.choice.distribute = Some(map.next_value()?),
                        "sacrifice" => raw.choice.sacrifice = Some(map.next_value()?),
                        "may" => raw.choice.may = Some(map.next_value()?),
                        "counter" => raw.choice.counter = Some(map.next_value()?),
                        "keep" => raw.choice.keep = Some(map.next_value_seed(TextSeed(TextKind::Ref))?),
                        "triggers" => raw.triggers = map.next_value()?,
                        "trigger_order" => raw.trigger_order = map.next_value()?,
                        _ => raw.choice.copy = Some(map.next_value_seed(TextSeed(TextKind::Ref))?),
                    }
                }
                raw.build::<A::Error>()
            }
        }
        d.deserialize_map(V)
    }
}

// ---- rendering --------------------------------------------------------------------------------

impl Action {
    pub(crate) fn to_lit(&self) -> Lit {
        let mut out: Vec<(String, Lit)> = vec![("do".into(), Lit::str(self.verb.name().as_str()))];
        if let Some(p) = self.by {
            out.push(("by".into(), Lit::str(p.as_str())));
        }
        match &self.verb {
            Verb::Activate { source, ability } => {
                out.push(("source".into(), Lit::str(source.clone())));
                out.push(("ability".into(), Lit::Int(i64::from(*ability))));
            }
            Verb::Cast { card } | Verb::PlayLand { card } => {
                out.push(("card".into(), Lit::str(card.clone())))
            }
            Verb::Advance { to, turn } => {
                out.push(("to".into(), Lit::str(to.as_str())));
                if let Some(p) = turn {
                    out.push(("turn".into(), Lit::str(p.as_str())));
                }
            }
            Verb::Attack { attackers } => {
                out.push(("attackers".into(), Lit::strs(attackers.iter().cloned())))
            }
            Verb::Block { blockers } => out.push((
                "blockers".into(),
                Lit::Table(
                    blockers
                        .iter()
                        .map(|(b, a)| {
                            let v = match a.as_slice() {
                                [one] => Lit::str(one.clone()),
                                many => Lit::strs(many.iter().cloned()),
                            };
                            (b.clone(), v)
                        })
                        .collect(),
                ),
            )),
            Verb::Choose => {
                if let Some(choice) = &self.choose {
                    out.extend(choice.entries());
                }
            }
            Verb::Pass | Verb::Resolve => {}
        }
        if let Some(x) = self.x {
            out.push(("x".into(), Lit::Int(i64::from(x))));
        }
        if !self.targets.is_empty() {
            out.push((
                "targets".into(),
                Lit::List(self.targets.iter().map(Target::to_lit).collect()),
            ));
        }
        if let Some(m) = &self.mana {
            out.push(("mana".into(), Lit::str(m.as_str())));
        }
        if let Some(m) = &self.pay {
            out.push(("pay".into(), Lit::str(m.as_str())));
        }
        if !self.order.is_empty() {
            out.push(("order".into(), Lit::strs(self.order.iter().cloned())));
        }
        if !self.triggers.is_empty() {
            out.push((
                "triggers".into(),
                Lit::Table(
                    self.triggers
                        .iter()
                        .map(|(source, targets)| (source.clone(), Lit::List(targets.iter().map(Target::to_lit).collect())))
                        .collect(),
                ),
            ));
        }
        if !self.trigger_order.is_empty() {
            out.push(("trigger_order".into(), Lit::strs(self.trigger_order.iter().cloned())));
        }
        if let (false, Some(choice)) = (self.verb == Verb::Choose, &self.choose) {
            out.push(("choose".into(), Lit::Table(choice.entries())));
        }
        match self.expect_illegal {
            Some(Illegal::Any) => out.push(("expect_illegal".into(), Lit::Bool(true))),
            Some(Illegal::Class(c)) => out.push(("expect_illegal".into(), Lit::str(c.as_str()))),
            None => {}
        }
        Lit::Table(out)
    }
}

impl Step {
    pub(crate) fn to_lit(&self) -> Lit {
        match self {
            Step::Action(a) => a.to_lit(),
            Step::Expect(e) => Lit::Table(vec![("expect".into(), e.to_lit())]),
        }
    }
}

impl fmt::Display for Step {
    /// The step as an inline TOML table, keys in the documented order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_lit().fmt(f)
    }
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_lit().serialize(s)
    }
}
