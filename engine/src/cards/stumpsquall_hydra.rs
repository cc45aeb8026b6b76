//! Stumpsquall Hydra ({X}{G}{G}{G} Creature — Hydra 1/1). The distribution is chosen as the
//! ability resolves, without targeting, among the Hydra (if still there) and commanders on the
//! battlefield, whatever they are (rulings 2020-11-10); X is the spell's (CR 107.3m).
use super::{triggered, CardDef};
use crate::abilities::{Amount, Effect, Group, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "When this creature enters, distribute X +1/+1 counters among it and any number of commanders.";

pub fn def() -> CardDef {
    CardDef::new("Stumpsquall Hydra", ORACLE)
        .cost("{X}{G}{G}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Hydra"])
        .pt(1, 1)
        .ability(triggered(
            Trigger::ThisEnters,
            Effect::DistributeCounters {
                kind: "+1/+1".into(),
                amount: Amount::X,
                include_this: true,
                among: Group::Commanders,
            },
        ))
}
