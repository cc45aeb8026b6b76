//! Urborg, Tomb of Yawgmoth (Legendary Land): adds a land type to every land (CR 205.1b,
//! layer 4); each Swamp then has "{T}: Add {B}" (CR 305.6).
use super::{static_continuous, CardDef};
use crate::abilities::{Affected, Modification, PermanentFilter};
use crate::types::CardType;

pub const ORACLE: &str = "Each land is a Swamp in addition to its other land types.";

pub fn def() -> CardDef {
    let lands = PermanentFilter { types: vec![CardType::Land], ..PermanentFilter::default() };
    CardDef::new("Urborg, Tomb of Yawgmoth", ORACLE)
        .types(&[CardType::Land])
        .supertypes(&["Legendary"])
        .ability(static_continuous(
            Affected::Where(Box::new(lands)),
            Modification::AddTypes { types: Vec::new(), subtypes: vec!["Swamp".into()] },
        ))
}
