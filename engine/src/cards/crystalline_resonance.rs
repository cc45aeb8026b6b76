//! Crystalline Resonance ({2}{U} Enchantment): a "whenever you cycle a card" trigger
//! (CR 702.29d) whose optional effect is a copy effect (layer 1, CR 613.2a, 707.2) lasting until
//! its controller's next turn (CR 611.2a), with an exception that keeps this ability
//! (CR 707.9a). The copy doesn't enter (CR 707.4): no enters triggers, no loyalty (CR 306.5b).
use super::{triggered_targeting, CardDef};
use crate::abilities::{Effect, EffectDuration, EffectObject, TargetSpec, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "Whenever you cycle a card, you may have this enchantment become a copy of another target permanent until your next turn, except it has this ability.";

pub fn def() -> CardDef {
    CardDef::new("Crystalline Resonance", ORACLE)
        .cost("{2}{U}")
        .types(&[CardType::Enchantment])
        .ability(triggered_targeting(
            Trigger::YouCycleACard,
            vec![TargetSpec::Permanent { another: true, nonland: false }],
            Effect::May(Box::new(Effect::BecomeCopy {
                object: EffectObject::This,
                of: EffectObject::Target(0),
                duration: EffectDuration::UntilYourNextTurn,
                with_this_ability: true,
            })),
        ))
}
