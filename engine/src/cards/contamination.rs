//! Contamination ({2}{B} Enchantment).
use super::{mana, triggered, CardDef};
use crate::abilities::{
    Ability, Effect, ManaReplacement, ManaReplacementResult, ManaReplacementScope, StaticAbility,
    Trigger,
};
use crate::types::CardType;

pub const ORACLE: &str = "At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice a creature.\nIf a land is tapped for mana, it produces {B} instead of any other type and amount.";

pub fn def() -> CardDef {
    CardDef::new("Contamination", ORACLE)
        .cost("{2}{B}")
        .types(&[CardType::Enchantment])
        .ability(triggered(
            Trigger::BeginningOfYourUpkeep,
            Effect::SacrificeThisUnlessSacrifice { types: vec![CardType::Creature] },
        ))
        .ability(Ability::Static(StaticAbility::ManaReplacement(ManaReplacement {
            scope: ManaReplacementScope::LandTapped,
            result: ManaReplacementResult::ReplaceAll(mana("{B}")),
        })))
}
