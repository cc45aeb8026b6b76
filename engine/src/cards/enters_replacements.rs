//! Cards of the CR's Examples of replacement effects that modify how a permanent enters and
//! move other objects while they apply (614.13): Sutured Ghoul and Runeclaw Bear (614.13a
//! Example 1) entering together from a graveyard through Rise of the Dark Realms. Oracle texts
//! from the reference card data, Rise of the Dark Realms's from MTGJSON (M14 111).
use super::{keyword, CardDef};
use crate::abilities::{Ability, Affected, Effect, Group, Keyword, Modification, StaticAbility};
use crate::state::ZoneKind;
use crate::types::CardType;

/// Sutured Ghoul ({4}{B}{B}{B} Creature — Zombie */*; M12 112).
pub const SUTURED_GHOUL: &str = "Trample\nAs this creature enters, exile any number of creature cards from your graveyard.\nSutured Ghoul's power is equal to the total power of the exiled cards and its toughness is equal to their total toughness.";

pub fn sutured_ghoul() -> CardDef {
    CardDef::new("Sutured Ghoul", SUTURED_GHOUL)
        .cost("{4}{B}{B}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Zombie"])
        .ability(keyword(Keyword::Trample))
        .ability(Ability::Static(StaticAbility::EntersExilingFromYourGraveyard(CardType::Creature)))
        .ability(Ability::Static(StaticAbility::Continuous {
            affected: Affected::This,
            modification: Modification::SetPtToTotalOfLinkedExiled,
            cda: true,
        }))
}

/// Rise of the Dark Realms ({7}{B}{B} Sorcery; M14 111): every creature card of every
/// graveyard enters at once (CR 614.13a Example 1).
pub const RISE_OF_THE_DARK_REALMS: &str = "Put all creature cards from all graveyards onto the battlefield under your control.";

pub fn rise_of_the_dark_realms() -> CardDef {
    CardDef::new("Rise of the Dark Realms", RISE_OF_THE_DARK_REALMS)
        .cost("{7}{B}{B}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::PutAllOntoBattlefield { from: ZoneKind::Graveyard, group: Group::CreatureCards })
}
