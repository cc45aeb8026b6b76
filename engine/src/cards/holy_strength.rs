//! Holy Strength ({W} Enchantment — Aura): "Enchant creature" (CR 702.5a, 303.4) and a layer-7c
//! modification of the enchanted creature (CR 613.4c).
use super::{static_continuous, CardDef};
use crate::abilities::{Ability, Affected, Modification, TargetSpec};
use crate::types::CardType;

pub const ORACLE: &str = "Enchant creature\nEnchanted creature gets +1/+2.";

pub fn def() -> CardDef {
    CardDef::new("Holy Strength", ORACLE)
        .cost("{W}")
        .types(&[CardType::Enchantment])
        .subtypes(&["Aura"])
        .ability(Ability::Enchant(TargetSpec::Creature))
        .ability(static_continuous(Affected::EnchantedObject, Modification::ModifyPt { power: 1, toughness: 2 }))
}
