//! Volcano Hellion (CR 702.1b Example: "This creature has echo {X}, where X is your life total";
//! the reference card data, PLC 111): echo (CR 702.30a) with a cost read as the trigger
//! resolves.
use super::{triggered, CardDef};
use crate::abilities::{Amount, Effect, Trigger};
use crate::types::CardType;

/// Volcano Hellion ({2}{R}{R} Creature \u{2014} Hellion 6/5). Its "enters" ability (damage of
/// your choice to you and target creature) isn't modelled: the format has no key for the
/// amount chosen, and no case casts it.
pub const VOLCANO_HELLION: &str = "This creature has echo {X}, where X is your life total. (At the beginning of your upkeep, if this came under your control since the beginning of your last upkeep, sacrifice it unless you pay its echo cost.)\nWhen this creature enters, it deals an amount of damage of your choice to you and target creature. The damage can't be prevented.";

pub fn volcano_hellion() -> CardDef {
    CardDef::new("Volcano Hellion", VOLCANO_HELLION)
        .cost("{2}{R}{R}")
        .types(&[CardType::Creature])
        .subtypes(&["Hellion"])
        .pt(6, 5)
        .ability(triggered(
            Trigger::BeginningOfYourUpkeepIfNewSinceLastUpkeep,
            Effect::SacrificeThisUnlessYouPayGeneric(Amount::YourLifeTotal),
        ))
}
