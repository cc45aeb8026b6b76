//! Cards the CR 611 and 613 Examples name, and classic layer interactions (issue 26): control
//! with durations (layer 2, CR 611.2b), colors and "white creatures" (layer 5 before 7c,
//! CR 613.5), "all permanents" type changes that others depend on (CR 613.8a). Oracle texts
//! from the reference card data (`examples-1.json`, `classics.json`) or MTGJSON (Chaoslace).
use super::{static_continuous, triggered_targeting, CardDef};
use crate::abilities::{
    Ability, Affected, Effect, EffectDuration, EffectObject, Keyword, Modification, PermanentFilter, Relation,
    StaticAbility, TargetSpec, Trigger,
};
use crate::types::{CardType, Color};

/// Act of Treason ({2}{R} Sorcery).
pub const ACT_OF_TREASON: &str = "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn. (It can attack and {T} this turn.)";

pub fn act_of_treason() -> CardDef {
    CardDef::new("Act of Treason", ACT_OF_TREASON).cost("{2}{R}").types(&[CardType::Sorcery]).spell(
        vec![TargetSpec::Creature],
        Effect::Sequence(vec![
            Effect::GainControl { object: EffectObject::Target(0), duration: EffectDuration::UntilEndOfTurn },
            Effect::Untap(EffectObject::Target(0)),
            Effect::UntilEndOfTurn {
                object: EffectObject::Target(0),
                modifications: vec![Modification::AddAbility(Box::new(Ability::Keyword(Keyword::Haste)))],
            },
        ]),
    )
}

/// Master Thief ({2}{U}{U} Creature — Human Rogue 2/2).
pub const MASTER_THIEF: &str =
    "When this creature enters, gain control of target artifact for as long as you control this creature.";

pub fn master_thief() -> CardDef {
    CardDef::new("Master Thief", MASTER_THIEF)
        .cost("{2}{U}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Rogue"])
        .pt(2, 2)
        .ability(triggered_targeting(
            Trigger::ThisEnters,
            vec![TargetSpec::Artifact],
            Effect::GainControl { object: EffectObject::Target(0), duration: EffectDuration::WhileYouControlThis },
        ))
}

/// Honor of the Pure ({1}{W} Enchantment).
pub const HONOR_OF_THE_PURE: &str = "White creatures you control get +1/+1.";

pub fn honor_of_the_pure() -> CardDef {
    let white_creatures_you_control = PermanentFilter {
        types: vec![CardType::Creature],
        colors: vec![Color::White],
        controller: Relation::You,
        ..PermanentFilter::default()
    };
    CardDef::new("Honor of the Pure", HONOR_OF_THE_PURE)
        .cost("{1}{W}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(
            Affected::Where(Box::new(white_creatures_you_control)),
            Modification::ModifyPt { power: 1, toughness: 1 },
        ))
}

/// Painter's Servant ({2} Artifact Creature — Scarecrow 1/3). Its effect on cards that aren't
/// on the battlefield and on spells isn't modelled (the engine derives colors off the
/// battlefield from copiable values only); permanents get the chosen color in layer 5.
pub const PAINTERS_SERVANT: &str = "As this creature enters, choose a color.\nAll cards that aren't on the battlefield, spells, and permanents are the chosen color in addition to their other colors.";

pub fn painters_servant() -> CardDef {
    CardDef::new("Painter's Servant", PAINTERS_SERVANT)
        .cost("{2}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Scarecrow"])
        .pt(1, 3)
        .ability(Ability::Static(StaticAbility::EntersChoosingColor))
        .ability(static_continuous(Affected::Where(Box::default()), Modification::AddChosenColor))
}

/// Chaoslace ({R} Instant). Only a permanent can be targeted here: no case targets a spell
/// with it, and a spell's color change carried to the permanent it becomes isn't modelled.
pub const CHAOSLACE: &str = "Target spell or permanent becomes red. (Its mana symbols remain unchanged.)";

pub fn chaoslace() -> CardDef {
    CardDef::new("Chaoslace", CHAOSLACE).cost("{R}").types(&[CardType::Instant]).spell(
        vec![TargetSpec::Permanent { another: false, nonland: false }],
        Effect::Modify {
            object: EffectObject::Target(0),
            modifications: vec![Modification::SetColors(vec![Color::Red])],
            duration: EffectDuration::Indefinite,
        },
    )
}

/// Mycosynth Lattice ({6} Artifact). Its first ability is modelled (layer 4) and its second, for
/// objects in every zone (layer 5); "as though it were mana of any color" isn't: no case spends
/// mana under it.
pub const MYCOSYNTH_LATTICE: &str = "All permanents are artifacts in addition to their other types.\nAll cards that aren't on the battlefield, spells, and permanents are colorless.\nPlayers may spend mana as though it were mana of any color.";

pub fn mycosynth_lattice() -> CardDef {
    CardDef::new("Mycosynth Lattice", MYCOSYNTH_LATTICE)
        .cost("{6}")
        .types(&[CardType::Artifact])
        .ability(static_continuous(
            Affected::Where(Box::default()),
            Modification::AddTypes { types: vec![CardType::Artifact], subtypes: Vec::new() },
        ))
        .ability(static_continuous(Affected::EveryObject, Modification::SetColors(Vec::new())))
}

/// Rune of Flight ({1}{U} Enchantment — Aura Rune): "Enchant permanent" (CR 702.5a), an enters
/// trigger, and two statics that apply while the enchanted permanent is a creature or an
/// Equipment; the second grants the Equipment a static ability whose effect has the later of
/// the two timestamps, the Equipment's or the Rune's (CR 613.7a). Here for CR 613.7a Example 1.
pub const RUNE_OF_FLIGHT: &str = "Enchant permanent\nWhen this Aura enters, draw a card.\nAs long as enchanted permanent is a creature, it has flying.\nAs long as enchanted permanent is an Equipment, it has \"Equipped creature has flying.\"";

pub fn rune_of_flight() -> CardDef {
    let enchanted = |f: PermanentFilter| Affected::EnchantedObjectWith(Box::new(f));
    let creature = PermanentFilter { types: vec![CardType::Creature], ..PermanentFilter::default() };
    let equipment = PermanentFilter { subtypes: vec!["Equipment".into()], ..PermanentFilter::default() };
    let flying = || Modification::AddAbility(Box::new(Ability::Keyword(Keyword::Flying)));
    CardDef::new("Rune of Flight", RUNE_OF_FLIGHT)
        .cost("{1}{U}")
        .types(&[CardType::Enchantment])
        .subtypes(&["Aura", "Rune"])
        .ability(Ability::Enchant(TargetSpec::Permanent { another: false, nonland: false }))
        .ability(super::triggered(Trigger::ThisEnters, Effect::DrawCards(crate::abilities::Amount::Fixed(1))))
        .ability(static_continuous(enchanted(creature), flying()))
        .ability(static_continuous(
            enchanted(equipment),
            Modification::AddAbility(Box::new(static_continuous(Affected::EnchantedObject, flying()))),
        ))
}

/// Guardians' Pledge ({1}{W}{W} Instant; MTGJSON M12 #22): a resolved effect on a group, locked
/// in as it resolves (CR 611.2c). Here for CR 611.2c Example 1.
pub const GUARDIANS_PLEDGE: &str = "White creatures you control get +2/+2 until end of turn.";

pub fn guardians_pledge() -> CardDef {
    let white_creatures_you_control = PermanentFilter {
        types: vec![CardType::Creature],
        colors: vec![Color::White],
        controller: Relation::You,
        ..PermanentFilter::default()
    };
    CardDef::new("Guardians' Pledge", GUARDIANS_PLEDGE).cost("{1}{W}{W}").types(&[CardType::Instant]).spell(
        vec![],
        Effect::PumpGroupUntilEndOfTurn { filter: Box::new(white_creatures_you_control), power: 2, toughness: 2 },
    )
}

/// Svogthos, the Restless Tomb (Land): an animation until end of turn in layers 4 and 5 and a
/// granted "power and toughness are each equal to the number of creature cards in your
/// graveyard" that, granted, isn't a characteristic-defining ability, so it applies in layer 7b
/// (CR 604.3a, 613.4b). Here for CR 613.6 Example 4 and CR 707.9f Example 1.
pub const SVOGTHOS: &str = "{T}: Add {C}.\n{3}{B}{G}: Until end of turn, this land becomes a black and green Plant Zombie creature with \"This creature's power and toughness are each equal to the number of creature cards in your graveyard.\" It's still a land.";

pub fn svogthos() -> CardDef {
    use crate::types::Color;
    CardDef::new("Svogthos, the Restless Tomb", SVOGTHOS)
        .types(&[CardType::Land])
        .ability(super::tap_add(crate::abilities::ManaSpec::Fixed(super::mana("{C}"))))
        .ability(super::activated(
            crate::costs::Cost { mana: super::cost_mana("{3}{B}{G}"), ..crate::costs::Cost::default() },
            vec![],
            super::until_eot_this(vec![
                Modification::AddTypes { types: vec![CardType::Creature], subtypes: vec!["Plant".into(), "Zombie".into()] },
                Modification::SetColors(vec![Color::Black, Color::Green]),
                Modification::AddAbility(Box::new(super::static_continuous(
                    Affected::This,
                    Modification::SetPtToCreatureCardsInYourGraveyard,
                ))),
            ]),
        ))
}

/// Dress Down ({1}{U} Enchantment; MTGJSON MH2 #39): flash (CR 702.8a), an enters trigger, "creatures
/// lose all abilities" (layer 6, itself included once it is a creature), and a sacrifice at the
/// beginning of every end step (CR 513.1a). Here for a dependency loop in layer 6 (CR 613.8b).
pub const DRESS_DOWN: &str = "Flash\nWhen this enchantment enters, draw a card.\nCreatures lose all abilities.\nAt the beginning of the end step, sacrifice this enchantment.";

pub fn dress_down() -> CardDef {
    let creatures = PermanentFilter { types: vec![CardType::Creature], ..PermanentFilter::default() };
    CardDef::new("Dress Down", DRESS_DOWN)
        .cost("{1}{U}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Keyword(Keyword::Flash))
        .ability(super::triggered(Trigger::ThisEnters, Effect::DrawCards(crate::abilities::Amount::Fixed(1))))
        .ability(static_continuous(Affected::Where(Box::new(creatures)), Modification::RemoveAllAbilities))
        .ability(super::triggered(Trigger::BeginningOfEachEndStep, Effect::SacrificeThis))
}
