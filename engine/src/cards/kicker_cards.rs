//! Cards of the CR Examples of kicker, modes and token copies (issue 27): Doubling Season and
//! Rite of Replication (616.1g Example 1, with Voice of All), Inscription of Abundance (601.4
//! Example 1), Stormscape Battlemage (607.2i Example 1). Oracle texts of Doubling Season,
//! Inscription of Abundance and Stormscape Battlemage from the reference card data; Rite of
//! Replication's from MTGJSON (ZEN 61).
use super::CardDef;
use crate::abilities::{Ability, Amount, Effect, EffectObject, ModeCount, SpellMode, StaticAbility, TargetSpec};
use crate::types::CardType;

/// Doubling Season ({4}{G} Enchantment; RAV 158). Its second ability (doubling the counters
/// an effect puts on a permanent you control) is not modelled: no case puts counters on a
/// permanent with Doubling Season on the battlefield.
pub const DOUBLING_SEASON: &str = "If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.\nIf an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead.";

pub fn doubling_season() -> CardDef {
    CardDef::new("Doubling Season", DOUBLING_SEASON)
        .cost("{4}{G}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Static(StaticAbility::TokensCreatedDoubled))
}

/// Rite of Replication ({2}{U}{U} Sorcery; ZEN 61).
pub const RITE_OF_REPLICATION: &str = "Kicker {5} (You may pay an additional {5} as you cast this spell.)\nCreate a token that's a copy of target creature. If this spell was kicked, create five of those tokens instead.";

pub fn rite_of_replication() -> CardDef {
    CardDef::new("Rite of Replication", RITE_OF_REPLICATION)
        .cost("{2}{U}{U}")
        .types(&[CardType::Sorcery])
        .kicker("{5}")
        .spell(
            vec![TargetSpec::Creature],
            Effect::CreateTokenCopiesOfTarget { target: 0, amount: Amount::IfKicked { kicked: 5, otherwise: 1 } },
        )
}

/// Inscription of Abundance ({1}{G} Instant; ZNR 186). Its third mode ("Target creature you
/// control fights target creature you don't control") is left out of the definition: the
/// engine has no fight (CR 701.14), so choosing mode 3 is rejected as a mode the spell doesn't
/// have.
pub const INSCRIPTION_OF_ABUNDANCE: &str = "Kicker {2}{G}\nChoose one. If this spell was kicked, choose any number instead.\n• Put two +1/+1 counters on target creature.\n• Target player gains X life, where X is the greatest power among creatures they control.\n• Target creature you control fights target creature you don't control.";

pub fn inscription_of_abundance() -> CardDef {
    CardDef::new("Inscription of Abundance", INSCRIPTION_OF_ABUNDANCE)
        .cost("{1}{G}")
        .types(&[CardType::Instant])
        .kicker("{2}{G}")
        .modal(
            ModeCount::OneOrAnyNumberIfKicked,
            vec![
                SpellMode {
                    targets: vec![TargetSpec::Creature],
                    effect: Effect::PutCounters { object: EffectObject::Target(0), kind: "+1/+1".into(), amount: Amount::Fixed(2) },
                },
                SpellMode {
                    targets: vec![TargetSpec::Player],
                    effect: Effect::TargetPlayerGainsLife { target: 0, amount: Amount::GreatestPowerAmongCreaturesOfTargetPlayer(0) },
                },
            ],
        )
}

/// Stormscape Battlemage ({2}{U} Creature — Metathran Wizard 2/2; PLS 35): two kicker costs
/// (CR 702.33b), each linked to the enters-triggered ability that names it (CR 607.2i, 702.33f:
/// an intervening "if" clause, CR 603.4).
pub const STORMSCAPE_BATTLEMAGE: &str = "Kicker {W} and/or {2}{B} (You may pay an additional {W} and/or {2}{B} as you cast this spell.)\nWhen this creature enters, if it was kicked with its {W} kicker, you gain 3 life.\nWhen this creature enters, if it was kicked with its {2}{B} kicker, destroy target nonblack creature. That creature can't be regenerated.";

pub fn stormscape_battlemage() -> CardDef {
    use crate::abilities::{Condition, Trigger, TriggeredAbility};
    CardDef::new("Stormscape Battlemage", STORMSCAPE_BATTLEMAGE)
        .cost("{2}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Metathran", "Wizard"])
        .pt(2, 2)
        .kicker("{W}")
        .kicker("{2}{B}")
        .ability(Ability::Triggered(TriggeredAbility {
            trigger: Trigger::ThisEnters,
            effect: Effect::GainLife(Amount::Fixed(3)),
            targets: vec![],
            condition: Some(Condition::ThisWasKickedWith(0)),
            filter: None,
        }))
        .ability(Ability::Triggered(TriggeredAbility {
            trigger: Trigger::ThisEnters,
            effect: Effect::DestroyTargetsNoRegeneration(vec![0]),
            targets: vec![TargetSpec::CreatureNotOfColor(crate::types::Color::Black)],
            condition: Some(Condition::ThisWasKickedWith(1)),
            filter: None,
        }))
}
