//! Parallax Wave ({2}{W}{W} Enchantment): fading (CR 702.32a), and a pair of linked abilities
//! (CR 607.2a) whose first is an activated ability — so a permanent that becomes a copy of it
//! without entering (CR 707.4) can still make the link (Crystalline Resonance ruling
//! 2020-04-17-6).
use super::{activated, triggered, CardDef};
use crate::abilities::{Ability, Amount, Effect, EffectObject, StaticAbility, TargetSpec, Trigger};
use crate::costs::Cost;
use crate::types::CardType;

pub const ORACLE: &str = "Fading 5 (This enchantment enters with five fade counters on it. At the beginning of your upkeep, remove a fade counter from it. If you can't, sacrifice it.)\nRemove a fade counter from this enchantment: Exile target creature.\nWhen this enchantment leaves the battlefield, each player returns to the battlefield all cards they own exiled with it.";

pub fn def() -> CardDef {
    CardDef::new("Parallax Wave", ORACLE)
        .cost("{2}{W}{W}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Static(StaticAbility::EntersWithCounters { kind: "fade".into(), amount: Amount::Fixed(5) }))
        .ability(triggered(Trigger::BeginningOfYourUpkeep, Effect::RemoveCounterOrSacrificeThis { kind: "fade".into() }))
        .ability(activated(
            Cost { remove_counters: vec![("fade".into(), 1)], ..Cost::default() },
            vec![TargetSpec::Creature],
            Effect::ExileLinked(EffectObject::Target(0)),
        ))
        .ability(triggered(Trigger::ThisLeavesBattlefield, Effect::ReturnLinkedExiled))
}
