//! Cards of CR 111.12 Example 1 (issue 28): Mimic Vat's activated ability makes a token copy of
//! a card exiled with it by its imprint trigger (linked abilities, CR 607.2a); with no card
//! exiled with it, no token is created (CR 111.12). Oracle text from the reference card data
//! (SOM 175).
use super::{activated, cost_mana, triggered, CardDef};
use crate::abilities::{Ability, Effect, EffectDuration, EffectObject, Keyword, Modification, Trigger};
use crate::costs::Cost;
use crate::types::CardType;

/// Mimic Vat ({3} Artifact; SOM 175). "Imprint" is an ability word (CR 207.2c).
pub const MIMIC_VAT: &str = "Imprint — Whenever a nontoken creature dies, you may exile that card. If you do, return each other card exiled with this artifact to its owner's graveyard.\n{3}, {T}: Create a token that's a copy of a card exiled with this artifact. It gains haste. Exile it at the beginning of the next end step.";

pub fn mimic_vat() -> CardDef {
    CardDef::new("Mimic Vat", MIMIC_VAT)
        .cost("{3}")
        .types(&[CardType::Artifact])
        .ability(triggered(Trigger::ANontokenCreatureDies, Effect::May(Box::new(Effect::ImprintThatCard))))
        .ability(activated(
            Cost { mana: cost_mana("{3}"), tap: true, ..Cost::default() },
            vec![],
            Effect::CreateTokenCopyOfLinkedExiledThen(Box::new(Effect::Sequence(vec![
                Effect::Modify {
                    object: EffectObject::EventObject,
                    modifications: vec![Modification::AddAbility(Box::new(Ability::Keyword(Keyword::Haste)))],
                    duration: EffectDuration::Indefinite,
                },
                Effect::AtBeginningOfNextEndStep(Box::new(Effect::Exile(EffectObject::EventObject))),
            ]))),
        ))
}
