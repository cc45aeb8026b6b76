//! Revisions: a number renewed on every change to the inputs of the characteristics (the
//! objects and the continuous effects), so that the board computed from them (CR 613) can be
//! kept and read again until the next change instead of recomputed for every question.
//!
//! A revision is unique across the process (taken from one counter), not a count of changes:
//! two states with equal revisions are copies of one state that neither changed since, so one
//! board serves both, and a state rebuilt or loaded never shares a revision with another.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::layers::Board;

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

/// The last board computed for a state, with the revisions it was computed from. Not part of
/// the game: equal to any other cache, skipped when saving, empty when loaded.
#[derive(Default)]
pub struct BoardCache {
    slot: Mutex<Option<(Key, Arc<Board>)>>,
}

impl BoardCache {
    pub(crate) fn get(&self, key: Key) -> Option<Arc<Board>> {
        let slot = self.slot.lock().ok()?;
        slot.as_ref().filter(|(k, _)| *k == key).map(|(_, b)| Arc::clone(b))
    }

    pub(crate) fn put(&self, key: Key, board: Arc<Board>) {
        if let Ok(mut slot) = self.slot.lock() {
            *slot = Some((key, board));
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
