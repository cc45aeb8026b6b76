//! Nature's Revolt ({3}{G}{G} Enchantment): lands are creatures (layer 4) with base P/T 2/2
//! (layer 7b), so a land entering is a creature as it enters (CR 603.6b, 611.3c).
use super::{static_continuous, CardDef};
use crate::abilities::{Affected, Modification, Relation};
use crate::types::CardType;

pub const ORACLE: &str = "All lands are 2/2 creatures that are still lands.";

pub fn def() -> CardDef {
    let lands = || Affected::Permanents { types: vec![CardType::Land], controller: Relation::Any };
    CardDef::new("Nature's Revolt", ORACLE)
        .cost("{3}{G}{G}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(lands(), Modification::AddTypes { types: vec![CardType::Creature], subtypes: vec![] }))
        .ability(static_continuous(lands(), Modification::SetPt { power: 2, toughness: 2 }))
}
