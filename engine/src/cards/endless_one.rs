//! Endless One ({X} Creature — Eldrazi 0/0): "enters with X" uses the spell's X (CR 107.3m).
use super::{enters_with_x_counters, CardDef};
use crate::types::CardType;

pub const ORACLE: &str = "This creature enters with X +1/+1 counters on it.";

pub fn def() -> CardDef {
    CardDef::new("Endless One", ORACLE)
        .cost("{X}")
        .types(&[CardType::Creature])
        .subtypes(&["Eldrazi"])
        .pt(0, 0)
        .ability(enters_with_x_counters("+1/+1"))
}
