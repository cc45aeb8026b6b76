//! What happened: the log `Game::apply` returns, for tests and traces.

use serde::{Deserialize, Serialize};

use crate::ids::{CardId, ObjectId, PlayerId};
use crate::mana::ManaPool;
use crate::state::ZoneKind;
use crate::targets::Target;
use crate::turn::Step;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    StepBegan { step: Step, turn: u32, active: PlayerId },
    PriorityPassed { player: PlayerId },
    ManaAdded { player: PlayerId, mana: ManaPool, source: Option<ObjectId> },
    ManaPoolEmptied { player: PlayerId, lost: ManaPool },
    ManaSpent { player: PlayerId, mana: ManaPool },
    Tapped { object: ObjectId },
    Untapped { object: ObjectId },
    /// CR 702.26b-c: phasing changes a status; the permanent stays on the battlefield.
    PhasedOut { object: ObjectId },
    PhasedIn { object: ObjectId },
    ZoneChanged {
        card: Option<CardId>,
        old: ObjectId,
        new: ObjectId,
        from: ZoneKind,
        to: ZoneKind,
    },
    TokenCreated { object: ObjectId, name: String },
    TokenCeasedToExist { object: ObjectId },
    /// A copy of a spell left the stack and ceased to exist (CR 707.10a).
    SpellCopyCeasedToExist { object: ObjectId },
    LandPlayed { player: PlayerId, object: ObjectId },
    SpellCast { player: PlayerId, object: ObjectId, x: Option<u32> },
    AbilityActivated { player: PlayerId, source: ObjectId, ability: usize, stack_id: Option<ObjectId> },
    AbilityTriggered { source: ObjectId, controller: PlayerId, stack_id: Option<ObjectId> },
    /// A triggered ability with no legal target was removed instead of going on the stack
    /// (CR 603.3d).
    TriggerRemoved { source: ObjectId, controller: PlayerId },
    Resolved { id: ObjectId },
    /// All targets illegal on resolution (CR 608.2b).
    DidNotResolve { id: ObjectId },
    DamageDealt { source: Option<ObjectId>, target: Target, amount: u32 },
    LifeChanged { player: PlayerId, life: i32 },
    CountersAdded { object: ObjectId, kind: String, amount: u32 },
    CountersRemoved { object: ObjectId, kind: String, amount: u32 },
    Sacrificed { object: ObjectId },
    Drew { player: PlayerId, object: Option<ObjectId> },
    Discarded { player: PlayerId, object: ObjectId },
    AttackersDeclared { player: PlayerId, attackers: Vec<ObjectId> },
    /// (blocker, attacker) pairs (CR 509.1g).
    BlockersDeclared { player: PlayerId, blocks: Vec<(ObjectId, ObjectId)> },
    PlayerLost { player: PlayerId },
    /// A player's library was shuffled (CR 701.24a).
    LibraryShuffled { player: PlayerId },
    /// A player got poison counters (CR 122.1f, 702.164c).
    PoisonCountersGiven { player: PlayerId, amount: u32 },
    /// A replacement effect of `source` replaced `player`'s loss of the game (CR 614.1a, 104.3).
    GameLossReplaced { player: PlayerId, source: ObjectId },
    EffectsEnded { count: usize },
    /// A spell or ability was countered (CR 701.6).
    Countered { id: ObjectId },
    /// The outcome of a random choice.
    RandomChoice { outcome: String },
    /// An Aura or Equipment became attached (CR 701.3).
    Attached { object: ObjectId, to: ObjectId },
    /// An Equipment or other permanent became unattached (CR 704.5n, 704.5p).
    Unattached { object: ObjectId },
    /// An effect asked for more than this engine does at once (`effects::MAX_TOKENS_PER_EFFECT`,
    /// `effects::MAX_DRAWS_PER_EFFECT`: a fuzzed board can ask for billions) and got `limit`:
    /// the game from here on is not the rules' answer, and whoever runs it must say so.
    LimitReached { what: String, asked: u64, limit: u32 },
}
