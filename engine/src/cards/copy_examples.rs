//! Cards of the CR 707 Examples about copy effects with exceptions (CR 707.9b, 707.9d):
//! Copy Artifact ("except it's an enchantment in addition to its other types"), Quicksilver
//! Gargantuan ("except it's 7/7": a characteristic-defining ability of the original that would
//! define power and toughness isn't copied), and Tarmogoyf (a characteristic-defining ability
//! counting card types in all graveyards, CR 604.3; Juggernaut is in `combat_requirements`). Oracle
//! texts from the reference card data (`examples-2.json`).
use super::CardDef;
use crate::abilities::{
    Ability, Affected, Amount, CopyException, Effect, EffectDuration, EffectObject, Modification, StaticAbility, TargetSpec,
};
use crate::types::CardType;

/// Copy Artifact ({1}{U} Enchantment).
pub const COPY_ARTIFACT: &str = "You may have this enchantment enter as a copy of any artifact on the battlefield, except it's an enchantment in addition to its other types.";

pub fn copy_artifact() -> CardDef {
    CardDef::new("Copy Artifact", COPY_ARTIFACT).cost("{1}{U}").types(&[CardType::Enchantment]).ability(Ability::Static(
        StaticAbility::EntersAsCopyExcept {
            of: Some(CardType::Artifact),
            except: vec![CopyException::AddTypes(vec![CardType::Enchantment])],
            you_control: false,
        },
    ))
}

/// Quicksilver Gargantuan ({5}{U}{U} Creature — Shapeshifter 7/7).
pub const QUICKSILVER_GARGANTUAN: &str =
    "You may have this creature enter as a copy of any creature on the battlefield, except it's 7/7.";

pub fn quicksilver_gargantuan() -> CardDef {
    CardDef::new("Quicksilver Gargantuan", QUICKSILVER_GARGANTUAN)
        .cost("{5}{U}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Shapeshifter"])
        .pt(7, 7)
        .ability(Ability::Static(StaticAbility::EntersAsCopyExcept {
            of: Some(CardType::Creature),
            except: vec![CopyException::SetPt { power: 7, toughness: 7 }],
            you_control: false,
        }))
}

/// Tarmogoyf ({1}{G} Creature — Lhurgoyf */1+*): no printed numbers; the characteristic-defining
/// ability gives its power and toughness in all zones (CR 208.2a, 604.3).
pub const TARMOGOYF: &str = "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1.";

pub fn tarmogoyf() -> CardDef {
    CardDef::new("Tarmogoyf", TARMOGOYF)
        .cost("{1}{G}")
        .types(&[CardType::Creature])
        .subtypes(&["Lhurgoyf"])
        .ability(Ability::Static(StaticAbility::Continuous {
            affected: Affected::This,
            modification: Modification::SetPtToCardTypesInGraveyards { toughness_plus: 1 },
            cda: true,
        }))
}

/// Colossus Hammer ({1} Artifact — Equipment): one effect in layers 6 ("loses flying") and 7c
/// (+10/+10) with the Equipment's timestamp, renewed when it becomes attached (CR 613.6,
/// 613.7e); equip (CR 702.6a). Here for CR 613.9 Example 1 with Bladed Pinions.
pub const COLOSSUS_HAMMER: &str = "Equipped creature gets +10/+10 and loses flying.\nEquip {8} ({8}: Attach to target creature you control. Equip only as a sorcery.)";

pub fn colossus_hammer() -> CardDef {
    CardDef::new("Colossus Hammer", COLOSSUS_HAMMER)
        .cost("{1}")
        .types(&[CardType::Artifact])
        .subtypes(&["Equipment"])
        .ability(super::static_continuous(
            Affected::EnchantedObject,
            Modification::Parts(vec![
                Modification::RemoveKeyword(crate::abilities::Keyword::Flying),
                Modification::ModifyPt { power: 10, toughness: 10 },
            ]),
        ))
        .ability(super::activated_as_sorcery(
            crate::costs::Cost { mana: super::cost_mana("{8}"), ..crate::costs::Cost::default() },
            vec![crate::abilities::TargetSpec::CreatureYouControl],
            crate::abilities::Effect::AttachThisTo(crate::abilities::EffectObject::Target(0)),
        ))
}

/// Unstable Shapeshifter ({3}{U} Creature — Shapeshifter 0/1): a "whenever another creature
/// enters" trigger whose effect is a copy effect on "that creature" (the entered one, CR 603.7c),
/// with no duration, except it keeps this ability (CR 707.9a). Here for CR 707.11 Example 1.
pub const UNSTABLE_SHAPESHIFTER: &str =
    "Whenever another creature enters, this creature becomes a copy of that creature, except it has this ability.";

pub fn unstable_shapeshifter() -> CardDef {
    CardDef::new("Unstable Shapeshifter", UNSTABLE_SHAPESHIFTER)
        .cost("{3}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Shapeshifter"])
        .pt(0, 1)
        .ability(super::triggered(
            crate::abilities::Trigger::AnotherCreatureEnters,
            Effect::BecomeCopy {
                object: EffectObject::This,
                of: EffectObject::EventObject,
                duration: EffectDuration::Indefinite,
                with_this_ability: true,
            },
        ))
}

/// Olivia Voldaren ({2}{B}{R} Legendary Creature — Vampire 3/3). "Olivia Voldaren" in its
/// abilities is the object that has them (CR 201.5), and an ability on the stack keeps
/// referring to its source even after that stops being a copy of Olivia (CR 707.11).
pub const OLIVIA_VOLDAREN: &str = "Flying\n{1}{R}: Olivia Voldaren deals 1 damage to another target creature. That creature becomes a Vampire in addition to its other types. Put a +1/+1 counter on Olivia Voldaren.\n{3}{B}{B}: Gain control of target Vampire for as long as you control Olivia Voldaren.";

pub fn olivia_voldaren() -> CardDef {
    let cost = |m: &str| crate::costs::Cost { mana: super::cost_mana(m), ..crate::costs::Cost::default() };
    CardDef::new("Olivia Voldaren", OLIVIA_VOLDAREN)
        .cost("{2}{B}{R}")
        .supertypes(&["Legendary"])
        .types(&[CardType::Creature])
        .subtypes(&["Vampire"])
        .pt(3, 3)
        .ability(super::keyword(crate::abilities::Keyword::Flying))
        .ability(super::activated(
            cost("{1}{R}"),
            vec![TargetSpec::OtherCreature],
            Effect::Sequence(vec![
                Effect::DealDamage { amount: Amount::Fixed(1), target: 0 },
                Effect::Modify {
                    object: EffectObject::Target(0),
                    modifications: vec![Modification::AddTypes { types: Vec::new(), subtypes: vec!["Vampire".into()] }],
                    duration: EffectDuration::Indefinite,
                },
                Effect::PutCounters { object: EffectObject::This, kind: "+1/+1".into(), amount: Amount::Fixed(1) },
            ]),
        ))
        .ability(super::activated(
            cost("{3}{B}{B}"),
            vec![TargetSpec::PermanentWithSubtype("Vampire".into())],
            Effect::GainControl { object: EffectObject::Target(0), duration: EffectDuration::WhileYouControlThis },
        ))
}

/// Adaptive Automaton ({3} Artifact Creature — Construct 2/2): "as this enters, choose a
/// creature type" (CR 614.12, 205.3e), the chosen type added in layer 4 and a lord of it in
/// layer 7c. A copy entering makes its own choice (CR 707.6). Here for CR 205.3e Example 1 and
/// CR 707.6 Example 1.
pub const ADAPTIVE_AUTOMATON: &str = "As this creature enters, choose a creature type.\nThis creature is the chosen type in addition to its other types.\nOther creatures you control of the chosen type get +1/+1.";

pub fn adaptive_automaton() -> CardDef {
    let others_of_the_type = crate::abilities::PermanentFilter {
        types: vec![CardType::Creature],
        controller: crate::abilities::Relation::You,
        other: true,
        of_chosen_type: true,
        ..crate::abilities::PermanentFilter::default()
    };
    CardDef::new("Adaptive Automaton", ADAPTIVE_AUTOMATON)
        .cost("{3}")
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Construct"])
        .pt(2, 2)
        .ability(Ability::Static(StaticAbility::EntersChoosingCreatureType))
        .ability(super::static_continuous(Affected::This, Modification::AddChosenCreatureType))
        .ability(super::static_continuous(
            Affected::Where(Box::new(others_of_the_type)),
            Modification::ModifyPt { power: 1, toughness: 1 },
        ))
}

/// Fork ({R}{R} Instant): a copy of a spell (CR 707.10) with a color-setting exception. Here
/// for CR 707.10 Example 2 (a copy of Fling).
pub const FORK: &str = "Copy target instant or sorcery spell, except that the copy is red. You may choose new targets for the copy.";

pub fn fork() -> CardDef {
    CardDef::new("Fork", FORK).cost("{R}{R}").types(&[CardType::Instant]).spell(
        vec![TargetSpec::InstantOrSorcerySpell],
        Effect::CopyTargetSpell { target: 0, colors: Some(vec![crate::types::Color::Red]) },
    )
}

/// Fling ({1}{R} Instant): an additional sacrifice (CR 601.2b, 601.2h) whose power, as the
/// creature last existed (CR 608.2h), is the damage; a copy uses the original's (CR 707.10).
pub const FLING: &str = "As an additional cost to cast this spell, sacrifice a creature.\nFling deals damage equal to the sacrificed creature's power to any target.";

pub fn fling() -> CardDef {
    let mut d = CardDef::new("Fling", FLING)
        .cost("{1}{R}")
        .types(&[CardType::Instant])
        .spell(vec![TargetSpec::Any], Effect::DealDamage { amount: Amount::SacrificedPower, target: 0 });
    d.additional_sacrifice = Some(vec![CardType::Creature]);
    d
}

/// Changeling (CR 702.73a): "this object is every creature type", a characteristic-defining
/// ability (layer 4, in every zone, CR 604.3).
pub(crate) fn changeling() -> Ability {
    Ability::Static(StaticAbility::Continuous { affected: Affected::This, modification: Modification::AllCreatureTypes, cda: true })
}

/// Moritte of the Frost ({2}{G}{U}{U} Legendary Snow Creature — Shapeshifter 0/0): a copy of a
/// permanent you control with supertypes added (CR 707.9b) and, if the copy would be a creature,
/// two +1/+1 counters as it enters (an additional effect, CR 707.9e) and changeling (CR 707.9a,
/// 707.9f). Here for CR 707.9f Example 1.
pub const MORITTE_OF_THE_FROST: &str = "Changeling (This card is every creature type.)\nYou may have Moritte enter as a copy of a permanent you control, except it's legendary and snow in addition to its other types and, if it's a creature, it enters with two additional +1/+1 counters on it and has changeling.";

pub fn moritte_of_the_frost() -> CardDef {
    CardDef::new("Moritte of the Frost", MORITTE_OF_THE_FROST)
        .cost("{2}{G}{U}{U}")
        .supertypes(&["Legendary", "Snow"])
        .types(&[CardType::Creature])
        .subtypes(&["Shapeshifter"])
        .pt(0, 0)
        .ability(changeling())
        .ability(Ability::Static(StaticAbility::EntersAsCopyExcept {
            of: None,
            except: vec![
                CopyException::AddSupertypes(vec!["Legendary".into(), "Snow".into()]),
                CopyException::IfCreature(vec![
                    CopyException::EntersWithCounters { kind: "+1/+1".into(), amount: Amount::Fixed(2) },
                    CopyException::AddAbility(Box::new(changeling())),
                ]),
            ],
            you_control: true,
        }))
}

/// Glasspool Mimic ({2}{U} Creature — Shapeshifter Rogue 0/0), the front face of the modal
/// double-faced card Glasspool Mimic // Glasspool Shore; only the front face is modelled (it is
/// the face cast, and the one the Example reads). "In addition to its other types" keeps the
/// original's characteristic-defining abilities that define types (CR 707.9d). Here for CR
/// 707.9d Example 2.
pub const GLASSPOOL_MIMIC: &str = "You may have this creature enter as a copy of a creature you control, except it's a Shapeshifter Rogue in addition to its other types.";

pub fn glasspool_mimic() -> CardDef {
    CardDef::new("Glasspool Mimic", GLASSPOOL_MIMIC)
        .cost("{2}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Shapeshifter", "Rogue"])
        .pt(0, 0)
        .ability(Ability::Static(StaticAbility::EntersAsCopyExcept {
            of: Some(CardType::Creature),
            except: vec![CopyException::AddSubtypes(vec!["Shapeshifter".into(), "Rogue".into()])],
            you_control: true,
        }))
}

/// Altered Ego ({X}{2}{G}{U} Creature — Shapeshifter 0/0): "can't be countered" (CR 101.2) and a
/// copy of any creature that enters with X additional +1/+1 counters, an additional effect of
/// the replacement (CR 707.9e): if another copy effect replaces this one (Altered Ego copying
/// Clone, then Clone's gained replacement), the counters aren't put on. Here for CR 707.9e
/// Example 1.
pub const ALTERED_EGO: &str = "This spell can't be countered.\nYou may have this creature enter as a copy of any creature on the battlefield, except it enters with X additional +1/+1 counters on it.";

pub fn altered_ego() -> CardDef {
    CardDef::new("Altered Ego", ALTERED_EGO)
        .cost("{X}{2}{G}{U}")
        .types(&[CardType::Creature])
        .subtypes(&["Shapeshifter"])
        .pt(0, 0)
        .ability(Ability::Static(StaticAbility::CantBeCountered))
        .ability(Ability::Static(StaticAbility::EntersAsCopyExcept {
            of: Some(CardType::Creature),
            except: vec![CopyException::EntersWithCounters { kind: "+1/+1".into(), amount: Amount::X }],
            you_control: false,
        }))
}
