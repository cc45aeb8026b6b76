//! The data model of abilities (CR 113, 602-606, 611-614): what cards are built from —
//! keywords (CR 702, keyword counters CR 122.1b), activated abilities (CR 602, loyalty CR 606,
//! equip CR 702.6), triggered (CR 603), static (CR 604), continuous modifications by layer
//! (CR 613), effects (CR 608.2c) and target specifications (CR 115).
//!
//! Cards are data: every ability is one of these general primitives, and the rules modules
//! interpret them. No card name appears outside `cards/`.

use serde::{Deserialize, Serialize};

use crate::costs::Cost;
use crate::ids::PlayerId;
use crate::state::ZoneKind;
use crate::mana::{ManaCost, ManaPool, SpendRestriction};
use crate::types::{CardType, Color};

/// Keyword abilities with no parameter (CR 702).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Keyword {
    Flying,
    Haste,
    FirstStrike,
    Deathtouch,
    Hexproof,
    Lifelink,
    Menace,
    Reach,
    Trample,
    Vigilance,
    /// CR 702.4: deals both first-strike and regular combat damage.
    DoubleStrike,
    /// CR 702.28: blocks and is blocked only by creatures with shadow.
    Shadow,
    /// CR 702.12: not destroyed by lethal damage, deathtouch or "destroy" effects.
    Indestructible,
    /// CR 702.3: can't attack.
    Defender,
    /// CR 702.16: protection from a color (damage prevented, can't be blocked, enchanted,
    /// equipped or targeted by anything of that color).
    ProtectionFrom(Color),
    /// CR 702.14: landwalk of a basic land type: can't be blocked while the defending player
    /// controls a land of that type.
    Landwalk(LandType),
    /// CR 702.14c-d: snow landwalk ("snow forestwalk"): can't be blocked while the defending
    /// player controls a land that is both snow and of that basic land type.
    SnowLandwalk(LandType),
    /// CR 702.124a: a deck-construction ability of the Commander variant; it functions before
    /// the game begins, so the engine only shows it.
    Partner,
    /// CR 702.143 and 702.128: keyword abilities that work from the hand and the graveyard
    /// (foretelling, embalming), not modelled; the card still has them, so they are shown and
    /// can be lost (CR 613.1f) like any other.
    Foretell,
    Embalm,
    /// CR 702.164: toxic N, a static ability; instances are cumulative (a creature's total toxic
    /// value is the sum of its toxic N, 702.164b), so a permanent may have several.
    Toxic(u32),
    /// CR 702.26a: phases out, or in, as its controller's untap step begins (`phasing`).
    Phasing,
    /// CR 702.8a: "You may play this card any time you could cast an instant" (from the hand:
    /// casting checks it, `casting::check_cast`).
    Flash,
    /// CR 702.80a: damage this deals to a creature isn't marked on it but puts that many
    /// -1/-1 counters on it (CR 120.3d; `damage`).
    Wither,
    /// Haunt (CR 702.55a): "When this creature dies, exile it haunting target creature", a
    /// triggered ability the card defines beside the keyword.
    Haunt,
    /// CR 702.33a: "Kicker [cost]", a static ability that functions while the spell is on the
    /// stack; its cost is the card's (`CardDef::kicker`), paid as the spell is cast.
    Kicker,
    /// CR 702.47a: "Splice onto [quality] [cost]", a static ability that functions while the
    /// card is in its owner's hand; its quality and cost are the card's (`CardDef::splice`),
    /// used as a spell with that quality is cast (`casting::check_cast`).
    Splice,
    /// CR 702.51a: a static ability that functions while the spell is on the stack: for each
    /// colored mana in its total cost, an untapped creature of that color its caster controls
    /// may be tapped rather than paying that mana, and for each generic mana any untapped
    /// creature they control (`tap_to_pay`, chosen as the spell is cast: `CastCosts::convoke`).
    Convoke,
}

impl Keyword {
    pub fn name(self) -> &'static str {
        match self {
            Keyword::Kicker => "Kicker",
            Keyword::Splice => "Splice",
            Keyword::Haunt => "Haunt",
            Keyword::Convoke => "Convoke",
            Keyword::Flying => "Flying",
            Keyword::Haste => "Haste",
            Keyword::FirstStrike => "First strike",
            Keyword::Deathtouch => "Deathtouch",
            Keyword::Hexproof => "Hexproof",
            Keyword::Lifelink => "Lifelink",
            Keyword::Menace => "Menace",
            Keyword::Reach => "Reach",
            Keyword::Trample => "Trample",
            Keyword::Vigilance => "Vigilance",
            Keyword::Partner => "Partner",
            Keyword::Foretell => "Foretell",
            Keyword::Embalm => "Embalm",
            Keyword::Toxic(_) => "Toxic",
            Keyword::Phasing => "Phasing",
            Keyword::Flash => "Flash",
            Keyword::Wither => "Wither",
            Keyword::DoubleStrike => "Double strike",
            Keyword::Shadow => "Shadow",
            Keyword::Indestructible => "Indestructible",
            Keyword::Defender => "Defender",
            Keyword::ProtectionFrom(c) => match c {
                Color::White => "Protection from white",
                Color::Blue => "Protection from blue",
                Color::Black => "Protection from black",
                Color::Red => "Protection from red",
                Color::Green => "Protection from green",
            },
            Keyword::Landwalk(l) => match l {
                LandType::Plains => "Plainswalk",
                LandType::Island => "Islandwalk",
                LandType::Swamp => "Swampwalk",
                LandType::Mountain => "Mountainwalk",
                LandType::Forest => "Forestwalk",
            },
            Keyword::SnowLandwalk(l) => match l {
                LandType::Plains => "Snow plainswalk",
                LandType::Island => "Snow islandwalk",
                LandType::Swamp => "Snow swampwalk",
                LandType::Mountain => "Snow mountainwalk",
                LandType::Forest => "Snow forestwalk",
            },
        }
    }

    /// The keyword a keyword counter of this kind grants (CR 122.1b), for the keywords modelled.
    pub fn from_counter_kind(kind: &str) -> Option<Keyword> {
        Some(match kind {
            "flying" => Keyword::Flying,
            "haste" => Keyword::Haste,
            "first strike" => Keyword::FirstStrike,
            "deathtouch" => Keyword::Deathtouch,
            "hexproof" => Keyword::Hexproof,
            "lifelink" => Keyword::Lifelink,
            "menace" => Keyword::Menace,
            "reach" => Keyword::Reach,
            "trample" => Keyword::Trample,
            "vigilance" => Keyword::Vigilance,
            "double strike" => Keyword::DoubleStrike,
            "shadow" => Keyword::Shadow,
            "indestructible" => Keyword::Indestructible,
            _ => return None,
        })
    }
}

/// The basic land types (CR 205.3i), as landwalk names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LandType {
    Plains,
    Island,
    Swamp,
    Mountain,
    Forest,
}

impl LandType {
    pub fn subtype(self) -> &'static str {
        match self {
            LandType::Plains => "Plains",
            LandType::Island => "Island",
            LandType::Swamp => "Swamp",
            LandType::Mountain => "Mountain",
            LandType::Forest => "Forest",
        }
    }
}

/// Restrictions and requirements on attacking and blocking (CR 508.1c-d, 509.1b-c), as static
/// abilities of the creature they're about, or of a permanent for every creature
/// (`MaxAttackers`, `MaxBlockers`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CombatRule {
    /// "This creature can't block."
    CantBlock,
    /// "This creature can't attack alone." (CR 506.5)
    CantAttackAlone,
    /// "This creature can't attack or block alone." (CR 506.5)
    CantAttackOrBlockAlone,
    /// "This creature attacks each combat if able." (a requirement, CR 508.1d)
    AttacksEachCombatIfAble,
    /// "This creature blocks each combat if able." (a requirement, CR 509.1c)
    BlocksEachCombatIfAble,
    /// "This creature can block an additional N creatures each combat." (CR 509.1a)
    CanBlockAdditional(u32),
    /// "This creature can't be blocked by [subtype]s." (a restriction, CR 509.1b)
    CantBeBlockedBySubtype(String),
    /// "No more than N creatures can attack each combat." (CR 508.1c)
    MaxAttackers(u32),
    /// "No more than N creatures can block each combat." (CR 509.1b)
    MaxBlockers(u32),
    /// "This creature can't be blocked except by N or more creatures." (a restriction, CR
    /// 509.1b; menace is this with two, CR 702.111b)
    CantBeBlockedExceptByAtLeast(u32),
}

/// One ability of an object (CR 113.3).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Ability {
    Keyword(Keyword),
    /// "Enchant [object]" (CR 702.5a): what an Aura spell can target and an Aura can enchant.
    Enchant(TargetSpec),
    /// "Flashback [cost]" (CR 702.34a): the card may be cast from its owner's graveyard, if
    /// the spell is an instant or sorcery, by paying this cost rather than its mana cost (an
    /// alternative cost, CR 118.9); a spell whose flashback cost was paid is exiled instead of
    /// going anywhere else as it leaves the stack (`Object::cast_with_flashback`).
    Flashback(FlashbackCost),
    Activated(ActivatedAbility),
    Triggered(TriggeredAbility),
    Static(StaticAbility),
}

impl Ability {
    /// The keyword ability this ability is, by the name Oracle text gives it (CR 702): a plain
    /// keyword, or one built from a general primitive (enchant restricts targets, CR 702.5a;
    /// cycling and equip are activated abilities, CR 702.29a, 702.6a; cumulative upkeep and fading
    /// triggered ones, CR 702.24a, 702.32a).
    pub fn keyword_name(&self) -> Option<&'static str> {
        match self {
            Ability::Keyword(k) => Some(k.name()),
            Ability::Enchant(_) => Some("Enchant"),
            Ability::Flashback(_) => Some("Flashback"),
            // CR 702.97a: "[Cost], Exile this card from your graveyard: Put a number of +1/+1
            // counters equal to the power of the card you exiled on target creature. Activate
            // only as a sorcery."
            Ability::Activated(a) if a.from_graveyard && a.cost.exile_self && a.sorcery_speed => Some("Scavenge"),
            Ability::Activated(a) if a.cycling => Some("Cycling"),
            // CR 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate
            // only as a sorcery."
            Ability::Activated(a) if a.sorcery_speed && matches!(a.effect, Effect::AttachThisTo(_)) => {
                Some("Equip")
            }
            // CR 702.32a: fading is the "enters with N fade counters" ability and this upkeep
            // trigger; the trigger names it.
            Ability::Triggered(t)
                if matches!(&t.effect, Effect::RemoveCounterOrSacrificeThis { kind } if kind == "fade") =>
            {
                Some("Fading")
            }
            Ability::Triggered(t) if matches!(t.effect, Effect::CumulativeUpkeep { .. }) => {
                Some("Cumulative upkeep")
            }
            Ability::Triggered(t) if matches!(t.effect, Effect::ReturnDiedWithCounter) => Some("Undying"),
            // CR 702.184a: "Tap another untapped creature you control: Put a number of charge
            // counters on this permanent equal to the tapped creature's power. Activate only as a
            // sorcery."
            Ability::Activated(a)
                if a.cost.tap_another_creature
                    && matches!(&a.effect, Effect::PutCounters { object: EffectObject::This, amount: Amount::TappedCreaturesPower, .. }) =>
            {
                Some("Station")
            }
            // CR 702.43a: modular's dies trigger moving its +1/+1 counters to target artifact
            // creature names it (its "enters with" half may be a number or sunburst, 702.44c).
            Ability::Triggered(t)
                if t.trigger == Trigger::Dies
                    && t.targets == [TargetSpec::ArtifactCreature]
                    && matches!(&t.effect, Effect::May(e) if matches!(&**e, Effect::PutCounters { object: EffectObject::Target(0), kind, amount: Amount::CountersOnThis(k) } if kind == "+1/+1" && k == "+1/+1")) =>
            {
                Some("Modular")
            }
            // CR 702.30a: echo is this upkeep trigger.
            Ability::Triggered(t) if t.trigger == Trigger::BeginningOfYourUpkeepIfNewSinceLastUpkeep => Some("Echo"),
            Ability::Static(StaticAbility::Continuous { modification: Modification::AllCreatureTypes, cda: true, .. }) => {
                Some("Changeling")
            }
            _ => None,
        }
    }
}

/// A flashback cost (CR 702.34a): printed ("Flashback {3}{R}"), or defined by the effect that
/// grants flashback ("the flashback cost is equal to its mana cost", CR 702.1b: read from the
/// card's characteristics whenever it is cast; a card with no mana cost can't be cast this
/// way, CR 118.6).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FlashbackCost {
    Mana(crate::mana::ManaCost),
    ItsManaCost,
}

/// What a creature uses its toughness for rather than its power
/// (`StaticAbility::ToughnessRatherThanPower`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ToughnessFor {
    /// The combat damage it assigns (CR 510.1a).
    CombatDamage,
    /// The charge counters a station ability puts on for it (CR 702.184c).
    Station,
}

/// "[Cost]: [Effect]" (CR 602).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ActivatedAbility {
    pub cost: Cost,
    pub targets: Vec<TargetSpec>,
    pub effect: Effect,
    /// "Activate only as a sorcery" (CR 602.5d), e.g. equip (CR 702.6a).
    pub sorcery_speed: bool,
    /// A cycling ability (CR 702.29a): it functions only while the card is in its owner's hand,
    /// and activating it is cycling the card (CR 702.29c-d: "when you cycle").
    #[serde(default)]
    pub cycling: bool,
    /// Activated only while its object is in its owner's graveyard (CR 113.6m).
    #[serde(default)]
    pub from_graveyard: bool,
    /// "Activate only once each turn" (CR 602.5b): a restriction on this ability of this
    /// object (a new object, CR 400.7, may activate it again).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub once_each_turn: bool,
}

impl ActivatedAbility {
    /// CR 605.1a: no target, could add mana, not a loyalty ability.
    pub fn is_mana_ability(&self) -> bool {
        self.targets.is_empty() && self.effect.adds_mana() && self.cost.loyalty.is_none()
    }

    /// The zone its source must be in for it to be activated (CR 602.2, 702.29a).
    pub fn functions_from(&self) -> crate::state::ZoneKind {
        if self.cycling {
            crate::state::ZoneKind::Hand
        } else if self.from_graveyard {
            crate::state::ZoneKind::Graveyard
        } else {
            crate::state::ZoneKind::Battlefield
        }
    }

    /// CR 606.3 / 602.5d: activated only when its controller could cast a sorcery.
    pub fn is_sorcery_speed(&self) -> bool {
        self.sorcery_speed || self.cost.loyalty.is_some()
    }
}

/// "When/Whenever/At [trigger], [effect]" (CR 603).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TriggeredAbility {
    pub trigger: Trigger,
    pub effect: Effect,
    /// Targets chosen as it is put on the stack (CR 603.3d).
    #[serde(default)]
    pub targets: Vec<TargetSpec>,
    /// An intervening "if" clause (CR 603.4): checked as it would trigger and again as it
    /// resolves; false then, it doesn't trigger, or does nothing.
    #[serde(default)]
    pub condition: Option<Condition>,
    /// What the object the triggering event names must be as the event happens ("a Vampire
    /// you control attacks", "becomes blocked by a green or white creature"): checked then
    /// only, so a later change doesn't make it trigger (CR 508.2a, 509.3f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<PermanentFilter>,
}

/// A condition of the game state, for intervening "if" clauses (CR 603.4).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Condition {
    /// "if you have N or more life".
    YouHaveAtLeastLife(i32),
    /// "If you control a [permanent any of these filters describe]".
    YouControlAny(Vec<PermanentFilter>),
    /// "If it was kicked with its [n-th] kicker" (CR 702.33f, 607.2i): the source permanent
    /// entered from a spell cast with that kicker cost paid (0-based among its kicker costs).
    ThisWasKickedWith(usize),
    /// "If this spell's additional cost was paid" (CR 601.2b): the resolving spell was cast
    /// with its optional additional cost paid (`Object::additional_cost_paid`).
    ThisSpellsAdditionalCostWasPaid,
}

/// "As an additional cost to cast this spell, [you may] [pay mana / waterbend [cost]]" (CR
/// 601.2b, 601.2f): added to the total cost when paid. A waterbend cost's generic mana may be
/// paid by tapping artifacts and creatures (CR 701.67a-b, `tap_to_pay`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AdditionalCost {
    pub mana: ManaCost,
    /// "you may": the caster chooses whether to pay it (`CastCosts::additional_cost`).
    pub optional: bool,
    /// "Waterbend [cost]" (CR 701.67a).
    pub waterbend: bool,
}

impl TriggeredAbility {
    /// CR 605.1b: triggers from a mana ability, no target, could add mana.
    pub fn is_mana_ability(&self) -> bool {
        matches!(self.trigger, Trigger::TappedForMana { .. }) && self.effect.adds_mana()
    }
}

/// Trigger events (CR 603.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Trigger {
    /// "At the beginning of your upkeep" (CR 503.1a).
    BeginningOfYourUpkeep,
    /// "At the beginning of combat on your turn" (CR 507.1).
    BeginningOfCombatOnYourTurn,
    /// "At the beginning of the end step": every end step, whoever's turn it is (CR 513.1a).
    BeginningOfEachEndStep,
    /// "When this creature dies" (CR 700.4; a leaves-the-battlefield ability, CR 603.10a).
    Dies,
    /// "Whenever [a player / you] tap[s] a [basic] [land / creature] for mana [of the chosen
    /// color]" (CR 106.12a): a mana ability with {T} in its cost (CR 106.12) of a permanent of
    /// type `permanent` (with the supertype basic if `basic`) resolved and produced mana, or
    /// the type of mana `mana` specifies, as produced after replacement effects; `tapper` is who
    /// activated it, relative to the trigger's controller.
    TappedForMana {
        tapper: Relation,
        permanent: CardType,
        #[serde(default)]
        basic: bool,
        #[serde(default)]
        mana: ManaOfType,
    },
    /// "When this [permanent] enters" (CR 603.6a).
    ThisEnters,
    /// "When this [permanent] leaves the battlefield" (CR 603.6c, 603.10a: looks back in time).
    ThisLeavesBattlefield,
    /// "Whenever you cycle a card" (CR 702.29d): its controller activated a cycling ability.
    YouCycleACard,
    /// "When you cycle this card" (CR 702.29c): triggers from the zone the card went to.
    YouCycleThis,
    /// "Whenever [this creature or another] creature dies" (CR 700.4, a leaves-the-battlefield
    /// ability that looks back in time, CR 603.10a).
    ACreatureDies,
    /// "Whenever a nontoken creature dies" (CR 700.4, 111.1): as `ACreatureDies`, for a card
    /// only; "that card" is the card in the graveyard (CR 400.7).
    ANontokenCreatureDies,
    /// "When the creature it haunts dies" (CR 702.55c): an ability of a card in exile haunting
    /// a creature (`GameState::haunts`), triggering from the exile zone (CR 113.6k) when that
    /// creature dies.
    TheCreatureItHauntsDies,
    /// "Whenever another creature enters" (CR 603.6a): the creature as it is on the
    /// battlefield (CR 603.6b).
    AnotherCreatureEnters,
    /// "Whenever another creature you control enters" (CR 603.6a): as `AnotherCreatureEnters`,
    /// for a creature its controller controls as it enters.
    AnotherCreatureYouControlEnters,
    /// "Whenever a player casts a spell of the chosen color" (CR 601.2i, 607.2d).
    PlayerCastsSpellOfChosenColor,
    /// "When[ever] a player casts a spell" (CR 601.2i): any player, any spell; the event's
    /// player is the one who cast it ("that player", CR 608.2h).
    APlayerCastsASpell,
    /// "Whenever you expend N" (CR 700.14): its controller paid a cost to cast a spell, and
    /// the mana they had spent to cast spells this turn went from less than N to at least N
    /// (`Player::spell_mana_this_turn`); once a turn at most.
    YouExpend(u32),
    /// A reflexive trigger (CR 603.12): created by an effect, never found on an object.
    Reflexive,
    /// "Whenever this creature becomes blocked" (CR 509.3c): once per combat.
    BecomesBlocked,
    /// "Whenever this creature becomes blocked by a creature" (CR 509.3d): once per blocker.
    BecomesBlockedByACreature,
    /// "Whenever this creature blocks a creature" (CR 509.3b): once per attacking creature it
    /// blocks, naming that creature (`EffectObject::EventObject`).
    BlocksACreature,
    /// "Whenever a [creature] attacks" (CR 508.3a): once for each creature declared as an
    /// attacker (CR 508.1), naming it (`EffectObject::EventObject`); the ability's `filter`
    /// says which, checked as it is declared (CR 508.2a).
    ACreatureAttacks,
    /// "Whenever this creature blocks or becomes blocked by a [creature]" (CR 509.3b,
    /// 509.3d): once for each creature it blocks or that blocks it, naming that creature; the
    /// ability's `filter` checked on it as blockers are declared (CR 509.3f).
    BlocksOrBecomesBlockedByACreature,
    /// "Whenever you gain life" (CR 119.9): once per life-gain event.
    YouGainLife,
    /// "Whenever a [land type] [controller] controls becomes tapped" (CR 603.2e): a permanent
    /// already on the battlefield changes from untapped to tapped; one entering tapped doesn't.
    BecomesTapped { land_type: Option<LandType>, controller: Relation },
    /// "Whenever a land is put into a graveyard from the battlefield" (CR 603.2c: once per
    /// land; a leaves-the-battlefield ability, CR 603.10a). Its effect may refer to that
    /// land's controller (`EffectPlayer::Event`).
    ALandGoesToGraveyardFromBattlefield,
    /// A delayed triggered ability (CR 603.7): created by a resolving spell or ability, never
    /// found on an object; "at the beginning of the next end step" (CR 603.7b: it triggers once).
    AtBeginningOfNextEndStep,
    /// A delayed triggered ability "at end of combat" (CR 603.7a-b, 511.2): it triggers as the
    /// end of combat step begins, once.
    AtEndOfCombat,
    /// "Whenever this [permanent] deals damage" (CR 603.2g: damage prevented isn't dealt, and
    /// triggers nothing). Its effect may refer to that much (`Amount::EventAmount`).
    ThisDealsDamage,
    /// "When this is put into a graveyard from anywhere" (CR 603.6a: a zone-change trigger,
    /// not a leaves-the-battlefield one, CR 603.10a): it triggers from the graveyard, as the
    /// card is there, with its owner as the event's player.
    PutIntoGraveyardFromAnywhere,
    /// A delayed triggered ability waiting for events about the object that created it
    /// ("when this creature becomes untapped or you lose control of this creature", CR
    /// 603.7a): `Effect::WhenThis`, never found on an object.
    WhenThis,
    /// "Whenever this creature deals combat damage to a player" (CR 510.2, 603.2g: damage
    /// prevented isn't dealt): once for each player it dealt combat damage to in a combat
    /// damage step, with that much (`Amount::EventAmount`).
    ThisDealsCombatDamageToAPlayer,
    /// "Whenever one or more creatures you control deal combat damage to a player" (CR 510.2,
    /// 603.2c: one event however many creatures deal it): once for each player dealt combat
    /// damage in a combat damage step by creatures its controller controls.
    OneOrMoreCreaturesYouControlDealCombatDamageToAPlayer,
    /// Echo's trigger (CR 702.30a): "at the beginning of your upkeep, if this permanent came
    /// under your control since the beginning of your last upkeep" (`Object::new_since_upkeep`,
    /// checked as the upkeep begins).
    BeginningOfYourUpkeepIfNewSinceLastUpkeep,
}

/// An event about a delayed triggered ability's source that `Effect::WhenThis` waits for
/// (CR 603.7a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SourceEvent {
    /// "When this [permanent] becomes untapped" (CR 701.26b): it changes from tapped to untapped.
    BecomesUntapped,
    /// "When you lose control of this [permanent]": another player gains control of it, or it
    /// leaves the battlefield (control exists only there, CR 108.4).
    YouLoseControl,
}

/// The type of mana a "tapped for mana of a specified type" trigger looks for (CR 106.12a).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ManaOfType {
    /// Any mana: "is tapped for mana".
    #[default]
    Any,
    /// Mana of the color chosen as the trigger's source entered (CR 614.1c, 614.12).
    ChosenColor,
}

/// Static abilities (CR 604) and the replacement effects they create (CR 614).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StaticAbility {
    /// "This permanent enters tapped" (CR 614.1c).
    EntersTapped,
    /// "You may choose not to untap this [permanent] during your untap step" (CR 502.3): its
    /// controller's answer `Answers::keep_tapped` names it.
    MayChooseNotToUntap,
    /// "This spell can't be countered" (CR 101.2: the "can't" wins over a counter effect).
    CantBeCountered,
    /// "This permanent enters with N [kind] counters on it" (CR 614.1c, 122.6).
    EntersWithCounters { kind: String, amount: Amount },
    /// A continuous effect on the objects `affected` describes (CR 604.2, 611.3). `cda`: it is a
    /// characteristic-defining ability (CR 604.3), applied first within its layer.
    Continuous {
        affected: Affected,
        modification: Modification,
        cda: bool,
    },
    /// "Each creature you control with toughness greater than its power [assigns combat damage
    /// equal to its toughness / stations permanents using its toughness] rather than its power"
    /// (CR 510.1a, 702.184c; `toughness_as_power`).
    ToughnessRatherThanPower(ToughnessFor),
    /// A replacement effect on mana production (CR 106.12b, 614.1a).
    ManaReplacement(ManaReplacement),
    /// "You may have this [permanent] enter as a copy of any [card type] on the battlefield"
    /// (CR 614.1c, 707.5): chosen as the permanent spell resolves (`Answers::copy`, declined
    /// with `Answers::may = Some(false)` or no choice). A choice, not a target: hexproof and
    /// the like don't matter.
    EntersAsCopy(CardType),
    /// "You may have this enter as a copy of any [type] on the battlefield, except ..." (CR
    /// 707.9): the exceptions modify the copiable values as the copy is made, so they are part
    /// of them (707.9b) and a copy of this copy has them too.
    EntersAsCopyExcept {
        /// The card type the chosen permanent must have; `None`: any permanent.
        of: Option<CardType>,
        except: Vec<CopyException>,
        /// "a [type] you control" rather than "any [type] on the battlefield".
        #[serde(default)]
        you_control: bool,
    },
    /// "If an effect would create one or more tokens under your control, it creates twice that
    /// many of those tokens instead" (CR 614.1a, 616.1g: the creation event is replaced before
    /// the tokens' own "as this enters" replacements apply to their entering).
    TokensCreatedDoubled,
    /// "As this [permanent] enters, choose a color" (CR 614.1c, 614.12): chosen as the
    /// permanent spell resolves (`Answers::color`), kept on the permanent (`Object::chosen_color`).
    EntersChoosingColor,
    /// "As this [permanent] enters, choose a creature type" (CR 614.1c, 614.12): one existing
    /// creature type (CR 205.3e), chosen as the permanent spell resolves
    /// (`Answers::creature_type`) and kept on the permanent (`Object::chosen_type`). A copy
    /// entering makes its own choice (CR 707.6).
    EntersChoosingCreatureType,
    /// "As this [permanent] enters, exile any number of [type] cards from your graveyard"
    /// (CR 614.1c, 614.12, 614.13a): chosen before it enters (`Answers::exile`), among the cards
    /// of that type in its controller's graveyard other than it and the objects entering the
    /// battlefield with it; the exiled cards are linked to the permanent (CR 607.2a).
    EntersExilingFromYourGraveyard(CardType),
    /// "As this land enters, you may pay N life. If you don't, it enters tapped" (CR 614.1c,
    /// 614.12a): answered as the land is played (`Action::PlayLand::pay`); a player can pay
    /// only with at least that much life (CR 119.4). Entering any other way, it enters tapped.
    EntersTappedUnlessPayLife(u32),
    /// "If you would pay life while your library has at least that many cards in it, exile
    /// that many cards from the top of your library instead" (CR 614.1a, 119.4): never a card
    /// entering the battlefield from that library as the payment is made (CR 614.13c;
    /// `costs::pay_life`).
    PayLifeExilesFromLibraryInstead,
    /// "You may play lands from the top of your library" (CR 305.1): its controller's top
    /// library card, if it is a land, may be played as from the hand (`lands::check_play_land`).
    PlayLandsFromTopOfLibrary,
    /// "You may play an additional land on each of your turns" (CR 305.2a): one more land play
    /// for its controller, for each such ability.
    AdditionalLandOnEachOfYourTurns,
    /// "[Types] your opponents control enter tapped" (CR 614.1c, 614.12): they enter tapped,
    /// never untapped and then tapped (so nothing "becomes tapped", CR 603.2e).
    OpponentsPermanentsEnterTapped(Vec<CardType>),
    /// "If a card or token would be put into a graveyard from anywhere, exile it instead"
    /// (CR 614.1a).
    GraveyardToExile,
    /// "If this creature would die, put it on top of its owner's library instead" (CR 614.1a,
    /// 700.4).
    DiesToLibraryTop,
    /// "If [this] would be put into a graveyard from anywhere, reveal [it] and shuffle it into
    /// its owner's library instead" (CR 614.1a): it functions in every zone (CR 113.6b), and
    /// the library is shuffled after the event's other moves to it, so a card put on top at
    /// the same time stays on top (CR 701.24g).
    ToGraveyardShuffledIntoLibrary,
    /// "If an opponent would search a library, that player searches the top N cards of that
    /// library instead" (CR 614.1a, 701.23f: the rest of the search is unchanged; `search`).
    OpponentsSearchTopOfLibrary(u32),
    /// "If a card would be put into your graveyard from anywhere, exile that card instead"
    /// (CR 614.1a): a card its controller owns; a token isn't a card (CR 111.1).
    YourCardsToGraveyardExiled,
    /// "If you would gain life, draw that many cards instead" (CR 614.1a): the life-gain event
    /// becomes that many draws, which replacement effects on draws may modify in turn
    /// (CR 616.2, `replacement::gain_life`).
    GainLifeDrawsInstead,
    /// "If you would gain life, you gain twice that much life instead" (CR 614.1a): each
    /// one doubles the life-gain event once, so two make it four times (CR 614.5;
    /// `replacement::gain_life`).
    GainTwiceThatMuchLifeInstead,
    /// "If you would draw a card, return a card from your graveyard to your hand instead. If
    /// you can't, you lose the game." (CR 614.11, `replacement::draw`): the player chooses the
    /// card (`Answers::returned`).
    DrawReturnsFromGraveyardInstead,
    /// "If you would draw a card, you may skip that draw instead" (CR 614.1a, 614.10): the
    /// player's answer to "you may" (`Answers::may`) says whether each draw of the action or
    /// resolution is skipped; without one, the card is drawn (`replacement::draw`).
    MaySkipDraw,
    /// "[Each opponent / you] can't cast spells with even mana values" (CR 601.3, 101.2).
    CantCastEvenManaValue { who: Relation },
    /// "Your opponents play with their hands revealed" (CR 701.20a: shown to all players, for
    /// as long as the effect lasts; revealing doesn't move a card, 701.20b): `reveal`.
    OpponentsPlayWithHandsRevealed,
    /// "[Colors or card types] spells you cast cost {N} less to cast" (CR 601.2f): a spell of
    /// any of the colors or any of the types ("instant and sorcery spells").
    SpellsCostLess {
        colors: Vec<Color>,
        #[serde(default)]
        types: Vec<CardType>,
        generic: u32,
    },
    /// "This spell costs {N} less to cast for each creature you attacked with this turn" (CR
    /// 601.2f; a static ability that functions on the stack, CR 604.1): counts the attackers
    /// as they were declared, whatever they are now (CR 608.2i).
    CostsLessForEachCreatureYouAttackedWith { generic: u32 },
    /// "Noncreature spells cost {N} more to cast" (CR 601.2f): every player's, added before
    /// cost reductions; it applies to spells only, which are on the stack as they're cast
    /// (CR 609.2).
    NoncreatureSpellsCostMore { generic: u32 },
    /// "Your devotion to each color and each combination of colors is increased by one" (CR
    /// 700.5): adds one to every devotion its controller counts (`devotion`).
    DevotionIncreasedByOne,
    /// "Players can't play lands" (CR 305.2, 101.2).
    PlayersCantPlayLands,
    /// "Lands can't enter the battlefield": a land permanent spell that can't enter goes to its
    /// owner's graveyard instead (CR 608.3e).
    LandsCantEnter,
    /// "[Creatures] you control enter as a copy of this [permanent]" (CR 614.1c, 616.1f, 707.5).
    CreaturesYouControlEnterAsCopyOfThis,
    /// "Planeswalkers' loyalty abilities you activate cost an additional [+N]" (CR 606.5,
    /// 118.8): the loyalty cost goes up by N.
    LoyaltyCostsAdditional(i32),
    /// "If a source would deal damage to [recipients], prevent `amount` of that damage"
    /// (CR 615.1a, 615.10).
    PreventDamageTo { recipients: DamageRecipients, amount: u32 },
    /// A restriction or requirement on attacking or blocking (CR 508.1c-d, 509.1b-c).
    Combat(CombatRule),
    /// "[If you control a `while_you_control`,] damage that would reduce your life total to
    /// less than `floor` reduces it to `floor` instead" (CR 614.1a): a replacement of the damage
    /// event's results, life gained in the same event included (CR 120.4d Example 2); loss of
    /// life that isn't damage isn't affected.
    DamageCantReduceLifeBelow { floor: i32, while_you_control: Option<CardType> },
    /// "This creature has protection from the chosen color" (CR 702.16, 614.12): protection
    /// from the color chosen as it entered; none if none was chosen.
    ProtectionFromChosenColor,
    /// "If a creature you control would deal damage to a permanent or player, it deals double
    /// that damage instead" (CR 614.1a): a replacement of the damage a creature its controller
    /// controls would deal, applied once to each damage event (CR 614.5;
    /// `replacement::damage_dealt`).
    DoubleDamageFromCreaturesYouControl,
    /// "If you would lose the game, instead [effect]" (CR 614.1a, 104.3): a replacement of the
    /// game loss the state-based actions of CR 704.5a-b would cause (`game_loss`); the effect
    /// is done as the ability's controller's, with this permanent as its source.
    InsteadOfLosingTheGame(Effect),
}

/// The permanents a static prevention or replacement effect watches (CR 615.10).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DamageRecipients {
    /// Permanents with any of these card types ...
    pub types: Vec<CardType>,
    /// ... and this subtype, if any ("a Cleric creature") ...
    pub subtype: Option<String>,
    /// ... controlled as this says, relative to the ability's controller.
    pub controller: Relation,
}

/// Which objects a static ability affects, evaluated continuously (CR 611.3a).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Affected {
    /// The object that has the ability.
    This,
    /// "Enchanted [object]": the object the ability's source is attached to (CR 303.4m).
    EnchantedObject,
    /// "As long as enchanted permanent is a [type], it ...": the object the source is attached
    /// to, while it is a permanent the filter describes (read from its characteristics as the
    /// earlier layers left them).
    EnchantedObjectWith(Box<PermanentFilter>),
    /// Permanents with any of these card types, controlled as `controller` says relative to the
    /// ability's controller.
    Permanents {
        types: Vec<CardType>,
        controller: Relation,
    },
    /// "[Type]s of the chosen color": permanents with any of these card types that have the
    /// color chosen as the ability's source entered; none if no color was chosen.
    PermanentsOfChosenColor { types: Vec<CardType> },
    /// "As long as your devotion to [color] is less than N, this ...": the ability's source,
    /// while its controller's devotion to the color (CR 700.5), counted on the mana costs and
    /// the permanents as the earlier layers left them, is below `n` (CR 700.5a Example 1).
    ThisWhileDevotionBelow { color: Color, n: u32 },
    /// "As long as this permanent has N or more [kind] counters on it, it has [...]" (a station
    /// symbol, CR 721.2a-b): the ability's source while it has at least `n` of them.
    ThisWithCountersAtLeast { kind: String, n: u32 },
    /// "Creatures with no abilities" (CR 113.12): creatures with no abilities as the earlier
    /// layers left them.
    CreaturesWithNoAbilities,
    /// Permanents a filter describes ("nonbasic lands", "each other non-Aura enchantment",
    /// "each noncreature artifact"), read from their characteristics as the earlier layers
    /// left them.
    Where(Box<PermanentFilter>),
    /// "Each [type] card in your graveyard" (CR 611.3a: a static ability applies to whatever its
    /// text names): the cards of any of these types, as the earlier layers left them, in the
    /// graveyard of the ability's controller (Varolz, the Scar-Striped).
    CardsInYourGraveyard { types: Vec<CardType> },
    /// Every object in every zone: "all cards that aren't on the battlefield, spells, and
    /// permanents" (Mycosynth Lattice). CR 611.3a: a static ability applies to whatever its text
    /// names, not only to permanents.
    EveryObject,
}

/// Which permanents: any of `types` (any permanent if empty) and of `colors`, none of `not_types`,
/// `not_subtypes`, `not_supertypes`, controlled as `controller` says, and not the ability's
/// source if `other`.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PermanentFilter {
    pub types: Vec<CardType>,
    /// Any of these subtypes (any or none if empty), as layer 4 left them.
    #[serde(default)]
    pub subtypes: Vec<String>,
    /// Any of these colors (any color or none if empty), as layer 5 left them.
    #[serde(default)]
    pub colors: Vec<crate::types::Color>,
    /// All of these supertypes ("a legendary enchantment").
    #[serde(default)]
    pub supertypes: Vec<String>,
    pub not_types: Vec<CardType>,
    pub not_subtypes: Vec<String>,
    pub not_supertypes: Vec<String>,
    pub controller: Relation,
    pub other: bool,
    /// "of the chosen type": with the creature type chosen as the ability's source entered
    /// (none if none was chosen).
    #[serde(default)]
    pub of_chosen_type: bool,
    /// "with [keyword]": with a keyword ability of that name (as `Characteristics::keyword_names`
    /// shows it, e.g. "Toxic" for any toxic N).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with_keyword: Option<String>,
}

/// An exception of a copy effect (CR 707.9).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CopyException {
    /// "except it's a [type] in addition to its other types" (CR 707.9b).
    AddTypes(Vec<CardType>),
    /// "except it's N/N": a specific value for power and toughness, so a characteristic-defining
    /// ability of the original that would define them isn't copied (CR 707.9d).
    SetPt { power: i32, toughness: i32 },
    /// "except it's a [subtypes] in addition to its other types" (CR 707.9b). Creature types
    /// stay only on a creature or kindred (CR 205.3d).
    AddSubtypes(Vec<String>),
    /// "except it's [legendary] and [snow] in addition to its other types" (CR 707.9b): the
    /// supertypes added.
    AddSupertypes(Vec<String>),
    /// "except ... it has [ability]" (CR 707.9a): the ability becomes part of the copiable values.
    AddAbility(Box<Ability>),
    /// "except it enters with N additional [kind] counters on it": an additional effect of the
    /// replacement, not a modification of the copiable values (CR 707.9e), so a copy of this
    /// copy doesn't get them, and neither does this object if another copy effect is applied
    /// to it after this one.
    EntersWithCounters { kind: String, amount: Amount },
    /// "if it's a creature, [exceptions]": the exceptions apply only if the copy would be a
    /// creature with the copy effect's other exceptions applied and without these (CR 707.9f).
    IfCreature(Vec<CopyException>),
}

/// A player relative to another (usually the controller of an ability).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Relation {
    You,
    Opponent,
    #[default]
    Any,
}

/// The layer (and sublayer) a modification applies in (CR 613.1, 613.2, 613.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Layer {
    Copy,
    /// Layer 2 (CR 613.1b): applied to `Object::controller` by `layers::apply_control`.
    Control,
    Text,
    Type,
    Color,
    Ability,
    PtCda,
    PtSet,
    PtModify,
    PtSwitch,
}

/// A change to characteristics made by a continuous effect.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Modification {
    /// Layer 1: becomes a copy with these copiable values, locked in when the effect began
    /// (CR 707.2, 707.2b), exceptions included (CR 707.9).
    BecomeCopy(Box<crate::layers::CopiableValues>),
    /// Layer 2: "gain control of" (CR 613.1b).
    GainControl(PlayerId),
    /// Layer 4: "becomes a [types] [subtypes]": replaces card types and subtypes (CR 205.1a).
    SetTypes {
        types: Vec<CardType>,
        subtypes: Vec<String>,
    },
    /// Layer 4: "... in addition to its other types" (CR 205.1b).
    AddTypes {
        types: Vec<CardType>,
        subtypes: Vec<String>,
    },
    /// Layer 4: "becomes a [creature type]": the new creature types replace the old ones; card
    /// types and other subtypes stay (CR 205.1a). Only a creature or kindred can have them
    /// (CR 205.3d).
    SetCreatureTypes(Vec<String>),
    /// "[This] isn't a [card type]" (CR 205.1a): the type goes, and with it the subtypes that
    /// belong to it (CR 205.3d: a creature type needs the type creature).
    RemoveCardType(CardType),
    /// "This object is every creature type" (changeling, CR 702.73a, 205.3m): a
    /// characteristic-defining ability adding every creature type; only a creature or kindred
    /// can have creature types (CR 205.3d).
    AllCreatureTypes,
    /// Layer 4: "[enchanted] land is a [basic land type]": sets a land's land types; it loses
    /// its old land types and the abilities of its rules text (CR 305.7).
    SetLandTypes(Vec<String>),
    /// Layer 5.
    SetColors(Vec<Color>),
    /// Layer 6.
    AddAbility(Box<Ability>),
    /// Layer 6.
    RemoveAllAbilities,
    /// Layer 7b (7a when from a characteristic-defining ability).
    SetPt { power: i32, toughness: i32 },
    /// Layer 7b (7a when a CDA): P/T each equal to the number of `kind` counters on the object.
    SetPtToCounters { kind: String },
    /// Layer 7b: "base power and toughness each equal to its mana value" (CR 202.3).
    SetPtToManaValue,
    /// Layer 6: "loses [keyword]" (CR 613.1f): the instances of that keyword it has at that point
    /// in layer 6 go (one granted later in timestamp order stays, CR 613.9 Example 1).
    RemoveKeyword(Keyword),
    /// "Power equal to the number of card types among cards in all graveyards and toughness
    /// equal to that number plus `toughness_plus`" (a characteristic-defining ability, 7a).
    SetPtToCardTypesInGraveyards { toughness_plus: i32 },
    /// "Power and toughness are each equal to the number of cards in your hand" (a
    /// characteristic-defining ability, 7a): the hand of the object's controller.
    SetPtToCardsInHand,
    /// Layer 5: "[is] [color] in addition to its other colors"; a colorless object becomes
    /// just that color (CR 105.2c).
    AddColors(Vec<crate::types::Color>),
    /// Layer 5: "the chosen color in addition to their other colors": `AddColors` of the color
    /// chosen as the ability's source entered (nothing if none was).
    AddChosenColor,
    /// Layer 4: "[is] the chosen type in addition to its other types": the creature type
    /// chosen as the ability's source entered (nothing if none was, CR 614.12).
    AddChosenCreatureType,
    /// Layer 7b (7a when a CDA): "power and toughness are each equal to the number of creature
    /// cards in your graveyard" (counted as layer 4 left them; "your": the source's controller).
    SetPtToCreatureCardsInYourGraveyard,
    /// Layer 7a (a characteristic-defining ability): "power is equal to the total power of the
    /// exiled cards and toughness is equal to their total toughness": the cards still in exile
    /// that this object's abilities exiled (CR 607.2a, 604.3); none, in any other zone or for
    /// a new object (CR 400.7), is 0/0.
    SetPtToTotalOfLinkedExiled,
    /// One effect with parts in several layers ("is a creature ... and has base power and
    /// toughness ..."): each part applies in its own layer, to the objects the effect began
    /// applying to in its first (CR 613.6). Its `layer` is its first part's.
    Parts(Vec<Modification>),
    /// Layer 7c.
    ModifyPt { power: i32, toughness: i32 },
    /// Layer 7d.
    SwitchPt,
}

impl Modification {
    /// The parts of the effect, each in one layer (itself, unless it is `Parts`).
    pub fn parts(&self) -> &[Modification] {
        match self {
            Modification::Parts(parts) => parts,
            other => std::slice::from_ref(other),
        }
    }

    pub fn layer(&self, cda: bool) -> Layer {
        match self {
            Modification::BecomeCopy(_) => Layer::Copy,
            Modification::GainControl(_) => Layer::Control,
            Modification::SetTypes { .. }
            | Modification::AddTypes { .. }
            | Modification::SetCreatureTypes(_)
            | Modification::AllCreatureTypes
            | Modification::RemoveCardType(_)
            | Modification::SetLandTypes(_)
            | Modification::AddChosenCreatureType => Layer::Type,
            Modification::SetColors(_) | Modification::AddColors(_) | Modification::AddChosenColor => Layer::Color,
            Modification::AddAbility(_) | Modification::RemoveAllAbilities | Modification::RemoveKeyword(_) => {
                Layer::Ability
            }
            Modification::Parts(parts) => parts
                .iter()
                .map(|p| p.layer(cda))
                .min()
                .unwrap_or(Layer::Copy),
            Modification::SetPt { .. }
            | Modification::SetPtToCounters { .. }
            | Modification::SetPtToManaValue
            | Modification::SetPtToCardTypesInGraveyards { .. }
            | Modification::SetPtToCardsInHand
            | Modification::SetPtToCreatureCardsInYourGraveyard
            | Modification::SetPtToTotalOfLinkedExiled => {
                if cda {
                    Layer::PtCda
                } else {
                    Layer::PtSet
                }
            }
            Modification::ModifyPt { .. } => Layer::PtModify,
            Modification::SwitchPt => Layer::PtSwitch,
        }
    }
}

/// A replacement effect that modifies a mana production event (CR 106.12b, 616).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ManaReplacement {
    pub scope: ManaReplacementScope,
    pub result: ManaReplacementResult,
}

/// Which production events the replacement applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ManaReplacementScope {
    /// "If you tap a permanent for mana": the ability's controller taps it (CR 106.12).
    YouTapPermanent,
    /// "If a land is tapped for mana": any player.
    LandTapped,
}

/// What the replacement does to the mana produced.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ManaReplacementResult {
    /// "produces N times as much of that mana instead".
    Multiply(u32),
    /// "produces [mana] instead of any other type and amount".
    ReplaceAll(ManaPool),
    /// "produces [type] mana instead of any other type": same amount, new type.
    ReplaceType(crate::mana::ManaType),
}

/// What an ability or spell does (CR 608.2c).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Effect {
    Sequence(Vec<Effect>),
    /// Add mana (CR 106.3).
    AddMana(ManaSpec),
    /// Add mana that can be spent only as `restriction` allows (CR 106.6); the restriction
    /// applies to all the mana, however much replacement effects make (CR 106.6a).
    AddRestrictedMana { spec: ManaSpec, restriction: SpendRestriction },
    /// Triggered mana ability of Mana Flare's kind: "that player adds one mana of any type that
    /// land produced" (the trigger supplies the types).
    AddManaOfTypeProduced,
    /// "Its controller adds an additional one mana of that color": the controller of the
    /// permanent tapped for mana adds one mana of the color chosen as this trigger's source
    /// entered (a triggered mana ability, CR 605.1b).
    AddManaOfChosenColorToItsController,
    /// "This [permanent] deals N damage to you" (CR 120.3a).
    DamageToController(u32),
    /// A continuous effect from a resolving spell or ability on one object, for `duration`
    /// (CR 611.2a): "becomes red" (no stated duration: indefinitely).
    Modify { object: EffectObject, modifications: Vec<Modification>, duration: EffectDuration },
    /// "[Effect] at the beginning of the next end step": creates a delayed triggered ability
    /// as it resolves (CR 603.7a); "this" in it is the same object, and does nothing if that
    /// object has left the battlefield (CR 603.7c, 400.7).
    AtBeginningOfNextEndStep(Box<Effect>),
    /// "[Effect] at end of combat": a delayed triggered ability created as it resolves (CR
    /// 603.7a), triggering as the end of combat step begins (CR 511.2). "That creature" in it
    /// is the one the creating ability's event named, whatever it has become since, while it
    /// is the same object (CR 603.7c, 608.2k).
    AtEndOfCombat(Box<Effect>),
    /// "When this [permanent] [becomes untapped / you lose control of it], [effect]": a
    /// delayed triggered ability created as it resolves (CR 603.7a), triggering once (603.7b)
    /// the next time one of `events` happens to the ability's source after that. A source that
    /// has left the battlefield by then can't be the subject of those events (CR 400.7): the
    /// ability is never created and never triggers (CR 603.7a Example 1); a source that became
    /// untapped before waits for the next time it does (603.7a Example 2).
    WhenThis { events: Vec<SourceEvent>, effect: Box<Effect> },
    /// "Put [object] onto the battlefield under your control", then `then`, in which "that
    /// creature" (`EffectObject::EventObject`) is the permanent it became (CR 400.7, 608.2c).
    PutOntoBattlefieldThen { object: EffectObject, then: Box<Effect> },
    /// `then`, in which "that creature" (`EffectObject::EventObject`) is `object` as this
    /// effect begins: "Target creature gets +1/+0 ... Destroy that creature at the beginning of
    /// the next end step" (CR 608.2c). A delayed triggered ability `then` creates keeps that
    /// object, and affects it whatever its characteristics then are (CR 603.7c, 700.7).
    ThatObject { object: EffectObject, then: Box<Effect> },
    /// "Return [this permanent] to its owner's hand" (CR 400.7: a new object).
    ReturnToOwnersHand(EffectObject),
    /// "Target player mills N cards" (CR 701.17a): the top N of their library, or as many as
    /// there are, go to their graveyard (CR 609.3).
    TargetPlayerMills { target: usize, amount: u32 },
    /// "Target player discards N cards" (CR 701.9a): the player chooses which (CR 701.9b,
    /// `Answers::discard`); holding N or fewer, they discard every card they hold (CR 609.3).
    TargetPlayerDiscards { target: usize, amount: u32 },
    /// "[This] deals N damage to that [permanent]'s controller": the player the triggering
    /// event names (`TriggerEvent::player`, CR 603.2c, 608.2h).
    DamageToEventPlayer(u32),
    /// "For each of them, [effect]": the effect once for each target, considered one at a time
    /// (CR 608.2f: it can't be done for all at once), in APNAP order of the player each target is
    /// or whose permanent it is, then in the order the targets were chosen; the inner effect's
    /// target 0 is that target. A target illegal as the spell resolves is skipped (CR 608.2b).
    ForEachTarget(Box<Effect>),
    /// "Exile the top card of your library, then [this] deals damage equal to that card's mana
    /// value to [target N]" (CR 608.2f Example 2): nothing is dealt with an empty library, or for
    /// a card of mana value 0 (CR 609.3).
    ExileTopThenDamageEqualToItsManaValue { target: usize },
    /// A continuous effect from a resolving ability, until end of turn (CR 611.2a, 514.2).
    UntilEndOfTurn {
        object: EffectObject,
        modifications: Vec<Modification>,
    },
    /// "[Object] gets +P/+T until end of turn [for each ...]" (CR 611.2a, 608.2h): `times` is
    /// counted once, as the effect happens.
    PumpUntilEndOfTurn { object: EffectObject, power: i32, toughness: i32, times: Amount },
    /// Put counters on an object (CR 122.6).
    PutCounters {
        object: EffectObject,
        kind: String,
        amount: Amount,
    },
    /// "Put [amount] [kind] counter(s) on each [type] [you control]" (CR 122.6): the
    /// permanents of any of `types` whose controller stands in `controller` to the effect's
    /// controller, as the effect resolves.
    PutCountersOnEach {
        types: Vec<CardType>,
        controller: Relation,
        kind: String,
        amount: Amount,
    },
    /// Create tokens from a token definition (CR 111.2).
    CreateTokens { token: String, amount: Amount },
    /// "Create [amount] token(s) that's a copy of [the n-th target] creature" (CR 111.2,
    /// 707.2): the target's copiable values locked in as the effect happens, each token
    /// entering with them, so the copied "as this enters" replacements apply to each (CR
    /// 614.12; one color per token entering, `Answers::colors`, after the creation event was
    /// replaced, CR 616.1g).
    CreateTokenCopiesOfTarget { target: usize, amount: Amount },
    /// "[The n-th target] player gains N life" (CR 119.3).
    TargetPlayerGainsLife { target: usize, amount: Amount },
    /// Put a card onto the battlefield under the effect's controller's control.
    ReturnToBattlefield { object: EffectObject },
    /// "Sacrifice this permanent unless you sacrifice a [filter]" (choice: `Answers::sacrifice`).
    SacrificeThisUnlessSacrifice { types: Vec<CardType> },
    /// "Sacrifice this [permanent]" (CR 701.21a), if it is still on the battlefield.
    SacrificeThis,
    /// "Sacrifice this [permanent]. If you do, [effect]" (CR 118.12): the sacrifice is a cost
    /// paid as the ability resolves, and the effect happens only if it was paid; a source that
    /// left the battlefield (a new object, CR 400.7) can't be sacrificed, so nothing happens.
    SacrificeThisIfYouDo(Box<Effect>),
    /// "Each of that player's opponents draws N cards" (CR 102.2, 121.2): the opponents of the
    /// player the triggering event names, in APNAP order.
    EachOpponentOfEventPlayerDraws(u32),
    /// "Remove a [kind] counter from this permanent. If you can't, sacrifice it" (fading,
    /// CR 702.32a).
    RemoveCounterOrSacrificeThis { kind: String },
    /// Cumulative upkeep (CR 702.24a): age counter, then pay the cost per counter or sacrifice.
    CumulativeUpkeep { cost: UpkeepCost },
    /// "You get [that many] additional upkeep steps after this phase" (CR 500.10): as many
    /// beginning phases with only an upkeep step, directly after the phase it resolves in
    /// (CR 500.8, 500.11: their untap and draw steps are skipped); none if it isn't its
    /// controller's turn (CR 500.10a). `turn::add_upkeep_phases`.
    AdditionalUpkeepStepsAfterThisPhase(Amount),
    /// "Sacrifice it unless you pay {N}" with N read as it resolves (echo {X}, CR 702.30a,
    /// 702.1b: "where X is your life total" is the life total then): `Answers::pay`.
    SacrificeThisUnlessYouPayGeneric(Amount),
    /// The controller draws N cards (CR 121.2): "draw a card for each [...]" counts as the
    /// effect resolves (CR 608.2h).
    DrawCards(Amount),
    /// "You lose the game" (CR 104.3e), unless an effect replaces that (`game_loss::lose`).
    YouLoseTheGame,
    /// "Each player discards their hand, then draws N cards" (CR 701.9, 121.2): every hand is
    /// discarded at once, then each player draws, in APNAP order. No state-based action is
    /// checked in between (CR 704.3: only when a player would receive priority).
    EachPlayerDiscardsHandThenDraws(u32),
    /// "Counter target spell/ability" (CR 701.6): the `n`-th target leaves the stack; a spell
    /// goes to its owner's graveyard.
    CounterTarget(usize),
    /// "[This] deals N damage to [the n-th target]" (CR 120.3).
    DealDamage { amount: Amount, target: usize },
    /// "Destroy [the n-th target]" (CR 701.8a): it moves from the battlefield to its owner's
    /// graveyard.
    DestroyTarget(usize),
    /// "Destroy [these targets]. They can't be regenerated" (CR 701.8a, 701.19c): every still
    /// legal one at once (CR 608.2b: an illegal target isn't affected by the part it's illegal
    /// for; one object chosen for two targets is destroyed once).
    DestroyTargetsNoRegeneration(Vec<usize>),
    /// "Choose a kind of counter at random that [object] doesn't have on it from among [kinds].
    /// Put a counter of that kind on [object]": chosen while resolving, uniformly (scripted by
    /// `Answers::random`).
    PutCounterOfRandomAbsentKind { object: EffectObject, kinds: Vec<String> },
    /// "Distribute N [kind] counters among [it and] any number of [group]", chosen as the
    /// ability resolves (`Answers::distribute`); not targeted.
    DistributeCounters { kind: String, amount: Amount, include_this: bool, among: Group },
    /// "Move a counter from [from] onto [to]"; the kind is `Answers::counter` when there is a
    /// choice. Nothing moves unless both objects are still there (and legal targets).
    MoveCounter { from: EffectObject, to: EffectObject },
    /// "Attach this permanent to [object]" (CR 701.3; Equipment CR 301.5).
    AttachThisTo(EffectObject),
    /// "You may sacrifice [another] [types]. If you do, [if_done], then [if_commander] if the
    /// sacrificed permanent was a commander" (choice: `Answers::sacrifice`).
    MaySacrifice {
        types: Vec<CardType>,
        another: bool,
        if_done: Box<Effect>,
        if_commander: Box<Effect>,
    },
    /// "[Otherwise] unless [the player who is target `target`] sacrifices a [types] of their
    /// choice": that player chooses (`Answers::sacrifice`, one permanent or none) as it
    /// resolves, and one who controls no such permanent can't choose to sacrifice (CR 608.2d).
    UnlessTargetPlayerSacrifices { target: usize, types: Vec<CardType>, otherwise: Box<Effect> },
    /// "Gain control of all [group]" on the battlefield, indefinitely (CR 613.1b, 611.2a).
    GainControlOfAll(Group),
    /// "Put all [group] from [zone] onto the battlefield under your control".
    PutAllOntoBattlefield { from: ZoneKind, group: Group },
    /// "You may [effect]": answered as it resolves (`Answers::may`; missing: class `choice`).
    May(Box<Effect>),
    /// "Have [object] become a copy of [of] [for duration], except it has this ability"
    /// (CR 707.2, 707.9a, 611.2a). It doesn't enter (CR 707.4): no enters-the-battlefield
    /// abilities, no "enters with" replacements.
    BecomeCopy { object: EffectObject, of: EffectObject, duration: EffectDuration, with_this_ability: bool },
    /// "Exile [object]", linked to abilities referring to "the exiled card" (CR 607.2a).
    ExileLinked(EffectObject),
    /// "Destroy all [types]" (CR 701.8a), at the same time (CR 603.10a, 610.3d);
    /// `can_regenerate: false` for "They can't be regenerated" (CR 701.19c).
    DestroyAll { types: Vec<CardType>, can_regenerate: bool },
    /// "Destroy all [non]`color` creatures" (CR 701.8a, 608.2j: the effect checks the color
    /// alone, so "black" includes a white-and-black creature and "nonblack" excludes it); how
    /// many died this way is kept for `Amount::DiedThisWay`.
    DestroyAllCreaturesByColor { color: crate::types::Color, has: bool },
    /// "You win the game" (CR 104.2b): every opponent who hasn't lost loses, and with two
    /// players the game is over (CR 104.2a). Not a loss "would" happen to be replaced: the
    /// opponent simply has lost.
    WinTheGame,
    /// "[This] deals [amount] damage to you" (CR 120.3).
    DamageToControllerAmount(Amount),
    /// "Regenerate this [permanent]" (CR 701.19a): a regeneration shield (CR 614.8).
    RegenerateThis,
    /// "Exile [the n-th target] until this [permanent] leaves the battlefield" (CR 610.3): if
    /// the source has already left as this resolves, nothing is exiled (CR 610.3c).
    ExileUntilThisLeaves(usize),
    /// "Gain control of [the n-th target]" with no duration (CR 613.1b, 611.2a).
    GainControlOfTarget(usize),
    /// "Gain control of [object] [duration]" (CR 613.1b), e.g. Act of Treason's "until end of
    /// turn" or Master Thief's "for as long as you control this creature" (CR 611.2b).
    GainControl { object: EffectObject, duration: EffectDuration },
    /// "Untap [object]" (CR 701.26b).
    Untap(EffectObject),
    /// "[Object] phases out" (CR 702.26b; `phasing`): it phases in during its controller's
    /// next untap step.
    PhaseOut(EffectObject),
    /// "Exile all graveyards".
    ExileAllGraveyards,
    /// "Exile target player's graveyard": every card in the `n`-th target's graveyard, in
    /// one move (CR 406.2).
    ExileTargetPlayersGraveyard(usize),
    /// "[Permanents the filter describes] get +P/+T until end of turn" (CR 611.2a): a
    /// continuous effect from a resolving spell, so the set of objects it affects is locked in
    /// as it resolves (CR 611.2c): one that enters or starts to match later isn't affected, one
    /// that stops matching still is.
    PumpGroupUntilEndOfTurn { filter: Box<PermanentFilter>, power: i32, toughness: i32 },
    /// "[Permanents the filter describes] gain [abilities] until end of turn" (CR 611.2a): as
    /// `PumpGroupUntilEndOfTurn`, the set locked in as it resolves (CR 611.2c).
    GroupUntilEndOfTurn { filter: Box<PermanentFilter>, modifications: Vec<Modification> },
    /// "Copy target [instant or sorcery] spell[, except that the copy is [colors]]" (CR 707.10):
    /// a copy of the `target`-th target is put on the stack under this effect's controller, with
    /// every decision made for the original (targets, X) and the objects its costs were paid
    /// with (the sacrificed permanent's power, `Amount::SacrificedPower`), and `colors` as a
    /// color-setting effect if given. Choosing new targets for it (CR 707.10c) isn't modelled:
    /// the copy keeps the original's targets, which that rule allows.
    CopyTargetSpell { target: usize, colors: Option<Vec<Color>> },
    /// "You may choose new targets for target spell" (CR 115.7d-e): the `target`-th target,
    /// a spell or ability still on the stack, gets the targets chosen as this resolves
    /// (`Answers::new_targets`, its whole list in its order; unanswered, none changes). Each
    /// changed target must be legal for that spell, and no unchanged one may become illegal;
    /// an unchanged target may stay even if it's illegal; only the final set is evaluated
    /// (115.7e). Its modes stay (115.8).
    ChooseNewTargetsForTarget { target: usize },
    /// "When you do, [effect]" (CR 603.12): a reflexive triggered ability, triggered by the
    /// enclosing effect having done what it says; it is put on the stack the next time a player
    /// would receive priority, with its targets chosen then (CR 603.3d). Its X is the power of
    /// the permanent just sacrificed, as it last existed ("that creature's power", CR 608.2h).
    ReflexiveTrigger { targets: Vec<TargetSpec>, effect: Box<Effect> },
    /// "[The n-th target] player loses N life" (CR 119.3).
    TargetPlayerLosesLife { target: usize, amount: Amount },
    /// "You gain N life" (CR 119.3).
    GainLife(Amount),
    /// "[This] deals N damage to each [type]" (CR 120.3), e.g. "each creature".
    DealDamageToEach { amount: Amount, types: Vec<CardType> },
    /// "Prevent the next N damage that would be dealt to [the n-th target] [and each other
    /// creature that shares a color with it] this turn" (CR 615.7, 615.11): shields on the
    /// objects as the effect resolves.
    PreventNextDamage { amount: u32, target: usize, and_sharing_a_color: bool },
    /// "Prevent all combat damage that would be dealt this turn" (CR 615.1, 611.2c).
    PreventAllCombatDamage,
    /// "The next time [the n-th target] would deal damage this turn, prevent that damage. [You
    /// gain life equal to the damage prevented this way.]" (CR 615.7, 120.4d Example 2).
    PreventNextDamageFromTarget { target: usize, gain_life: bool },
    /// "Return the exiled card to the battlefield under its owner's control": the cards exiled
    /// by the linked ability of the same object, through the same link (CR 607.2a, 607.5).
    ReturnLinkedExiled,
    /// "Return [object] to the battlefield tapped" (from the graveyard, CR 113.6m).
    ReturnToBattlefieldTapped { object: EffectObject },
    /// "Return target [card] from your graveyard to your hand": the n-th target.
    ReturnTargetToHand(usize),
    /// "Each opponent loses N life and you gain N life" (CR 119.3).
    DrainEachOpponent(u32),
    /// "Shuffle [this spell] into its owner's library" (CR 701.24a).
    ShuffleThisIntoLibrary,
    /// "Exile target [permanent]. Search its controller's graveyard, hand, and library for all
    /// cards with the same name as that [permanent] and exile them. Then that player
    /// shuffles." (CR 701.23, `search`): the name and controller as the target last existed.
    ExileTargetAndSearchForSameName { target: usize },
    /// "Target player reveals their hand, then you choose a card other than a basic land card
    /// from it. Search that player's graveyard, hand, and library for all cards with the same
    /// name as the chosen card and exile them. Then that player shuffles." (CR 701.23c: with
    /// no card to choose, the search finds nothing). The chosen card is `Answers::pick`.
    RevealHandChooseNonbasicThenSearchForSameName { target: usize },
    /// "Each player [may] search their library for up to N basic land cards, put them onto the
    /// battlefield, then shuffle" (CR 701.23, 701.24b; `search::basic_lands_each_player`): in
    /// APNAP order, then each library shuffled, the whole library even when only a part of it
    /// was searched (CR 701.23f Example).
    EachPlayerSearchesForBasicLandsOntoBattlefield { up_to: u32 },
    /// "Target player shuffles any number of target cards from their graveyard into their
    /// library": the `player`-th target, and every target after it the cards. The library is
    /// shuffled even if no card was targeted or none is still legal (CR 701.24c-d), but not if
    /// the player became an illegal target.
    TargetPlayerShufflesTargetCardsIntoLibrary { player: usize },
    /// Undying's triggered ability (CR 702.93a): return the card that died to the battlefield
    /// under its owner's control with a +1/+1 counter on it.
    ReturnDiedWithCounter,
    /// "Exile [object]" (CR 406.2), e.g. "exile this creature".
    Exile(EffectObject),
    /// Imprint (Mimic Vat): "exile that card. If you do, return each other card exiled with
    /// this [permanent] to its owner's graveyard": the card the triggering event names, if it
    /// is still that object in its graveyard (CR 400.7), is exiled linked to this ability's
    /// source (CR 607.2a); then the cards exiled with it before go to their owners'
    /// graveyards.
    ImprintThatCard,
    /// "Reveal the top `n` cards of your library. An opponent separates those cards into two
    /// piles. Put one pile into your hand and the other into your graveyard." (CR 700.3): the
    /// piles (`Answers::piles`, the opponent's choice: each revealed card in exactly one, CR
    /// 700.3a, either pile may be empty, 700.3d) and the pile put into the hand
    /// (`Answers::pile`, the controller's) are chosen while the cards are still in the library
    /// (CR 700.3c); then the piles move.
    RevealTopSeparateIntoPilesHandAndGraveyard { n: u32 },
    /// Haunt's "exile it haunting target creature" (CR 702.55a): the card the triggering event
    /// names ("it", the card that died, still that object in its graveyard, CR 400.7) is
    /// exiled, haunting the `target`-th target if that is still legal.
    ExileItHaunting { target: usize },
    /// "Create a token that's a copy of a card exiled with this [permanent]" (CR 111.10,
    /// 707.2: its copiable values, locked in as the token is created), then `then`, in which
    /// "it" (`EffectObject::EventObject`) is the token. With no card exiled with it (the linked
    /// ability's, CR 607.2a), there is nothing to copy and no token is created (CR 111.12).
    CreateTokenCopyOfLinkedExiledThen(Box<Effect>),
    /// "Destroy [object]" (CR 701.8a), e.g. "destroy that creature": from the battlefield to
    /// its owner's graveyard; it needn't be a creature any more (CR 700.7).
    Destroy(EffectObject),
    /// "Your life total becomes N" (CR 119.5: the player gains or loses the difference).
    LifeTotalBecomes(LifeTotal),
    /// "You lose N life" (CR 119.3).
    YouLoseLife(Amount),
    /// "Shuffle your hand, your graveyard, and all permanents you own into your library"
    /// (CR 701.24a): one move of all of them, then one shuffle.
    ShuffleHandGraveyardAndPermanentsIntoLibrary,
    /// "[This] deals N damage to each opponent" (CR 120.3).
    DamageToEachOpponent(u32),
    /// "If [condition], [effect]" (CR 608.2c): the effect only while the condition holds as
    /// this part of the resolution (or of the mana ability, CR 605.3b) happens.
    IfCondition { condition: Condition, effect: Box<Effect> },
    /// "[Otherwise]. If [condition], instead [instead]" (CR 608.2c): one of the two, as the
    /// condition holds as this part of the resolution happens.
    IfConditionInstead { condition: Condition, instead: Box<Effect>, otherwise: Box<Effect> },
    /// "Shuffle your graveyard into your library" (CR 701.24a): every card in the controller's
    /// graveyard, in one move, then one shuffle.
    ShuffleYourGraveyardIntoLibrary,
    /// "You have no maximum hand size for the rest of the game" (CR 402.2, 514.1: no discard
    /// in the cleanup step).
    NoMaximumHandSizeForRestOfGame,
    /// "Exile [this spell]" in an instant's or sorcery's text (CR 608.2n): the resolving spell
    /// is put into exile rather than its owner's graveyard.
    ExileThisSpell,
    /// "Exchange control of two target creatures" (CR 701.12a-b): only if both targets are
    /// still legal (else no part of the exchange happens) and controlled by different players
    /// (else it does nothing); then each player gains control of the other's, at once.
    ExchangeControlOfTargets(usize, usize),
    /// "You may play an additional land this turn" (CR 305.2): one more land play for its
    /// controller this turn, which only the active player can use (CR 305.2, 505.6b).
    PlayAdditionalLand,
    /// "Each player sacrifices a [type] of their choice" (CR 101.4, 701.21a): the active player
    /// chooses, then each other player in turn order, then all the chosen permanents are
    /// sacrificed at once (`sacrifice::each_player_sacrifices`; choices `Answers::sacrifice`).
    EachPlayerSacrifices { types: Vec<CardType> },
}

/// A life total an effect sets (CR 119.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum LifeTotal {
    /// A fixed number ("your life total becomes 20").
    Fixed(i32),
    /// "Your starting life total" (CR 103.4: 20 in a two-player game).
    Starting,
}

/// How long a continuous effect from a resolving ability lasts, as the card says (CR 611.2a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EffectDuration {
    /// No stated duration.
    Indefinite,
    /// "Until your next turn": the ability's controller's next turn (CR 611.2a).
    UntilYourNextTurn,
    /// "Until end of turn" (CR 514.2).
    UntilEndOfTurn,
    /// "For as long as you control [this]" (CR 611.2b): ends when the ability's controller
    /// stops controlling its source, and never begins if that happened before it resolved.
    WhileYouControlThis,
}

/// A set of objects an effect names without targeting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Group {
    /// Cards that are commanders (CR 903.3: an attribute of the card; tokens never are).
    Commanders,
    /// Creature cards (CR 110.4b: cards, so no token; their characteristics where they are).
    CreatureCards,
}

impl Effect {
    pub fn adds_mana(&self) -> bool {
        match self {
            Effect::AddMana(_)
            | Effect::AddRestrictedMana { .. }
            | Effect::AddManaOfTypeProduced
            | Effect::AddManaOfChosenColorToItsController => true,
            Effect::Sequence(v) => v.iter().any(Effect::adds_mana),
            _ => false,
        }
    }

    /// This effect and every effect nested in it.
    pub fn parts(&self) -> Vec<&Effect> {
        let mut out = vec![self];
        match self {
            Effect::Sequence(v) => v.iter().for_each(|e| out.extend(e.parts())),
            Effect::MaySacrifice { if_done, if_commander, .. } => {
                out.extend(if_done.parts());
                out.extend(if_commander.parts());
            }
            Effect::May(e) | Effect::SacrificeThisIfYouDo(e) => out.extend(e.parts()),
            Effect::UnlessTargetPlayerSacrifices { otherwise, .. } => out.extend(otherwise.parts()),
            _ => {}
        }
        out
    }
}

/// What "cumulative upkeep [cost]" asks once for each age counter (CR 702.24a).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UpkeepCost {
    /// "Cumulative upkeep {2}": a mana cost.
    Mana(ManaCost),
    /// "Cumulative upkeep {W} or {U}": one of these mana costs, chosen separately for each age
    /// counter; then the whole set is paid or none of it (CR 702.24a).
    ManaOneOf(Vec<ManaCost>),
    /// "Cumulative upkeep—Sacrifice a creature": a different permanent of one of these types
    /// for each age counter (CR 702.24a Example 2), the permanent itself among them if chosen.
    Sacrifice(Vec<CardType>),
    /// "Cumulative upkeep—Draw a card": a draw for each age counter, each of which
    /// replacement effects may modify; the cost is paid whatever the draws become (CR 118.11,
    /// Psychic Vortex ruling 2008-04-01).
    DrawCard,
}

/// The object an effect acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EffectObject {
    /// The source of the ability (CR 113.7), if it is still the same object.
    This,
    /// The n-th target (0-based).
    Target(usize),
    /// "That creature": the object the triggering event names (CR 603.7c, 608.2h), if it is
    /// still that object on the battlefield (CR 400.7).
    EventObject,
}

/// A number in an effect.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Amount {
    Fixed(u32),
    /// The value of X (CR 107.3; for "enters with X" the X of the spell, CR 107.3m).
    X,
    /// The number of counters of a kind on the source (last known information, CR 608.2h).
    CountersOnThis(String),
    /// The number of permanents on the battlefield with this subtype, counted as the effect
    /// happens ("the number of Goblins on the battlefield").
    PermanentsWithSubtype(String),
    /// "for each creature blocking it": the creatures blocking the source, counted as the
    /// effect happens (CR 608.2h).
    CreaturesBlockingThis,
    /// "That much": the amount of the event a triggered ability triggered on (CR 603.2g: the
    /// damage dealt).
    EventAmount,
    /// "The sacrificed creature's power": the power of the permanent sacrificed to cast the
    /// resolving spell, as it last existed on the battlefield (CR 608.2h); a copy of the spell
    /// uses the original's (CR 707.10).
    SacrificedPower,
    /// "X plus `plus`, where X is the number of creatures that died this way": the creatures
    /// an earlier part of the same effect put into a graveyard from the battlefield (CR 700.4).
    DiedThisWay { plus: u32 },
    /// "Where X is its power": the source's power on the battlefield as the effect happens
    /// (CR 608.2h); a power of 0 or less counts as 0 (CR 107.1b). No last known power is kept:
    /// a source that has left counts 0 (the pump on "this creature" then does nothing anyway).
    ThisPower,
    /// "For each creature you control": the creatures the effect's controller controls,
    /// counted as the effect happens (CR 608.2h); phased-out ones don't exist (CR 702.26b).
    CreaturesYouControl,
    /// "If this spell was kicked, [kicked] instead" (CR 702.33d): `kicked` when the resolving
    /// spell was kicked, else `otherwise`.
    IfKicked { kicked: u32, otherwise: u32 },
    /// "X, where X is the greatest power among creatures [the n-th target player] controls",
    /// counted as the effect happens; none, or a greatest power of 0 or less, counts 0 (CR
    /// 107.1b).
    GreatestPowerAmongCreaturesOfTargetPlayer(usize),
    /// "A number ... equal to the power of the card you exiled" (scavenge, CR 702.97a): the
    /// power of the card exiled to pay the ability's cost, as it last existed in the graveyard
    /// (Varolz, the Scar-Striped ruling 2013-04-15), recorded as the cost was paid (the stack
    /// entry's `TriggerEvent::amount`); 0 or less counts 0 (CR 107.1b).
    PowerOfTheCardExiledToPay,
    /// "Where X is your life total": the controller's life total as the effect happens, 0 if
    /// it is negative (CR 107.1b).
    YourLifeTotal,
    /// "For each color of mana spent to cast it" (sunburst, CR 702.44a; setting the number of
    /// another ability, 702.44c): the colors of mana spent to cast the spell the permanent was
    /// as it entered from the stack (CR 702.44b); 0 for a permanent that wasn't cast.
    ColorsOfManaSpentToCastThis,
    /// "Equal to the tapped creature's power" (station, CR 702.184a): the creature tapped to pay
    /// the ability's cost (its stack entry's event object), its power as the ability resolves,
    /// or its toughness where a static ability says so (CR 702.184c,
    /// `toughness_as_power`); 0 or less counts 0 (CR 107.1b). No last known power is kept: a
    /// creature that has left the battlefield counts 0.
    TappedCreaturesPower,
}

/// One mode of a modal spell (CR 700.2): its targets (chosen only when the mode is, CR
/// 700.2c) and what it does.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SpellMode {
    pub targets: Vec<TargetSpec>,
    pub effect: Effect,
}

/// How many modes a modal spell's controller chooses (CR 700.2, 700.2d: each mode at most
/// once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ModeCount {
    /// "Choose one."
    #[default]
    One,
    /// "Choose one. If this spell was kicked, choose any number instead." (CR 601.4: the modes
    /// may be chosen as if the kicker choice, made later, were already made).
    OneOrAnyNumberIfKicked,
}

/// What mana an `AddMana` effect produces (CR 106.3, 106.7).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ManaSpec {
    /// A fixed amount, e.g. {C}{C}.
    Fixed(ManaPool),
    /// "one mana of any color".
    AnyColor,
    /// "[A], [B], or [C]": one mana of one of these types, chosen on activation (CR 106.3).
    OneOf(Vec<crate::mana::ManaType>),
    /// "one mana of any type/color that a land [you/an opponent] controls could produce" (CR 106.7).
    CouldProduce { lands_of: Relation, colors_only: bool },
    /// "Choose a color of a permanent you control. Add one mana of that color."
    ColorOfPermanentYouControl,
    /// "Add {G} for each creature you control": that many of one type, counted as it resolves;
    /// none with no creature, and it's still a mana ability (CR 605.2).
    ForEachCreatureYouControl(crate::mana::ManaType),
    /// "Add an amount of [type] equal to this creature's power": the source's power as the
    /// ability resolves, none if it is 0 or less (CR 107.1b).
    EqualToThisPower(crate::mana::ManaType),
    /// "Add one mana of the chosen color": linked to the source's "as this enters, choose a
    /// color" (CR 607.2a, 607.4), so it reads the choice kept on the source
    /// (`Object::chosen_color`); with no color chosen it adds no mana, and never colorless
    /// (CR 607.5a; Paradise Plume's 2021-03-19 ruling).
    OneOfChosenColor,
}

/// What a target must be (CR 115).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TargetSpec {
    /// "target creature": a creature permanent.
    Creature,
    /// "any number of target [objects or players]", a spell's last target spec: zero or more
    /// targets of that spec, each a different object or player (CR 115.1, 601.2c: one instance
    /// of the word "target"); `targets::expand` makes one spec of each chosen target.
    AnyNumberOf(Box<TargetSpec>),
    /// "a second target creature": a creature permanent not chosen for an earlier target of
    /// the same ability.
    AnotherCreature,
    /// "another target" after "any target" (Arc Trail): a creature, player or planeswalker
    /// (CR 115.4) not chosen for an earlier target of the same spell or ability.
    AnotherAny,
    /// "target creature you control" (equip, CR 702.6a).
    CreatureYouControl,
    /// "any target": a creature, a player or a planeswalker (CR 115.4).
    Any,
    /// "target spell": a spell on the stack (CR 115.1a).
    Spell,
    /// "target instant or sorcery spell".
    InstantOrSorcerySpell,
    /// "target spell, activated ability, or triggered ability": anything on the stack (mana
    /// abilities never are, CR 605.3b).
    SpellOrAbility,
    /// "target land" (and "Enchant land"): a land permanent.
    Land,
    /// "target artifact or enchantment": a permanent that is an artifact, an enchantment or both.
    ArtifactOrEnchantment,
    /// "target artifact": an artifact permanent.
    Artifact,
    /// "target artifact, creature, or land": a permanent of any of these card types.
    PermanentOfAnyType(Vec<CardType>),
    /// "target [nonland] permanent"; `another`: not the source of the ability (CR 109.5
    /// wording "another").
    Permanent { another: bool, nonland: bool },
    /// "target player" (CR 115.1).
    Player,
    /// "target opponent": a player other than the controller (CR 115.1, 102.2).
    Opponent,
    /// "target creature an opponent controls".
    CreatureAnOpponentControls,
    /// "another target creature": a creature other than the source of the spell or ability
    /// (checked against the source by `targets::is_legal_from`).
    OtherCreature,
    /// "target [subtype]" ("target Vampire"): a permanent with that subtype.
    PermanentWithSubtype(String),
    /// "target permanent [that player / an opponent] controls" (CR 608.2f Example).
    PermanentAnOpponentControls,
    /// "target permanent card from your graveyard" (CR 110.4b: a permanent card).
    PermanentCardInYourGraveyard,
    /// "target non[color] creature": a creature permanent that isn't that color (CR 105.2).
    CreatureNotOfColor(crate::types::Color),
    /// "target [type] card with mana value N or less from your graveyard".
    CardInYourGraveyard {
        card_type: CardType,
        max_mana_value: Option<u32>,
    },
    /// "target [type] card from a graveyard": in any player's graveyard.
    CardInAGraveyard(CardType),
    /// "target card from their graveyard": a card in the graveyard of the player chosen as
    /// the first target (`targets::check_all_from` compares the owner with it).
    CardInTargetPlayersGraveyard,
    /// "target artifact creature": a permanent that is both an artifact and a creature.
    ArtifactCreature,
}
