//! Cards the CR 601-616 Examples name, Oracle texts from the reference card data.
use super::{activated, cost_mana, keyword, tap, tap_add, triggered, triggered_targeting, CardDef};
use crate::abilities::{
    Ability, Amount, Effect, EffectObject, Keyword, ManaSpec, SourceEvent, StaticAbility, TargetSpec, Trigger,
};
use crate::costs::Cost;
use crate::types::CardType;

/// Paradise Plume ({4} Artifact; TSP 260): one "choose a color" linked to two abilities, a
/// trigger and a mana ability (CR 607.4 Example 1), each reading the choice made for it.
pub const PARADISE_PLUME: &str = "As this artifact enters, choose a color.\nWhenever a player casts a spell of the chosen color, you may gain 1 life.\n{T}: Add one mana of the chosen color.";

pub fn paradise_plume() -> CardDef {
    CardDef::new("Paradise Plume", PARADISE_PLUME)
        .cost("{4}")
        .types(&[CardType::Artifact])
        .ability(Ability::Static(StaticAbility::EntersChoosingColor))
        .ability(triggered(Trigger::PlayerCastsSpellOfChosenColor, Effect::May(Box::new(Effect::GainLife(Amount::Fixed(1))))))
        .ability(tap_add(ManaSpec::OneOfChosenColor))
}

/// Wall of Tears ({1}{U} Creature — Wall 0/4; STH 50): "that creature" in the delayed "at end
/// of combat" ability is the blocked object, returned even if it is no longer a creature (CR
/// 608.2k Example 1, 603.7c).
pub const WALL_OF_TEARS: &str = "Defender (This creature can't attack.)\nWhenever this creature blocks a creature, return that creature to its owner's hand at end of combat.";

pub fn wall_of_tears() -> CardDef {
    CardDef::new("Wall of Tears", WALL_OF_TEARS)
        .cost("{1}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Wall"])
        .pt(0, 4)
        .ability(keyword(Keyword::Defender))
        .ability(triggered(
            Trigger::BlocksACreature,
            Effect::AtEndOfCombat(Box::new(Effect::ReturnToOwnersHand(EffectObject::EventObject))),
        ))
}

/// Search Party Captain ({3}{W} Creature — Human Soldier 2/2; MID 32): a cost reduction that
/// looks back at the creatures declared as attackers this turn (CR 608.2i Example 1).
pub const SEARCH_PARTY_CAPTAIN: &str = "This spell costs {1} less to cast for each creature you attacked with this turn.\nWhen this creature enters, draw a card.";

pub fn search_party_captain() -> CardDef {
    CardDef::new("Search Party Captain", SEARCH_PARTY_CAPTAIN)
        .cost("{3}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Soldier"])
        .pt(2, 2)
        .ability(Ability::Static(StaticAbility::CostsLessForEachCreatureYouAttackedWith { generic: 1 }))
        .ability(triggered(Trigger::ThisEnters, Effect::DrawCards(Amount::Fixed(1))))
}

/// Bear Cub ({1}{G} Creature — Bear 2/2; P02 123): the attacker of CR 608.2i Example 1.
pub const BEAR_CUB: &str = "";

pub fn bear_cub() -> CardDef {
    CardDef::new("Bear Cub", BEAR_CUB).cost("{1}{G}").types(&[CardType::Creature]).subtypes(&["Bear"]).pt(2, 2)
}

/// Coffin Queen ({2}{B} Creature — Zombie Wizard 1/1; TMP 114): the delayed "when this
/// creature becomes untapped or you lose control of this creature" ability exists only once
/// the activated ability resolves (CR 603.7a Examples 1 and 2): a Queen gone by then never
/// exiles the creature, an untapped one waits for its next untap.
pub const COFFIN_QUEEN: &str = "You may choose not to untap this creature during your untap step.\n{2}{B}, {T}: Put target creature card from a graveyard onto the battlefield under your control. When this creature becomes untapped or you lose control of this creature, exile that creature.";

pub fn coffin_queen() -> CardDef {
    CardDef::new("Coffin Queen", COFFIN_QUEEN)
        .cost("{2}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Zombie", "Wizard"])
        .pt(1, 1)
        .ability(Ability::Static(StaticAbility::MayChooseNotToUntap))
        .ability(activated(
            Cost { mana: cost_mana("{2}{B}"), ..tap() },
            vec![TargetSpec::CardInAGraveyard(CardType::Creature)],
            Effect::PutOntoBattlefieldThen {
                object: EffectObject::Target(0),
                then: Box::new(Effect::WhenThis {
                    events: vec![SourceEvent::BecomesUntapped, SourceEvent::YouLoseControl],
                    effect: Box::new(Effect::Exile(EffectObject::EventObject)),
                }),
            },
        ))
}

/// Demanding Dragon ({3}{R}{R} Creature — Dragon 5/5; M19 135): the target opponent chooses
/// as the trigger resolves whether to sacrifice a creature; one who controls none can't, and
/// is dealt 5 damage (CR 608.2d Example 1).
pub const DEMANDING_DRAGON: &str = "Flying\nWhen this creature enters, it deals 5 damage to target opponent unless that player sacrifices a creature of their choice.";

pub fn demanding_dragon() -> CardDef {
    CardDef::new("Demanding Dragon", DEMANDING_DRAGON)
        .cost("{3}{R}{R}")
        .types(&[CardType::Creature])
        .subtypes(&["Dragon"])
        .pt(5, 5)
        .ability(keyword(Keyword::Flying))
        .ability(triggered_targeting(
            Trigger::ThisEnters,
            vec![TargetSpec::Opponent],
            Effect::UnlessTargetPlayerSacrifices {
                target: 0,
                types: vec![CardType::Creature],
                otherwise: Box::new(Effect::DealDamage { amount: Amount::Fixed(5), target: 0 }),
            },
        ))
}
