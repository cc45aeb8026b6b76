//! Cards of CR 701.20c Example 1 (issue 28): Telepathy ("Your opponents play with their hands
//! revealed.") and Silvergill Adept, whose additional cost reveals a Merfolk card from the hand
//! (CR 701.20a: it stays revealed while the spell is on the stack; a card already revealed may
//! be revealed again, 701.20c: `reveal`). Oracle texts from the reference card data (USG 102,
//! RIX 53).
use super::{triggered, CardDef};
use crate::abilities::{Ability, Amount, Effect, StaticAbility, Trigger};
use crate::types::CardType;

/// Telepathy ({U} Enchantment; USG 102).
pub const TELEPATHY: &str = "Your opponents play with their hands revealed.";

pub fn telepathy() -> CardDef {
    CardDef::new("Telepathy", TELEPATHY)
        .cost("{U}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Static(StaticAbility::OpponentsPlayWithHandsRevealed))
}

/// Silvergill Adept ({1}{U} Creature — Merfolk Wizard 2/1; RIX 53).
pub const SILVERGILL_ADEPT: &str = "As an additional cost to cast this spell, reveal a Merfolk card from your hand or pay {3}.\nWhen this creature enters, draw a card.";

pub fn silvergill_adept() -> CardDef {
    CardDef::new("Silvergill Adept", SILVERGILL_ADEPT)
        .cost("{1}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Merfolk", "Wizard"])
        .pt(2, 1)
        .additional_reveal("Merfolk", Some("{3}"))
        .ability(triggered(Trigger::ThisEnters, Effect::DrawCards(Amount::Fixed(1))))
}
