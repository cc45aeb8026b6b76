//! Humility ({2}{W}{W} Enchantment): creatures lose all abilities (layer 6) and have base P/T
//! 1/1 (layer 7b); a creature entering has no "when this enters" ability (CR 603.6b).
use super::{static_continuous, CardDef};
use crate::abilities::{Affected, Modification, Relation};
use crate::types::CardType;

pub const ORACLE: &str = "All creatures lose all abilities and have base power and toughness 1/1.";

pub fn def() -> CardDef {
    let creatures = || Affected::Permanents { types: vec![CardType::Creature], controller: Relation::Any };
    CardDef::new("Humility", ORACLE)
        .cost("{2}{W}{W}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(creatures(), Modification::RemoveAllAbilities))
        .ability(static_continuous(creatures(), Modification::SetPt { power: 1, toughness: 1 }))
}
