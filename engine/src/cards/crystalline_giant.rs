//! Crystalline Giant ({3} Artifact Creature — Giant 3/3). The kind is chosen at random while the
//! ability resolves, among the listed kinds it has no counter of (rulings 2020-04-17: a keyword
//! from another source doesn't matter; with all ten it still triggers and adds nothing).
use super::{triggered, CardDef};
use crate::abilities::{Effect, EffectObject, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "At the beginning of combat on your turn, choose a kind of counter at random that this creature doesn't have on it from among flying, first strike, deathtouch, hexproof, lifelink, menace, reach, trample, vigilance, and +1/+1. Put a counter of that kind on this creature.";

/// The ten kinds, in Oracle order.
pub const KINDS: [&str; 10] = [
    "flying", "first strike", "deathtouch", "hexproof", "lifelink", "menace", "reach", "trample", "vigilance", "+1/+1",
];

pub fn def() -> CardDef {
    CardDef::new("Crystalline Giant", ORACLE)
        .cost("{3}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Giant"])
        .pt(3, 3)
        .ability(triggered(
            Trigger::BeginningOfCombatOnYourTurn,
            Effect::PutCounterOfRandomAbsentKind {
                object: EffectObject::This,
                kinds: KINDS.iter().map(|k| k.to_string()).collect(),
            },
        ))
}
