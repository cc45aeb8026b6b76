//! Essence of the Wild ({3}{G}{G}{G} Creature — Avatar 6/6): creatures its controller controls
//! enter as a copy of it; the copy effect applies before the entering creature's own "enters"
//! replacements, which it then no longer has (CR 616.1f, 614.1c, 707.5).
use super::CardDef;
use crate::abilities::{Ability, StaticAbility};
use crate::types::CardType;

pub const ORACLE: &str = "Creatures you control enter as a copy of this creature.";

pub fn def() -> CardDef {
    CardDef::new("Essence of the Wild", ORACLE)
        .cost("{3}{G}{G}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Avatar"])
        .pt(6, 6)
        .ability(Ability::Static(StaticAbility::CreaturesYouControlEnterAsCopyOfThis))
}
