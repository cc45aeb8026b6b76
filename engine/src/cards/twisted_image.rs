//! Twisted Image ({U} Instant): switching power and toughness in layer 7d (CR 613.4d), then a
//! draw (CR 121.2).
use super::CardDef;
use crate::abilities::{Effect, EffectObject, Modification, TargetSpec};
use crate::types::CardType;

pub const ORACLE: &str = "Switch target creature's power and toughness until end of turn.\nDraw a card.";

pub fn def() -> CardDef {
    CardDef::new("Twisted Image", ORACLE).cost("{U}").types(&[CardType::Instant]).spell(
        vec![TargetSpec::Creature],
        Effect::Sequence(vec![
            Effect::UntilEndOfTurn { object: EffectObject::Target(0), modifications: vec![Modification::SwitchPt] },
            Effect::DrawCards(crate::abilities::Amount::Fixed(1)),
        ]),
    )
}
