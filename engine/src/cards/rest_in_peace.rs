//! Rest in Peace ({1}{W} Enchantment): an "instead" replacement of every move to a graveyard
//! (CR 614.1a), ordered against others by the affected object's controller (CR 616.1).
use super::{triggered, CardDef};
use crate::abilities::{Ability, Effect, StaticAbility, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "When this enchantment enters, exile all graveyards.\nIf a card or token would be put into a graveyard from anywhere, exile it instead.";

pub fn def() -> CardDef {
    CardDef::new("Rest in Peace", ORACLE)
        .cost("{1}{W}")
        .types(&[CardType::Enchantment])
        .ability(triggered(Trigger::ThisEnters, Effect::ExileAllGraveyards))
        .ability(Ability::Static(StaticAbility::GraveyardToExile))
}
