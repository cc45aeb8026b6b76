//! Blood Artist ({1}{B} Creature — Vampire 0/1): a "whenever a creature dies" ability, which
//! looks back in time, so it triggers for itself and for every creature dying with it
//! (CR 603.10a, 700.4).
use super::{triggered_targeting, CardDef};
use crate::abilities::{Amount, Effect, TargetSpec, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "Whenever this creature or another creature dies, target player loses 1 life and you gain 1 life.";

pub fn def() -> CardDef {
    CardDef::new("Blood Artist", ORACLE)
        .cost("{1}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Vampire"])
        .pt(0, 1)
        .ability(triggered_targeting(
            Trigger::ACreatureDies,
            vec![TargetSpec::Player],
            Effect::Sequence(vec![
                Effect::TargetPlayerLosesLife { target: 0, amount: Amount::Fixed(1) },
                Effect::GainLife(Amount::Fixed(1)),
            ]),
        ))
}
