//! Wojek Apothecary ({2}{W}{W} Creature — Human Cleric 1/1): "prevent the next 1 damage" shields
//! on its target and the creatures sharing a color with it as the ability resolves (CR 615.7,
//! 615.11). "Radiance" is an ability word (CR 207.2c): no rules meaning.
use super::{activated, tap, CardDef};
use crate::abilities::{Effect, TargetSpec};
use crate::types::CardType;

pub const ORACLE: &str = "Radiance \u{2014} {T}: Prevent the next 1 damage that would be dealt to target creature and each other creature that shares a color with it this turn.";

pub fn def() -> CardDef {
    CardDef::new("Wojek Apothecary", ORACLE)
        .cost("{2}{W}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Cleric"])
        .pt(1, 1)
        .ability(activated(
            tap(),
            vec![TargetSpec::Creature],
            Effect::PreventNextDamage { amount: 1, target: 0, and_sharing_a_color: true },
        ))
}
