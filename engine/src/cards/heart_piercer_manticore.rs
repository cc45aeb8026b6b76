//! Heart-Piercer Manticore ({2}{R}{R} Creature — Manticore 4/3): a reflexive triggered ability
//! (CR 603.12), triggered only by the sacrifice its own enters ability makes; its damage is the
//! sacrificed creature's power as it last existed (CR 608.2h). Embalm (CR 702.128, activated
//! from the graveyard) is not modelled: the card has the keyword, with no ability behind it.
use super::{triggered, CardDef};
use crate::abilities::{Ability, Amount, Effect, Keyword, TargetSpec, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "When this creature enters, you may sacrifice another creature. When you do, this creature deals damage equal to that creature's power to any target.\nEmbalm {5}{R} ({5}{R}, Exile this card from your graveyard: Create a token that's a copy of it, except it's a white Zombie Manticore with no mana cost. Embalm only as a sorcery.)";

pub fn def() -> CardDef {
    CardDef::new("Heart-Piercer Manticore", ORACLE)
        .cost("{2}{R}{R}")
        .types(&[CardType::Creature])
        .subtypes(&["Manticore"])
        .pt(4, 3)
        .ability(triggered(
            Trigger::ThisEnters,
            Effect::MaySacrifice {
                types: vec![CardType::Creature],
                another: true,
                if_done: Box::new(Effect::ReflexiveTrigger {
                    targets: vec![TargetSpec::Any],
                    effect: Box::new(Effect::DealDamage { amount: Amount::X, target: 0 }),
                }),
                if_commander: Box::new(Effect::Sequence(vec![])),
            },
        ))
        .ability(Ability::Keyword(Keyword::Embalm))
}
