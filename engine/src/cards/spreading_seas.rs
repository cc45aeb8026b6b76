//! Spreading Seas ({1}{U} Enchantment — Aura): enchant (CR 303.4, 702.5), an enters trigger
//! (CR 603.6a) and a land-type-setting effect (CR 305.7).
use super::{static_continuous, triggered, CardDef};
use crate::abilities::{Ability, Affected, Effect, Modification, TargetSpec, Trigger};
use crate::types::CardType;

pub const ORACLE: &str =
    "Enchant land\nWhen this Aura enters, draw a card.\nEnchanted land is an Island.";

pub fn def() -> CardDef {
    CardDef::new("Spreading Seas", ORACLE)
        .cost("{1}{U}")
        .types(&[CardType::Enchantment])
        .subtypes(&["Aura"])
        .ability(Ability::Enchant(TargetSpec::Land))
        .ability(triggered(Trigger::ThisEnters, Effect::DrawCards(crate::abilities::Amount::Fixed(1))))
        .ability(static_continuous(
            Affected::EnchantedObject,
            Modification::SetLandTypes(vec!["Island".into()]),
        ))
}
