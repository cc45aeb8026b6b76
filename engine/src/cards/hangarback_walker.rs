//! Hangarback Walker ({X}{X} Artifact Creature — Construct 0/0) and its Thopter token.
use super::{activated, cost_mana, enters_with_x_counters, keyword, triggered, unnamed_token, CardDef};
use crate::abilities::{Amount, Effect, EffectObject, Keyword, Trigger};
use crate::costs::Cost;
use crate::types::CardType;

pub const ORACLE: &str = "This creature enters with X +1/+1 counters on it.\nWhen this creature dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on this creature.\n{1}, {T}: Put a +1/+1 counter on this creature.";

pub fn def() -> CardDef {
    CardDef::new("Hangarback Walker", ORACLE)
        .cost("{X}{X}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Construct"])
        .pt(0, 0)
        .ability(enters_with_x_counters("+1/+1"))
        // CR 603.10a: looks back in time, so the counters are the ones it had as it died.
        .ability(triggered(
            Trigger::Dies,
            Effect::CreateTokens {
                token: thopter_token().name,
                amount: Amount::CountersOnThis("+1/+1".into()),
            },
        ))
        .ability(activated(
            Cost { mana: cost_mana("{1}"), tap: true, ..Cost::default() },
            vec![],
            Effect::PutCounters {
                object: EffectObject::This,
                kind: "+1/+1".into(),
                amount: Amount::Fixed(1),
            },
        ))
}

/// "a 1/1 colorless Thopter artifact creature token with flying", named "Thopter Token".
pub fn thopter_token() -> CardDef {
    unnamed_token(&["Thopter"], "Flying")
        .types(&[CardType::Artifact, CardType::Creature])
        .colors(&[])
        .pt(1, 1)
        .ability(keyword(Keyword::Flying))
}
