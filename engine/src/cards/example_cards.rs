//! Non-combat cards the CR's Examples name (113.6m, 113.12, 704.8, 111.4): Reassembling
//! Skeleton, Muraganda Petroglyphs, Black Sun's Zenith, Minsc, Beloved Ranger and its token.
//! Oracle texts from the reference card data.
use super::{cost_mana, keyword, static_continuous, triggered, CardDef};
use crate::abilities::{Ability, ActivatedAbility, Affected, Amount, Effect, EffectObject, Keyword, Modification, Relation, Trigger};
use crate::costs::Cost;
use crate::types::{CardType, Color};

/// Reassembling Skeleton ({1}{B} Creature — Skeleton Warrior 1/1).
pub const REASSEMBLING_SKELETON: &str = "{1}{B}: Return this card from your graveyard to the battlefield tapped.";

pub fn reassembling_skeleton() -> CardDef {
    CardDef::new("Reassembling Skeleton", REASSEMBLING_SKELETON)
        .cost("{1}{B}")
        .types(&[CardType::Creature])
        .subtypes(&["Skeleton", "Warrior"])
        .pt(1, 1)
        .ability(Ability::Activated(ActivatedAbility {
            cost: Cost { mana: cost_mana("{1}{B}"), ..Cost::default() },
            targets: vec![],
            effect: Effect::ReturnToBattlefieldTapped { object: EffectObject::This },
            sorcery_speed: false,
            cycling: false,
            from_graveyard: true,
            once_each_turn: false,
        }))
}

/// Muraganda Petroglyphs ({3}{G} Enchantment).
pub const MURAGANDA_PETROGLYPHS: &str = "Creatures with no abilities get +2/+2.";

pub fn muraganda_petroglyphs() -> CardDef {
    CardDef::new("Muraganda Petroglyphs", MURAGANDA_PETROGLYPHS)
        .cost("{3}{G}")
        .types(&[CardType::Enchantment])
        .ability(static_continuous(Affected::CreaturesWithNoAbilities, Modification::ModifyPt { power: 2, toughness: 2 }))
}

/// Black Sun's Zenith ({X}{B}{B} Sorcery).
pub const BLACK_SUNS_ZENITH: &str =
    "Put X -1/-1 counters on each creature. Shuffle Black Sun's Zenith into its owner's library.";

pub fn black_suns_zenith() -> CardDef {
    CardDef::new("Black Sun's Zenith", BLACK_SUNS_ZENITH).cost("{X}{B}{B}").types(&[CardType::Sorcery]).spell(
        vec![],
        Effect::Sequence(vec![
            Effect::PutCountersOnEach {
                types: vec![CardType::Creature],
                controller: Relation::Any,
                kind: "-1/-1".into(),
                amount: Amount::X,
            },
            Effect::ShuffleThisIntoLibrary,
        ]),
    )
}

/// Minsc, Beloved Ranger ({R}{G}{W} Legendary Creature — Human Ranger 3/3). Its {X} ability
/// (base P/T X/X and Giant until end of turn) is not modelled: nothing in the corpus uses it.
pub const MINSC: &str = "When Minsc enters, create Boo, a legendary 1/1 red Hamster creature token with trample and haste.\n{X}: Until end of turn, target creature you control has base power and toughness X/X and becomes a Giant in addition to its other types. Activate only as a sorcery.";

pub fn minsc() -> CardDef {
    CardDef::new("Minsc, Beloved Ranger", MINSC)
        .cost("{R}{G}{W}")
        .types(&[CardType::Creature])
        .subtypes(&["Human", "Ranger"])
        .supertypes(&["Legendary"])
        .pt(3, 3)
        .ability(triggered(Trigger::ThisEnters, Effect::CreateTokens { token: "Boo".into(), amount: Amount::Fixed(1) }))
}

/// Boo, the token Minsc names (CR 111.4: its name is Boo, neither "Hamster" nor "Token").
pub fn boo_token() -> CardDef {
    CardDef::new("Boo", "Trample, haste")
        .types(&[CardType::Creature])
        .subtypes(&["Hamster"])
        .supertypes(&["Legendary"])
        .colors(&[Color::Red])
        .pt(1, 1)
        .ability(keyword(Keyword::Trample))
        .ability(keyword(Keyword::Haste))
}
