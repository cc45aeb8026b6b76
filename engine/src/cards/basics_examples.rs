//! Cards the CR's non-combat Examples of issue 28 name (107.1b, 101.2, 302.3, 701.12a):
//! Hydrosurge (the Examples' "-N/-0" effect; MTGJSON M13 #54), Viridian Joiner and Chameleon
//! Colossus (the reference card data), Explore (MTGJSON WWK #99), Goblin Electromancer (302.3:
//! a Goblin Wizard; MTGJSON DDJ #3) and Switcheroo (701.12a: exchange of control; MTGJSON M13
//! #71).
use super::{activated, cost_mana, keyword, tap_add, CardDef};
use crate::abilities::{Ability, Affected, Amount, Effect, EffectObject, Keyword, ManaSpec, Modification, StaticAbility, TargetSpec};
use crate::costs::Cost;
use crate::mana::ManaType;
use crate::types::{CardType, Color};

/// Hydrosurge ({U} Instant).
pub const HYDROSURGE: &str = "Target creature gets -5/-0 until end of turn.";

pub fn hydrosurge() -> CardDef {
    CardDef::new("Hydrosurge", HYDROSURGE).cost("{U}").types(&[CardType::Instant]).spell(
        vec![TargetSpec::Creature],
        Effect::UntilEndOfTurn { object: EffectObject::Target(0), modifications: vec![Modification::ModifyPt { power: -5, toughness: 0 }] },
    )
}

/// Viridian Joiner ({2}{G} Creature — Elf Druid 1/2): mana equal to its power, none when that
/// is 0 or less (CR 107.1b).
pub const VIRIDIAN_JOINER: &str = "{T}: Add an amount of {G} equal to this creature's power.";

pub fn viridian_joiner() -> CardDef {
    CardDef::new("Viridian Joiner", VIRIDIAN_JOINER)
        .cost("{2}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Elf", "Druid"])
        .pt(1, 2)
        .ability(tap_add(ManaSpec::EqualToThisPower(ManaType::Green)))
}

/// Chameleon Colossus ({2}{G}{G} Creature — Shapeshifter 4/4): "+X/+X where X is its power"
/// with X at least 0 (CR 107.1b). Changeling is its characteristic-defining ability (CR
/// 702.73a), every creature type in layer 4.
pub const CHAMELEON_COLOSSUS: &str = "Changeling (This card is every creature type.)\nProtection from black\n{2}{G}{G}: This creature gets +X/+X until end of turn, where X is its power.";

pub fn chameleon_colossus() -> CardDef {
    CardDef::new("Chameleon Colossus", CHAMELEON_COLOSSUS)
        .cost("{2}{G}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Shapeshifter"])
        .pt(4, 4)
        .ability(Ability::Static(StaticAbility::Continuous {
            affected: Affected::This,
            modification: Modification::AllCreatureTypes,
            cda: true,
        }))
        .ability(keyword(Keyword::ProtectionFrom(Color::Black)))
        .ability(activated(
            Cost { mana: cost_mana("{2}{G}{G}"), ..Cost::default() },
            vec![],
            Effect::PumpUntilEndOfTurn { object: EffectObject::This, power: 1, toughness: 1, times: Amount::ThisPower },
        ))
}

/// Explore ({1}{G} Sorcery).
pub const EXPLORE: &str = "You may play an additional land this turn.\nDraw a card.";

pub fn explore() -> CardDef {
    CardDef::new("Explore", EXPLORE)
        .cost("{1}{G}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::Sequence(vec![Effect::PlayAdditionalLand, Effect::DrawCards(1)]))
}

/// Goblin Electromancer ({U}{R} Creature — Goblin Wizard 2/2).
pub const GOBLIN_ELECTROMANCER: &str = "Instant and sorcery spells you cast cost {1} less to cast.";

pub fn goblin_electromancer() -> CardDef {
    CardDef::new("Goblin Electromancer", GOBLIN_ELECTROMANCER)
        .cost("{U}{R}")
        .types(&[CardType::Creature])
        .subtypes(&["Goblin", "Wizard"])
        .pt(2, 2)
        .ability(Ability::Static(StaticAbility::SpellsCostLess {
            colors: vec![],
            types: vec![CardType::Instant, CardType::Sorcery],
            generic: 1,
        }))
}

/// Switcheroo ({4}{U} Sorcery).
pub const SWITCHEROO: &str = "Exchange control of two target creatures.";

pub fn switcheroo() -> CardDef {
    CardDef::new("Switcheroo", SWITCHEROO)
        .cost("{4}{U}")
        .types(&[CardType::Sorcery])
        .spell(vec![TargetSpec::Creature, TargetSpec::AnotherCreature], Effect::ExchangeControlOfTargets(0, 1))
}
