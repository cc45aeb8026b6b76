//! Banisher Priest ({1}{W}{W} Creature — Human Cleric 2/2): exile "until this creature leaves
//! the battlefield" (CR 610.3): the card returns as the Priest leaves, and cards exiled by
//! Priests that leave together return together (CR 610.3d).
use super::{triggered_targeting, CardDef};
use crate::abilities::{Effect, TargetSpec, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "When this creature enters, exile target creature an opponent controls until this creature leaves the battlefield.";

pub fn def() -> CardDef {
    CardDef::new("Banisher Priest", ORACLE)
        .cost("{1}{W}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Cleric"])
        .pt(2, 2)
        .ability(triggered_targeting(
            Trigger::ThisEnters,
            vec![TargetSpec::CreatureAnOpponentControls],
            Effect::ExileUntilThisLeaves(0),
        ))
}
