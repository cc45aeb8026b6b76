//! Lightning Bolt ({R} Instant): damage to any target (CR 115.4, 120.3).
use super::CardDef;
use crate::abilities::{Amount, Effect, TargetSpec};
use crate::types::CardType;

pub const ORACLE: &str = "Lightning Bolt deals 3 damage to any target.";

pub fn def() -> CardDef {
    CardDef::new("Lightning Bolt", ORACLE)
        .cost("{R}")
        .types(&[CardType::Instant])
        .spell(vec![TargetSpec::Any], Effect::DealDamage { amount: Amount::Fixed(3), target: 0 })
}
