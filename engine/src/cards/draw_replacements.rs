//! The cards of CR 118.11 Example 1 (a cost paid even when the actions performed don't match
//! it): Psychic Vortex ("Cumulative upkeep\u{2014}Draw a card"; WTH 50) and Obstinate Familiar
//! ("you may skip that draw instead"; ODY 210). Oracle texts from the reference card data.
use super::{triggered, CardDef};
use crate::abilities::{Ability, Effect, StaticAbility, Trigger, UpkeepCost};
use crate::types::CardType;

/// Psychic Vortex ({2}{U}{U} Enchantment). Its end step ability (sacrifice a land and discard
/// your hand) isn't modelled: no case reaches its controller's end step.
pub const PSYCHIC_VORTEX: &str = "Cumulative upkeep\u{2014}Draw a card. (At the beginning of your upkeep, put an age counter on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)\nAt the beginning of your end step, sacrifice a land and discard your hand.";

pub fn psychic_vortex() -> CardDef {
    CardDef::new("Psychic Vortex", PSYCHIC_VORTEX)
        .cost("{2}{U}{U}")
        .types(&[CardType::Enchantment])
        .ability(triggered(Trigger::BeginningOfYourUpkeep, Effect::CumulativeUpkeep { cost: UpkeepCost::DrawCard }))
}

/// Obstinate Familiar ({R} Creature \u{2014} Lizard 1/1).
pub const OBSTINATE_FAMILIAR: &str = "If you would draw a card, you may skip that draw instead.";

pub fn obstinate_familiar() -> CardDef {
    CardDef::new("Obstinate Familiar", OBSTINATE_FAMILIAR)
        .cost("{R}")
        .types(&[CardType::Creature])
        .subtypes(&["Lizard"])
        .pt(1, 1)
        .ability(Ability::Static(StaticAbility::MaySkipDraw))
}
