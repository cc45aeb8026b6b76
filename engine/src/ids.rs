//! Identifiers of players, objects and cards (CR 102.1, 109.1, 400.7).
//!
//! An [`ObjectId`] names one object; when a card changes zones it becomes a new object with a
//! new id (CR 400.7). A [`CardId`] names the physical card across all of its objects.

use serde::{Deserialize, Serialize};

/// A player: 0 is the first player in turn order, 1 the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The other player of a two-player game.
    pub fn opponent(self) -> PlayerId {
        if self.0 == 0 {
            PlayerId(1)
        } else {
            PlayerId(0)
        }
    }
}

/// An object (card, token, spell, or ability on the stack). Changes on every zone change (CR 400.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ObjectId(pub u32);

/// A physical card: index into `GameSetup::cards`, stable across zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u32);

/// A card or token definition of the pool (CR 108.1, 111.1): an index into the card registry,
/// so an object names its definition without a `String` of its own. It reads, compares and
/// serializes as the definition's name (`Deref<Target = str>`), so saved games are unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct DefId(pub(crate) u16);
