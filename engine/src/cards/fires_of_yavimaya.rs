//! Fires of Yavimaya ({1}{R}{G} Enchantment).
use super::{activated, creatures_you_control, static_continuous, CardDef};
use crate::abilities::{Ability, Effect, EffectObject, Keyword, Modification, TargetSpec};
use crate::costs::Cost;
use crate::types::CardType;

pub const ORACLE: &str = "Creatures you control have haste.\nSacrifice this enchantment: Target creature gets +2/+2 until end of turn.";

pub fn def() -> CardDef {
    CardDef::new("Fires of Yavimaya", ORACLE)
        .cost("{1}{R}{G}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(
            creatures_you_control(),
            Modification::AddAbility(Box::new(Ability::Keyword(Keyword::Haste))),
        ))
        .ability(activated(
            Cost { sacrifice_self: true, ..Cost::default() },
            vec![TargetSpec::Creature],
            Effect::UntilEndOfTurn {
                object: EffectObject::Target(0),
                modifications: vec![Modification::ModifyPt { power: 2, toughness: 2 }],
            },
        ))
}
