//! Sorin's Thirst ({B}{B} Instant): with its only target illegal as it resolves, it doesn't
//! resolve at all, so no life is gained either (CR 608.2b).
use super::CardDef;
use crate::abilities::{Amount, Effect, TargetSpec};
use crate::types::CardType;

pub const ORACLE: &str = "Sorin's Thirst deals 2 damage to target creature and you gain 2 life.";

pub fn def() -> CardDef {
    CardDef::new("Sorin's Thirst", ORACLE).cost("{B}{B}").types(&[CardType::Instant]).spell(
        vec![TargetSpec::Creature],
        Effect::Sequence(vec![
            Effect::DealDamage { amount: Amount::Fixed(2), target: 0 },
            Effect::GainLife(Amount::Fixed(2)),
        ]),
    )
}
