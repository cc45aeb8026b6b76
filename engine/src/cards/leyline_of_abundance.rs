//! Leyline of Abundance ({2}{G}{G} Enchantment): a "tapped for mana" trigger that looks at
//! creatures, not lands (CR 106.12, 106.12a), and adds its own mana (CR 605.1b).
//! The opening-hand ability acts only as a game begins (CR 103.6); a case's setup starts a game
//! in progress, so the engine gives it no effect.
use super::{activated, cost_mana, mana, triggered, CardDef};
use crate::abilities::{ManaOfType, Amount, Effect, ManaSpec, Relation, Trigger};
use crate::costs::Cost;
use crate::types::CardType;

pub const ORACLE: &str = "If this card is in your opening hand, you may begin the game with it on the battlefield.\nWhenever you tap a creature for mana, add an additional {G}.\n{6}{G}{G}: Put a +1/+1 counter on each creature you control.";

pub fn def() -> CardDef {
    CardDef::new("Leyline of Abundance", ORACLE)
        .cost("{2}{G}{G}")
        .types(&[CardType::Enchantment])
        .ability(triggered(
            Trigger::TappedForMana {
                tapper: Relation::You,
                permanent: CardType::Creature,
                basic: false,
                mana: ManaOfType::Any,
            },
            Effect::AddMana(ManaSpec::Fixed(mana("{G}"))),
        ))
        .ability(activated(
            Cost { mana: cost_mana("{6}{G}{G}"), ..Cost::default() },
            vec![],
            Effect::PutCountersOnEach {
                types: vec![CardType::Creature],
                controller: Relation::You,
                kind: "+1/+1".into(),
                amount: Amount::Fixed(1),
            },
        ))
}
