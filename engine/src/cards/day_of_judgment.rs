//! Day of Judgment ({2}{W}{W} Sorcery) and Wrath of God ({2}{W}{W} Sorcery): every creature is
//! destroyed at the same time (CR 701.8a, 603.10a, 610.3d); Wrath's can't be regenerated
//! (CR 701.19c).
use super::CardDef;
use crate::abilities::Effect;
use crate::types::CardType;

pub const DAY_OF_JUDGMENT: &str = "Destroy all creatures.";

pub fn day_of_judgment() -> CardDef {
    CardDef::new("Day of Judgment", DAY_OF_JUDGMENT)
        .cost("{2}{W}{W}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::DestroyAll { types: vec![CardType::Creature], can_regenerate: true })
}

pub const WRATH_OF_GOD: &str = "Destroy all creatures. They can't be regenerated.";

pub fn wrath_of_god() -> CardDef {
    CardDef::new("Wrath of God", WRATH_OF_GOD)
        .cost("{2}{W}{W}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::DestroyAll { types: vec![CardType::Creature], can_regenerate: false })
}
