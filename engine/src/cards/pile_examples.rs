//! Cards of CR 700.3c Example 1 (issue 28): Fact or Fiction, whose revealed cards an opponent
//! separates into two piles while they stay in the library (CR 700.3). Oracle text from the
//! reference card data (INV 57).
use super::CardDef;
use crate::abilities::Effect;
use crate::types::CardType;

/// Fact or Fiction ({3}{U} Instant; INV 57).
pub const FACT_OR_FICTION: &str = "Reveal the top five cards of your library. An opponent separates those cards into two piles. Put one pile into your hand and the other into your graveyard.";

pub fn fact_or_fiction() -> CardDef {
    CardDef::new("Fact or Fiction", FACT_OR_FICTION)
        .cost("{3}{U}")
        .types(&[CardType::Instant])
        .spell(vec![], Effect::RevealTopSeparateIntoPilesHandAndGraveyard { n: 5 })
}
