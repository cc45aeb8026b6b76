//! Cards of CR 702.184c Example 1 (issue 28): station (CR 702.184a, "Tap another untapped
//! creature you control: Put a number of charge counters on this permanent equal to the tapped
//! creature's power. Activate only as a sorcery.") and Tapestry Warden's "stations permanents
//! using its toughness rather than its power" (702.184c). Tapestry Warden from the reference
//! card data (EOE 209); Evendo, Waking Haven from MTGJSON (taw/magic-search-engine-data
//! data/sets/EOE.json, EOE 253).
use super::{activated, activated_as_sorcery, cost_mana, keyword, mana, tap_add, CardDef};
use crate::abilities::{Ability, Affected, Amount, Effect, EffectObject, Keyword, ManaSpec, Modification, StaticAbility, ToughnessFor};
use crate::costs::Cost;
use crate::mana::ManaType;
use crate::types::CardType;

/// Tapestry Warden ({3}{G} Artifact Creature — Robot Soldier 3/4; EOE 209).
pub const TAPESTRY_WARDEN: &str = "Vigilance\nEach creature you control with toughness greater than its power assigns combat damage equal to its toughness rather than its power.\nEach creature you control with toughness greater than its power stations permanents using its toughness rather than its power.";

pub fn tapestry_warden() -> CardDef {
    CardDef::new("Tapestry Warden", TAPESTRY_WARDEN)
        .cost("{3}{G}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Robot", "Soldier"])
        .pt(3, 4)
        .ability(keyword(Keyword::Vigilance))
        // CR 510.1a.
        .ability(Ability::Static(StaticAbility::ToughnessRatherThanPower(ToughnessFor::CombatDamage)))
        // CR 702.184c.
        .ability(Ability::Static(StaticAbility::ToughnessRatherThanPower(ToughnessFor::Station)))
}

/// Evendo, Waking Haven (Land — Planet, no mana cost; EOE 253): a station card (CR 702.184b)
/// whose station symbol "STATION 12+" grants the mana ability below it while it has 12 or
/// more charge counters (CR 721.2a).
pub const EVENDO_WAKING_HAVEN: &str = "This land enters tapped.\n{T}: Add {G}.\nStation (Tap another creature you control: Put charge counters equal to its power on this Planet. Station only as a sorcery.)\nSTATION 12+\n{G}, {T}: Add {G} for each creature you control.";

pub fn evendo_waking_haven() -> CardDef {
    CardDef::new("Evendo, Waking Haven", EVENDO_WAKING_HAVEN)
        .types(&[CardType::Land])
        .subtypes(&["Planet"])
        .ability(Ability::Static(StaticAbility::EntersTapped))
        .ability(tap_add(ManaSpec::Fixed(mana("{G}"))))
        .ability(station())
        .ability(Ability::Static(StaticAbility::Continuous {
            affected: Affected::ThisWithCountersAtLeast { kind: "charge".into(), n: 12 },
            modification: Modification::AddAbility(Box::new(activated(
                Cost { mana: cost_mana("{G}"), tap: true, ..Cost::default() },
                vec![],
                Effect::AddMana(ManaSpec::ForEachCreatureYouControl(ManaType::Green)),
            ))),
            cda: false,
        }))
}

/// Station (CR 702.184a): "Tap another untapped creature you control: Put a number of charge
/// counters on this permanent equal to the tapped creature's power. Activate only as a sorcery."
pub(crate) fn station() -> Ability {
    activated_as_sorcery(
        Cost { tap_another_creature: true, ..Cost::default() },
        vec![],
        Effect::PutCounters { object: EffectObject::This, kind: "charge".into(), amount: Amount::TappedCreaturesPower },
    )
}
