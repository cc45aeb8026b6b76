//! Altar's Reap ({1}{B} Instant): an additional sacrifice cost (CR 601.2b, 601.2h).
use super::CardDef;
use crate::abilities::Effect;
use crate::types::CardType;

pub const ORACLE: &str = "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.";

pub fn def() -> CardDef {
    let mut d = CardDef::new("Altar's Reap", ORACLE)
        .cost("{1}{B}")
        .types(&[CardType::Instant])
        .spell(vec![], Effect::DrawCards(crate::abilities::Amount::Fixed(2)));
    d.additional_sacrifice = Some(vec![CardType::Creature]);
    d
}
