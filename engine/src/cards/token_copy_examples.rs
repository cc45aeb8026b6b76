//! Cards of CR 111.4 Example 3 (issue 28): Spitting Image's token copy of Doomed Dissenter is
//! named Doomed Dissenter (the copiable values, CR 707.2), not "Human Token". Oracle texts from
//! the reference card data (EVE 162, AKH 87).
use super::{triggered, unnamed_token, CardDef};
use crate::abilities::{Amount, Effect, TargetSpec, Trigger};
use crate::types::{CardType, Color};

/// Spitting Image ({4}{G/U}{G/U} Sorcery; EVE 162). Retrace (casting it from the graveyard by
/// discarding a land card, CR 702.81) is not modelled: no case casts it from a graveyard.
pub const SPITTING_IMAGE: &str = "Create a token that's a copy of target creature.\nRetrace (You may cast this card from your graveyard by discarding a land card in addition to paying its other costs.)";

pub fn spitting_image() -> CardDef {
    CardDef::new("Spitting Image", SPITTING_IMAGE)
        .cost("{4}{G/U}{G/U}")
        .types(&[CardType::Sorcery])
        .spell(vec![TargetSpec::Creature], Effect::CreateTokenCopiesOfTarget { target: 0, amount: Amount::Fixed(1) })
}

/// Doomed Dissenter ({1}{B} Creature — Human 1/1; AKH 87).
pub const DOOMED_DISSENTER: &str = "When this creature dies, create a 2/2 black Zombie creature token.";

pub fn doomed_dissenter() -> CardDef {
    CardDef::new("Doomed Dissenter", DOOMED_DISSENTER)
        .cost("{1}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Human"])
        .pt(1, 1)
        .ability(triggered(Trigger::Dies, Effect::CreateTokens { token: zombie_token().name, amount: Amount::Fixed(1) }))
}

/// "a 2/2 black Zombie creature token", named "Zombie Token" (CR 111.4).
pub fn zombie_token() -> CardDef {
    unnamed_token(&["Zombie"], "").types(&[CardType::Creature]).colors(&[Color::Black]).pt(2, 2)
}
