//! Instants that change power and toughness until end of turn: layer 7c (Giant Growth) and
//! layer 7b (Diminish), CR 613.4b-c. Used with Chimeric Mass (its 2011-01-01 rulings).
use super::CardDef;
use crate::abilities::{Effect, EffectObject, Modification, TargetSpec};
use crate::types::CardType;

/// Giant Growth ({G} Instant).
pub const GIANT_GROWTH: &str = "Target creature gets +3/+3 until end of turn.";

pub fn giant_growth() -> CardDef {
    let mut d = CardDef::new("Giant Growth", GIANT_GROWTH).cost("{G}").types(&[CardType::Instant]);
    d.spell_targets = vec![TargetSpec::Creature];
    d.spell_effect = Some(Effect::UntilEndOfTurn {
        object: EffectObject::Target(0),
        modifications: vec![Modification::ModifyPt { power: 3, toughness: 3 }],
    });
    d
}

/// Diminish ({U} Instant).
pub const DIMINISH: &str = "Target creature has base power and toughness 1/1 until end of turn.";

pub fn diminish() -> CardDef {
    let mut d = CardDef::new("Diminish", DIMINISH).cost("{U}").types(&[CardType::Instant]);
    d.spell_targets = vec![TargetSpec::Creature];
    d.spell_effect = Some(Effect::UntilEndOfTurn {
        object: EffectObject::Target(0),
        modifications: vec![Modification::SetPt { power: 1, toughness: 1 }],
    });
    d
}
