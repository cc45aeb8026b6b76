//! Cards whose mana costs have hybrid and Phyrexian mana symbols (CR 107.4e-f), for CR 107.4's
//! Examples: Selesnya Guildmage (MTGJSON RAV 252), Norn's Annex (NPH 17).
use super::{activated, cost_mana, unnamed_token, CardDef};
use crate::abilities::{Amount, Effect, PermanentFilter, Relation};
use crate::costs::Cost;
use crate::types::{CardType, Color};

/// Selesnya Guildmage ({G/W}{G/W} Creature — Elf Wizard 2/2): each {G/W} is paid with {G} or
/// {W} (CR 107.4e Example).
pub const SELESNYA_GUILDMAGE: &str =
    "{3}{G}: Create a 1/1 green Saproling creature token.\n{3}{W}: Creatures you control get +1/+1 until end of turn.";

pub fn selesnya_guildmage() -> CardDef {
    let creatures_you_control =
        PermanentFilter { types: vec![CardType::Creature], controller: Relation::You, ..PermanentFilter::default() };
    CardDef::new("Selesnya Guildmage", SELESNYA_GUILDMAGE)
        .cost("{G/W}{G/W}")
        .types(&[CardType::Creature])
        .subtypes(&["Elf", "Wizard"])
        .pt(2, 2)
        .ability(activated(
            Cost { mana: cost_mana("{3}{G}"), ..Cost::default() },
            vec![],
            Effect::CreateTokens { token: saproling_token().name, amount: Amount::Fixed(1) },
        ))
        .ability(activated(
            Cost { mana: cost_mana("{3}{W}"), ..Cost::default() },
            vec![],
            Effect::PumpGroupUntilEndOfTurn { filter: Box::new(creatures_you_control), power: 1, toughness: 1 },
        ))
}

/// The 1/1 green Saproling creature token Selesnya Guildmage creates (CR 111.4: "Saproling Token").
pub fn saproling_token() -> CardDef {
    unnamed_token(&["Saproling"], "").types(&[CardType::Creature]).colors(&[Color::Green]).pt(1, 1)
}

/// Norn's Annex ({3}{W/P}{W/P} Artifact): each {W/P} is paid with {W} or 2 life (CR 107.4f
/// Example). Its tax on attacks isn't modelled (no case attacks its controller).
pub const NORNS_ANNEX: &str = "({W/P} can be paid with either {W} or 2 life.)\nCreatures can't attack you or planeswalkers you control unless their controller pays {W/P} for each of those creatures.";

pub fn norns_annex() -> CardDef {
    CardDef::new("Norn's Annex", NORNS_ANNEX).cost("{3}{W/P}{W/P}").types(&[CardType::Artifact])
}
