//! Cards of CR 701.24c Example 2 (issue 28): Recoup grants flashback to a sorcery card in a
//! graveyard, with a flashback cost equal to its mana cost (CR 702.34a, 702.1b), and has
//! flashback of its own. Black Sun's Zenith is in `example_cards`. Oracle text from the
//! reference card data (ODY 216).
use super::{cost_mana, CardDef};
use crate::abilities::{Ability, Effect, EffectObject, FlashbackCost, Modification, TargetSpec};
use crate::types::CardType;

/// Recoup ({1}{R} Sorcery; ODY 216).
pub const RECOUP: &str = "Target sorcery card in your graveyard gains flashback until end of turn. The flashback cost is equal to its mana cost. (Mana cost includes color.)\nFlashback {3}{R} (You may cast this card from your graveyard for its flashback cost. Then exile it.)";

pub fn recoup() -> CardDef {
    CardDef::new("Recoup", RECOUP)
        .cost("{1}{R}")
        .types(&[CardType::Sorcery])
        .spell(
            vec![TargetSpec::CardInYourGraveyard { card_type: CardType::Sorcery, max_mana_value: None }],
            // CR 611.2a, 702.1b: a continuous effect on that card until end of turn, its
            // flashback cost read from the card whenever it is cast.
            Effect::UntilEndOfTurn {
                object: EffectObject::Target(0),
                modifications: vec![Modification::AddAbility(Box::new(Ability::Flashback(FlashbackCost::ItsManaCost)))],
            },
        )
        .ability(Ability::Flashback(FlashbackCost::Mana(cost_mana("{3}{R}").unwrap_or_default())))
}
