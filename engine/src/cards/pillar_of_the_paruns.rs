//! Pillar of the Paruns (Land): mana with a spending restriction (CR 106.6).
use super::{activated, tap, CardDef};
use crate::abilities::{Effect, ManaSpec};
use crate::mana::SpendRestriction;
use crate::types::CardType;

pub const ORACLE: &str =
    "{T}: Add one mana of any color. Spend this mana only to cast a multicolored spell.";

pub fn def() -> CardDef {
    CardDef::new("Pillar of the Paruns", ORACLE).types(&[CardType::Land]).ability(activated(
        tap(),
        vec![],
        Effect::AddRestrictedMana {
            spec: ManaSpec::AnyColor,
            restriction: SpendRestriction::MulticoloredSpell,
        },
    ))
}
