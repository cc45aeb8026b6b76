//! Ritual of Subdual ({4}{G}{G} Enchantment).
use super::{cost_mana, triggered, CardDef};
use crate::abilities::{
    Ability, Effect, ManaReplacement, ManaReplacementResult, ManaReplacementScope, StaticAbility,
    Trigger,
};
use crate::mana::ManaType;
use crate::types::CardType;

pub const ORACLE: &str = "Cumulative upkeep {2} (At the beginning of your upkeep, put an age counter on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)\nIf a land is tapped for mana, it produces colorless mana instead of any other type.";

pub fn def() -> CardDef {
    CardDef::new("Ritual of Subdual", ORACLE)
        .cost("{4}{G}{G}")
        .types(&[CardType::Enchantment])
        // CR 702.24a: cumulative upkeep is a triggered ability.
        .ability(triggered(
            Trigger::BeginningOfYourUpkeep,
            Effect::CumulativeUpkeep { cost: crate::abilities::UpkeepCost::Mana(cost_mana("{2}").unwrap_or_default()) },
        ))
        .ability(Ability::Static(StaticAbility::ManaReplacement(ManaReplacement {
            scope: ManaReplacementScope::LandTapped,
            result: ManaReplacementResult::ReplaceType(ManaType::Colorless),
        })))
}
