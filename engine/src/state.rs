//! The game state (CR 400-406): players, zones, objects, the stack, continuous effects.
//!
//! Zone membership is stored once, on the object (`Object::zone`), so an object is always in
//! exactly one zone; order within a zone is the order of entry timestamps (CR 613.7d), which for
//! a library means the first card set up is the top card.

use serde::{Deserialize, Serialize};

use crate::abilities::{Ability, Effect, Modification, TargetSpec};
use crate::counters::Counters;
use crate::objects::Objects;
use crate::ids::{CardId, DefId, ObjectId, PlayerId};
use crate::mana::ManaPool;
use crate::rng::Rng;
use crate::targets::Target;
use crate::turn::Step;

/// Zones (CR 400.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ZoneKind {
    Library,
    Hand,
    Battlefield,
    Graveyard,
    Stack,
    Exile,
    Command,
}

impl ZoneKind {
    pub fn name(self) -> &'static str {
        match self {
            ZoneKind::Library => "library",
            ZoneKind::Hand => "hand",
            ZoneKind::Battlefield => "battlefield",
            ZoneKind::Graveyard => "graveyard",
            ZoneKind::Stack => "stack",
            ZoneKind::Exile => "exile",
            ZoneKind::Command => "command",
        }
    }

    pub fn from_name(s: &str) -> Option<ZoneKind> {
        [
            ZoneKind::Library,
            ZoneKind::Hand,
            ZoneKind::Battlefield,
            ZoneKind::Graveyard,
            ZoneKind::Stack,
            ZoneKind::Exile,
            ZoneKind::Command,
        ]
        .into_iter()
        .find(|z| z.name() == s)
    }
}

/// A player (CR 102).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub life: i32,
    pub mana_pool: ManaPool,
    pub lost: bool,
    /// Attempted to draw from an empty library since the last SBA check (CR 704.5b).
    pub drew_from_empty: bool,
    /// Poison counters (CR 122.1f): ten or more lose the game (CR 704.5c).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub poison: u32,
    /// How many times this player's library has been shuffled (CR 701.24a): what makes a
    /// shuffle observable, since the order it leaves is random.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shuffles: u32,
    /// The mana this player has spent to cast spells this turn (CR 700.14: what "expend N"
    /// counts); back to 0 as each turn begins.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spell_mana_this_turn: u32,
    /// "You have no maximum hand size for the rest of the game" (CR 402.2): no discard to hand
    /// size in their cleanup steps (CR 514.1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_maximum_hand_size: bool,
}

/// Zero-valued counts aren't written, so saved games without them read and write the same.
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The physical card behind `CardId` (CR 108).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardRecord {
    pub name: DefId,
    pub owner: PlayerId,
    /// Commander designation: an attribute of the card, not of the object (CR 903.3).
    pub commander: bool,
    /// The object this card is now (CR 400.7).
    pub object: Option<ObjectId>,
}

/// A card or token object in a zone (CR 109). Characteristics are never stored: they are derived
/// from the definition `def` by `layers`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Object {
    pub id: ObjectId,
    pub card: Option<CardId>,
    /// Name of the card or token definition.
    pub def: DefId,
    pub is_token: bool,
    pub owner: PlayerId,
    /// The current controller: `base_controller` changed by control effects (layer 2, CR
    /// 613.1b), kept up to date by `layers::apply_control`.
    pub controller: PlayerId,
    /// The player it entered the battlefield under the control of (or its owner elsewhere).
    pub base_controller: PlayerId,
    pub zone: ZoneKind,
    /// Timestamp of entering the zone (CR 613.7d); also the order within the zone.
    pub timestamp: u64,
    pub tapped: bool,
    pub counters: Counters<u32>,
    /// When counters of each kind were last put on (CR 613.7c: all counters of a kind share the
    /// newest one's timestamp); keyword counters apply in layer 6 in this order (CR 613.1f).
    #[serde(default)]
    pub counter_timestamps: Counters<u64>,
    pub damage: u32,
    /// Came under its controller's control since their most recent turn began (CR 302.6).
    pub summoning_sick: bool,
    /// It came under its controller's control since the beginning of their last upkeep (CR
    /// 702.30a, echo): set as it comes under a player's control, cleared as that player's
    /// upkeep begins (after echo looked at it).
    #[serde(default)]
    pub new_since_upkeep: bool,
    pub attached_to: Option<ObjectId>,
    /// The announced X while a spell (CR 107.3a); elsewhere X is 0 (CR 107.3g).
    pub x: Option<u32>,
    /// The X of the spell this permanent was, for its "enters with X" effects (CR 107.3m).
    pub entered_x: Option<u32>,
    /// The turn one of its loyalty abilities was last activated (CR 606.3: once per turn).
    #[serde(default)]
    pub loyalty_activated_turn: Option<u32>,
    /// The color chosen as it entered ("as this enters, choose a color", CR 614.12); a new
    /// object has none (CR 400.7).
    #[serde(default)]
    pub chosen_color: Option<crate::types::Color>,
    /// The creature type chosen as it entered ("as this enters, choose a creature type",
    /// CR 614.12, 205.3e); a new object has none (CR 400.7).
    #[serde(default)]
    pub chosen_type: Option<String>,
    /// A copy of a spell (CR 707.10): a spell with no card; anywhere but on the stack it ceases
    /// to exist (CR 707.10a, a state-based action).
    #[serde(default)]
    pub spell_copy: bool,
    /// The power of the permanent sacrificed to pay this spell's additional cost, as it last
    /// existed on the battlefield (CR 608.2h); a copy of the spell has the original's (CR 707.10).
    #[serde(default)]
    pub sacrificed_power: Option<u32>,
    /// The kicker costs paid as this was cast, by their position among the card's kicker costs
    /// (CR 702.33d): a permanent that entered from a kicked spell "was kicked" (CR 607.2i); a
    /// new object otherwise has none (CR 400.7).
    #[serde(default)]
    pub kicked: Vec<usize>,
    /// A spell cast with its optional additional cost paid (CR 601.2b: "if this spell's
    /// additional cost was paid"); a new object has it unpaid (CR 400.7).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub additional_cost_paid: bool,
    /// A spell cast with its flashback cost paid (CR 702.34a): exiled instead of going anywhere
    /// else as it leaves the stack (`replacement::zone_change_destination`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cast_with_flashback: bool,
    /// How many colors of mana were spent to cast this spell (CR 702.44a: sunburst counts
    /// them); kept by the permanent it becomes as it enters from the stack (CR 702.44b), a new
    /// object otherwise has none (CR 400.7).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub colors_spent: u32,
    /// Dealt damage by a source with deathtouch since state-based actions were last checked
    /// (CR 704.5h).
    #[serde(default)]
    pub deathtouch_damage: bool,
    /// Phased out (CR 702.26b): still on the battlefield, treated as though it doesn't exist
    /// (`phasing`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phased_out: Option<PhasedOut>,
}

/// How a permanent phased out (CR 702.26a, 702.26g).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhasedOut {
    /// The player it phased out under the control of: it phases in during their next untap
    /// step (CR 502.1).
    pub under: PlayerId,
    /// With the permanent it is attached to (CR 702.26g): it phases in with that one only.
    pub indirectly: bool,
}

impl Object {
    /// On the battlefield and phased in: a phased-out permanent is treated as though it doesn't
    /// exist (CR 702.26b), though it hasn't left the battlefield (CR 702.26d).
    pub fn on_battlefield(&self) -> bool {
        self.zone == ZoneKind::Battlefield && self.phased_out.is_none()
    }
}

/// What a stack entry is (CR 405.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StackEntryKind {
    /// A spell: the object with the entry's id, in the stack zone.
    Spell,
    /// An activated or triggered ability (CR 113.1b, 113.1c).
    Ability {
        source: ObjectId,
        source_card: Option<CardId>,
        effect: Effect,
        target_specs: Vec<TargetSpec>,
        /// Counters the source had when last on the battlefield (CR 608.2h last known information).
        source_counters: Counters<u32>,
        /// Activated or triggered (CR 113.1b, 113.1c).
        #[serde(default)]
        ability_kind: StackAbilityKind,
        /// The ability itself, for effects that refer to "this ability" (CR 707.9a).
        #[serde(default)]
        ability: Option<Box<Ability>>,
        /// Which set of linked abilities of the source it belongs to (CR 607.5): 0 for the
        /// abilities printed on it, else the timestamp of the copy effect that gave them.
        #[serde(default)]
        link: u64,
        /// For a triggered ability: what its triggering event names (CR 603.7c, 608.2h); for an
        /// activated ability whose cost exiled its source (scavenge, CR 702.97a), that card in
        /// exile and its power as it last existed in the graveyard.
        #[serde(default)]
        event: TriggerEvent,
    },
}

/// Whether an ability on the stack was activated or triggered (CR 113.1b, 113.1c).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StackAbilityKind {
    #[default]
    Activated,
    Triggered,
}

/// An item on the stack.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StackEntry {
    pub id: ObjectId,
    pub controller: PlayerId,
    pub targets: Vec<Target>,
    pub x: Option<u32>,
    pub kind: StackEntryKind,
    /// The kicker costs paid, by position among the card's (CR 702.33d: kicked if any); a copy
    /// of a kicked spell is kicked too (CR 707.10).
    #[serde(default)]
    pub kicked: Vec<usize>,
    /// A modal spell's chosen modes, 0-based in printed order (CR 700.2a); its targets are
    /// those modes' targets in that order.
    #[serde(default)]
    pub modes: Vec<usize>,
    /// The cards spliced onto a spell (CR 702.47a), in the order their effects happen after
    /// the main spell's (702.47b): the spell has their rules text (a text-changing effect,
    /// 702.47c), not their other characteristics, and only while it is on the stack (702.47e:
    /// this entry is gone once it leaves). Their targets follow the main spell's.
    #[serde(default)]
    pub spliced: Vec<crate::ids::DefId>,
    /// The cards revealed from the hand to pay the spell's cost (CR 601.2b, 701.20a): revealed
    /// while it is on the stack (`reveal::is_revealed`).
    #[serde(default)]
    pub revealed: Vec<ObjectId>,
}

/// A delayed triggered ability (CR 603.7a): created as a spell or ability resolves, it
/// triggers once (CR 603.7b) when its event happens; its source and controller are those of
/// the ability that created it (CR 603.7d-e).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DelayedTrigger {
    pub trigger: crate::abilities::Trigger,
    pub source: ObjectId,
    pub source_card: Option<CardId>,
    pub controller: PlayerId,
    pub effect: Effect,
    #[serde(default)]
    pub link: u64,
    /// What the creating ability's triggering event named: "that creature" in the delayed
    /// ability is the same object (CR 603.7c).
    #[serde(default)]
    pub event: TriggerEvent,
    /// For `Trigger::WhenThis`: the events about `source` it waits for (CR 603.7a).
    #[serde(default)]
    pub on: Vec<crate::abilities::SourceEvent>,
    /// For `SourceEvent::YouLoseControl`: whether `controller` controlled `source` when the
    /// game last looked; losing control is the change from this (an event, CR 603.7a).
    #[serde(default)]
    pub held: bool,
}

/// What the event a triggered ability triggered on names, for its effect to refer to
/// ("that land's controller", "that much damage", "that creature": CR 603.7c, 608.2h).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerEvent {
    /// The player the event names ("that land's controller").
    pub player: Option<PlayerId>,
    /// The object the event names ("that creature").
    pub object: Option<ObjectId>,
    /// The event's amount ("that much damage").
    pub amount: u32,
}

/// A triggered ability that triggered and waits to be put on the stack (CR 603.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingTrigger {
    pub source: ObjectId,
    pub source_card: Option<CardId>,
    pub controller: PlayerId,
    pub effect: Effect,
    pub source_counters: Counters<u32>,
    pub timestamp: u64,
    /// The X the ability uses: for "when this enters" the X of the spell it was (CR 107.3m).
    #[serde(default)]
    pub x: Option<u32>,
    /// Identifies it for `Action::PutTriggers`.
    #[serde(default)]
    pub id: u32,
    /// What its targets must be, chosen as it is put on the stack (CR 603.3d, 601.2c).
    #[serde(default)]
    pub target_specs: Vec<TargetSpec>,
    /// The triggered ability itself (CR 707.9a "this ability").
    #[serde(default)]
    pub ability: Option<Box<Ability>>,
    /// See `StackEntryKind::Ability::link` (CR 607.5).
    #[serde(default)]
    pub link: u64,
    /// What the triggering event names, for the effect (CR 603.7c, 608.2h).
    #[serde(default)]
    pub event: TriggerEvent,
}

/// A player must put their waiting triggered abilities on the stack (CR 603.3b: in the order
/// they choose, with targets, CR 603.3d) before `then` receives priority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerWait {
    pub player: PlayerId,
    pub then: PlayerId,
}

/// A card exiled by a linked ability (CR 607.2a): by which object, through which link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkedExile {
    pub source: ObjectId,
    pub link: u64,
    /// The object the card became in exile (CR 400.7: if it leaves exile it is not "the
    /// exiled card" any more).
    pub exiled: ObjectId,
}

/// How long a continuous effect from a resolved spell or ability lasts (CR 611.2a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Duration {
    /// Ends in the cleanup step (CR 514.2).
    EndOfTurn,
    /// No stated duration: until the end of the game (CR 611.2a).
    Indefinite,
    /// "Until [player]'s next turn": ends immediately before that player's next turn begins
    /// (CR 611.2a; Crystalline Resonance ruling 2020-04-17-2).
    UntilNextTurnOf(PlayerId),
    /// "For as long as [player] controls [source]" (CR 611.2b): ended by
    /// `layers::end_control_durations` once the source has left the battlefield or another
    /// player controls it; it doesn't begin again if that player regains control.
    WhileControls { source: ObjectId, player: PlayerId },
}

/// A continuous effect created by a resolving spell or ability. The affected set is locked in
/// when it begins (CR 611.2c); object ids change on zone change, so it stops applying then.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ContinuousEffect {
    pub timestamp: u64,
    pub source: Option<ObjectId>,
    pub affected: Vec<ObjectId>,
    pub modifications: Vec<Modification>,
    pub duration: Duration,
    /// For a copy effect: the object it copies and the exceptions it states (CR 707.2, 707.9),
    /// which made the copiable values it carries (for observers: the values are what applies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy_of: Option<crate::layers::CopyOrigin>,
}

/// Combat bookkeeping (CR 506-511).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Combat {
    /// The active player must still declare attackers (CR 508.1).
    pub awaiting_declaration: bool,
    pub declared: bool,
    pub attackers: Vec<ObjectId>,
    /// The defending player must still declare blockers (CR 509.1).
    #[serde(default)]
    pub awaiting_blocks: bool,
    /// Blockers were declared this combat (CR 509.1).
    #[serde(default)]
    pub blocks_declared: bool,
    /// (blocker, attacker) pairs as declared (CR 509.1g).
    #[serde(default)]
    pub blocks: Vec<(ObjectId, ObjectId)>,
    /// Attackers that became blocked (CR 509.1h): they stay blocked when their blockers leave.
    #[serde(default)]
    pub blocked: Vec<ObjectId>,
    /// The combat damage step under way is the first-strike one (CR 510.4).
    #[serde(default)]
    pub first_strike_step: bool,
    /// The creatures in combat that had first strike or double strike as the first combat
    /// damage step began (CR 510.4).
    #[serde(default)]
    pub struck_first: Vec<ObjectId>,
}

/// The whole game: serializable, cloneable, comparable (save/load round-trips).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    pub players: Vec<Player>,
    pub cards: Vec<CardRecord>,
    pub objects: Objects,
    /// Bottom first; the last entry is the top of the stack.
    pub stack: Vec<StackEntry>,
    pub effects: Effects,
    pub pending_triggers: Vec<PendingTrigger>,
    pub active: PlayerId,
    pub priority: Option<PlayerId>,
    pub step: Step,
    pub turn: u32,
    /// Players who passed in succession since the last action (CR 117.4).
    pub passes: u32,
    pub lands_played: u32,
    /// Land plays the active player may make this turn beyond the one of CR 305.2 ("you may
    /// play an additional land this turn").
    #[serde(default)]
    pub extra_land_plays: u32,
    pub combat: Combat,
    pub next_object: u32,
    pub next_timestamp: u64,
    pub rng: Rng,
    /// Waiting triggered abilities that need their controller's `PutTriggers` decision.
    #[serde(default)]
    pub trigger_wait: Option<TriggerWait>,
    #[serde(default)]
    pub next_trigger_id: u32,
    /// Cards exiled by linked abilities (CR 607.2a).
    #[serde(default)]
    pub linked_exiles: Vec<LinkedExile>,
    /// Haunt (CR 702.55a): each card exiled "haunting" a creature, as (the card in exile, the
    /// creature it haunts); either leaving its zone makes it a new object (CR 400.7), and the
    /// pair then matches nothing.
    #[serde(default)]
    pub haunts: Vec<(ObjectId, ObjectId)>,
    /// Prevention shields from resolved spells and abilities (CR 615.7).
    #[serde(default)]
    pub shields: Vec<crate::prevention::Shield>,
    /// Regeneration shields: the permanents the next destruction of which this turn is
    /// replaced (CR 614.8, 701.19a).
    #[serde(default)]
    pub regeneration_shields: Vec<ObjectId>,
    /// Cards exiled "until [source] leaves the battlefield" (CR 610.3): (source, exiled object).
    #[serde(default)]
    pub exiled_until: Vec<(ObjectId, ObjectId)>,
    /// Delayed triggered abilities waiting for their event (CR 603.7).
    #[serde(default)]
    pub delayed_triggers: Vec<DelayedTrigger>,
    /// The creatures each player declared as attackers this turn (CR 508.1), as the objects
    /// they were then: "each creature you attacked with this turn" counts them even if they
    /// have since changed or left (CR 608.2i). Emptied as a turn begins.
    #[serde(default)]
    pub attacked_with: Vec<(PlayerId, ObjectId)>,
    /// The "activate only once each turn" abilities activated this turn (CR 602.5b): the
    /// object and the ability's index among its activated abilities. Emptied as a turn begins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated_once: Vec<(ObjectId, usize)>,
    /// Additional beginning phases with only an upkeep step (CR 500.10) still to come this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upkeep_phases: Option<crate::turn::UpkeepPhases>,
    /// The board last computed for this state (`layers::board`); not part of the game.
    #[serde(skip)]
    pub(crate) board_cache: crate::revision::BoardCache,
    /// Set only while a land whose "as this land enters, you may pay N life" was paid is put
    /// onto the battlefield (`lands::play_land`), so it doesn't enter tapped; never set between
    /// actions.
    #[serde(skip)]
    pub(crate) paid_life_as_it_enters: bool,
}

/// The continuous effects (CR 611), read as a slice; every change goes through a method that
/// renews the revision, like [`Objects`]'s, so a kept board is never read after one. The list is
/// shared between copies of a state until one of them changes it: effects change rarely, and a
/// state is copied for every action (its undo copy) and every trial.
#[derive(Clone, Default, Deserialize)]
#[serde(from = "Vec<ContinuousEffect>")]
pub struct Effects {
    list: std::sync::Arc<Vec<ContinuousEffect>>,
    revision: crate::revision::Revision,
}

impl Effects {
    pub fn revision(&self) -> crate::revision::Revision {
        self.revision
    }

    pub fn push(&mut self, effect: ContinuousEffect) {
        self.revision = crate::revision::Revision::new();
        std::sync::Arc::make_mut(&mut self.list).push(effect);
    }

    /// Renews the revision without changing the list: for a change to what the layers read
    /// beside the objects and the effects (the cards a linked ability exiled, CR 607.2a, which
    /// a characteristic-defining ability may count).
    pub fn renew(&mut self) {
        self.revision = crate::revision::Revision::new();
    }

    pub fn retain(&mut self, keep: impl Fn(&ContinuousEffect) -> bool) {
        // Nothing removed is no change: the kept board still holds and the list stays shared.
        if self.list.iter().all(&keep) {
            return;
        }
        self.revision = crate::revision::Revision::new();
        std::sync::Arc::make_mut(&mut self.list).retain(keep);
    }
}

impl std::ops::Deref for Effects {
    type Target = [ContinuousEffect];
    fn deref(&self) -> &[ContinuousEffect] {
        &self.list
    }
}

impl<'a> IntoIterator for &'a Effects {
    type Item = &'a ContinuousEffect;
    type IntoIter = std::slice::Iter<'a, ContinuousEffect>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl From<Vec<ContinuousEffect>> for Effects {
    fn from(list: Vec<ContinuousEffect>) -> Effects {
        Effects { list: std::sync::Arc::new(list), revision: crate::revision::Revision::new() }
    }
}

impl Serialize for Effects {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(s)
    }
}

impl PartialEq for Effects {
    fn eq(&self, other: &Effects) -> bool {
        self.list == other.list
    }
}

impl std::fmt::Debug for Effects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.list.fmt(f)
    }
}

impl GameState {
    pub fn player(&self, p: PlayerId) -> Option<&Player> {
        self.players.get(usize::from(p.0))
    }

    pub fn player_mut(&mut self, p: PlayerId) -> Option<&mut Player> {
        self.players.get_mut(usize::from(p.0))
    }

    pub fn player_ids(&self) -> Vec<PlayerId> {
        (0..self.players.len().min(usize::from(u8::MAX)))
            .filter_map(|i| u8::try_from(i).ok().map(PlayerId))
            .collect()
    }

    /// Players in APNAP order (CR 101.4).
    pub fn apnap(&self) -> Vec<PlayerId> {
        let mut v = vec![self.active];
        v.extend(self.player_ids().into_iter().filter(|p| *p != self.active));
        v
    }

    pub fn object(&self, id: ObjectId) -> Option<&Object> {
        self.objects.get(&id)
    }

    /// A copy that keeps no computed board (`layers::board_of`), as a state is after any change
    /// to its objects or effects: for benchmarks of the computation itself.
    pub fn clone_without_board(&self) -> GameState {
        let mut copy = self.clone();
        copy.board_cache = crate::revision::BoardCache::default();
        copy
    }

    pub fn object_mut(&mut self, id: ObjectId) -> Option<&mut Object> {
        self.objects.get_mut(&id)
    }

    pub fn new_object_id(&mut self) -> ObjectId {
        self.next_object = self.next_object.saturating_add(1);
        ObjectId(self.next_object)
    }

    pub fn new_timestamp(&mut self) -> u64 {
        self.next_timestamp = self.next_timestamp.saturating_add(1);
        self.next_timestamp
    }

    /// Objects of a zone in zone order. Battlefield and stack: by controller; others: by owner.
    /// `None` for the player means every player.
    pub fn zone_objects(&self, zone: ZoneKind, player: Option<PlayerId>) -> Vec<&Object> {
        let mut v: Vec<&Object> = self
            .objects
            .values()
            .filter(|o| o.zone == zone)
            // CR 702.26b: a phased-out permanent is treated as though it doesn't exist.
            .filter(|o| o.phased_out.is_none())
            .filter(|o| match player {
                None => true,
                Some(p) => match zone {
                    ZoneKind::Battlefield | ZoneKind::Stack => o.controller == p,
                    _ => o.owner == p,
                },
            })
            .collect();
        v.sort_by_key(|o| (o.timestamp, o.id));
        v
    }

    pub fn battlefield_ids(&self) -> Vec<ObjectId> {
        self.zone_objects(ZoneKind::Battlefield, None).iter().map(|o| o.id).collect()
    }

    /// Someone has lost: in a two-player game the game is over (CR 104.2a).
    pub fn is_over(&self) -> bool {
        self.players.iter().any(|p| p.lost) || self.players.len() != 2
    }

    pub fn card_commander(&self, card: Option<CardId>) -> bool {
        card.and_then(|c| self.cards.get(usize::try_from(c.0).ok()?))
            .map(|r| r.commander)
            .unwrap_or(false)
    }

    pub fn card_record_mut(&mut self, card: CardId) -> Option<&mut CardRecord> {
        let i = usize::try_from(card.0).ok()?;
        self.cards.get_mut(i)
    }
}
