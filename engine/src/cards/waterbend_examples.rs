//! Cards of CR 701.67b Example 1 (issue 28): Spirit Water Revival's "As an additional cost to
//! cast this spell, you may waterbend {6}": tapping artifacts and creatures pays only for the
//! {6} of the waterbend cost, never for its {1}{U}{U} mana cost (CR 701.67a-b). Oracle text
//! from the reference card data (TLA, from Forge: Oracle only, no rulings).
use super::CardDef;
use crate::abilities::{Amount, Condition, Effect};
use crate::types::CardType;

/// Spirit Water Revival ({1}{U}{U} Sorcery; TLA).
pub const SPIRIT_WATER_REVIVAL: &str = "As an additional cost to cast this spell, you may waterbend {6}. (While paying a waterbend cost, you can tap your artifacts and creatures to help. Each one pays for {1}.)\nDraw two cards. If this spell's additional cost was paid, instead shuffle your graveyard into your library, draw seven cards, and you have no maximum hand size for the rest of the game.\nExile Spirit Water Revival.";

pub fn spirit_water_revival() -> CardDef {
    CardDef::new("Spirit Water Revival", SPIRIT_WATER_REVIVAL)
        .cost("{1}{U}{U}")
        .types(&[CardType::Sorcery])
        .additional_waterbend("{6}", true)
        .spell(
            vec![],
            Effect::Sequence(vec![
                Effect::IfConditionInstead {
                    condition: Condition::ThisSpellsAdditionalCostWasPaid,
                    instead: Box::new(Effect::Sequence(vec![
                        Effect::ShuffleYourGraveyardIntoLibrary,
                        Effect::DrawCards(Amount::Fixed(7)),
                        Effect::NoMaximumHandSizeForRestOfGame,
                    ])),
                    otherwise: Box::new(Effect::DrawCards(Amount::Fixed(2))),
                },
                Effect::ExileThisSpell,
            ]),
        )
}
