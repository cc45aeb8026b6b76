//! Opalescence ({2}{W}{W} Enchantment): one effect in two layers, a type change (layer 4) and
//! base power and toughness (layer 7b), applied in 7b to the enchantments it made creatures in
//! 4 even if they've lost their abilities in between (CR 613.6).
use super::{static_continuous, CardDef};
use crate::abilities::{Affected, Modification, PermanentFilter};
use crate::types::CardType;

pub const ORACLE: &str = "Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value.";

pub fn def() -> CardDef {
    let others = PermanentFilter {
        types: vec![CardType::Enchantment],
        not_subtypes: vec!["Aura".into()],
        other: true,
        ..PermanentFilter::default()
    };
    CardDef::new("Opalescence", ORACLE)
        .cost("{2}{W}{W}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(
            Affected::Where(Box::new(others)),
            Modification::Parts(vec![
                Modification::AddTypes { types: vec![CardType::Creature], subtypes: Vec::new() },
                Modification::SetPtToManaValue,
            ]),
        ))
}
