//! Cards with attack and block restrictions and requirements (CR 508.1c-d, 509.1a-c) that the
//! combat Examples of the CR need: Mogg Flunkies ("can't attack or block alone", CR 508.1c
//! Example), Juggernaut and Silent Arbiter (a requirement against a restriction, CR 508.1d
//! Example), Brave the Sands ("can block an additional creature", CR 702.19b Example 1) and
//! Wandering Ones (a 1/1 with no abilities), Craven Giant ("can't block", CR 113.2a Example),
//! Razorgrass Screen ("blocks each combat if able", CR 509.1c Example).
//! Oracle texts from MTGJSON (the reference card data for Juggernaut and Wandering Ones; STH,
//! 5DN and KTK set files for the others).
use super::{creatures_you_control, keyword, static_continuous, CardDef};
use crate::abilities::{Ability, CombatRule, Keyword, Modification, StaticAbility};
use crate::types::CardType;

fn combat(rule: CombatRule) -> Ability {
    Ability::Static(StaticAbility::Combat(rule))
}

/// Mogg Flunkies ({1}{R} Creature — Goblin 3/3), STH 92.
pub const MOGG_FLUNKIES: &str = "This creature can't attack or block alone.";

pub fn mogg_flunkies() -> CardDef {
    CardDef::new("Mogg Flunkies", MOGG_FLUNKIES)
        .cost("{1}{R}")
        .types(&[CardType::Creature])
        .subtypes(&["Goblin"])
        .pt(3, 3)
        .ability(combat(CombatRule::CantAttackOrBlockAlone))
}

/// Juggernaut ({4} Artifact Creature — Juggernaut 5/3), LEA 255.
pub const JUGGERNAUT: &str = "This creature attacks each combat if able.\nThis creature can't be blocked by Walls.";

pub fn juggernaut() -> CardDef {
    CardDef::new("Juggernaut", JUGGERNAUT)
        .cost("{4}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Juggernaut"])
        .pt(5, 3)
        .ability(combat(CombatRule::AttacksEachCombatIfAble))
        .ability(combat(CombatRule::CantBeBlockedBySubtype("Wall".into())))
}

/// Silent Arbiter ({4} Artifact Creature — Construct 1/5), 5DN 150.
pub const SILENT_ARBITER: &str =
    "No more than one creature can attack each combat.\nNo more than one creature can block each combat.";

pub fn silent_arbiter() -> CardDef {
    CardDef::new("Silent Arbiter", SILENT_ARBITER)
        .cost("{4}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Construct"])
        .pt(1, 5)
        .ability(combat(CombatRule::MaxAttackers(1)))
        .ability(combat(CombatRule::MaxBlockers(1)))
}

/// Brave the Sands ({1}{W} Enchantment), KTK 5: both abilities are layer-6 effects on the
/// creatures its controller controls, evaluated continuously (CR 611.3a).
pub const BRAVE_THE_SANDS: &str =
    "Creatures you control have vigilance.\nEach creature you control can block an additional creature each combat.";

pub fn brave_the_sands() -> CardDef {
    CardDef::new("Brave the Sands", BRAVE_THE_SANDS)
        .cost("{1}{W}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(creatures_you_control(), Modification::AddAbility(Box::new(keyword(Keyword::Vigilance)))))
        .ability(static_continuous(
            creatures_you_control(),
            Modification::AddAbility(Box::new(combat(CombatRule::CanBlockAdditional(1)))),
        ))
}

/// Wandering Ones ({U} Creature — Spirit 1/1), CHK 100, no abilities.
pub const WANDERING_ONES: &str = "";

pub fn wandering_ones() -> CardDef {
    CardDef::new("Wandering Ones", WANDERING_ONES).cost("{U}").types(&[CardType::Creature]).subtypes(&["Spirit"]).pt(1, 1)
}

/// Craven Giant ({2}{R} Creature — Giant 4/1), STH 78: a detrimental ability (CR 113.2a).
pub const CRAVEN_GIANT: &str = "This creature can't block.";

pub fn craven_giant() -> CardDef {
    CardDef::new("Craven Giant", CRAVEN_GIANT)
        .cost("{2}{R}")
        .types(&[CardType::Creature])
        .subtypes(&["Giant"])
        .pt(4, 1)
        .ability(combat(CombatRule::CantBlock))
}

/// Razorgrass Screen ({1} Artifact Creature — Wall 2/1), 5DN 145: a requirement on a blocker
/// (CR 509.1c Example).
pub const RAZORGRASS_SCREEN: &str = "Defender (This creature can't attack.)\nThis creature blocks each combat if able.";

pub fn razorgrass_screen() -> CardDef {
    CardDef::new("Razorgrass Screen", RAZORGRASS_SCREEN)
        .cost("{1}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Wall"])
        .pt(2, 1)
        .ability(keyword(Keyword::Defender))
        .ability(combat(CombatRule::BlocksEachCombatIfAble))
}
