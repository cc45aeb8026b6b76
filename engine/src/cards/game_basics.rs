//! Cards the CR's Examples of the game's basics name (101.4, 111.4, 400.6, 704.7): Fleshbag
//! Marauder, Dwarven Reinforcements and its Dwarf Berserker tokens, Exquisite Archangel,
//! Lich's Mirror, and Night's Whisper (the Example's "spell [that] causes you to draw two
//! cards and lose 2 life"), Maro and Wheel of Fortune (704.4: toughness 0 in the middle of a
//! resolution isn't a state-based action's business). Oracle texts from the reference card
//! data, Fleshbag Marauder's, Night's Whisper's and Wheel of Fortune's from MTGJSON (ALA #76,
//! 5DN #55, LEA #183).
use super::{keyword, triggered, unnamed_token, CardDef};
use crate::abilities::{Ability, Affected, Amount, Effect, EffectObject, Keyword, LifeTotal, Modification, StaticAbility, Trigger};
use crate::types::{CardType, Color};

/// Fleshbag Marauder ({2}{B} Creature — Zombie Warrior 3/1).
pub const FLESHBAG_MARAUDER: &str = "When this creature enters, each player sacrifices a creature of their choice.";

pub fn fleshbag_marauder() -> CardDef {
    CardDef::new("Fleshbag Marauder", FLESHBAG_MARAUDER)
        .cost("{2}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Zombie", "Warrior"])
        .pt(3, 1)
        .ability(triggered(Trigger::ThisEnters, Effect::EachPlayerSacrifices { types: vec![CardType::Creature] }))
}

/// Dwarven Reinforcements ({3}{R} Sorcery). Foretell (an alternative way to cast it from
/// exile, CR 702.143) is not modelled: the card has the keyword, and the corpus casts it from
/// the hand.
pub const DWARVEN_REINFORCEMENTS: &str = "Create two 2/1 red Dwarf Berserker creature tokens.\nForetell {1}{R} (During your turn, you may pay {2} and exile this card from your hand face down. Cast it on a later turn for its foretell cost.)";

pub fn dwarven_reinforcements() -> CardDef {
    CardDef::new("Dwarven Reinforcements", DWARVEN_REINFORCEMENTS)
        .cost("{3}{R}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::CreateTokens { token: dwarf_berserker_token().name, amount: Amount::Fixed(2) })
        .ability(Ability::Keyword(Keyword::Foretell))
}

/// The 2/1 red Dwarf Berserker creature token: named "Dwarf Berserker Token" (CR 111.4).
pub fn dwarf_berserker_token() -> CardDef {
    unnamed_token(&["Dwarf", "Berserker"], "").types(&[CardType::Creature]).colors(&[Color::Red]).pt(2, 1)
}

/// Exquisite Archangel ({5}{W}{W} Creature — Angel 5/5).
pub const EXQUISITE_ARCHANGEL: &str = "Flying\nIf you would lose the game, instead exile this creature and your life total becomes equal to your starting life total.";

pub fn exquisite_archangel() -> CardDef {
    CardDef::new("Exquisite Archangel", EXQUISITE_ARCHANGEL)
        .cost("{5}{W}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Angel"])
        .pt(5, 5)
        .ability(keyword(Keyword::Flying))
        .ability(Ability::Static(StaticAbility::InsteadOfLosingTheGame(Effect::Sequence(vec![
            Effect::Exile(EffectObject::This),
            Effect::LifeTotalBecomes(LifeTotal::Starting),
        ]))))
}

/// Lich's Mirror ({5} Artifact).
pub const LICHS_MIRROR: &str = "If you would lose the game, instead shuffle your hand, your graveyard, and all permanents you own into your library, then draw seven cards and your life total becomes 20.";

pub fn lichs_mirror() -> CardDef {
    CardDef::new("Lich's Mirror", LICHS_MIRROR)
        .cost("{5}")
        .types(&[CardType::Artifact])
        .ability(Ability::Static(StaticAbility::InsteadOfLosingTheGame(Effect::Sequence(vec![
            Effect::ShuffleHandGraveyardAndPermanentsIntoLibrary,
            Effect::DrawCards(Amount::Fixed(7)),
            Effect::LifeTotalBecomes(LifeTotal::Fixed(20)),
        ]))))
}

/// Night's Whisper ({1}{B} Sorcery).
pub const NIGHTS_WHISPER: &str = "You draw two cards and you lose 2 life.";

pub fn nights_whisper() -> CardDef {
    CardDef::new("Night's Whisper", NIGHTS_WHISPER)
        .cost("{1}{B}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::Sequence(vec![Effect::DrawCards(Amount::Fixed(2)), Effect::YouLoseLife(Amount::Fixed(2))]))
}

/// Maro ({2}{G}{G} Creature — Elemental */*; MIR 228): a characteristic-defining ability
/// (CR 604.3, layer 7a) counting its controller's hand.
pub const MARO: &str = "Maro's power and toughness are each equal to the number of cards in your hand.";

pub fn maro() -> CardDef {
    CardDef::new("Maro", MARO).cost("{2}{G}{G}").types(&[CardType::Creature]).subtypes(&["Elemental"]).ability(
        Ability::Static(StaticAbility::Continuous {
            affected: Affected::This,
            modification: Modification::SetPtToCardsInHand,
            cda: true,
        }),
    )
}

/// Wheel of Fortune ({2}{R} Sorcery; LEA 183).
pub const WHEEL_OF_FORTUNE: &str = "Each player discards their hand, then draws seven cards.";

pub fn wheel_of_fortune() -> CardDef {
    CardDef::new("Wheel of Fortune", WHEEL_OF_FORTUNE)
        .cost("{2}{R}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::EachPlayerDiscardsHandThenDraws(7))
}
