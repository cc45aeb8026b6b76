//! Chimeric Mass ({X} Artifact). The animation is a layer-4 type effect plus a granted
//! P/T-setting ability; granted, it is not a characteristic-defining ability (CR 604.3a), so it
//! applies in layer 7b with the granting effect's timestamp (CR 613.4b, 613.7a).
use super::{activated, cost_mana, enters_with_x_counters, until_eot_this, CardDef};
use crate::abilities::{Ability, Affected, Modification, StaticAbility};
use crate::costs::Cost;
use crate::types::CardType;

pub const ORACLE: &str = "This artifact enters with X charge counters on it.\n{1}: Until end of turn, this artifact becomes a Construct artifact creature with \"This creature's power and toughness are each equal to the number of charge counters on it.\"";

pub fn def() -> CardDef {
    CardDef::new("Chimeric Mass", ORACLE)
        .cost("{X}")
        .types(&[CardType::Artifact])
        .ability(enters_with_x_counters("charge"))
        .ability(activated(
            Cost { mana: cost_mana("{1}"), ..Cost::default() },
            vec![],
            until_eot_this(vec![
                Modification::SetTypes {
                    types: vec![CardType::Artifact, CardType::Creature],
                    subtypes: vec!["Construct".into()],
                },
                Modification::AddAbility(Box::new(Ability::Static(StaticAbility::Continuous {
                    affected: Affected::This,
                    modification: Modification::SetPtToCounters { kind: "charge".into() },
                    cda: false,
                }))),
            ]),
        ))
}
