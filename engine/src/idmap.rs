//! A map keyed by [`ObjectId`], stored densely in id order: one allocation to build, copy or
//! drop it, lookup by binary search over contiguous memory, and appending is the common insert
//! (new objects get ever larger ids, CR 400.7). The game's objects and the characteristics
//! computed for them (the board, CR 613) are both kept this way, because the engine copies the
//! one and builds the other many times per action. Reads like the `BTreeMap` it replaces.

use crate::ids::ObjectId;

/// See the module documentation.
#[derive(Clone, PartialEq)]
pub struct IdMap<V> {
    list: Vec<(ObjectId, V)>,
}

impl<V> Default for IdMap<V> {
    fn default() -> IdMap<V> {
        IdMap { list: Vec::new() }
    }
}

impl<V: std::fmt::Debug> std::fmt::Debug for IdMap<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.list.iter().map(|(k, v)| (k, v))).finish()
    }
}

impl<V> IdMap<V> {
    pub fn new() -> IdMap<V> {
        IdMap::default()
    }

    pub fn with_capacity(n: usize) -> IdMap<V> {
        IdMap { list: Vec::with_capacity(n) }
    }

    fn position(&self, id: ObjectId) -> Result<usize, usize> {
        self.list.binary_search_by(|(k, _)| k.cmp(&id))
    }

    pub fn get(&self, id: &ObjectId) -> Option<&V> {
        self.position(*id).ok().and_then(|i| self.list.get(i)).map(|(_, v)| v)
    }

    pub fn get_mut(&mut self, id: &ObjectId) -> Option<&mut V> {
        let i = self.position(*id).ok()?;
        self.list.get_mut(i).map(|(_, v)| v)
    }

    pub fn contains_key(&self, id: &ObjectId) -> bool {
        self.position(*id).is_ok()
    }

    /// Puts `value` under `id`; returns the value it replaces.
    pub fn insert(&mut self, id: ObjectId, value: V) -> Option<V> {
        // Ids mostly arrive in increasing order: appending needs no search.
        if self.list.last().is_none_or(|(k, _)| *k < id) {
            self.list.push((id, value));
            return None;
        }
        match self.position(id) {
            Ok(i) => self.list.get_mut(i).map(|(_, slot)| std::mem::replace(slot, value)),
            Err(i) => {
                self.list.insert(i, (id, value));
                None
            }
        }
    }

    pub fn remove(&mut self, id: &ObjectId) -> Option<V> {
        let i = self.position(*id).ok()?;
        Some(self.list.remove(i).1)
    }

    /// The value under `id`, inserted by `make` if there is none.
    pub fn get_or_insert_with(&mut self, id: ObjectId, make: impl FnOnce() -> V) -> &mut V {
        let i = match self.position(id) {
            Ok(i) => i,
            Err(i) => {
                self.list.insert(i, (id, make()));
                i
            }
        };
        // `i` is in bounds: found, or just inserted there.
        let last = self.list.len().saturating_sub(1);
        &mut self.list[i.min(last)].1
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&ObjectId, &mut V) -> bool) {
        self.list.retain_mut(|(id, v)| keep(id, v));
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// `(id, value)` in id order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&ObjectId, &V)> + ExactSizeIterator {
        self.list.iter().map(|(k, v)| (k, v))
    }

    /// `(id, value)` in id order, the values to change in place.
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (&ObjectId, &mut V)> + ExactSizeIterator {
        self.list.iter_mut().map(|(k, v)| (&*k, v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &ObjectId> + ExactSizeIterator {
        self.list.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.list.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + ExactSizeIterator {
        self.list.iter_mut().map(|(_, v)| v)
    }
}

impl<'a, V> IntoIterator for &'a IdMap<V> {
    type Item = (&'a ObjectId, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (ObjectId, V)>, fn(&'a (ObjectId, V)) -> (&'a ObjectId, &'a V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter().map(|(k, v)| (k, v))
    }
}

/// As `BTreeMap`'s: in id order, a later value for an id replacing an earlier one.
impl<V> FromIterator<(ObjectId, V)> for IdMap<V> {
    fn from_iter<I: IntoIterator<Item = (ObjectId, V)>>(iter: I) -> IdMap<V> {
        let mut map = IdMap::new();
        for (id, v) in iter {
            map.insert(id, v);
        }
        map
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Every operation agrees with `BTreeMap` on ids inserted out of order and twice.
    #[test]
    fn reads_like_a_btreemap() {
        let ops: [(u32, i32); 8] = [(5, 1), (2, 2), (9, 3), (2, 4), (7, 5), (1, 6), (9, 7), (12, 8)];
        let mut ours = IdMap::new();
        let mut theirs = BTreeMap::new();
        for (id, v) in ops {
            assert_eq!(ours.insert(ObjectId(id), v), theirs.insert(ObjectId(id), v));
        }
        assert!(ours.iter().eq(theirs.iter()));
        assert_eq!(ours.remove(&ObjectId(7)), theirs.remove(&ObjectId(7)));
        assert_eq!(ours.remove(&ObjectId(8)), theirs.remove(&ObjectId(8)));
        *ours.get_or_insert_with(ObjectId(3), || 0) += 10;
        *theirs.entry(ObjectId(3)).or_insert(0) += 10;
        *ours.get_or_insert_with(ObjectId(5), || 0) += 10;
        *theirs.entry(ObjectId(5)).or_insert(0) += 10;
        ours.retain(|_, v| *v != 4);
        theirs.retain(|_, v| *v != 4);
        assert!(ours.iter().eq(theirs.iter()));
        assert_eq!(ours.len(), theirs.len());
        for id in 0..14 {
            assert_eq!(ours.get(&ObjectId(id)), theirs.get(&ObjectId(id)));
        }
        let collected: IdMap<i32> = ops.iter().map(|(k, v)| (ObjectId(*k), *v)).collect();
        let expected: BTreeMap<ObjectId, i32> = ops.iter().map(|(k, v)| (ObjectId(*k), *v)).collect();
        assert!(collected.iter().eq(expected.iter()));
    }
}
