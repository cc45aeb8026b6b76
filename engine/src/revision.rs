//! Revisions: a number renewed on every change to the inputs of the characteristics (the
//! objects and the continuous effects), so that the board computed from them (CR 613) can be
//! kept and read again until the next change instead of recomputed for every question.
//!
//! A revision is unique across the process (taken from one counter), not a count of changes:
//! two states with equal revisions are copies of one state that neither changed since, so one
//! board serves both, and a state rebuilt or loaded never shares a revision with another.
//!
//! The objects' revision is coarse (any change to any object renews it), so a kept board also
//! remembers what it was computed from ([`LayerInputs`]): when only what the layers don't read
//! changed (tapping, damage, summoning sickness: paying a cost, dealing damage), the board is
//! still right and is kept under the new revision. Kept with it is what derives from the board
//! alone: the active mana replacement effects (CR 614, 616) and what the lands could produce
//! (CR 106.7), computed once per board instead of once per question.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::could_produce::ProduceTable;
use crate::layers::Board;
use crate::objects::Objects;
use crate::replacement::ActiveReplacement;

static NEXT: AtomicU64 = AtomicU64::new(1);

/// See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Revision(u64);

impl Revision {
    /// A revision no other value has.
    pub fn new() -> Revision {
        Revision(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

impl Default for Revision {
    fn default() -> Revision {
        Revision::new()
    }
}

/// The revisions of a state's objects and of its continuous effects.
pub(crate) type Key = (Revision, Revision);

/// What `layers::compute_all` reads of one object; the rest of an object (tapped, damage,
/// summoning sickness, X, loyalty activations) changes no characteristic. The `round-trip`
/// invariant compares every kept board with a fresh one, so a read added to the layers but not
/// here fails it.
#[derive(PartialEq)]
struct ObjectInput {
    id: crate::ids::ObjectId,
    def: crate::ids::DefId,
    is_token: bool,
    zone: crate::state::ZoneKind,
    timestamp: u64,
    controller: crate::ids::PlayerId,
    attached_to: Option<crate::ids::ObjectId>,
    chosen_color: Option<crate::types::Color>,
    chosen_type: Option<String>,
    counters: crate::counters::Counters<u32>,
    counter_timestamps: crate::counters::Counters<u64>,
    /// A phased-out permanent's static abilities don't apply (CR 702.26b).
    phased_out: Option<crate::state::PhasedOut>,
}

impl ObjectInput {
    fn of(o: &crate::state::Object) -> ObjectInput {
        ObjectInput {
            id: o.id,
            def: o.def,
            is_token: o.is_token,
            zone: o.zone,
            timestamp: o.timestamp,
            controller: o.controller,
            attached_to: o.attached_to,
            chosen_color: o.chosen_color,
            chosen_type: o.chosen_type.clone(),
            counters: o.counters.clone(),
            counter_timestamps: o.counter_timestamps.clone(),
            phased_out: o.phased_out,
        }
    }

    fn matches(&self, o: &crate::state::Object) -> bool {
        self.id == o.id
            && self.def == o.def
            && self.is_token == o.is_token
            && self.zone == o.zone
            && self.timestamp == o.timestamp
            && self.controller == o.controller
            && self.attached_to == o.attached_to
            && self.chosen_color == o.chosen_color
            && self.chosen_type == o.chosen_type
            && self.counters == o.counters
            && self.counter_timestamps == o.counter_timestamps
            && self.phased_out == o.phased_out
    }
}

/// The layers' inputs from every object, in id order (see [`ObjectInput`]).
pub(crate) struct LayerInputs(Vec<ObjectInput>);

impl LayerInputs {
    pub(crate) fn of(objects: &Objects) -> LayerInputs {
        LayerInputs(objects.values().map(ObjectInput::of).collect())
    }

    fn match_objects(&self, objects: &Objects) -> bool {
        self.0.len() == objects.len() && self.0.iter().zip(objects.values()).all(|(i, o)| i.matches(o))
    }
}

/// A board kept with a state, and what derives from it alone, each computed when first asked.
pub(crate) struct Kept {
    pub(crate) board: Arc<Board>,
    inputs: LayerInputs,
    /// The mana replacement effects active on this board (`replacement::active`).
    pub(crate) reps: OnceLock<Vec<ActiveReplacement>>,
    /// What each land could produce (`could_produce::land_table`).
    pub(crate) lands: OnceLock<ProduceTable>,
    /// How many times computing the board applied an effect before an earlier one because that
    /// one depends on it (CR 613.8b), for `layers::dependency_ordered`.
    pub(crate) dependency_orders: u32,
}

impl Kept {
    pub(crate) fn new(board: Board, inputs: LayerInputs, dependency_orders: u32) -> Kept {
        Kept { board: Arc::new(board), inputs, reps: OnceLock::new(), lands: OnceLock::new(), dependency_orders }
    }
}

/// The last board computed for a state, with the revisions it was computed from. Not part of
/// the game: equal to any other cache, skipped when saving, empty when loaded.
#[derive(Default)]
pub struct BoardCache {
    slot: Mutex<Option<(Key, Arc<Kept>)>>,
}

impl BoardCache {
    /// The kept board if it was computed for `key`, or for the same effects and objects that
    /// differ only in what the layers don't read (then it is kept under `key` from now on).
    pub(crate) fn get(&self, key: Key, objects: &Objects) -> Option<Arc<Kept>> {
        let mut slot = self.slot.lock().ok()?;
        let (k, kept) = slot.as_mut()?;
        if *k != key && !(k.1 == key.1 && kept.inputs.match_objects(objects)) {
            return None;
        }
        *k = key;
        Some(Arc::clone(kept))
    }

    pub(crate) fn put(&self, key: Key, kept: Arc<Kept>) {
        if let Ok(mut slot) = self.slot.lock() {
            *slot = Some((key, kept));
        }
    }
}

impl Clone for BoardCache {
    fn clone(&self) -> BoardCache {
        let slot = self.slot.lock().ok().and_then(|s| s.clone());
        BoardCache { slot: Mutex::new(slot) }
    }
}

impl PartialEq for BoardCache {
    fn eq(&self, _: &BoardCache) -> bool {
        true
    }
}

impl std::fmt::Debug for BoardCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BoardCache")
    }
}
