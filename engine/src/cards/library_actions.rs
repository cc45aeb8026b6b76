//! Cards the CR's Examples of keyword actions on libraries and graveyards name (701.23 search,
//! 701.24 shuffle): Guile and Tormod's Crypt (701.24c Example 1), Loaming Shaman (701.24d
//! Example 1), Darksteel Colossus (701.24g Example 1, with Gravebane Zombie). Oracle texts from
//! the reference card data, Tormod's Crypt's from MTGJSON (DRK #112).
use super::{activated, keyword, triggered, triggered_targeting, CardDef};
use crate::abilities::{Ability, CombatRule, Effect, Keyword, StaticAbility, TargetSpec, Trigger};
use crate::costs::Cost;
use crate::types::CardType;

/// Guile ({3}{U}{U}{U} Creature — Elemental Incarnation 6/6; LRW 69). Its second ability
/// (a replacement of countering a spell by its controller's spells and abilities, with a
/// choice to play the exiled card) is not modelled: the corpus casts no counterspell with
/// Guile on the battlefield, and the generator's pool leaves Guile out.
pub const GUILE: &str = "This creature can't be blocked except by three or more creatures.\nIf a spell or ability you control would counter a spell, instead exile that spell and you may play that card without paying its mana cost.\nWhen Guile is put into a graveyard from anywhere, shuffle it into its owner's library.";

pub fn guile() -> CardDef {
    CardDef::new("Guile", GUILE)
        .cost("{3}{U}{U}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Elemental", "Incarnation"])
        .pt(6, 6)
        .ability(Ability::Static(StaticAbility::Combat(CombatRule::CantBeBlockedExceptByAtLeast(3))))
        .ability(triggered(Trigger::PutIntoGraveyardFromAnywhere, Effect::ShuffleThisIntoLibrary))
}

/// Tormod's Crypt ({0} Artifact; DRK 112).
pub const TORMODS_CRYPT: &str = "{T}, Sacrifice this artifact: Exile target player's graveyard.";

pub fn tormods_crypt() -> CardDef {
    CardDef::new("Tormod's Crypt", TORMODS_CRYPT).cost("{0}").types(&[CardType::Artifact]).ability(activated(
        Cost { tap: true, sacrifice_self: true, ..Cost::default() },
        vec![TargetSpec::Player],
        Effect::ExileTargetPlayersGraveyard(0),
    ))
}

/// Loaming Shaman ({2}{G} Creature — Centaur Shaman 3/2; M20 180).
pub const LOAMING_SHAMAN: &str = "When this creature enters, target player shuffles any number of target cards from their graveyard into their library.";

pub fn loaming_shaman() -> CardDef {
    CardDef::new("Loaming Shaman", LOAMING_SHAMAN)
        .cost("{2}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Centaur", "Shaman"])
        .pt(3, 2)
        .ability(triggered_targeting(
            Trigger::ThisEnters,
            vec![TargetSpec::Player, TargetSpec::AnyNumberOf(Box::new(TargetSpec::CardInTargetPlayersGraveyard))],
            Effect::TargetPlayerShufflesTargetCardsIntoLibrary { player: 0 },
        ))
}

/// Darksteel Colossus ({11} Artifact Creature — Golem 11/11; DST 109). "Reveal" shows the card
/// to every player, which no case can observe.
pub const DARKSTEEL_COLOSSUS: &str = "Trample (This creature can deal excess combat damage to the player or planeswalker it's attacking.)\nIndestructible (Damage and effects that say \"destroy\" don't destroy this creature.)\nIf Darksteel Colossus would be put into a graveyard from anywhere, reveal Darksteel Colossus and shuffle it into its owner's library instead.";

pub fn darksteel_colossus() -> CardDef {
    CardDef::new("Darksteel Colossus", DARKSTEEL_COLOSSUS)
        .cost("{11}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Golem"])
        .pt(11, 11)
        .ability(keyword(Keyword::Trample))
        .ability(keyword(Keyword::Indestructible))
        .ability(Ability::Static(StaticAbility::ToGraveyardShuffledIntoLibrary))
}

/// Splinter ({2}{G}{G} Sorcery; UDS 121).
pub const SPLINTER: &str = "Exile target artifact. Search its controller's graveyard, hand, and library for all cards with the same name as that artifact and exile them. Then that player shuffles.";

pub fn splinter() -> CardDef {
    CardDef::new("Splinter", SPLINTER)
        .cost("{2}{G}{G}")
        .types(&[CardType::Sorcery])
        .spell(vec![TargetSpec::Artifact], Effect::ExileTargetAndSearchForSameName { target: 0 })
}

/// Howling Mine ({2} Artifact; LEA 247). Its draw-step trigger is not modelled: the corpus
/// uses it only as an artifact with a name (CR 701.23b Example).
pub const HOWLING_MINE: &str = "At the beginning of each player's draw step, if this artifact is untapped, that player draws an additional card.";

pub fn howling_mine() -> CardDef {
    CardDef::new("Howling Mine", HOWLING_MINE).cost("{2}").types(&[CardType::Artifact])
}

/// Lobotomy ({2}{U}{B} Sorcery; TMP 267).
pub const LOBOTOMY: &str = "Target player reveals their hand, then you choose a card other than a basic land card from it. Search that player's graveyard, hand, and library for all cards with the same name as the chosen card and exile them. Then that player shuffles.";

pub fn lobotomy() -> CardDef {
    CardDef::new("Lobotomy", LOBOTOMY)
        .cost("{2}{U}{B}")
        .types(&[CardType::Sorcery])
        .spell(vec![TargetSpec::Player], Effect::RevealHandChooseNonbasicThenSearchForSameName { target: 0 })
}

/// Aven Mindcensor ({2}{W} Creature — Bird Wizard 2/1; FUT 18).
pub const AVEN_MINDCENSOR: &str = "Flash\nFlying\nIf an opponent would search a library, that player searches the top four cards of that library instead.";

pub fn aven_mindcensor() -> CardDef {
    CardDef::new("Aven Mindcensor", AVEN_MINDCENSOR)
        .cost("{2}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Bird", "Wizard"])
        .pt(2, 1)
        .ability(keyword(Keyword::Flash))
        .ability(keyword(Keyword::Flying))
        .ability(Ability::Static(StaticAbility::OpponentsSearchTopOfLibrary(4)))
}

/// Veteran Explorer ({G} Creature — Human Soldier Scout 1/1; 2XM 186). Its "each player may"
/// is answered once for every player (`choose.may`).
pub const VETERAN_EXPLORER: &str = "When this creature dies, each player may search their library for up to two basic land cards, put them onto the battlefield, then shuffle.";

pub fn veteran_explorer() -> CardDef {
    CardDef::new("Veteran Explorer", VETERAN_EXPLORER)
        .cost("{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Soldier", "Scout"])
        .pt(1, 1)
        .ability(triggered(
            Trigger::Dies,
            Effect::May(Box::new(Effect::EachPlayerSearchesForBasicLandsOntoBattlefield { up_to: 2 })),
        ))
}
