//! mtg-engine: the deterministic reference rules engine of mtg-conformance.
//!
//! Every module implements one rules concept and cites the Comprehensive Rules (CR) sections
//! it follows. Cards are data (`cards/`) built from general primitives (`abilities`, `costs`);
//! no card name is special-cased outside `cards/`. The engine does no I/O, uses no unsafe code,
//! and takes all randomness from a seeded generator in the state.

#![forbid(unsafe_code)]

pub mod abilities;
pub mod actions;
mod activation;
pub mod cards;
mod casting;
pub mod color_identity;
mod combat;
pub mod costs;
pub mod counters;
pub mod could_produce;
mod damage;
pub mod dependency;
pub mod devotion;
mod effects;
pub mod events;
mod game;
mod game_loss;
pub mod ids;
pub mod idmap;
mod lands;
pub mod objects;
mod phasing;
pub mod layers;
pub mod mana;
mod mana_abilities;
pub mod prevention;
mod protection;
mod priority;
pub mod rejection;
pub mod replacement;
pub mod reveal;
pub mod revision;
pub mod rng;
mod sacrifice;
mod search;
mod sba;
pub mod setup;
pub mod shared;
mod stack;
mod tap_to_pay;
pub mod state;
pub mod targets;
mod triggers;
pub mod turn;
mod toughness_as_power;
pub mod types;
pub mod view;
mod zones;

pub use actions::{Action, Answers};
pub use cards::{card_names, card_oracle, CardInfo};
pub use events::Event;
pub use game::Game;
pub use counters::{CounterKind, Counters};
pub use objects::Objects;
pub use ids::{CardId, DefId, ObjectId, PlayerId};
pub use mana::{ManaCost, ManaParseError, ManaPool, ManaType, SpendPurpose, SpendRestriction};
pub use rejection::Rejection;
pub use setup::{CardSetup, GameSetup, PlayerSetup, SetupError};
pub use state::{GameState, ZoneKind};
pub use targets::Target;
pub use turn::Step;
pub use view::{ObjectView, PendingTriggerView, PlayerView, StackAbilityKind, StackItemKind, StackItemView};

#[cfg(test)]
mod tests;
