//! Mana Reflection ({4}{G}{G} Enchantment): a replacement effect on "tap for mana" (CR 106.12b).
use super::CardDef;
use crate::abilities::{
    Ability, ManaReplacement, ManaReplacementResult, ManaReplacementScope, StaticAbility,
};
use crate::types::CardType;

pub const ORACLE: &str =
    "If you tap a permanent for mana, it produces twice as much of that mana instead.";

pub fn def() -> CardDef {
    CardDef::new("Mana Reflection", ORACLE)
        .cost("{4}{G}{G}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Static(StaticAbility::ManaReplacement(ManaReplacement {
            scope: ManaReplacementScope::YouTapPermanent,
            result: ManaReplacementResult::Multiply(2),
        })))
}
