//! Creatures the CR's combat Examples and the combat cases use: keyword creatures, the
//! Example of CR 510.1c (Elvish Regrower, Vampire Spawn, Helpful Hunter), and Voice of All
//! (protection from a chosen color, CR 702.16). Oracle texts from the reference card data.
use super::{keyword, triggered, triggered_targeting, CardDef};
use crate::abilities::{Ability, Amount, Effect, EffectObject, Keyword, StaticAbility, TargetSpec, Trigger};
use crate::types::CardType;

/// Serra Angel ({3}{W}{W} Creature — Angel 4/4).
pub const SERRA_ANGEL: &str = "Flying\nVigilance (Attacking doesn't cause this creature to tap.)";

pub fn serra_angel() -> CardDef {
    CardDef::new("Serra Angel", SERRA_ANGEL)
        .cost("{3}{W}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Angel"])
        .pt(4, 4)
        .ability(keyword(Keyword::Flying))
        .ability(keyword(Keyword::Vigilance))
}

/// Giant Spider ({3}{G} Creature — Spider 2/4).
pub const GIANT_SPIDER: &str = "Reach (This creature can block creatures with flying.)";

pub fn giant_spider() -> CardDef {
    CardDef::new("Giant Spider", GIANT_SPIDER)
        .cost("{3}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Spider"])
        .pt(2, 4)
        .ability(keyword(Keyword::Reach))
}

/// Typhoid Rats ({B} Creature — Rat 1/1).
pub const TYPHOID_RATS: &str = "Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)";

pub fn typhoid_rats() -> CardDef {
    CardDef::new("Typhoid Rats", TYPHOID_RATS)
        .cost("{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Rat"])
        .pt(1, 1)
        .ability(keyword(Keyword::Deathtouch))
}

/// Colossal Dreadmaw ({4}{G}{G} Creature — Dinosaur 6/6).
pub const COLOSSAL_DREADMAW: &str =
    "Trample (This creature can deal excess combat damage to the player or planeswalker it's attacking.)";

pub fn colossal_dreadmaw() -> CardDef {
    CardDef::new("Colossal Dreadmaw", COLOSSAL_DREADMAW)
        .cost("{4}{G}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Dinosaur"])
        .pt(6, 6)
        .ability(keyword(Keyword::Trample))
}

/// Fencing Ace ({1}{W} Creature — Human Soldier 1/1).
pub const FENCING_ACE: &str = "Double strike (This creature deals both first-strike and regular combat damage.)";

pub fn fencing_ace() -> CardDef {
    CardDef::new("Fencing Ace", FENCING_ACE)
        .cost("{1}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Soldier"])
        .pt(1, 1)
        .ability(keyword(Keyword::DoubleStrike))
}

/// Runeclaw Bear ({1}{G} Creature — Bear 2/2), no abilities.
pub const RUNECLAW_BEAR: &str = "";

pub fn runeclaw_bear() -> CardDef {
    CardDef::new("Runeclaw Bear", RUNECLAW_BEAR).cost("{1}{G}").types(&[CardType::Creature]).subtypes(&["Bear"]).pt(2, 2)
}

/// Elvish Regrower ({2}{G}{G} Creature — Elf Druid 4/3).
pub const ELVISH_REGROWER: &str =
    "When this creature enters, return target permanent card from your graveyard to your hand.";

pub fn elvish_regrower() -> CardDef {
    CardDef::new("Elvish Regrower", ELVISH_REGROWER)
        .cost("{2}{G}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Elf", "Druid"])
        .pt(4, 3)
        .ability(triggered_targeting(Trigger::ThisEnters, vec![TargetSpec::PermanentCardInYourGraveyard], Effect::ReturnTargetToHand(0)))
}

/// Vampire Spawn ({2}{B} Creature — Vampire 2/3).
pub const VAMPIRE_SPAWN: &str = "When this creature enters, each opponent loses 2 life and you gain 2 life.";

pub fn vampire_spawn() -> CardDef {
    CardDef::new("Vampire Spawn", VAMPIRE_SPAWN)
        .cost("{2}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Vampire"])
        .pt(2, 3)
        .ability(triggered(Trigger::ThisEnters, Effect::DrainEachOpponent(2)))
}

/// Voice of All ({2}{W}{W} Creature — Angel 2/2).
pub const VOICE_OF_ALL: &str =
    "Flying\nAs this creature enters, choose a color.\nThis creature has protection from the chosen color.";

pub fn voice_of_all() -> CardDef {
    CardDef::new("Voice of All", VOICE_OF_ALL)
        .cost("{2}{W}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Angel"])
        .pt(2, 2)
        .ability(keyword(Keyword::Flying))
        .ability(Ability::Static(StaticAbility::EntersChoosingColor))
        .ability(Ability::Static(StaticAbility::ProtectionFromChosenColor))
}

/// Ajani's Pridemate ({1}{W} Creature — Cat Soldier 2/2).
pub const AJANIS_PRIDEMATE: &str = "Whenever you gain life, put a +1/+1 counter on this creature.";

pub fn ajanis_pridemate() -> CardDef {
    CardDef::new("Ajani's Pridemate", AJANIS_PRIDEMATE)
        .cost("{1}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Cat", "Soldier"])
        .pt(2, 2)
        .ability(triggered(
            Trigger::YouGainLife,
            Effect::PutCounters { object: EffectObject::This, kind: "+1/+1".into(), amount: Amount::Fixed(1) },
        ))
}

/// Young Wolf ({G} Creature — Wolf 1/1): undying is a triggered ability (CR 702.93a).
pub const YOUNG_WOLF: &str = "Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the battlefield under its owner's control with a +1/+1 counter on it.)";

pub fn young_wolf() -> CardDef {
    CardDef::new("Young Wolf", YOUNG_WOLF)
        .cost("{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Wolf"])
        .pt(1, 1)
        .ability(triggered(Trigger::Dies, Effect::ReturnDiedWithCounter))
}

/// Rime Dryad ({G} Creature — Dryad 1/2), from MTGJSON (ICE #260).
pub const RIME_DRYAD: &str = "Snow forestwalk (This creature can't be blocked as long as defending player controls a snow Forest.)";

pub fn rime_dryad() -> CardDef {
    CardDef::new("Rime Dryad", RIME_DRYAD)
        .cost("{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Dryad"])
        .pt(1, 2)
        .ability(keyword(Keyword::SnowLandwalk(crate::abilities::LandType::Forest)))
}
