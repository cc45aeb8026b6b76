//! Copy-on-write fields for the characteristics (CR 613): computing the board starts every
//! object from its definition's printed characteristics, and most layers change nothing, so a
//! copy shares the printed names, types and costs and copies one only when a layer writes to it.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value shared between copies until one of them is written to (through `DerefMut`, which
/// copies it first if another copy still shares it). Reads, equality, ordering and the JSON
/// form are those of the value itself.
#[derive(Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Shared<T> {
        Shared(Arc::clone(&self.0))
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Shared<T> {
        Shared::new(value)
    }
}

impl<A, T: FromIterator<A>> FromIterator<A> for Shared<T> {
    fn from_iter<I: IntoIterator<Item = A>>(iter: I) -> Shared<T> {
        Shared::new(iter.into_iter().collect())
    }
}

impl<'a, T> IntoIterator for &'a Shared<T>
where
    &'a T: IntoIterator,
{
    type Item = <&'a T as IntoIterator>::Item;
    type IntoIter = <&'a T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (&*self.0).into_iter()
    }
}

impl<T: fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: fmt::Display> fmt::Display for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Shared<T>, D::Error> {
        T::deserialize(d).map(Shared::new)
    }
}

impl PartialEq<str> for Shared<String> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Shared<String> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Shared<String> {
    fn eq(&self, other: &String) -> bool {
        *self.0 == *other
    }
}

#[cfg(test)]
mod tests {
    use super::Shared;

    #[test]
    fn a_write_copies_only_the_written_copy() {
        let a: Shared<Vec<u8>> = vec![1, 2].into();
        let mut b = a.clone();
        b.push(3);
        assert_eq!(*a, vec![1, 2]);
        assert_eq!(*b, vec![1, 2, 3]);
    }

    #[test]
    fn json_is_the_value_s() {
        let a: Shared<Vec<String>> = vec!["Elf".to_string()].into();
        let json = serde_json::to_string(&a).unwrap_or_default();
        assert_eq!(json, r#"["Elf"]"#);
        let back: Shared<Vec<String>> = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, a);
    }
}
