//! Worms of the Earth ({2}{B}{B}{B} Enchantment): "players can't play lands" (CR 305.2) and
//! "lands can't enter the battlefield" (a land permanent spell goes to the graveyard instead,
//! CR 608.3e). Its upkeep trigger ("any player may sacrifice two lands ... or have this deal 5
//! damage") is not modelled: a choice by any player, which the engine has no action for.
use super::CardDef;
use crate::abilities::{Ability, StaticAbility};
use crate::types::CardType;

pub const ORACLE: &str = "Players can't play lands.\nLands can't enter the battlefield.\nAt the beginning of each upkeep, any player may sacrifice two lands of their choice or have this enchantment deal 5 damage to that player. If a player does either, destroy this enchantment.";

pub fn def() -> CardDef {
    CardDef::new("Worms of the Earth", ORACLE)
        .cost("{2}{B}{B}{B}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Static(StaticAbility::PlayersCantPlayLands))
        .ability(Ability::Static(StaticAbility::LandsCantEnter))
}
