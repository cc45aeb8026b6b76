//! Carth the Lion ({2}{B}{G} Legendary Creature — Human Warrior 3/5): loyalty costs go up
//! (CR 606.5, 118.8). Its first ability (look at the top seven cards when it enters or a
//! planeswalker of its controller dies) is not modelled: the engine has no "look at and
//! reveal" choice; a case with Carth never has it enter or a planeswalker die.
use super::CardDef;
use crate::abilities::{Ability, StaticAbility};
use crate::types::CardType;

pub const ORACLE: &str = "Whenever Carth enters or a planeswalker you control dies, look at the top seven cards of your library. You may reveal a planeswalker card from among them and put it into your hand. Put the rest on the bottom of your library in a random order.\nPlaneswalkers' loyalty abilities you activate cost an additional [+1] to activate.";

pub fn def() -> CardDef {
    CardDef::new("Carth the Lion", ORACLE)
        .cost("{2}{B}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Warrior"])
        .supertypes(&["Legendary"])
        .pt(3, 5)
        .ability(Ability::Static(StaticAbility::LoyaltyCostsAdditional(1)))
}
