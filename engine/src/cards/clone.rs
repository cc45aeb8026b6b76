//! Clone ({3}{U} Creature — Shapeshifter 0/0): an "as enters" copy replacement (CR 614.1c,
//! 707.5); declined, it is a 0/0 and dies (CR 704.5f).
use super::CardDef;
use crate::abilities::{Ability, StaticAbility};
use crate::types::CardType;

pub const ORACLE: &str = "You may have this creature enter as a copy of any creature on the battlefield.";

pub fn def() -> CardDef {
    CardDef::new("Clone", ORACLE)
        .cost("{3}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Shapeshifter"])
        .pt(0, 0)
        .ability(Ability::Static(StaticAbility::EntersAsCopy(CardType::Creature)))
}
