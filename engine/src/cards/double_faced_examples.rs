//! Cards of CR 903.4d Example 1 (issue 28): Civilized Scholar // Homicidal Brute, a
//! double-faced card (CR 712) whose color identity is blue and red: its front face's mana cost
//! and its back face's red color indicator (903.4d). Oracle texts from the reference card data
//! (ISD 47). Transforming (CR 701.27, 712.8) isn't modelled, so neither face's ability is: the
//! card is always its front face, and no case draws, discards or transforms with it.
use super::CardDef;
use crate::types::{CardType, Color};

/// Civilized Scholar ({2}{U} Creature — Human Advisor 0/1), the front face.
pub const CIVILIZED_SCHOLAR: &str =
    "{T}: Draw a card, then discard a card. If a creature card is discarded this way, untap this creature, then transform it.";

/// Homicidal Brute (Creature — Human Mutant 5/1, red color indicator), the back face.
pub const HOMICIDAL_BRUTE: &str =
    "At the beginning of your end step, if this creature didn't attack this turn, tap this creature, then transform it.";

pub fn civilized_scholar() -> CardDef {
    CardDef::new("Civilized Scholar", CIVILIZED_SCHOLAR)
        .cost("{2}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Advisor"])
        .pt(0, 1)
        .back_face(
            CardDef::new("Homicidal Brute", HOMICIDAL_BRUTE)
                .types(&[CardType::Creature])
                .subtypes(&["Human", "Mutant"])
                .colors(&[Color::Red])
                .pt(5, 1),
        )
}
