//! Humility ({2}{W}{W} Enchantment): one effect in layers 6 and 7b (CR 613.6): creatures lose
//! all abilities, and have base power and toughness 1/1.
use super::{static_continuous, CardDef};
use crate::abilities::{Affected, Modification, PermanentFilter};
use crate::types::CardType;

pub const ORACLE: &str = "All creatures lose all abilities and have base power and toughness 1/1.";

pub fn def() -> CardDef {
    let creatures = PermanentFilter { types: vec![CardType::Creature], ..PermanentFilter::default() };
    CardDef::new("Humility", ORACLE)
        .cost("{2}{W}{W}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(
            Affected::Where(Box::new(creatures)),
            Modification::Parts(vec![
                Modification::RemoveAllAbilities,
                Modification::SetPt { power: 1, toughness: 1 },
            ]),
        ))
}
