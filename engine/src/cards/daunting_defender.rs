//! Daunting Defender ({4}{W} Creature — Human Cleric 3/3): a static prevention effect on
//! damage to Cleric creatures its controller controls, itself included (CR 615.10).
use super::CardDef;
use crate::abilities::{Ability, DamageRecipients, Relation, StaticAbility};
use crate::types::CardType;

pub const ORACLE: &str = "If a source would deal damage to a Cleric creature you control, prevent 1 of that damage.";

pub fn def() -> CardDef {
    CardDef::new("Daunting Defender", ORACLE)
        .cost("{4}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Cleric"])
        .pt(3, 3)
        .ability(Ability::Static(StaticAbility::PreventDamageTo {
            recipients: DamageRecipients {
                types: vec![CardType::Creature],
                subtype: Some("Cleric".into()),
                controller: Relation::You,
            },
            amount: 1,
        }))
}
