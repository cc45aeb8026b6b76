//! "Whenever this creature becomes blocked" (once per combat, CR 509.3c) and "... becomes
//! blocked by a creature" (once per blocker, CR 509.3d): the two readings of one event in
//! CR 700.1's Example. Oracle texts from MTGJSON (EXO 110, 119).
use super::{triggered, CardDef};
use crate::abilities::{Amount, Effect, EffectObject, Trigger};
use crate::types::CardType;

/// Elvish Berserker ({G} Creature — Elf Berserker 1/1).
pub const ELVISH_BERSERKER: &str =
    "Whenever this creature becomes blocked, it gets +1/+1 until end of turn for each creature blocking it.";

pub fn elvish_berserker() -> CardDef {
    CardDef::new("Elvish Berserker", ELVISH_BERSERKER)
        .cost("{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Elf", "Berserker"])
        .pt(1, 1)
        .ability(triggered(
            Trigger::BecomesBlocked,
            Effect::PumpUntilEndOfTurn { object: EffectObject::This, power: 1, toughness: 1, times: Amount::CreaturesBlockingThis },
        ))
}

/// Rabid Wolverines ({3}{G}{G} Creature — Wolverine 4/4).
pub const RABID_WOLVERINES: &str =
    "Whenever this creature becomes blocked by a creature, this creature gets +1/+1 until end of turn.";

pub fn rabid_wolverines() -> CardDef {
    CardDef::new("Rabid Wolverines", RABID_WOLVERINES)
        .cost("{3}{G}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Wolverine"])
        .pt(4, 4)
        .ability(triggered(
            Trigger::BecomesBlockedByACreature,
            Effect::PumpUntilEndOfTurn { object: EffectObject::This, power: 1, toughness: 1, times: Amount::Fixed(1) },
        ))
}
