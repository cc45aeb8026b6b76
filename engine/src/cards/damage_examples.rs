//! The cards of CR 120.4d Example 2 (a damage event processed through prevention, life gain and
//! a replacement of its results): Awe Strike and Worship. Oracle texts from the reference card
//! data (MRD 6, USG 57).
use super::CardDef;
use crate::abilities::{Ability, Effect, StaticAbility, TargetSpec};
use crate::types::CardType;

/// Awe Strike ({W} Instant).
pub const AWE_STRIKE: &str = "The next time target creature would deal damage this turn, prevent that damage. You gain life equal to the damage prevented this way.";

pub fn awe_strike() -> CardDef {
    CardDef::new("Awe Strike", AWE_STRIKE)
        .cost("{W}")
        .types(&[CardType::Instant])
        .spell(vec![TargetSpec::Creature], Effect::PreventNextDamageFromTarget { target: 0, gain_life: true })
}

/// Worship ({3}{W} Enchantment).
pub const WORSHIP: &str =
    "If you control a creature, damage that would reduce your life total to less than 1 reduces it to 1 instead.";

pub fn worship() -> CardDef {
    CardDef::new("Worship", WORSHIP).cost("{3}{W}").types(&[CardType::Enchantment]).ability(Ability::Static(
        StaticAbility::DamageCantReduceLifeBelow { floor: 1, while_you_control: Some(CardType::Creature) },
    ))
}
