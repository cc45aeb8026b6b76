//! Cards of issue 28's Examples about casting a spell: "when a player casts a spell, sacrifice
//! this. If you do, ..." (CR 118.12: a cost paid as the ability resolves), "whenever you expend
//! N" (CR 700.14: the mana spent to cast spells this turn). Standstill (ODY 102), Bark-Knuckle
//! Boxer (BLB 164) and Divination (M12 50) from the reference card data, Silverchase Fox from
//! MTGJSON (ISD 31).
use super::{activated, cost_mana, triggered, until_eot_this, CardDef};
use crate::abilities::{Ability, Amount, Effect, EffectObject, Keyword, Modification, TargetSpec, Trigger};
use crate::costs::Cost;
use crate::types::CardType;

/// Standstill ({1}{U} Enchantment): exiled before its ability resolves, it can't be sacrificed,
/// and no one draws (CR 118.12 Example 1); a second trigger finds it gone (its ruling).
pub const STANDSTILL: &str =
    "When a player casts a spell, sacrifice this enchantment. If you do, each of that player's opponents draws three cards.";

pub fn standstill() -> CardDef {
    CardDef::new("Standstill", STANDSTILL).cost("{1}{U}").types(&[CardType::Enchantment]).ability(triggered(
        Trigger::APlayerCastsASpell,
        Effect::SacrificeThisIfYouDo(Box::new(Effect::EachOpponentOfEventPlayerDraws(3))),
    ))
}

/// Silverchase Fox ({1}{W} Creature — Fox 2/2): an activated ability that exiles an
/// enchantment (CR 118.12 Example 1: "an ability is activated that exiles Standstill").
pub const SILVERCHASE_FOX: &str = "{1}{W}, Sacrifice this creature: Exile target enchantment.";

pub fn silverchase_fox() -> CardDef {
    CardDef::new("Silverchase Fox", SILVERCHASE_FOX)
        .cost("{1}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Fox"])
        .pt(2, 2)
        .ability(activated(
            Cost { mana: cost_mana("{1}{W}"), sacrifice_self: true, ..Cost::default() },
            vec![TargetSpec::PermanentOfAnyType(vec![CardType::Enchantment])],
            Effect::Exile(EffectObject::Target(0)),
        ))
}

/// Bark-Knuckle Boxer ({1}{G} Creature — Raccoon Berserker 3/2): expend 4 (CR 700.14 Example).
pub const BARK_KNUCKLE_BOXER: &str = "Whenever you expend 4, this creature gains indestructible until end of turn. (You expend 4 as you spend your fourth total mana to cast spells during a turn.)";

pub fn bark_knuckle_boxer() -> CardDef {
    CardDef::new("Bark-Knuckle Boxer", BARK_KNUCKLE_BOXER)
        .cost("{1}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Raccoon", "Berserker"])
        .pt(3, 2)
        .ability(triggered(
            Trigger::YouExpend(4),
            until_eot_this(vec![Modification::AddAbility(Box::new(Ability::Keyword(Keyword::Indestructible)))]),
        ))
}

/// Divination ({2}{U} Sorcery): the three mana that make Bark-Knuckle Boxer's controller
/// expend 4 (CR 700.14 Example).
pub const DIVINATION: &str = "Draw two cards.";

pub fn divination() -> CardDef {
    CardDef::new("Divination", DIVINATION).cost("{2}{U}").types(&[CardType::Sorcery]).spell(vec![], Effect::DrawCards(Amount::Fixed(2)))
}
