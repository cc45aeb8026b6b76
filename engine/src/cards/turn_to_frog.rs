//! Turn to Frog ({1}{U} Instant): one effect in four layers with one timestamp — 4 (creature
//! types become Frog, CR 205.1a), 5 (blue), 6 (loses all abilities it has at that point in
//! layer 6, so keyword counters put on later still grant theirs, CR 613.7c), 7b (base 1/1).
use super::CardDef;
use crate::abilities::{Effect, EffectObject, Modification, TargetSpec};
use crate::types::{CardType, Color};

pub const ORACLE: &str = "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and toughness 1/1.";

pub fn def() -> CardDef {
    CardDef::new("Turn to Frog", ORACLE).cost("{1}{U}").types(&[CardType::Instant]).spell(
        vec![TargetSpec::Creature],
        Effect::UntilEndOfTurn {
            object: EffectObject::Target(0),
            modifications: vec![
                Modification::SetCreatureTypes(vec!["Frog".into()]),
                Modification::SetColors(vec![Color::Blue]),
                Modification::RemoveAllAbilities,
                Modification::SetPt { power: 1, toughness: 1 },
            ],
        },
    )
}
