//! Counters on an object (CR 122.1): how many of each kind, kept small for cheap copies of the
//! game state. A kind the engine knows is a one-byte id; any other kind keeps its name (shared,
//! not copied). Kinds order, compare, print and serialize as their names, so a `Counters` reads
//! and serializes like the `{ kind: count }` map it replaces.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The kinds with a compact id: those of the card pool and the common ones (CR 122.1, 122.1b).
const KNOWN: [&str; 24] = [
    "+1/+1",
    "-1/-1",
    "loyalty",
    "charge",
    "flying",
    "first strike",
    "double strike",
    "deathtouch",
    "haste",
    "hexproof",
    "indestructible",
    "lifelink",
    "menace",
    "reach",
    "trample",
    "vigilance",
    "shield",
    "stun",
    "time",
    "oil",
    "lore",
    "age",
    "level",
    "quest",
];

/// A name is `Known` exactly when it is in [`KNOWN`] ([`CounterKind::new`]), so two kinds are
/// equal exactly when their names are, and the derived equality and hash agree with the order
/// by name.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Known(u8),
    Other(Arc<str>),
}

/// A kind of counter (CR 122.1), e.g. `+1/+1`, `loyalty`, `flying`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CounterKind(Repr);

impl CounterKind {
    pub fn new(name: &str) -> CounterKind {
        match KNOWN.iter().position(|k| *k == name).and_then(|i| u8::try_from(i).ok()) {
            Some(i) => CounterKind(Repr::Known(i)),
            None => CounterKind(Repr::Other(Arc::from(name))),
        }
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Known(i) => KNOWN.get(usize::from(*i)).copied().unwrap_or(""),
            Repr::Other(s) => s,
        }
    }
}

impl std::ops::Deref for CounterKind {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for CounterKind {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Ord for CounterKind {
    fn cmp(&self, other: &CounterKind) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl PartialOrd for CounterKind {
    fn partial_cmp(&self, other: &CounterKind) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for CounterKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}


impl From<&str> for CounterKind {
    fn from(s: &str) -> CounterKind {
        CounterKind::new(s)
    }
}

impl From<&String> for CounterKind {
    fn from(s: &String) -> CounterKind {
        CounterKind::new(s)
    }
}

impl From<String> for CounterKind {
    fn from(s: String) -> CounterKind {
        CounterKind::new(&s)
    }
}


impl Serialize for CounterKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for CounterKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CounterKind, D::Error> {
        let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Ok(CounterKind::new(&s))
    }
}

/// A value per kind of counter (a count, or a timestamp), in the order of the kinds' names.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Counters<V> {
    entries: Vec<(CounterKind, V)>,
}

impl<V> Default for Counters<V> {
    fn default() -> Counters<V> {
        Counters { entries: Vec::new() }
    }
}

impl<V> Counters<V> {
    pub fn new() -> Counters<V> {
        Counters::default()
    }

    /// Lookups take anything that reads as a kind's name (`&str`, `&String`, `&CounterKind`).
    fn position(&self, kind: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.as_str().cmp(kind))
    }

    pub fn get<Q: AsRef<str> + ?Sized>(&self, kind: &Q) -> Option<&V> {
        let kind = kind.as_ref();
        self.position(kind).ok().and_then(|i| self.entries.get(i)).map(|(_, v)| v)
    }

    /// Sets the value of a kind; returns the previous one.
    pub fn insert(&mut self, kind: CounterKind, value: V) -> Option<V> {
        match self.position(kind.as_str()) {
            Ok(i) => self.entries.get_mut(i).map(|(_, v)| std::mem::replace(v, value)),
            Err(i) => {
                self.entries.insert(i, (kind, value));
                None
            }
        }
    }

    pub fn remove<Q: AsRef<str> + ?Sized>(&mut self, kind: &Q) -> Option<V> {
        let kind = kind.as_ref();
        let i = self.position(kind).ok()?;
        Some(self.entries.remove(i).1)
    }

    /// The value of a kind, to read or change in place (as `BTreeMap::entry`).
    pub fn entry(&mut self, kind: CounterKind) -> Entry<'_, V> {
        Entry { map: self, kind }
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&CounterKind, &V)> + ExactSizeIterator {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &CounterKind> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.entries.iter().map(|(_, v)| v)
    }

    /// As a map keyed by name (for views and reports).
    pub fn to_map(&self) -> BTreeMap<String, V>
    where
        V: Clone,
    {
        self.entries.iter().map(|(k, v)| (k.as_str().to_string(), v.clone())).collect()
    }
}

/// A kind's place in a [`Counters`], from [`Counters::entry`].
pub struct Entry<'a, V> {
    map: &'a mut Counters<V>,
    kind: CounterKind,
}

impl<'a, V> Entry<'a, V> {
    pub fn or_insert(self, default: V) -> &'a mut V {
        self.or_insert_with(|| default)
    }

    pub fn or_insert_with(self, default: impl FnOnce() -> V) -> &'a mut V {
        let i = match self.map.position(self.kind.as_str()) {
            Ok(i) => i,
            Err(i) => {
                self.map.entries.insert(i, (self.kind, default()));
                i
            }
        };
        // `i` is in bounds: found, or just inserted there.
        let len = self.map.entries.len();
        &mut self.map.entries[i.min(len.saturating_sub(1))].1
    }
}

impl<V: fmt::Debug> fmt::Debug for Counters<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.entries.iter().map(|(k, v)| (k, v))).finish()
    }
}

impl<K: Into<CounterKind>, V> FromIterator<(K, V)> for Counters<V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Counters<V> {
        let mut c = Counters::new();
        for (k, v) in iter {
            c.insert(k.into(), v);
        }
        c
    }
}

impl<'a, V> IntoIterator for &'a Counters<V> {
    type Item = (&'a CounterKind, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (CounterKind, V)>, fn(&'a (CounterKind, V)) -> (&'a CounterKind, &'a V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

impl<V: Serialize> Serialize for Counters<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.entries.iter().map(|(k, v)| (k.as_str(), v)))
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Counters<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Counters<V>, D::Error> {
        let m = BTreeMap::<String, V>::deserialize(d)?;
        Ok(m.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_by_name_like_the_map_it_replaces() {
        let mut c: Counters<u32> = Counters::new();
        c.insert("flying".into(), 1);
        c.insert("+1/+1".into(), 2);
        c.insert("zzz unusual".into(), 3);
        *c.entry("-1/-1".into()).or_insert(0) += 4;
        *c.entry("+1/+1".into()).or_insert(0) += 1;
        let m: BTreeMap<String, u32> =
            [("flying", 1), ("+1/+1", 3), ("zzz unusual", 3), ("-1/-1", 4)].into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        assert_eq!(c.to_map(), m);
        assert_eq!(c.keys().map(|k| k.to_string()).collect::<Vec<_>>(), m.keys().cloned().collect::<Vec<_>>());
        assert_eq!(serde_json::to_string(&c).ok(), serde_json::to_string(&m).ok());
        let back: Counters<u32> = serde_json::from_str(&serde_json::to_string(&m).unwrap_or_default()).unwrap_or_default();
        assert_eq!(back, c);
        assert_eq!(c.remove("flying"), Some(1));
        assert_eq!(c.get("flying"), None);
        assert_eq!(c.get("zzz unusual"), Some(&3));
        assert_eq!(c.iter().len(), 3);
    }

    #[test]
    fn known_and_other_kinds_compare_by_name() {
        assert_eq!(CounterKind::new("charge"), CounterKind::from("charge".to_string()));
        assert_ne!(CounterKind::new("charge"), CounterKind::new("chargE"));
        assert!(CounterKind::new("+1/+1") < CounterKind::new("aaa"));
        assert_eq!(CounterKind::new("divinity").as_str(), "divinity");
    }
}
