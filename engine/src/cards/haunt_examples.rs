//! Cards of CR 113.6k Example 1 (issue 28): Absolver Thrull's "When this creature enters or the
//! creature it haunts dies, destroy target enchantment": its first trigger condition functions
//! from the battlefield, its second from exile (haunt, CR 702.55). Oracle text from the
//! reference card data (GPT 1).
use super::{keyword, triggered_targeting, CardDef};
use crate::abilities::{Effect, Keyword, TargetSpec, Trigger};
use crate::types::CardType;

/// Absolver Thrull ({3}{W} Creature — Thrull Cleric 2/3; GPT 1). Its one ability with two
/// trigger conditions is written as two triggered abilities with the same effect, one for each
/// condition (CR 113.6k: each functions in its own zone).
pub const ABSOLVER_THRULL: &str = "Haunt (When this creature dies, exile it haunting target creature.)\nWhen this creature enters or the creature it haunts dies, destroy target enchantment.";

pub fn absolver_thrull() -> CardDef {
    let enchantment = || vec![TargetSpec::PermanentOfAnyType(vec![CardType::Enchantment])];
    CardDef::new("Absolver Thrull", ABSOLVER_THRULL)
        .cost("{3}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Thrull", "Cleric"])
        .pt(2, 3)
        .ability(keyword(Keyword::Haunt))
        // CR 702.55a: haunt on a permanent.
        .ability(triggered_targeting(Trigger::Dies, vec![TargetSpec::Creature], Effect::ExileItHaunting { target: 0 }))
        .ability(triggered_targeting(Trigger::ThisEnters, enchantment(), Effect::DestroyTarget(0)))
        .ability(triggered_targeting(Trigger::TheCreatureItHauntsDies, enchantment(), Effect::DestroyTarget(0)))
}
