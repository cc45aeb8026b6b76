//! Cards of the cumulative upkeep Examples (CR 702.24a), from MTGJSON: Jötun Owl Keeper
//! (CSP #9) and Phyrexian Soulgorger (CSP #141).
use super::{cost_mana, keyword, triggered, unnamed_token, CardDef};
use crate::abilities::{Amount, Effect, Keyword, Trigger, UpkeepCost};
use crate::types::{CardType, Color};

/// Jötun Owl Keeper ({2}{W} Creature — Giant 3/3).
pub const JOTUN_OWL_KEEPER: &str = "Cumulative upkeep {W} or {U} (At the beginning of your upkeep, put an age counter on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)\nWhen this creature dies, create a 1/1 white Bird creature token with flying for each age counter on it.";

pub fn jotun_owl_keeper() -> CardDef {
    CardDef::new("Jötun Owl Keeper", JOTUN_OWL_KEEPER)
        .cost("{2}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Giant"])
        .pt(3, 3)
        // CR 702.24a: a choice of cost, made for each age counter.
        .ability(triggered(
            Trigger::BeginningOfYourUpkeep,
            Effect::CumulativeUpkeep {
                cost: UpkeepCost::ManaOneOf(vec![cost_mana("{W}").unwrap_or_default(), cost_mana("{U}").unwrap_or_default()]),
            },
        ))
        // CR 603.10a: the age counters it had as it died.
        .ability(triggered(
            Trigger::Dies,
            Effect::CreateTokens { token: bird_token().name, amount: Amount::CountersOnThis("age".into()) },
        ))
}

/// "a 1/1 white Bird creature token with flying", named "Bird Token" (CR 111.4).
pub fn bird_token() -> CardDef {
    unnamed_token(&["Bird"], "Flying")
        .types(&[CardType::Creature])
        .colors(&[Color::White])
        .pt(1, 1)
        .ability(keyword(Keyword::Flying))
}

/// Phyrexian Soulgorger ({3} Snow Artifact Creature — Phyrexian Construct 8/8).
pub const PHYREXIAN_SOULGORGER: &str = "Cumulative upkeep—Sacrifice a creature. (At the beginning of your upkeep, put an age counter on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)";

pub fn phyrexian_soulgorger() -> CardDef {
    CardDef::new("Phyrexian Soulgorger", PHYREXIAN_SOULGORGER)
        .cost("{3}")
        .supertypes(&["Snow"])
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Phyrexian", "Construct"])
        .pt(8, 8)
        .ability(triggered(
            Trigger::BeginningOfYourUpkeep,
            Effect::CumulativeUpkeep { cost: UpkeepCost::Sacrifice(vec![CardType::Creature]) },
        ))
}
