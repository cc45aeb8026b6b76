//! Gempalm Incinerator ({2}{R} Creature — Goblin 2/1): cycling (CR 702.29a) and a "when you
//! cycle this card" trigger (CR 702.29c) that triggers from the graveyard the card went to and
//! uses it as the damage source (CR 113.7); X is counted as the trigger resolves.
use super::{cycling, triggered_targeting, CardDef};
use crate::abilities::{Amount, Effect, TargetSpec, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "Cycling {1}{R} ({1}{R}, Discard this card: Draw a card.)\nWhen you cycle this card, you may have it deal X damage to target creature, where X is the number of Goblins on the battlefield.";

pub fn def() -> CardDef {
    CardDef::new("Gempalm Incinerator", ORACLE)
        .cost("{2}{R}")
        .types(&[CardType::Creature])
        .subtypes(&["Goblin"])
        .pt(2, 1)
        .ability(cycling("{1}{R}"))
        .ability(triggered_targeting(
            Trigger::YouCycleThis,
            vec![TargetSpec::Creature],
            Effect::May(Box::new(Effect::DealDamage {
                amount: Amount::PermanentsWithSubtype("Goblin".into()),
                target: 0,
            })),
        ))
}
