//! Rolling Thunder ({X}{R}{R} Sorcery). Modelled with exactly one target, which is dealt all X
//! (a division among one target, CR 601.2d); dividing among several targets is not modelled.
use super::CardDef;
use crate::abilities::{Amount, Effect, TargetSpec};
use crate::types::CardType;

pub const ORACLE: &str = "Rolling Thunder deals X damage divided as you choose among any number of targets.";

pub fn def() -> CardDef {
    CardDef::new("Rolling Thunder", ORACLE)
        .cost("{X}{R}{R}")
        .types(&[CardType::Sorcery])
        .spell(vec![TargetSpec::Any], Effect::DealDamage { amount: Amount::X, target: 0 })
}
