//! The objects of a game (CR 109), in an [`IdMap`]: one allocation to copy them all, and new
//! objects (whose ids only grow, CR 400.7) appended at the end. Reads and serializes like the
//! `{ id: object }` map it replaces (keyed by id; an object's own `id` field is normally the
//! same), with a revision renewed by every change (`revision`).

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::idmap::IdMap;
use crate::ids::ObjectId;
use crate::revision::Revision;
use crate::state::Object;

/// Every object of the game, ordered by id.
#[derive(Clone, Default)]
pub struct Objects {
    map: IdMap<Object>,
    /// Renewed by every method that can change an object (`&mut self`), so a board computed
    /// for one revision is never read for another without checking (`layers::board_of`).
    revision: Revision,
}

/// The objects alone: the revision is bookkeeping, not part of the game.
impl PartialEq for Objects {
    fn eq(&self, other: &Objects) -> bool {
        self.map == other.map
    }
}

impl std::fmt::Debug for Objects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Objects").field("map", &self.map).finish()
    }
}

impl Objects {
    pub fn new() -> Objects {
        Objects::default()
    }

    pub fn get(&self, id: &ObjectId) -> Option<&Object> {
        self.map.get(id)
    }

    /// The revision of the objects as they are now (see [`Revision`]).
    pub fn revision(&self) -> Revision {
        self.revision
    }

    pub fn get_mut(&mut self, id: &ObjectId) -> Option<&mut Object> {
        self.revision = Revision::new();
        self.map.get_mut(id)
    }

    pub fn contains_key(&self, id: &ObjectId) -> bool {
        self.map.contains_key(id)
    }

    /// Puts `obj` under `id`; returns the object it replaces.
    pub fn insert(&mut self, id: ObjectId, obj: Object) -> Option<Object> {
        self.revision = Revision::new();
        self.map.insert(id, obj)
    }

    pub fn remove(&mut self, id: &ObjectId) -> Option<Object> {
        self.revision = Revision::new();
        self.map.remove(id)
    }

    /// The object under `id`, to read or change in place (as `BTreeMap::entry`).
    pub fn entry(&mut self, id: ObjectId) -> Entry<'_> {
        self.revision = Revision::new();
        Entry { objects: self, id }
    }

    pub fn retain(&mut self, keep: impl FnMut(&ObjectId, &mut Object) -> bool) {
        self.revision = Revision::new();
        self.map.retain(keep);
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// `(id, object)` in id order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&ObjectId, &Object)> + ExactSizeIterator {
        self.map.iter()
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &ObjectId> + ExactSizeIterator {
        self.map.keys()
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Object> + ExactSizeIterator {
        self.map.values()
    }

    /// Objects in id order, to change in place.
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut Object> + ExactSizeIterator {
        self.revision = Revision::new();
        self.map.values_mut()
    }
}

impl<'a> IntoIterator for &'a Objects {
    type Item = (&'a ObjectId, &'a Object);
    type IntoIter = <&'a IdMap<Object> as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (&self.map).into_iter()
    }
}

impl FromIterator<(ObjectId, Object)> for Objects {
    fn from_iter<I: IntoIterator<Item = (ObjectId, Object)>>(iter: I) -> Objects {
        Objects { map: iter.into_iter().collect(), revision: Revision::new() }
    }
}

impl Serialize for Objects {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.map.iter())
    }
}

impl<'de> Deserialize<'de> for Objects {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Objects, D::Error> {
        let m = BTreeMap::<ObjectId, Object>::deserialize(d)?;
        Ok(m.into_iter().collect())
    }
}

/// An id's place in [`Objects`], from [`Objects::entry`].
pub struct Entry<'a> {
    objects: &'a mut Objects,
    id: ObjectId,
}

impl<'a> Entry<'a> {
    pub fn or_insert_with(self, make: impl FnOnce() -> Object) -> &'a mut Object {
        self.objects.map.get_or_insert_with(self.id, make)
    }

    pub fn or_insert(self, obj: Object) -> &'a mut Object {
        self.or_insert_with(|| obj)
    }
}
