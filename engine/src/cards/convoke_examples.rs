//! Cards of CR 702.51b Example 1 (issue 28): Heartless Summoning's "Creature spells you cast
//! cost {2} less to cast" makes Siege Wurm's total cost {3}{G}{G}, and convoke applies after
//! that total is determined (CR 702.51a-b). Oracle texts from the reference card data (ISD 104,
//! RAV 183).
use super::{keyword, static_continuous, CardDef};
use crate::abilities::{Ability, Affected, Keyword, Modification, PermanentFilter, Relation, StaticAbility};
use crate::types::CardType;

/// Heartless Summoning ({1}{B} Enchantment; ISD 104).
pub const HEARTLESS_SUMMONING: &str = "Creature spells you cast cost {2} less to cast.\nCreatures you control get -1/-1.";

pub fn heartless_summoning() -> CardDef {
    let creatures_you_control =
        PermanentFilter { types: vec![CardType::Creature], controller: Relation::You, ..PermanentFilter::default() };
    CardDef::new("Heartless Summoning", HEARTLESS_SUMMONING)
        .cost("{1}{B}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Static(StaticAbility::SpellsCostLess { colors: vec![], types: vec![CardType::Creature], generic: 2 }))
        .ability(static_continuous(Affected::Where(Box::new(creatures_you_control)), Modification::ModifyPt { power: -1, toughness: -1 }))
}

/// Siege Wurm ({5}{G}{G} Creature — Wurm 5/5; RAV 183).
pub const SIEGE_WURM: &str = "Convoke (Your creatures can help cast this spell. Each creature you tap while casting this spell pays for {1} or one mana of that creature's color.)\nTrample";

pub fn siege_wurm() -> CardDef {
    CardDef::new("Siege Wurm", SIEGE_WURM)
        .cost("{5}{G}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Wurm"])
        .pt(5, 5)
        .ability(keyword(Keyword::Convoke))
        .ability(keyword(Keyword::Trample))
}
