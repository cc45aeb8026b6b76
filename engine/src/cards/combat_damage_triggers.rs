//! Cards whose abilities trigger on combat damage dealt to a player (CR 510.2): Disa the
//! Restless (CR 111.11 Example: "create a Tarmogoyf token", a token named by a card; M3C 1) and
//! Obeka, Splitter of Seconds (CR 500.10 Example: additional upkeep steps after this phase; OTJ
//! 222). Oracle texts from the reference card data.
use super::{keyword, triggered, CardDef};
use crate::abilities::{Amount, Effect, Keyword, Trigger};
use crate::types::CardType;

/// Disa the Restless ({2}{B}{R}{G} Legendary Creature \u{2014} Human Scout 5/6). Its first ability
/// (a Lhurgoyf permanent card put into your graveyard from anywhere other than the battlefield
/// is put onto the battlefield) isn't modelled: no case puts a Lhurgoyf card there.
pub const DISA_THE_RESTLESS: &str = "Whenever a Lhurgoyf permanent card is put into your graveyard from anywhere other than the battlefield, put it onto the battlefield.\nWhenever one or more creatures you control deal combat damage to a player, create a Tarmogoyf token.";

pub fn disa_the_restless() -> CardDef {
    CardDef::new("Disa the Restless", DISA_THE_RESTLESS)
        .cost("{2}{B}{R}{G}")
        .types(&[CardType::Creature])
        .supertypes(&["Legendary"])
        .subtypes(&["Human", "Scout"])
        .pt(5, 6)
        .ability(triggered(
            Trigger::OneOrMoreCreaturesYouControlDealCombatDamageToAPlayer,
            // CR 111.11: the token has the characteristics of the card named Tarmogoyf.
            Effect::CreateTokens { token: "Tarmogoyf".into(), amount: Amount::Fixed(1) },
        ))
}

/// Obeka, Splitter of Seconds ({1}{U}{B}{R} Legendary Creature \u{2014} Ogre Warlock 2/5).
pub const OBEKA: &str = "Menace\nWhenever Obeka deals combat damage to a player, you get that many additional upkeep steps after this phase.";

pub fn obeka() -> CardDef {
    CardDef::new("Obeka, Splitter of Seconds", OBEKA)
        .cost("{1}{U}{B}{R}")
        .types(&[CardType::Creature])
        .supertypes(&["Legendary"])
        .subtypes(&["Ogre", "Warlock"])
        .pt(2, 5)
        .ability(keyword(Keyword::Menace))
        .ability(triggered(
            Trigger::ThisDealsCombatDamageToAPlayer,
            Effect::AdditionalUpkeepStepsAfterThisPhase(Amount::EventAmount),
        ))
}
