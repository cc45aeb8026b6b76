//! Heartbeat of Spring and Mana Flare: triggered mana abilities on "a player taps a land for
//! mana" (CR 106.12a, 605.1b).
use super::{triggered, CardDef};
use crate::abilities::{ManaOfType, Effect, Relation, Trigger};
use crate::types::CardType;

pub const ORACLE: &str =
    "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.";

fn def(name: &str, cost: &str) -> CardDef {
    CardDef::new(name, ORACLE)
        .cost(cost)
        .types(&[CardType::Enchantment])
        .ability(triggered(
            Trigger::TappedForMana {
                tapper: Relation::Any,
                permanent: CardType::Land,
                basic: false,
                mana: ManaOfType::Any,
            },
            Effect::AddManaOfTypeProduced,
        ))
}

/// Heartbeat of Spring ({2}{G} Enchantment).
pub fn heartbeat_of_spring() -> CardDef {
    def("Heartbeat of Spring", "{2}{G}")
}

/// Mana Flare ({2}{R} Enchantment).
pub fn mana_flare() -> CardDef {
    def("Mana Flare", "{2}{R}")
}
