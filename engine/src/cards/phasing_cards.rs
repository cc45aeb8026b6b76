//! Cards of the phasing Examples (CR 702.26b), from MTGJSON: Sandbar Crocodile (MIR #88),
//! Reality Ripple (MIR #87) and Collective Unconscious (MMQ #236).
use super::{keyword, CardDef};
use crate::abilities::{Amount, Effect, EffectObject, Keyword, TargetSpec};
use crate::types::CardType;

/// Sandbar Crocodile ({4}{U} Creature — Crocodile 6/5).
pub const SANDBAR_CROCODILE: &str = "Phasing (This phases in or out before you untap during each of your untap steps. While it's phased out, it's treated as though it doesn't exist.)";

pub fn sandbar_crocodile() -> CardDef {
    CardDef::new("Sandbar Crocodile", SANDBAR_CROCODILE)
        .cost("{4}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Crocodile"])
        .pt(6, 5)
        .ability(keyword(Keyword::Phasing))
}

/// Reality Ripple ({1}{U} Instant).
pub const REALITY_RIPPLE: &str = "Target artifact, creature, or land phases out. (While it's phased out, it's treated as though it doesn't exist. It phases in before its controller untaps during their next untap step.)";

pub fn reality_ripple() -> CardDef {
    CardDef::new("Reality Ripple", REALITY_RIPPLE)
        .cost("{1}{U}")
        .types(&[CardType::Instant])
        .spell(
            vec![TargetSpec::PermanentOfAnyType(vec![CardType::Artifact, CardType::Creature, CardType::Land])],
            Effect::PhaseOut(EffectObject::Target(0)),
        )
}

/// Collective Unconscious ({4}{G}{G} Sorcery).
pub const COLLECTIVE_UNCONSCIOUS: &str = "Draw a card for each creature you control.";

pub fn collective_unconscious() -> CardDef {
    CardDef::new("Collective Unconscious", COLLECTIVE_UNCONSCIOUS)
        .cost("{4}{G}{G}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::DrawCards(Amount::CreaturesYouControl))
}
