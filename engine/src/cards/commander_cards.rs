//! Cards the CR's Examples of the Commander variant name (903.4, color identity): Bosh, Iron
//! Golem. Oracle text from the reference card data (C21 237).
use super::{keyword, CardDef};
use crate::abilities::Keyword;
use crate::types::CardType;

/// Bosh, Iron Golem ({8} Legendary Artifact Creature — Golem 6/7). Its activated ability (a
/// cost of sacrificing another artifact, damage equal to that artifact's mana value) is not
/// modelled: the corpus only reads its color identity (CR 903.4 Example 1), which its mana
/// symbols give whatever the engine makes of them.
pub const BOSH: &str = "Trample\n{3}{R}, Sacrifice an artifact: Bosh deals damage equal to the sacrificed artifact's mana value to any target.";

pub fn bosh_iron_golem() -> CardDef {
    CardDef::new("Bosh, Iron Golem", BOSH)
        .cost("{8}")
        .supertypes(&["Legendary"])
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Golem"])
        .pt(6, 7)
        .ability(keyword(Keyword::Trample))
}
