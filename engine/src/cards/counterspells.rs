//! Counterspells (CR 701.6): Cancel targets only spells; Disallow also activated and triggered
//! abilities (mana abilities never use the stack, CR 605.3b, so they can't be targeted).
use super::CardDef;
use crate::abilities::{Effect, TargetSpec};
use crate::types::CardType;

/// Cancel ({1}{U}{U} Instant).
pub const CANCEL: &str = "Counter target spell.";

pub fn cancel() -> CardDef {
    CardDef::new("Cancel", CANCEL)
        .cost("{1}{U}{U}")
        .types(&[CardType::Instant])
        .spell(vec![TargetSpec::Spell], Effect::CounterTarget(0))
}

/// Disallow ({1}{U}{U} Instant).
pub const DISALLOW: &str = "Counter target spell, activated ability, or triggered ability. (Mana abilities can't be targeted.)";

pub fn disallow() -> CardDef {
    CardDef::new("Disallow", DISALLOW)
        .cost("{1}{U}{U}")
        .types(&[CardType::Instant])
        .spell(vec![TargetSpec::SpellOrAbility], Effect::CounterTarget(0))
}
