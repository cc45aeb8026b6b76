//! Creatures with no or only keyword abilities.
use super::{keyword, CardDef};
use crate::abilities::Keyword;
use crate::types::CardType;

/// Raging Goblin ({R} Creature — Goblin Berserker 1/1).
pub const RAGING_GOBLIN: &str = "Haste";

pub fn raging_goblin() -> CardDef {
    CardDef::new("Raging Goblin", RAGING_GOBLIN)
        .cost("{R}")
        .types(&[CardType::Creature])
        .subtypes(&["Goblin", "Berserker"])
        .pt(1, 1)
        .ability(keyword(Keyword::Haste))
}

/// Grizzly Bears ({1}{G} Creature — Bear 2/2).
pub const GRIZZLY_BEARS: &str = "";

pub fn grizzly_bears() -> CardDef {
    CardDef::new("Grizzly Bears", GRIZZLY_BEARS)
        .cost("{1}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Bear"])
        .pt(2, 2)
}

/// Isamaru, Hound of Konda ({W} Legendary Creature — Dog 2/2).
pub const ISAMARU: &str = "";

pub fn isamaru() -> CardDef {
    CardDef::new("Isamaru, Hound of Konda", ISAMARU)
        .cost("{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Dog"])
        .supertypes(&["Legendary"])
        .pt(2, 2)
}
