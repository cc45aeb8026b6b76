//! The five basic lands (CR 305.6): no rules text; their mana ability is intrinsic to the basic
//! land type and is derived in `layers`, not written here.

use super::CardDef;
use crate::types::CardType;

/// Basic lands have no printed Oracle text (their "({T}: Add {G}.)" is reminder text).
pub const ORACLE: &str = "";

fn basic(name: &str) -> CardDef {
    CardDef::new(name, ORACLE)
        .types(&[CardType::Land])
        .supertypes(&["Basic"])
        .subtypes(&[name])
}

pub fn defs() -> Vec<CardDef> {
    ["Plains", "Island", "Swamp", "Mountain", "Forest"].into_iter().map(basic).collect()
}

/// Snow-Covered Forest (Basic Snow Land — Forest, MTGJSON ICE #383): a basic Forest with the
/// snow supertype (CR 205.4g), for snow landwalk (CR 702.14c).
pub fn snow_covered_forest() -> CardDef {
    CardDef::new("Snow-Covered Forest", ORACLE).types(&[CardType::Land]).supertypes(&["Basic", "Snow"]).subtypes(&["Forest"])
}
