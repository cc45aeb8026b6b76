//! Cards of issue 28's Examples whose abilities refer to "that creature" later (CR 603.7c,
//! 608.2c, 700.7), and triggers whose event names a creature with a characteristic, checked as
//! the event happens only (CR 508.2a, 509.3f): Mogg Cannon (MTGJSON TMP 298), Sanctum Seeker
//! (XLN 120), Abomination (LEG 87), Purelace (LEA 32).
use super::{activated, tap, triggered_on, CardDef};
use crate::abilities::{
    Ability, Effect, EffectDuration, EffectObject, Keyword, Modification, PermanentFilter, Relation, TargetSpec, Trigger,
};
use crate::types::{CardType, Color};

/// Mogg Cannon ({2} Artifact): the delayed "destroy that creature" keeps the target, and
/// destroys it even if it is no longer a creature (CR 700.7 Example).
pub const MOGG_CANNON: &str = "{T}: Target creature you control gets +1/+0 and gains flying until end of turn. Destroy that creature at the beginning of the next end step.";

pub fn mogg_cannon() -> CardDef {
    CardDef::new("Mogg Cannon", MOGG_CANNON).cost("{2}").types(&[CardType::Artifact]).ability(activated(
        tap(),
        vec![TargetSpec::CreatureYouControl],
        Effect::Sequence(vec![
            Effect::UntilEndOfTurn {
                object: EffectObject::Target(0),
                modifications: vec![
                    Modification::ModifyPt { power: 1, toughness: 0 },
                    Modification::AddAbility(Box::new(Ability::Keyword(Keyword::Flying))),
                ],
            },
            Effect::ThatObject {
                object: EffectObject::Target(0),
                then: Box::new(Effect::AtBeginningOfNextEndStep(Box::new(Effect::Destroy(EffectObject::EventObject)))),
            },
        ]),
    ))
}

/// Sanctum Seeker ({2}{B}{B} Creature — Vampire Knight 3/4): a creature that becomes a Vampire
/// after it was declared as an attacker didn't attack as a Vampire (CR 508.2a Example).
pub const SANCTUM_SEEKER: &str = "Whenever a Vampire you control attacks, each opponent loses 1 life and you gain 1 life.";

pub fn sanctum_seeker() -> CardDef {
    CardDef::new("Sanctum Seeker", SANCTUM_SEEKER)
        .cost("{2}{B}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Vampire", "Knight"])
        .pt(3, 4)
        .ability(triggered_on(
            Trigger::ACreatureAttacks,
            PermanentFilter {
                types: vec![CardType::Creature],
                subtypes: vec!["Vampire".into()],
                controller: Relation::You,
                ..PermanentFilter::default()
            },
            Effect::DrainEachOpponent(1),
        ))
}

/// Abomination ({3}{B}{B} Creature — Horror 2/6): the blocker's or blocked creature's color is
/// the one it has as blockers are declared (CR 509.3f Example).
pub const ABOMINATION: &str =
    "Whenever this creature blocks or becomes blocked by a green or white creature, destroy that creature at end of combat.";

pub fn abomination() -> CardDef {
    CardDef::new("Abomination", ABOMINATION)
        .cost("{3}{B}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Horror"])
        .pt(2, 6)
        .ability(triggered_on(
            Trigger::BlocksOrBecomesBlockedByACreature,
            PermanentFilter {
                types: vec![CardType::Creature],
                colors: vec![Color::Green, Color::White],
                ..PermanentFilter::default()
            },
            Effect::AtEndOfCombat(Box::new(Effect::Destroy(EffectObject::EventObject))),
        ))
}

/// Purelace ({W} Instant): a color change at instant speed (layer 5, CR 613.1e). Only a
/// permanent can be targeted here, as with Deathlace.
pub const PURELACE: &str = "Target spell or permanent becomes white. (Mana symbols on that permanent remain unchanged.)";

pub fn purelace() -> CardDef {
    CardDef::new("Purelace", PURELACE).cost("{W}").types(&[CardType::Instant]).spell(
        vec![TargetSpec::Permanent { another: false, nonland: false }],
        Effect::Modify {
            object: EffectObject::Target(0),
            modifications: vec![Modification::SetColors(vec![Color::White])],
            duration: EffectDuration::Indefinite,
        },
    )
}
