//! Nature's Revolt ({3}{G}{G} Enchantment): lands become creatures that are still lands,
//! keeping their other types, subtypes and supertypes (CR 205.1b, 205.4b; layers 4 and 7b).
use super::{static_continuous, CardDef};
use crate::abilities::{Affected, Modification, PermanentFilter};
use crate::types::CardType;

pub const ORACLE: &str = "All lands are 2/2 creatures that are still lands.";

pub fn def() -> CardDef {
    let lands = PermanentFilter { types: vec![CardType::Land], ..PermanentFilter::default() };
    CardDef::new("Nature's Revolt", ORACLE)
        .cost("{3}{G}{G}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(
            Affected::Where(Box::new(lands)),
            Modification::Parts(vec![
                Modification::AddTypes { types: vec![CardType::Creature], subtypes: Vec::new() },
                Modification::SetPt { power: 2, toughness: 2 },
            ]),
        ))
}
