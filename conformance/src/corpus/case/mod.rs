//! The case model: sources, cards and cases as read from the corpus.
//!
//! The format is specified in `rulings/README.md` (format version 1); this module implements it
//! exactly. Every table denies unknown keys, so a typo is a load error with its file, line and
//! column; closed vocabularies (players, steps, zones, verbs, rejection classes) and mana strings
//! are checked as they are read. Cross-references (refs, card names, source ids) are checked by
//! [`crate::corpus::lint`].
//!
//! An engine receives a [`Case`] through [`crate::run::engine::Engine::run_case`]: its [`Setup`] and its
//! [`Step`]s, each an [`Action`] (a [`Verb`] and its keys) or an [`Expect`] (a subject and the
//! fields to compare, each an [`Expected`] value or pattern).

mod expect;
mod lit;
mod mana;
mod names;
mod step;

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use expect::{
    Check, Expect, Expected, ObjectField, PlayerField, Shape, StackField, StackItemExpect,
    TextKind, Value, ZoneQuery, COUNT_SHAPE, NAMES_SHAPE,
};
pub use mana::{Mana, ManaCost, ManaError, ManaType};
pub use names::{Color, Player, RejectionClass, SourceKind, StackKind, TurnStep, VerbName, Zone};
pub use step::{AbilityKind, Action, Choice, ConvokePays, Illegal, Kicked, Step, Target, Verb};

/// The format version this crate reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// A `sources/*.toml` file.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SourcesFile {
    #[serde(default)]
    pub source: Vec<Source>,
}

/// A text being encoded: a CR paragraph or a dated official ruling.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// Stable and unique across the corpus, e.g. `cr-106.5` or `reflecting-pool-2008-05-01-3`.
    pub id: String,
    pub kind: SourceKind,
    /// How a report cites it.
    pub cite: String,
    /// The exact official text.
    pub text: String,
    /// Rulings only: the card the ruling is printed under.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// Rulings only: `YYYY-MM-DD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

/// `cards.toml`.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    #[serde(default)]
    pub card: Vec<Card>,
}

/// A card the corpus uses, with its Oracle characteristics.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub name: String,
    /// `None` for cards with no mana cost (lands).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana_cost: Option<ManaCost>,
    /// Card types, capitalised as printed.
    pub types: Vec<String>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    #[serde(default)]
    pub supertypes: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toughness: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loyalty: Option<i64>,
    /// Explicit colors; when `None`, derived from the mana cost (see [`Card::colors`]).
    #[serde(default, rename = "colors", skip_serializing_if = "Option::is_none")]
    pub color_override: Option<Vec<Color>>,
    /// The current Oracle text.
    pub oracle: String,
    /// The back face of a double-faced card (CR 712.2), with the same keys (its color
    /// indicator as `colors`, CR 204). The card's `name` and other keys are its front face's,
    /// the characteristics it has outside the battlefield and stack and with its front face up
    /// (CR 712.8a, 712.8d); the back face counts for its color identity (903.4d).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back_face: Option<Box<Card>>,
}

impl Card {
    /// The card's colors: `colors` if given, else those of its mana cost.
    pub fn colors(&self) -> Vec<Color> {
        match (&self.color_override, &self.mana_cost) {
            (Some(colors), _) => colors.clone(),
            (None, Some(cost)) => cost.colors(),
            (None, None) => Vec::new(),
        }
    }
}

/// A `rules/`, `cards/` or `regressions/` file.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CasesFile {
    #[serde(default)]
    pub case: Vec<Case>,
}

/// One scenario: a board, a script of actions and the observations expected along the way.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Stable, unique, path-independent, e.g. `cr-107.5/tapped-land-cannot-tap-again`.
    pub id: String,
    pub title: String,
    /// The source ids this case encodes (the linter requires at least one).
    #[serde(default)]
    pub covers: Vec<String>,
    /// Tags an engine may skip by.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub features: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub setup: Setup,
    /// The `step` array, in order.
    #[serde(rename = "step")]
    pub steps: Vec<Step>,
}

/// A value per player (`{ alice = ..., bob = ... }`), each optional.
// Its schema is written in `crate::schema` (serde's generic `default` function defeats the derive).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PerPlayer<T> {
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    pub alice: Option<T>,
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    pub bob: Option<T>,
}

fn none<T>() -> Option<T> {
    None
}

impl<T> Default for PerPlayer<T> {
    fn default() -> Self {
        PerPlayer {
            alice: None,
            bob: None,
        }
    }
}

impl<T> PerPlayer<T> {
    pub fn get(&self, player: Player) -> Option<&T> {
        match player {
            Player::Alice => self.alice.as_ref(),
            Player::Bob => self.bob.as_ref(),
        }
    }

    /// `(player, value)` for each player that has a value, alice first.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        [
            (Player::Alice, self.alice.as_ref()),
            (Player::Bob, self.bob.as_ref()),
        ]
        .into_iter()
        .filter_map(|(p, v)| v.map(|v| (p, v)))
    }
}

fn default_turn() -> u32 {
    2
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The state a case starts from.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The active player.
    pub active: Player,
    /// The step the case starts in.
    pub step: TurnStep,
    /// Who has priority; `None`: the active player (see [`Setup::priority_player`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<Player>,
    /// The turn number (default 2).
    #[serde(default = "default_turn")]
    pub turn: u32,
    /// The seed of the engine's random number generator (default 0).
    #[serde(default)]
    pub seed: u64,
    /// Life totals; a player not named has 20 (see [`Setup::life_of`]).
    #[serde(default)]
    pub life: PerPlayer<i64>,
    #[serde(default)]
    pub mana_pool: PerPlayer<Mana>,
    #[serde(default)]
    pub battlefield: Vec<Permanent>,
    #[serde(default)]
    pub hand: PerPlayer<Vec<CardEntry>>,
    /// First entry is the top card.
    #[serde(default)]
    pub library: PerPlayer<Vec<CardEntry>>,
    #[serde(default)]
    pub graveyard: PerPlayer<Vec<CardEntry>>,
    #[serde(default)]
    pub exile: PerPlayer<Vec<CardEntry>>,
    #[serde(default)]
    pub command: PerPlayer<Vec<CardEntry>>,
}

impl Setup {
    pub fn priority_player(&self) -> Player {
        self.priority.unwrap_or(self.active)
    }

    pub fn life_of(&self, player: Player) -> i64 {
        self.life.get(player).copied().unwrap_or(20)
    }

    /// The mana in `player`'s pool at the start (empty if not given).
    pub fn pool_of(&self, player: Player) -> Mana {
        self.mana_pool.get(player).cloned().unwrap_or_default()
    }

    /// The cards `player` owns in a zone other than the battlefield (and the stack, which a
    /// setup can't fill): `&[]` when none are given.
    pub fn zone(&self, zone: Zone, player: Player) -> &[CardEntry] {
        let table = match zone {
            Zone::Hand => &self.hand,
            Zone::Library => &self.library,
            Zone::Graveyard => &self.graveyard,
            Zone::Exile => &self.exile,
            Zone::Command => &self.command,
            Zone::Battlefield | Zone::Stack => return &[],
        };
        table.get(player).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Every object entry of the setup: `(zone, owner, ref, card)`, battlefield first.
    pub fn entries(&self) -> Vec<(Zone, Player, Option<&str>, &str)> {
        let mut out: Vec<(Zone, Player, Option<&str>, &str)> = self
            .battlefield
            .iter()
            .map(|p| {
                (
                    Zone::Battlefield,
                    p.owner(),
                    p.ref_name.as_deref(),
                    p.card.as_str(),
                )
            })
            .collect();
        for zone in [
            Zone::Hand,
            Zone::Library,
            Zone::Graveyard,
            Zone::Exile,
            Zone::Command,
        ] {
            for player in Player::ALL {
                for e in self.zone(zone, *player) {
                    out.push((zone, *player, e.ref_name.as_deref(), e.card.as_str()));
                }
            }
        }
        out
    }
}

/// A permanent on the battlefield at the start.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Permanent {
    /// The name the steps use for this card (the TOML key is `ref`).
    #[serde(default, rename = "ref", skip_serializing_if = "Option::is_none")]
    pub ref_name: Option<String>,
    /// A card name from `cards.toml`.
    pub card: String,
    /// Default: the controller (see [`Permanent::owner`]).
    #[serde(default, rename = "owner", skip_serializing_if = "Option::is_none")]
    pub owner_override: Option<Player>,
    pub controller: Player,
    #[serde(default, skip_serializing_if = "is_false")]
    pub tapped: bool,
    /// Came under its controller's control this turn (CR 302.6).
    #[serde(default, skip_serializing_if = "is_false")]
    pub sick: bool,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub counters: BTreeMap<String, u32>,
    /// The ref of the permanent it is attached to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached_to: Option<String>,
    /// This card is its owner's commander (CR 903.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub commander: bool,
}

impl Permanent {
    pub fn owner(&self) -> Player {
        self.owner_override.unwrap_or(self.controller)
    }
}

/// A card in a zone other than the battlefield; its owner is the table key.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardEntry {
    /// The name the steps use for this card (the TOML key is `ref`).
    #[serde(default, rename = "ref", skip_serializing_if = "Option::is_none")]
    pub ref_name: Option<String>,
    pub card: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub counters: BTreeMap<String, u32>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub commander: bool,
}

#[cfg(test)]
mod tests;
