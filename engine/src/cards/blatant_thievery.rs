//! Blatant Thievery ({4}{U}{U}{U} Sorcery): "for each opponent, ... target permanent that player
//! controls" is one target in a two-player game; control of every target changes at once
//! (CR 608.2f, 613.1b).
use super::CardDef;
use crate::abilities::{Effect, TargetSpec};
use crate::types::CardType;

pub const ORACLE: &str = "For each opponent, gain control of target permanent that player controls.";

pub fn def() -> CardDef {
    CardDef::new("Blatant Thievery", ORACLE)
        .cost("{4}{U}{U}{U}")
        .types(&[CardType::Sorcery])
        .spell(vec![TargetSpec::PermanentAnOpponentControls], Effect::GainControlOfTarget(0))
}
