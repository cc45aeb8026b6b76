//! Thunderscape Familiar ({1}{R} Creature — Kavu 1/1): a cost reduction (CR 601.2f), locked in
//! with the total cost before it is paid (CR 601.2h Example).
use super::{keyword, CardDef};
use crate::abilities::{Ability, Keyword, StaticAbility};
use crate::types::{CardType, Color};

pub const ORACLE: &str = "First strike\nBlack spells and green spells you cast cost {1} less to cast.";

pub fn def() -> CardDef {
    CardDef::new("Thunderscape Familiar", ORACLE)
        .cost("{1}{R}")
        .types(&[CardType::Creature])
        .subtypes(&["Kavu"])
        .pt(1, 1)
        .ability(keyword(Keyword::FirstStrike))
        .ability(Ability::Static(StaticAbility::SpellsCostLess { colors: vec![Color::Black, Color::Green], types: vec![], generic: 1 }))
}
