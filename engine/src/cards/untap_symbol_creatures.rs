//! Creatures with {Q} abilities (CR 107.6, 302.6).
use super::{activated, cost_mana, until_eot_this, CardDef};
use crate::abilities::{Ability, Amount, Effect, EffectObject, Keyword, Modification, StaticAbility, TargetSpec};
use crate::costs::Cost;
use crate::types::CardType;

fn untap_cost(mana: &str) -> Cost {
    Cost { mana: cost_mana(mana), untap: true, ..Cost::default() }
}

/// Safehold Sentry ({1}{W} Creature — Elf Warrior 2/2).
pub const SAFEHOLD_SENTRY: &str = "{2}{W}, {Q}: This creature gets +0/+2 until end of turn. ({Q} is the untap symbol.)";

pub fn safehold_sentry() -> CardDef {
    CardDef::new("Safehold Sentry", SAFEHOLD_SENTRY)
        .cost("{1}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Elf", "Warrior"])
        .pt(2, 2)
        .ability(activated(
            untap_cost("{2}{W}"),
            vec![],
            until_eot_this(vec![Modification::ModifyPt { power: 0, toughness: 2 }]),
        ))
}

/// Merrow Wavebreakers ({4}{U} Creature — Merfolk Soldier 3/3).
pub const MERROW_WAVEBREAKERS: &str = "{1}{U}, {Q}: This creature gains flying until end of turn. ({Q} is the untap symbol.)";

pub fn merrow_wavebreakers() -> CardDef {
    CardDef::new("Merrow Wavebreakers", MERROW_WAVEBREAKERS)
        .cost("{4}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Merfolk", "Soldier"])
        .pt(3, 3)
        .ability(activated(
            untap_cost("{1}{U}"),
            vec![],
            until_eot_this(vec![Modification::AddAbility(Box::new(Ability::Keyword(
                Keyword::Flying,
            )))]),
        ))
}

/// Order of Whiteclay ({1}{W}{W} Creature — Kithkin Cleric 1/4).
pub const ORDER_OF_WHITECLAY: &str = "{1}{W}{W}, {Q}: Return target creature card with mana value 3 or less from your graveyard to the battlefield. ({Q} is the untap symbol.)";

pub fn order_of_whiteclay() -> CardDef {
    CardDef::new("Order of Whiteclay", ORDER_OF_WHITECLAY)
        .cost("{1}{W}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Kithkin", "Cleric"])
        .pt(1, 4)
        .ability(activated(
            untap_cost("{1}{W}{W}"),
            vec![TargetSpec::CardInYourGraveyard {
                card_type: CardType::Creature,
                max_mana_value: Some(3),
            }],
            Effect::ReturnToBattlefield { object: EffectObject::Target(0) },
        ))
}

/// Leech Bonder ({2}{U} Creature — Merfolk Soldier 3/3). Which counter moves is chosen as the
/// ability resolves; with either target illegal nothing moves (ruling 2008-05-01), with both
/// the ability doesn't resolve (CR 608.2b).
pub const LEECH_BONDER: &str = "This creature enters with two -1/-1 counters on it.\n{U}, {Q}: Move a counter from target creature onto a second target creature. ({Q} is the untap symbol.)";

pub fn leech_bonder() -> CardDef {
    CardDef::new("Leech Bonder", LEECH_BONDER)
        .cost("{2}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Merfolk", "Soldier"])
        .pt(3, 3)
        .ability(Ability::Static(StaticAbility::EntersWithCounters { kind: "-1/-1".into(), amount: Amount::Fixed(2) }))
        .ability(activated(
            untap_cost("{U}"),
            vec![TargetSpec::Creature, TargetSpec::AnotherCreature],
            Effect::MoveCounter { from: EffectObject::Target(0), to: EffectObject::Target(1) },
        ))
}
