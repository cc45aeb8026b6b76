//! Gauntlet of Power ({5} Artifact): a color chosen as it enters (CR 614.1c, 614.12), a layer-7c
//! bonus for creatures of that color (CR 613.4c), and a triggered mana ability on a basic land
//! "tapped for mana of the chosen color" (CR 106.12a: the type of mana the ability produced,
//! after replacement effects; CR 605.1b).
use super::{static_continuous, triggered, CardDef};
use crate::abilities::{Ability, Affected, Effect, ManaOfType, Modification, Relation, StaticAbility, Trigger};
use crate::types::CardType;

pub const ORACLE: &str = "As this artifact enters, choose a color.\nCreatures of the chosen color get +1/+1.\nWhenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana of that color.";

pub fn def() -> CardDef {
    CardDef::new("Gauntlet of Power", ORACLE)
        .cost("{5}")
        .types(&[CardType::Artifact])
        .ability(Ability::Static(StaticAbility::EntersChoosingColor))
        .ability(static_continuous(
            Affected::PermanentsOfChosenColor { types: vec![CardType::Creature] },
            Modification::ModifyPt { power: 1, toughness: 1 },
        ))
        .ability(triggered(
            Trigger::TappedForMana {
                tapper: Relation::Any,
                permanent: CardType::Land,
                basic: true,
                mana: ManaOfType::ChosenColor,
            },
            Effect::AddManaOfChosenColorToItsController,
        ))
}
