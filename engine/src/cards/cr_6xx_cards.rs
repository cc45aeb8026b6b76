//! Cards for CR 601-616 Examples that name no card (or whose cards aren't in the reference card
//! data), with Oracle texts from MTGJSON (`taw/magic-search-engine-data`, the set named on each).
use super::{activated, cost_mana, keyword, tap, tap_add, triggered, CardDef};
use crate::abilities::{
    Ability, Amount, Effect, EffectDuration, EffectObject, Keyword, LandType, ManaSpec, Modification, Relation, StaticAbility,
    TargetSpec, Trigger,
};
use crate::costs::Cost;
use crate::types::{CardType, Color};

/// Fountain of Youth ({0} Artifact; DRK 103). CR 602.1a#1's "{2}, {T}: You gain 1 life".
pub const FOUNTAIN_OF_YOUTH: &str = "{2}, {T}: You gain 1 life.";

pub fn fountain_of_youth() -> CardDef {
    CardDef::new("Fountain of Youth", FOUNTAIN_OF_YOUTH).cost("{0}").types(&[CardType::Artifact]).ability(activated(
        Cost { mana: cost_mana("{2}"), ..tap() },
        vec![],
        Effect::GainLife(Amount::Fixed(1)),
    ))
}

/// Diabolic Machine ({7} Artifact Creature — Construct 4/4; DRK 101): a regeneration shield
/// (CR 614.8, 701.19), for CR 614.4#1.
pub const DIABOLIC_MACHINE: &str = "{3}: Regenerate this creature.";

pub fn diabolic_machine() -> CardDef {
    CardDef::new("Diabolic Machine", DIABOLIC_MACHINE)
        .cost("{7}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Construct"])
        .pt(4, 4)
        .ability(activated(Cost { mana: cost_mana("{3}"), ..Cost::default() }, vec![], Effect::RegenerateThis))
}

/// Lifeblood ({2}{W}{W} Enchantment; LEG 27): "becomes tapped" (CR 603.2e).
pub const LIFEBLOOD: &str = "Whenever a Mountain an opponent controls becomes tapped, you gain 1 life.";

pub fn lifeblood() -> CardDef {
    CardDef::new("Lifeblood", LIFEBLOOD).cost("{2}{W}{W}").types(&[CardType::Enchantment]).ability(triggered(
        Trigger::BecomesTapped { land_type: Some(LandType::Mountain), controller: Relation::Opponent },
        Effect::GainLife(Amount::Fixed(1)),
    ))
}

/// Kismet ({3}{W} Enchantment; LEG 25): permanents entering tapped (CR 614.1c, 614.12).
pub const KISMET: &str = "Artifacts, creatures, and lands your opponents control enter tapped.";

pub fn kismet() -> CardDef {
    CardDef::new("Kismet", KISMET).cost("{3}{W}").types(&[CardType::Enchantment]).ability(Ability::Static(
        StaticAbility::OpponentsPermanentsEnterTapped(vec![CardType::Artifact, CardType::Creature, CardType::Land]),
    ))
}

/// Holy Day ({W} Instant; LEG 20): "prevent all combat damage" (CR 615.1).
pub const HOLY_DAY: &str = "Prevent all combat damage that would be dealt this turn.";

pub fn holy_day() -> CardDef {
    CardDef::new("Holy Day", HOLY_DAY).cost("{W}").types(&[CardType::Instant]).spell(vec![], Effect::PreventAllCombatDamage)
}

/// El-Hajjâj ({1}{B}{B} Creature — Human Wizard 1/1; ARN 24): a "deals damage" trigger
/// (CR 603.2g), "that much" being the damage dealt.
pub const EL_HAJJAJ: &str = "Whenever this creature deals damage, you gain that much life.";

pub fn el_hajjaj() -> CardDef {
    CardDef::new("El-Hajj\u{e2}j", EL_HAJJAJ)
        .cost("{1}{B}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Wizard"])
        .pt(1, 1)
        .ability(triggered(Trigger::ThisDealsDamage, Effect::GainLife(Amount::EventAmount)))
}

/// Dingus Egg ({4} Artifact; LEA 241): a leaves-the-battlefield trigger once per land
/// (CR 603.2c, 603.10a), dealing damage to the player the event names.
pub const DINGUS_EGG: &str =
    "Whenever a land is put into a graveyard from the battlefield, this artifact deals 2 damage to that land's controller.";

pub fn dingus_egg() -> CardDef {
    CardDef::new("Dingus Egg", DINGUS_EGG)
        .cost("{4}")
        .types(&[CardType::Artifact])
        .ability(triggered(Trigger::ALandGoesToGraveyardFromBattlefield, Effect::DamageToEventPlayer(2)))
}

/// Armageddon ({3}{W} Sorcery; LEA 2): every land destroyed at once (CR 701.8a).
pub const ARMAGEDDON: &str = "Destroy all lands.";

pub fn armageddon() -> CardDef {
    CardDef::new("Armageddon", ARMAGEDDON)
        .cost("{3}{W}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::DestroyAll { types: vec![CardType::Land], can_regenerate: true })
}

/// Rakalite ({6} Artifact; ATQ 62): a delayed triggered ability created as its ability
/// resolves (CR 603.7a), referring to this object, which does nothing once it has left the
/// battlefield (CR 603.7c).
pub const RAKALITE: &str = "{2}: Prevent the next 1 damage that would be dealt to any target this turn. Return this artifact to its owner's hand at the beginning of the next end step.";

pub fn rakalite() -> CardDef {
    CardDef::new("Rakalite", RAKALITE).cost("{6}").types(&[CardType::Artifact]).ability(activated(
        Cost { mana: cost_mana("{2}"), ..Cost::default() },
        vec![TargetSpec::Any],
        Effect::Sequence(vec![
            Effect::PreventNextDamage { amount: 1, target: 0, and_sharing_a_color: false },
            Effect::AtBeginningOfNextEndStep(Box::new(Effect::ReturnToOwnersHand(EffectObject::This))),
        ]),
    ))
}

/// Millstone ({2} Artifact; ATQ 56): milling moves as many cards as there are (CR 609.3).
pub const MILLSTONE: &str = "{2}, {T}: Target player mills two cards.";

pub fn millstone() -> CardDef {
    CardDef::new("Millstone", MILLSTONE).cost("{2}").types(&[CardType::Artifact]).ability(activated(
        Cost { mana: cost_mana("{2}"), ..tap() },
        vec![TargetSpec::Player],
        Effect::TargetPlayerMills { target: 0, amount: 2 },
    ))
}

/// Mind Rot ({2}{B} Sorcery; 10E 159): "discards two cards" with one card in hand discards
/// that one (CR 609.3).
pub const MIND_ROT: &str = "Target player discards two cards.";

pub fn mind_rot() -> CardDef {
    CardDef::new("Mind Rot", MIND_ROT)
        .cost("{2}{B}")
        .types(&[CardType::Sorcery])
        .spell(vec![TargetSpec::Player], Effect::TargetPlayerDiscards { target: 0, amount: 2 })
}

/// Soulfire Eruption ({6}{R}{R}{R} Sorcery; CMR 201, the reference card data): any number of
/// targets, each considered individually as it resolves (CR 608.2f Example 2). Its last
/// sentence ("You may play the exiled cards until the end of your next turn") is not
/// modelled: the engine has no permission to play cards from exile.
pub const SOULFIRE_ERUPTION: &str = "Choose any number of target creatures, planeswalkers, and/or players. For each of them, exile the top card of your library, then Soulfire Eruption deals damage equal to that card's mana value to that permanent or player. You may play the exiled cards until the end of your next turn.";

pub fn soulfire_eruption() -> CardDef {
    CardDef::new("Soulfire Eruption", SOULFIRE_ERUPTION).cost("{6}{R}{R}{R}").types(&[CardType::Sorcery]).spell(
        vec![TargetSpec::AnyNumberOf(Box::new(TargetSpec::Any))],
        Effect::ForEachTarget(Box::new(Effect::ExileTopThenDamageEqualToItsManaValue { target: 0 })),
    )
}

/// Nefarious Lich ({B}{B}{B}{B} Enchantment; ODY 153): life gain becomes draws (CR 614.1a),
/// which a draw replacement may modify in turn (CR 616.2). Its first ability (damage to its
/// controller replaced by exiling that many cards from their graveyard) is not modelled.
pub const NEFARIOUS_LICH: &str = "If damage would be dealt to you, exile that many cards from your graveyard instead. If you can't, you lose the game.\nIf you would gain life, draw that many cards instead.\nWhen this enchantment leaves the battlefield, you lose the game.";

pub fn nefarious_lich() -> CardDef {
    CardDef::new("Nefarious Lich", NEFARIOUS_LICH)
        .cost("{B}{B}{B}{B}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Static(StaticAbility::GainLifeDrawsInstead))
        .ability(triggered(Trigger::ThisLeavesBattlefield, Effect::YouLoseTheGame))
}

/// Forbidden Crypt ({3}{B}{B} Enchantment; MIR 124): a draw replaced by returning a card from
/// the graveyard (CR 614.11, 616.2), and its controller's cards exiled instead of going to
/// their graveyard (CR 614.1a), itself included.
pub const FORBIDDEN_CRYPT: &str = "If you would draw a card, return a card from your graveyard to your hand instead. If you can't, you lose the game.\nIf a card would be put into your graveyard from anywhere, exile that card instead.";

pub fn forbidden_crypt() -> CardDef {
    CardDef::new("Forbidden Crypt", FORBIDDEN_CRYPT)
        .cost("{3}{B}{B}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Static(StaticAbility::DrawReturnsFromGraveyardInstead))
        .ability(Ability::Static(StaticAbility::YourCardsToGraveyardExiled))
}

/// Gratuitous Violence ({2}{R}{R}{R} Enchantment; ONS 212): a damage replacement that applies
/// once to an event (CR 614.1a, 614.5), for CR 614.5's Example.
pub const GRATUITOUS_VIOLENCE: &str =
    "If a creature you control would deal damage to a permanent or player, it deals double that damage instead.";

pub fn gratuitous_violence() -> CardDef {
    CardDef::new("Gratuitous Violence", GRATUITOUS_VIOLENCE)
        .cost("{2}{R}{R}{R}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Static(StaticAbility::DoubleDamageFromCreaturesYouControl))
}

/// Plague Spores ({4}{B}{R} Sorcery; INV 260, the reference card data): two instances of
/// "target", so one creature land may be both targets (CR 601.2c), each checked on its own as
/// it resolves (CR 608.2b).
pub const PLAGUE_SPORES: &str = "Destroy target nonblack creature and target land. They can't be regenerated.";

pub fn plague_spores() -> CardDef {
    CardDef::new("Plague Spores", PLAGUE_SPORES).cost("{4}{B}{R}").types(&[CardType::Sorcery]).spell(
        vec![TargetSpec::CreatureNotOfColor(Color::Black), TargetSpec::Land],
        Effect::DestroyTargetsNoRegeneration(vec![0, 1]),
    )
}

/// Deathlace ({B} Instant; LEA 101): a color change at instant speed (layer 5, CR 613.1e).
/// Only a permanent can be targeted here (as with Chaoslace: a spell's color carried to the
/// permanent it becomes isn't modelled).
pub const DEATHLACE: &str = "Target spell or permanent becomes black. (Mana symbols on that permanent remain unchanged.)";

pub fn deathlace() -> CardDef {
    CardDef::new("Deathlace", DEATHLACE).cost("{B}").types(&[CardType::Instant]).spell(
        vec![TargetSpec::Permanent { another: false, nonland: false }],
        Effect::Modify {
            object: EffectObject::Target(0),
            modifications: vec![Modification::SetColors(vec![Color::Black])],
            duration: EffectDuration::Indefinite,
        },
    )
}

/// Cleanse ({2}{W}{W} Sorcery; LEG 5): the color alone decides (CR 608.2j).
pub const CLEANSE: &str = "Destroy all black creatures.";

pub fn cleanse() -> CardDef {
    CardDef::new("Cleanse", CLEANSE)
        .cost("{2}{W}{W}")
        .types(&[CardType::Sorcery])
        .spell(vec![], Effect::DestroyAllCreaturesByColor { color: Color::Black, has: true })
}

/// Hellfire ({2}{B}{B}{B} Sorcery; LEG 105): "nonblack" excludes a creature that is black
/// among other colors (CR 608.2j); the damage counts the creatures put into a graveyard.
pub const HELLFIRE: &str =
    "Destroy all nonblack creatures. Hellfire deals X plus 3 damage to you, where X is the number of creatures that died this way.";

pub fn hellfire() -> CardDef {
    CardDef::new("Hellfire", HELLFIRE).cost("{2}{B}{B}{B}").types(&[CardType::Sorcery]).spell(
        vec![],
        Effect::Sequence(vec![
            Effect::DestroyAllCreaturesByColor { color: Color::Black, has: false },
            Effect::DamageToControllerAmount(Amount::DiedThisWay { plus: 3 }),
        ]),
    )
}

/// Thalia, Guardian of Thraben ({1}{W} Legendary Creature — Human Soldier 2/1; DKA 24): a cost
/// increase for spells, which are on the stack as they're cast (CR 601.2f, 609.2).
pub const THALIA_GUARDIAN_OF_THRABEN: &str = "First strike\nNoncreature spells cost {1} more to cast.";

pub fn thalia_guardian_of_thraben() -> CardDef {
    CardDef::new("Thalia, Guardian of Thraben", THALIA_GUARDIAN_OF_THRABEN)
        .cost("{1}{W}")
        .supertypes(&["Legendary"])
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Soldier"])
        .pt(2, 1)
        .ability(keyword(Keyword::FirstStrike))
        .ability(Ability::Static(StaticAbility::NoncreatureSpellsCostMore { generic: 1 }))
}

/// Gaea's Cradle (Legendary Land; USG 321): a mana ability whose amount depends on the board,
/// a mana ability even when it would add nothing (CR 605.2).
pub const GAEAS_CRADLE: &str = "{T}: Add {G} for each creature you control.";

pub fn gaeas_cradle() -> CardDef {
    CardDef::new("Gaea's Cradle", GAEAS_CRADLE)
        .supertypes(&["Legendary"])
        .types(&[CardType::Land])
        .ability(tap_add(ManaSpec::ForEachCreatureYouControl(crate::mana::ManaType::Green)))
}

/// Felidar Sovereign ({4}{W}{W} Creature — Cat Beast 4/6; ZEN 12, the reference card data): an
/// intervening "if" clause checked as the upkeep begins and again as it resolves (CR 603.4).
pub const FELIDAR_SOVEREIGN: &str = "Vigilance (Attacking doesn't cause this creature to tap.)\nLifelink (Damage dealt by this creature also causes you to gain that much life.)\nAt the beginning of your upkeep, if you have 40 or more life, you win the game.";

pub fn felidar_sovereign() -> CardDef {
    CardDef::new("Felidar Sovereign", FELIDAR_SOVEREIGN)
        .cost("{4}{W}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Cat", "Beast"])
        .pt(4, 6)
        .ability(keyword(Keyword::Vigilance))
        .ability(keyword(Keyword::Lifelink))
        .ability(Ability::Triggered(crate::abilities::TriggeredAbility {
            trigger: Trigger::BeginningOfYourUpkeep,
            effect: Effect::WinTheGame,
            targets: vec![],
            condition: Some(crate::abilities::Condition::YouHaveAtLeastLife(40)),
            filter: None,
        }))
}

/// Hope and Glory ({1}{W} Instant; ULG 9): one instance of "target" for two targets, which
/// must be different creatures (CR 601.2c Example 1; its 2004-10-04 ruling).
pub const HOPE_AND_GLORY: &str = "Untap two target creatures. Each of them gets +1/+1 until end of turn.";

pub fn hope_and_glory() -> CardDef {
    let pump = |i| Effect::PumpUntilEndOfTurn { object: EffectObject::Target(i), power: 1, toughness: 1, times: Amount::Fixed(1) };
    CardDef::new("Hope and Glory", HOPE_AND_GLORY).cost("{1}{W}").types(&[CardType::Instant]).spell(
        vec![TargetSpec::Creature, TargetSpec::AnotherCreature],
        Effect::Sequence(vec![
            Effect::Untap(EffectObject::Target(0)),
            Effect::Untap(EffectObject::Target(1)),
            pump(0),
            pump(1),
        ]),
    )
}
