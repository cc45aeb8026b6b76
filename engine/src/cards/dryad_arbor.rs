//! Dryad Arbor (Land Creature — Forest Dryad 1/1, green by its color indicator, CR 204): its
//! "{T}: Add {G}" is the Forest type's intrinsic mana ability (CR 305.6).
use super::CardDef;
use crate::types::{CardType, Color};

pub const ORACLE: &str = "(This land isn't a spell, it's affected by summoning sickness, and it has \"{T}: Add {G}.\")";

pub fn def() -> CardDef {
    CardDef::new("Dryad Arbor", ORACLE)
        .types(&[CardType::Land, CardType::Creature])
        .subtypes(&["Forest", "Dryad"])
        .colors(&[Color::Green])
        .pt(1, 1)
}
