//! Vivid Crag (Land).
use super::{activated, mana, tap, tap_add, CardDef};
use crate::abilities::{Ability, Amount, Effect, ManaSpec, StaticAbility};
use crate::costs::Cost;
use crate::types::CardType;

pub const ORACLE: &str = "This land enters tapped with two charge counters on it.\n{T}: Add {R}.\n{T}, Remove a charge counter from this land: Add one mana of any color.";

pub fn def() -> CardDef {
    CardDef::new("Vivid Crag", ORACLE)
        .types(&[CardType::Land])
        .ability(Ability::Static(StaticAbility::EntersTapped))
        .ability(Ability::Static(StaticAbility::EntersWithCounters {
            kind: "charge".into(),
            amount: Amount::Fixed(2),
        }))
        .ability(tap_add(ManaSpec::Fixed(mana("{R}"))))
        .ability(activated(
            Cost { remove_counters: vec![("charge".into(), 1)], ..tap() },
            vec![],
            Effect::AddMana(ManaSpec::AnyColor),
        ))
}
