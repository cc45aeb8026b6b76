//! Ancient Tomb (Land).
use super::{activated, mana, tap, CardDef};
use crate::abilities::{Effect, ManaSpec};
use crate::types::CardType;

pub const ORACLE: &str = "{T}: Add {C}{C}. This land deals 2 damage to you.";

pub fn def() -> CardDef {
    CardDef::new("Ancient Tomb", ORACLE).types(&[CardType::Land]).ability(activated(
        tap(),
        vec![],
        Effect::Sequence(vec![
            Effect::AddMana(ManaSpec::Fixed(mana("{C}{C}"))),
            Effect::DamageToController(2),
        ]),
    ))
}
