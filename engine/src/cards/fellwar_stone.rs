//! Fellwar Stone ({2} Artifact).
use super::{tap_add, CardDef};
use crate::abilities::{ManaSpec, Relation};
use crate::types::CardType;

pub const ORACLE: &str =
    "{T}: Add one mana of any color that a land an opponent controls could produce.";

pub fn def() -> CardDef {
    CardDef::new("Fellwar Stone", ORACLE).cost("{2}").types(&[CardType::Artifact]).ability(
        tap_add(ManaSpec::CouldProduce { lands_of: Relation::Opponent, colors_only: true }),
    )
}
