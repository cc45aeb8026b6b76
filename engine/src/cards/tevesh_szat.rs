//! Tevesh Szat, Doom of Fools ({4}{B} Legendary Planeswalker — Szat, loyalty 4) and its Thrull
//! token. Loyalty abilities (CR 606); the sacrifice is chosen as the +1 resolves, and the −10
//! gains control of commanders already on the battlefield before the ones from the command zone
//! enter (rulings 2020-11-10). "Can be your commander" and partner matter only to deck
//! construction (CR 903.3c, 702.124), which the engine doesn't model; partner is still a keyword
//! ability the card has (CR 702.124a).
use super::{loyalty, unnamed_token, CardDef};
use crate::abilities::{Ability, Amount, Effect, Group, Keyword};
use crate::state::ZoneKind;
use crate::types::{CardType, Color};

pub const ORACLE: &str = "[+2]: Create two 0/1 black Thrull creature tokens.\n[+1]: You may sacrifice another creature or planeswalker. If you do, draw two cards, then draw another card if the sacrificed permanent was a commander.\n[\u{2212}10]: Gain control of all commanders. Put all commanders from the command zone onto the battlefield under your control.\nTevesh Szat, Doom of Fools can be your commander.\nPartner";

pub fn def() -> CardDef {
    CardDef::new("Tevesh Szat, Doom of Fools", ORACLE)
        .cost("{4}{B}")
        .types(&[CardType::Planeswalker])
        .subtypes(&["Szat"])
        .supertypes(&["Legendary"])
        .loyalty(4)
        .ability(loyalty(2, vec![], Effect::CreateTokens { token: thrull_token().name, amount: Amount::Fixed(2) }))
        .ability(loyalty(
            1,
            vec![],
            Effect::MaySacrifice {
                types: vec![CardType::Creature, CardType::Planeswalker],
                another: true,
                if_done: Box::new(Effect::DrawCards(Amount::Fixed(2))),
                if_commander: Box::new(Effect::DrawCards(Amount::Fixed(1))),
            },
        ))
        .ability(loyalty(
            -10,
            vec![],
            Effect::Sequence(vec![
                Effect::GainControlOfAll(Group::Commanders),
                Effect::PutAllOntoBattlefield { from: ZoneKind::Command, group: Group::Commanders },
            ]),
        ))
        .ability(Ability::Keyword(Keyword::Partner))
}

/// "a 0/1 black Thrull creature token", named "Thrull Token".
pub fn thrull_token() -> CardDef {
    unnamed_token(&["Thrull"], "")
        .types(&[CardType::Creature])
        .colors(&[Color::Black])
        .pt(0, 1)
}
