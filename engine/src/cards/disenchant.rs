//! Disenchant ({1}{W} Instant): destroys an artifact or enchantment (CR 701.8a), at instant
//! speed, so a permanent can leave while its own abilities are on the stack (CR 607.2a, 610.3).
//! Oracle text in `rulings/cards.toml`.
use super::CardDef;
use crate::abilities::{Effect, TargetSpec};
use crate::types::CardType;

pub const ORACLE: &str = "Destroy target artifact or enchantment.";

pub fn def() -> CardDef {
    CardDef::new("Disenchant", ORACLE)
        .cost("{1}{W}")
        .types(&[CardType::Instant])
        .spell(vec![TargetSpec::ArtifactOrEnchantment], Effect::DestroyTarget(0))
}
