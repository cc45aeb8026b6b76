//! Cards of CR 115.7e Example 1 (issue 28): Redirect chooses new targets for Arc Trail, whose
//! two targets may trade places, since only the final set is evaluated. Oracle texts from the
//! reference card data (SOM 81, M12 74).
use super::CardDef;
use crate::abilities::{Amount, Effect, TargetSpec};
use crate::types::CardType;

/// Arc Trail ({1}{R} Sorcery; SOM 81).
pub const ARC_TRAIL: &str = "Arc Trail deals 2 damage to any target and 1 damage to another target.";

pub fn arc_trail() -> CardDef {
    CardDef::new("Arc Trail", ARC_TRAIL).cost("{1}{R}").types(&[CardType::Sorcery]).spell(
        vec![TargetSpec::Any, TargetSpec::AnotherAny],
        Effect::Sequence(vec![
            Effect::DealDamage { amount: Amount::Fixed(2), target: 0 },
            Effect::DealDamage { amount: Amount::Fixed(1), target: 1 },
        ]),
    )
}

/// Redirect ({U}{U} Instant; M12 74).
pub const REDIRECT: &str = "You may choose new targets for target spell.";

pub fn redirect() -> CardDef {
    CardDef::new("Redirect", REDIRECT)
        .cost("{U}{U}")
        .types(&[CardType::Instant])
        .spell(vec![TargetSpec::Spell], Effect::ChooseNewTargetsForTarget { target: 0 })
}
