//! `--shard K/N`: a deterministic split of a campaign over N machines, for `run`, `reach` and
//! `diff`. Shard K of N takes the scenario indices `i` with `i mod N = K - 1` (`reach`, `diff`:
//! the N shards of one seed together run exactly the indices one run would), and the cases
//! whose id hashes to `K - 1` mod N (`run`: by id rather than position, so a case added to the
//! corpus doesn't move every other case to another shard).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Shard `index` (1-based) of `count`. `1/1` is the whole campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    index: u64,
    count: u64,
}

/// Why a `--shard` value was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ShardError {
    #[error("`{0}`: a shard is K/N, two whole numbers with 1 <= K <= N (e.g. 2/8)")]
    Syntax(String),
    #[error("`{0}`: K must be between 1 and N")]
    Range(String),
}

impl Shard {
    /// The whole campaign, one shard.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`, both 1-based (`None` unless 1 <= index <= count).
    pub fn new(index: u64, count: u64) -> Option<Shard> {
        (1..=count).contains(&index).then_some(Shard { index, count })
    }

    pub fn index(self) -> u64 {
        self.index
    }

    pub fn count(self) -> u64 {
        self.count
    }

    /// Whether scenario index `i` belongs to this shard.
    pub fn has_index(self, i: u64) -> bool {
        i % self.count == self.index - 1
    }

    /// The campaign index of this shard's `j`-th scenario (0-based), `None` past `u64::MAX`.
    pub fn global(self, j: u64) -> Option<u64> {
        j.checked_mul(self.count)?.checked_add(self.index - 1)
    }

    /// How many of the indices `0..limit` are this shard's.
    pub fn len_below(self, limit: u64) -> u64 {
        let first = self.index - 1;
        if limit <= first {
            0
        } else {
            (limit - first).div_ceil(self.count)
        }
    }

    /// Whether the case with this id belongs to this shard (FNV-1a of the id: stable across
    /// runs, platforms and corpus changes).
    pub fn has_id(self, id: &str) -> bool {
        let h = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        self.has_index(h)
    }
}

impl Default for Shard {
    fn default() -> Self {
        Shard::ALL
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(text.to_string());
        let (k, n) = text.split_once('/').ok_or_else(syntax)?;
        let number = |s: &str| if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) { None } else { s.parse::<u64>().ok() };
        let (k, n) = (number(k).ok_or_else(syntax)?, number(n).ok_or_else(syntax)?);
        Shard::new(k, n).ok_or_else(|| ShardError::Range(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_k_of_n_and_refuses_the_rest() {
        assert_eq!("2/8".parse(), Ok(Shard { index: 2, count: 8 }));
        assert_eq!("1/1".parse(), Ok(Shard::ALL));
        for bad in ["", "2", "2/", "/8", "a/8", "2/8/1", "+2/8", " 2/8", "2.0/8"] {
            assert_eq!(bad.parse::<Shard>(), Err(ShardError::Syntax(bad.into())), "{bad:?}");
        }
        for bad in ["0/8", "9/8", "0/0", "1/0"] {
            assert_eq!(bad.parse::<Shard>(), Err(ShardError::Range(bad.into())), "{bad:?}");
        }
        assert_eq!(Shard { index: 3, count: 5 }.to_string(), "3/5");
    }

    /// The N shards of a campaign partition it: every index (and every id) in exactly one.
    #[test]
    fn shards_partition_indices_and_ids() {
        for n in [1u64, 2, 3, 7] {
            let shards: Vec<Shard> = (1..=n).filter_map(|k| Shard::new(k, n)).collect();
            for i in 0..200u64 {
                assert_eq!(shards.iter().filter(|s| s.has_index(i)).count(), 1, "index {i} of {n} shards");
                let id = format!("cr-{i}/case");
                assert_eq!(shards.iter().filter(|s| s.has_id(&id)).count(), 1, "{id} of {n} shards");
            }
            for limit in [0u64, 1, 5, 100, 101] {
                let total: u64 = shards.iter().map(|s| s.len_below(limit)).sum();
                assert_eq!(total, limit, "{n} shards below {limit}");
                for s in &shards {
                    let mine: Vec<u64> = (0..limit).filter(|i| s.has_index(*i)).collect();
                    let listed: Vec<u64> = (0..s.len_below(limit)).filter_map(|j| s.global(j)).collect();
                    assert_eq!(mine, listed, "shard {s} below {limit}");
                }
            }
        }
        assert_eq!(Shard { index: 2, count: 2 }.global(u64::MAX), None);
    }
}
