//! Indatha Crystal ({3} Artifact): a mana ability with a choice of three types (CR 106.3) and
//! cycling (CR 702.29a), activated from the hand.
use super::{cycling, tap_add, CardDef};
use crate::abilities::ManaSpec;
use crate::mana::ManaType;
use crate::types::CardType;

pub const ORACLE: &str = "{T}: Add {W}, {B}, or {G}.\nCycling {2} ({2}, Discard this card: Draw a card.)";

pub fn def() -> CardDef {
    CardDef::new("Indatha Crystal", ORACLE)
        .cost("{3}")
        .types(&[CardType::Artifact])
        .ability(tap_add(ManaSpec::OneOf(vec![ManaType::White, ManaType::Black, ManaType::Green])))
        .ability(cycling("{2}"))
}
