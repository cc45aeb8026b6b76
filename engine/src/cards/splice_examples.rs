//! Cards of CR 702.47a Example 1 and 702.47c Example 1 (issue 28): Glacial Ray, a red Arcane
//! instant with "Splice onto Arcane {1}{R}", and Reach Through Mists, a blue Arcane instant it
//! may be spliced onto (splice, CR 702.47: `casting::check_cast`). Oracle texts from the
//! reference card data (CHK 168, CHK 81).
use super::CardDef;
use crate::abilities::{Amount, Effect, TargetSpec};
use crate::types::CardType;

/// Glacial Ray ({1}{R} Instant — Arcane; CHK 168).
pub const GLACIAL_RAY: &str = "Glacial Ray deals 2 damage to any target.\nSplice onto Arcane {1}{R} (As you cast an Arcane spell, you may reveal this card from your hand and pay its splice cost. If you do, add this card's effects to that spell.)";

pub fn glacial_ray() -> CardDef {
    CardDef::new("Glacial Ray", GLACIAL_RAY)
        .cost("{1}{R}")
        .types(&[CardType::Instant])
        .subtypes(&["Arcane"])
        .spell(vec![TargetSpec::Any], Effect::DealDamage { amount: Amount::Fixed(2), target: 0 })
        .splice_onto("Arcane", "{1}{R}")
}

/// Reach Through Mists ({U} Instant — Arcane; CHK 81).
pub const REACH_THROUGH_MISTS: &str = "Draw a card.";

pub fn reach_through_mists() -> CardDef {
    CardDef::new("Reach Through Mists", REACH_THROUGH_MISTS)
        .cost("{U}")
        .types(&[CardType::Instant])
        .subtypes(&["Arcane"])
        .spell(vec![], Effect::DrawCards(Amount::Fixed(1)))
}
