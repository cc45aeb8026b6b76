//! Cards of the CR's Examples of replacement effects that modify how a permanent enters and
//! move other objects while they apply (614.13): Sutured Ghoul and Runeclaw Bear (614.13a
//! Example 1) entering together from a graveyard through Rise of the Dark Realms; Ashiok,
//! Wicked Manipulator and Breeding Pool (614.13c Example 1), the Pool played from the top of the
//! library with Oracle of Mul Daya. Oracle texts from the reference card data, Rise of the Dark
//! Realms's and Oracle of Mul Daya's from MTGJSON (M14 111, ZEN 172).
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

/// Ashiok, Wicked Manipulator ({3}{B}{B} Legendary Planeswalker — Ashiok, loyalty 5; WOE 78).
/// Only its first ability is modelled (CR 614.13c Example 1): its three loyalty abilities
/// (looking at and exiling library cards, Nightmare tokens with a trigger, an X from the mana
/// value of cards in exile) are left out, and no case activates one.
pub const ASHIOK_WICKED_MANIPULATOR: &str = "If you would pay life while your library has at least that many cards in it, exile that many cards from the top of your library instead.\n[+1]: Look at the top two cards of your library. Exile one of them and put the other into your hand.\n[−2]: Create two 1/1 black Nightmare creature tokens with \"At the beginning of combat on your turn, if a card was put into exile this turn, put a +1/+1 counter on this token.\"\n[−7]: Target player exiles the top X cards of their library, where X is the total mana value of cards you own in exile.";

pub fn ashiok_wicked_manipulator() -> CardDef {
    CardDef::new("Ashiok, Wicked Manipulator", ASHIOK_WICKED_MANIPULATOR)
        .cost("{3}{B}{B}")
        .types(&[CardType::Planeswalker])
        .supertypes(&["Legendary"])
        .subtypes(&["Ashiok"])
        .loyalty(5)
        .ability(Ability::Static(StaticAbility::PayLifeExilesFromLibraryInstead))
}

/// Breeding Pool (Land — Forest Island; DIS 172): its mana abilities are those of its basic
/// land types (CR 305.6).
pub const BREEDING_POOL: &str = "({T}: Add {G} or {U}.)\nAs this land enters, you may pay 2 life. If you don't, it enters tapped.";

pub fn breeding_pool() -> CardDef {
    CardDef::new("Breeding Pool", BREEDING_POOL)
        .types(&[CardType::Land])
        .subtypes(&["Forest", "Island"])
        .ability(Ability::Static(StaticAbility::EntersTappedUnlessPayLife(2)))
}

/// Oracle of Mul Daya ({3}{G} Creature — Elf Shaman 2/2; ZEN 172, MTGJSON). "Play with the
/// top card of your library revealed" is left out: no case observes what is revealed.
pub const ORACLE_OF_MUL_DAYA: &str = "You may play an additional land on each of your turns.\nPlay with the top card of your library revealed.\nYou may play lands from the top of your library.";

pub fn oracle_of_mul_daya() -> CardDef {
    CardDef::new("Oracle of Mul Daya", ORACLE_OF_MUL_DAYA)
        .cost("{3}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Elf", "Shaman"])
        .pt(2, 2)
        .ability(Ability::Static(StaticAbility::AdditionalLandOnEachOfYourTurns))
        .ability(Ability::Static(StaticAbility::PlayLandsFromTopOfLibrary))
}
