//! Cards the CR's non-combat Examples of issue 28 name (107.1b, 101.2, 302.3, 701.12a, 700.5a):
//! Hydrosurge (the Examples' "-N/-0" effect; MTGJSON M13 #54), Viridian Joiner and Chameleon
//! Colossus (the reference card data), Explore (MTGJSON WWK #99), Goblin Electromancer (302.3:
//! a Goblin Wizard; MTGJSON DDJ #3), Switcheroo (701.12a: exchange of control; MTGJSON M13
//! #71), Altar of the Pantheon and Purphoros, God of the Forge (700.5a: devotion; the reference
//! card data).
use super::{activated, cost_mana, keyword, tap, tap_add, triggered, CardDef};
use crate::abilities::{
    Ability, Affected, Amount, Condition, Effect, EffectObject, Keyword, ManaSpec, Modification, PermanentFilter, StaticAbility, TargetSpec,
    Trigger,
};
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
        .spell(vec![], Effect::Sequence(vec![Effect::PlayAdditionalLand, Effect::DrawCards(Amount::Fixed(1))]))
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

/// Altar of the Pantheon ({3} Artifact): devotion increased (CR 700.5), and a mana ability that
/// also gains life if its controller controls a God, a Demigod or a legendary enchantment.
pub const ALTAR_OF_THE_PANTHEON: &str = "Your devotion to each color and each combination of colors is increased by one.\n{T}: Add one mana of any color. If you control a God, a Demigod, or a legendary enchantment, you gain 1 life.";

pub fn altar_of_the_pantheon() -> CardDef {
    let subtype = |s: &str| PermanentFilter { subtypes: vec![s.into()], ..PermanentFilter::default() };
    let legendary_enchantment =
        PermanentFilter { types: vec![CardType::Enchantment], supertypes: vec!["Legendary".into()], ..PermanentFilter::default() };
    CardDef::new("Altar of the Pantheon", ALTAR_OF_THE_PANTHEON)
        .cost("{3}")
        .types(&[CardType::Artifact])
        .ability(Ability::Static(StaticAbility::DevotionIncreasedByOne))
        .ability(activated(
            tap(),
            vec![],
            Effect::Sequence(vec![
                Effect::AddMana(ManaSpec::AnyColor),
                Effect::IfCondition {
                    condition: Condition::YouControlAny(vec![subtype("God"), subtype("Demigod"), legendary_enchantment]),
                    effect: Box::new(Effect::GainLife(Amount::Fixed(1))),
                },
            ]),
        ))
}

/// Purphoros, God of the Forge ({3}{R} Legendary Enchantment Creature — God 6/5): not a
/// creature while its controller's devotion to red is below five (CR 700.5).
pub const PURPHOROS: &str = "Indestructible\nAs long as your devotion to red is less than five, Purphoros isn't a creature.\nWhenever another creature you control enters, Purphoros deals 2 damage to each opponent.\n{2}{R}: Creatures you control get +1/+0 until end of turn.";

pub fn purphoros() -> CardDef {
    let creatures_you_control =
        PermanentFilter { types: vec![CardType::Creature], controller: crate::abilities::Relation::You, ..PermanentFilter::default() };
    CardDef::new("Purphoros, God of the Forge", PURPHOROS)
        .cost("{3}{R}")
        .supertypes(&["Legendary"])
        .types(&[CardType::Enchantment, CardType::Creature])
        .subtypes(&["God"])
        .pt(6, 5)
        .ability(keyword(Keyword::Indestructible))
        .ability(Ability::Static(StaticAbility::Continuous {
            affected: Affected::ThisWhileDevotionBelow { color: Color::Red, n: 5 },
            modification: Modification::RemoveCardType(CardType::Creature),
            cda: false,
        }))
        .ability(triggered(Trigger::AnotherCreatureYouControlEnters, Effect::DamageToEachOpponent(2)))
        .ability(activated(
            Cost { mana: cost_mana("{2}{R}"), ..Cost::default() },
            vec![],
            Effect::PumpGroupUntilEndOfTurn { filter: Box::new(creatures_you_control), power: 1, toughness: 0 },
        ))
}
