//! Bladed Pinions ({2} Artifact — Equipment): grants in layer 6 to the equipped creature
//! (CR 301.5a, 613.1f) with the Equipment's timestamp, renewed when it becomes attached
//! (CR 613.7e); equip (CR 702.6a).
use super::{activated_as_sorcery, cost_mana, static_continuous, CardDef};
use crate::abilities::{Ability, Affected, Effect, EffectObject, Keyword, Modification, TargetSpec};
use crate::costs::Cost;
use crate::types::CardType;

pub const ORACLE: &str = "Equipped creature has flying and first strike.\nEquip {2}";

fn grant(k: Keyword) -> Ability {
    static_continuous(Affected::EnchantedObject, Modification::AddAbility(Box::new(Ability::Keyword(k))))
}

pub fn def() -> CardDef {
    CardDef::new("Bladed Pinions", ORACLE)
        .cost("{2}")
        .types(&[CardType::Artifact])
        .subtypes(&["Equipment"])
        .ability(grant(Keyword::Flying))
        .ability(grant(Keyword::FirstStrike))
        // "Equip {2}" = "{2}: Attach this permanent to target creature you control. Activate
        // only as a sorcery." (CR 702.6a).
        .ability(activated_as_sorcery(
            Cost { mana: cost_mana("{2}"), ..Cost::default() },
            vec![TargetSpec::CreatureYouControl],
            Effect::AttachThisTo(EffectObject::Target(0)),
        ))
}
