//! Cards of CR 702.44c Example 1 (issue 28): "Modular—Sunburst", sunburst setting the number of
//! modular's "enters with N +1/+1 counters" (CR 702.44c, 702.43a). Oracle text from MTGJSON
//! (taw/magic-search-engine-data data/sets/5DN.json, Arcbound Wanderer, 5DN 103).
use super::{triggered_targeting, CardDef};
use crate::abilities::{Ability, Amount, Effect, EffectObject, StaticAbility, TargetSpec, Trigger};
use crate::types::CardType;

/// Arcbound Wanderer ({6} Artifact Creature — Golem 0/0; 5DN 103).
pub const ARCBOUND_WANDERER: &str = "Modular—Sunburst (This creature enters with a +1/+1 counter on it for each color of mana spent to cast it. When it dies, you may put its +1/+1 counters on target artifact creature.)";

pub fn arcbound_wanderer() -> CardDef {
    CardDef::new("Arcbound Wanderer", ARCBOUND_WANDERER)
        .cost("{6}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Golem"])
        .pt(0, 0)
        // CR 702.44c: "Modular—Sunburst" means "This permanent enters with a +1/+1 counter on
        // it for each color of mana spent to cast it" and modular's dies trigger (702.43a).
        .ability(Ability::Static(StaticAbility::EntersWithCounters {
            kind: "+1/+1".into(),
            amount: Amount::ColorsOfManaSpentToCastThis,
        }))
        .ability(modular_trigger())
}

/// Modular's triggered ability (CR 702.43a): "When this permanent is put into a graveyard from
/// the battlefield, you may put a +1/+1 counter on target artifact creature for each +1/+1
/// counter on this permanent" (the counters it had as it left, CR 603.10a, 608.2h).
pub(crate) fn modular_trigger() -> Ability {
    triggered_targeting(
        Trigger::Dies,
        vec![TargetSpec::ArtifactCreature],
        Effect::May(Box::new(Effect::PutCounters {
            object: EffectObject::Target(0),
            kind: "+1/+1".into(),
            amount: Amount::CountersOnThis("+1/+1".into()),
        })),
    )
}
