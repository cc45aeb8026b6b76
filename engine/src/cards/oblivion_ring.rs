//! Oblivion Ring ({2}{W} Enchantment): a pair of linked abilities (CR 607.2a) — the enters
//! trigger (CR 603.6a) exiles, the leaves-the-battlefield trigger (CR 603.6c, 603.10a) returns
//! only what that enters trigger of the same object exiled.
use super::{triggered, triggered_targeting, CardDef};
use crate::abilities::{Effect, EffectObject, TargetSpec, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "When this enchantment enters, exile another target nonland permanent.\nWhen this enchantment leaves the battlefield, return the exiled card to the battlefield under its owner's control.";

pub fn def() -> CardDef {
    CardDef::new("Oblivion Ring", ORACLE)
        .cost("{2}{W}")
        .types(&[CardType::Enchantment])
        .ability(triggered_targeting(
            Trigger::ThisEnters,
            vec![TargetSpec::Permanent { another: true, nonland: true }],
            Effect::ExileLinked(EffectObject::Target(0)),
        ))
        .ability(triggered(Trigger::ThisLeavesBattlefield, Effect::ReturnLinkedExiled))
}
