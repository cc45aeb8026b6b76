//! Blood Pet ({B} Creature — Thrull 1/1): a mana ability without {T} (not "tapping for mana").
use super::{activated, mana, CardDef};
use crate::abilities::{Effect, ManaSpec};
use crate::costs::Cost;
use crate::types::CardType;

pub const ORACLE: &str = "Sacrifice this creature: Add {B}.";

pub fn def() -> CardDef {
    CardDef::new("Blood Pet", ORACLE)
        .cost("{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Thrull"])
        .pt(1, 1)
        .ability(activated(
            Cost { sacrifice_self: true, ..Cost::default() },
            vec![],
            Effect::AddMana(ManaSpec::Fixed(mana("{B}"))),
        ))
}
