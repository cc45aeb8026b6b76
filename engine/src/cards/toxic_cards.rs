//! Cards with toxic (CR 702.164), for the Example of 702.164b (a creature with toxic 2 that
//! gains toxic 1 has a total toxic value of 3): Plague Nurse, whose ability grants toxic 1 to the
//! other creatures its controller controls with toxic. Oracle text from MTGJSON (ONE #179).
use super::{cost_mana, keyword, CardDef};
use crate::abilities::{Ability, ActivatedAbility, Effect, Keyword, Modification, PermanentFilter, Relation};
use crate::costs::Cost;
use crate::types::CardType;

/// Plague Nurse ({3}{G} Creature — Phyrexian Cleric 3/4).
pub const PLAGUE_NURSE: &str = "Toxic 2\n{2}{G}: Each other creature you control with toxic gains toxic 1 until end of turn. Activate only once each turn. (A player dealt combat damage by a creature with toxic also gets poison counters equal to that creature's total toxic value.)";

pub fn plague_nurse() -> CardDef {
    let others_with_toxic = PermanentFilter {
        types: vec![CardType::Creature],
        controller: Relation::You,
        other: true,
        with_keyword: Some("Toxic".into()),
        ..PermanentFilter::default()
    };
    CardDef::new("Plague Nurse", PLAGUE_NURSE)
        .cost("{3}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Phyrexian", "Cleric"])
        .pt(3, 4)
        .ability(keyword(Keyword::Toxic(2)))
        .ability(Ability::Activated(ActivatedAbility {
            cost: Cost { mana: cost_mana("{2}{G}"), ..Cost::default() },
            targets: vec![],
            effect: Effect::GroupUntilEndOfTurn {
                filter: Box::new(others_with_toxic),
                modifications: vec![Modification::AddAbility(Box::new(Ability::Keyword(Keyword::Toxic(1))))],
            },
            sorcery_speed: false,
            cycling: false,
            from_graveyard: false,
            once_each_turn: true,
        }))
}
