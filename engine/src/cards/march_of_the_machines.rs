//! March of the Machines ({3}{U} Enchantment): one effect in layers 4 and 7b; in 7b it applies
//! to the artifacts it made creatures in 4, though they aren't noncreature artifacts by then
//! (CR 613.6).
use super::{static_continuous, CardDef};
use crate::abilities::{Affected, Modification, PermanentFilter};
use crate::types::CardType;

pub const ORACLE: &str = "Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value. (Equipment that's a creature can't equip a creature.)";

pub fn def() -> CardDef {
    let noncreature_artifacts = PermanentFilter {
        types: vec![CardType::Artifact],
        not_types: vec![CardType::Creature],
        ..PermanentFilter::default()
    };
    CardDef::new("March of the Machines", ORACLE)
        .cost("{3}{U}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(
            Affected::Where(Box::new(noncreature_artifacts)),
            Modification::Parts(vec![
                Modification::AddTypes { types: vec![CardType::Creature], subtypes: Vec::new() },
                Modification::SetPtToManaValue,
            ]),
        ))
}
