//! The objects of a game (CR 109), stored densely in `ObjectId` order: one allocation to copy
//! them all, lookup by binary search, and new objects (whose ids only grow, CR 400.7) appended
//! at the end. Reads and serializes like the `{ id: object }` map it replaces (keyed by id; an
//! object's own `id` field is normally the same).

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ids::ObjectId;
use crate::revision::Revision;
use crate::state::Object;

/// Every object of the game, ordered by id.
#[derive(Clone, Default)]
pub struct Objects {
    list: Vec<(ObjectId, Object)>,
    /// Renewed by every method that can change an object (`&mut self`), so a board computed
    /// for one revision is never read for another (`layers::board_of`).
    revision: Revision,
}

/// The objects alone: the revision is bookkeeping, not part of the game.
impl PartialEq for Objects {
    fn eq(&self, other: &Objects) -> bool {
        self.list == other.list
    }
}

impl std::fmt::Debug for Objects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Objects").field("list", &self.list).finish()
    }
}

impl Objects {
    pub fn new() -> Objects {
        Objects::default()
    }

    fn position(&self, id: ObjectId) -> Result<usize, usize> {
        self.list.binary_search_by(|(k, _)| k.cmp(&id))
    }

    pub fn get(&self, id: &ObjectId) -> Option<&Object> {
        self.position(*id).ok().and_then(|i| self.list.get(i)).map(|(_, o)| o)
    }

    /// The revision of the objects as they are now (see [`Revision`]).
    pub fn revision(&self) -> Revision {
        self.revision
    }

    pub fn get_mut(&mut self, id: &ObjectId) -> Option<&mut Object> {
        self.revision = Revision::new();
        let i = self.position(*id).ok()?;
        self.list.get_mut(i).map(|(_, o)| o)
    }

    pub fn contains_key(&self, id: &ObjectId) -> bool {
        self.position(*id).is_ok()
    }

    /// Puts `obj` under `id`; returns the object it replaces.
    pub fn insert(&mut self, id: ObjectId, obj: Object) -> Option<Object> {
        self.revision = Revision::new();
        match self.position(id) {
            Ok(i) => self.list.get_mut(i).map(|(_, slot)| std::mem::replace(slot, obj)),
            Err(i) => {
                self.list.insert(i, (id, obj));
                None
            }
        }
    }

    pub fn remove(&mut self, id: &ObjectId) -> Option<Object> {
        self.revision = Revision::new();
        let i = self.position(*id).ok()?;
        Some(self.list.remove(i).1)
    }

    /// The object under `id`, to read or change in place (as `BTreeMap::entry`).
    pub fn entry(&mut self, id: ObjectId) -> Entry<'_> {
        self.revision = Revision::new();
        Entry { objects: self, id }
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&ObjectId, &mut Object) -> bool) {
        self.revision = Revision::new();
        self.list.retain_mut(|(id, o)| keep(id, o));
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// `(id, object)` in id order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&ObjectId, &Object)> + ExactSizeIterator {
        self.list.iter().map(|(k, o)| (k, o))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &ObjectId> + ExactSizeIterator {
        self.list.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Object> + ExactSizeIterator {
        self.list.iter().map(|(_, o)| o)
    }

    /// Objects in id order, to change in place.
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut Object> + ExactSizeIterator {
        self.revision = Revision::new();
        self.list.iter_mut().map(|(_, o)| o)
    }
}

impl<'a> IntoIterator for &'a Objects {
    type Item = (&'a ObjectId, &'a Object);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (ObjectId, Object)>, fn(&'a (ObjectId, Object)) -> (&'a ObjectId, &'a Object)>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter().map(|(k, o)| (k, o))
    }
}

impl FromIterator<(ObjectId, Object)> for Objects {
    fn from_iter<I: IntoIterator<Item = (ObjectId, Object)>>(iter: I) -> Objects {
        let mut objects = Objects::new();
        for (id, o) in iter {
            objects.insert(id, o);
        }
        objects
    }
}

impl Serialize for Objects {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.list.iter().map(|(k, o)| (k, o)))
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
        let i = match self.objects.position(self.id) {
            Ok(i) => i,
            Err(i) => {
                self.objects.list.insert(i, (self.id, make()));
                i
            }
        };
        // `i` is in bounds: found, or just inserted there.
        let last = self.objects.list.len().saturating_sub(1);
        &mut self.objects.list[i.min(last)].1
    }

    pub fn or_insert(self, obj: Object) -> &'a mut Object {
        self.or_insert_with(|| obj)
    }
}
