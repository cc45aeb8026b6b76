//! Blood Moon ({2}{R} Enchantment): sets the land types of nonbasic lands (CR 305.7, layer 4);
//! a land it affects loses the abilities of its rules text, so an ability such as Urborg's
//! that would have changed land types ceases to exist (it depends on Blood Moon, CR 613.8a).
use super::{static_continuous, CardDef};
use crate::abilities::{Affected, Modification, PermanentFilter};
use crate::types::CardType;

pub const ORACLE: &str = "Nonbasic lands are Mountains.";

pub fn def() -> CardDef {
    let nonbasic_lands = PermanentFilter {
        types: vec![CardType::Land],
        not_supertypes: vec!["Basic".into()],
        ..PermanentFilter::default()
    };
    CardDef::new("Blood Moon", ORACLE)
        .cost("{2}{R}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(
            Affected::Where(Box::new(nonbasic_lands)),
            Modification::SetLandTypes(vec!["Mountain".into()]),
        ))
}
