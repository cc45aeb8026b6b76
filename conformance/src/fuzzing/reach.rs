//! Reach: how often each invariant was *armed* — its precondition held, so a wrong engine could
//! have failed it (a Giant trigger resolving, an animated Chimeric Mass, a duration ending, a
//! tapped permanent asked to pay {T}, a 106.7 question with replacement effects around, ...) —
//! against how often it was checked, and the deepest states the generated games reached. An
//! invariant that is checked a million times and never armed tests nothing.
//!
//! `mtg-conformance reach` runs seeded scenarios from [`scenario_bytes`] through every invariant
//! and prints [`render`]'s table; [`hunt`] is the same search aimed at a mutant engine.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::fuzzing::invariants::Invariant;

/// Counts of one or many runs (see the module doc). `merge` adds them up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    pub scenarios: u64,
    pub checked: BTreeMap<Invariant, u64>,
    pub armed: BTreeMap<Invariant, u64>,
    /// The most kinds among Crystalline Giant's ten that any Giant on the battlefield had.
    pub giant_max_kinds: usize,
    /// Giant triggers resolved, by the number of the ten kinds the Giant had when it resolved.
    pub giant_resolved_with: [u64; 11],
    /// Positions with an animated Chimeric Mass; of those, under both a P/T-setting and a
    /// P/T-modifying effect (CR 613.4b, 613.4c).
    pub mass_animated: u64,
    pub mass_set_and_modified: u64,
    /// "Until your next turn" effects that ended as their controller's next turn began.
    pub next_turn_ended: u64,
    /// "Until end of turn" effects that ended in a cleanup step.
    pub end_of_turn_ended: u64,
    /// The most turns one script spanned (1: it stayed in the turn it started in).
    pub max_turns: u32,
    /// Declarations of blockers that blocked at least one attacker (CR 509.1).
    pub blocks: u64,
    /// First-strike combat damage steps (CR 510.4).
    pub first_strike_steps: u64,
    /// Blocked attackers with trample that dealt combat damage to the player (CR 702.19b).
    pub trample_over_blockers: u64,
    /// Accepted actions that named an order for the replacement effects applying to their
    /// event (CR 616.1), rather than leaving it to timestamp order.
    pub replacement_orders: u64,
    /// Steps after which the board applied an effect out of timestamp order because it depends
    /// on another (CR 613.8b).
    pub dependency_orders: u64,
    /// Steps in which a permanent phased out (CR 702.26b).
    pub phasings: u64,
    /// Steps after which a permanent on the battlefield had copiable values a copy effect set
    /// (CR 707.2): it entered as a copy or became one.
    pub copy_effects: u64,
    /// Scenarios (not steps) in which each feature above happened at least once: how often the
    /// generator builds a game that exercises it ([`Features`]).
    pub with: Features,
}

/// Counts of scenarios, one per scenario whatever the number of times it happened in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub blocks: u64,
    pub first_strike: u64,
    pub trample_over_blockers: u64,
    pub replacement_order: u64,
    pub dependency: u64,
    pub phasing: u64,
    pub copy: u64,
}

impl Features {
    /// The features of one scenario's counts (each 0 or 1).
    pub fn of(one: &Reach) -> Features {
        Features {
            blocks: u64::from(one.blocks > 0),
            first_strike: u64::from(one.first_strike_steps > 0),
            trample_over_blockers: u64::from(one.trample_over_blockers > 0),
            replacement_order: u64::from(one.replacement_orders > 0),
            dependency: u64::from(one.dependency_orders > 0),
            phasing: u64::from(one.phasings > 0),
            copy: u64::from(one.copy_effects > 0),
        }
    }

    fn add(&mut self, o: Features) {
        self.blocks = self.blocks.saturating_add(o.blocks);
        self.first_strike = self.first_strike.saturating_add(o.first_strike);
        self.trample_over_blockers = self.trample_over_blockers.saturating_add(o.trample_over_blockers);
        self.replacement_order = self.replacement_order.saturating_add(o.replacement_order);
        self.dependency = self.dependency.saturating_add(o.dependency);
        self.phasing = self.phasing.saturating_add(o.phasing);
        self.copy = self.copy.saturating_add(o.copy);
    }
}

impl Reach {
    pub(crate) fn count(&mut self, i: Invariant, armed: bool) {
        *self.checked.entry(i).or_insert(0) += 1;
        if armed {
            *self.armed.entry(i).or_insert(0) += 1;
        }
    }

    pub fn checked(&self, i: Invariant) -> u64 {
        self.checked.get(&i).copied().unwrap_or(0)
    }

    pub fn armed(&self, i: Invariant) -> u64 {
        self.armed.get(&i).copied().unwrap_or(0)
    }

    /// Adds `other`'s counts to these.
    pub fn merge(&mut self, other: &Reach) {
        self.scenarios = self.scenarios.saturating_add(other.scenarios);
        for (i, n) in &other.checked {
            *self.checked.entry(*i).or_insert(0) += n;
        }
        for (i, n) in &other.armed {
            *self.armed.entry(*i).or_insert(0) += n;
        }
        self.giant_max_kinds = self.giant_max_kinds.max(other.giant_max_kinds);
        for (a, b) in self.giant_resolved_with.iter_mut().zip(other.giant_resolved_with) {
            *a = a.saturating_add(b);
        }
        self.mass_animated = self.mass_animated.saturating_add(other.mass_animated);
        self.mass_set_and_modified = self.mass_set_and_modified.saturating_add(other.mass_set_and_modified);
        self.next_turn_ended = self.next_turn_ended.saturating_add(other.next_turn_ended);
        self.end_of_turn_ended = self.end_of_turn_ended.saturating_add(other.end_of_turn_ended);
        self.blocks = self.blocks.saturating_add(other.blocks);
        self.first_strike_steps = self.first_strike_steps.saturating_add(other.first_strike_steps);
        self.trample_over_blockers = self.trample_over_blockers.saturating_add(other.trample_over_blockers);
        self.replacement_orders = self.replacement_orders.saturating_add(other.replacement_orders);
        self.dependency_orders = self.dependency_orders.saturating_add(other.dependency_orders);
        self.phasings = self.phasings.saturating_add(other.phasings);
        self.copy_effects = self.copy_effects.saturating_add(other.copy_effects);
        self.with.add(other.with);
        self.max_turns = self.max_turns.max(other.max_turns);
    }

    /// The invariants never armed.
    pub fn never_armed(&self) -> Vec<Invariant> {
        Invariant::ALL.into_iter().filter(|i| self.armed(*i) == 0).collect()
    }

    /// The deepest state reached for one invariant, in a few words.
    fn deepest(&self, i: Invariant) -> String {
        match i {
            Invariant::CrystallineGiant => {
                let most = self.giant_resolved_with.iter().rposition(|n| *n > 0);
                format!(
                    "max kinds {}; resolved with 9: {}, with 10: {}{}",
                    self.giant_max_kinds,
                    self.giant_resolved_with[9],
                    self.giant_resolved_with[10],
                    most.map(|k| format!(" (most kinds at resolution {k})")).unwrap_or_default()
                )
            }
            Invariant::ChimericMassPt | Invariant::ChimericMassDies => {
                format!("animated {}; set and modified {}", self.mass_animated, self.mass_set_and_modified)
            }
            Invariant::Durations => {
                format!("end of turn ended {}; until next turn ended {}", self.end_of_turn_ended, self.next_turn_ended)
            }
            Invariant::Deterministic => format!("max turns {}", self.max_turns),
            Invariant::CombatDamage | Invariant::FirstStrikeStep => format!(
                "blocks {}; first-strike steps {}; trample over blockers {}",
                self.blocks, self.first_strike_steps, self.trample_over_blockers
            ),
            _ => String::new(),
        }
    }
}

/// The table and the closing line:
/// `N invariants, N armed, N never armed; giant max kinds K; max turns T; N scenarios in S s`.
pub fn render(reach: &Reach, seconds: f64) -> String {
    let mut out = String::new();
    let width = Invariant::ALL.iter().map(|i| i.name().len()).max().unwrap_or(10);
    let _ = writeln!(out, "{:<width$}  {:>10}  {:>10}  {:>8}  deepest", "invariant", "checked", "armed", "armed %");
    for i in Invariant::ALL {
        let (c, a) = (reach.checked(i), reach.armed(i));
        let pct = if c == 0 { 0.0 } else { a as f64 * 100.0 / c as f64 };
        let _ = writeln!(out, "{:<width$}  {c:>10}  {a:>10}  {pct:>7.2}%  {}", i.name(), reach.deepest(i));
    }
    let never = reach.never_armed();
    if !never.is_empty() {
        let names: Vec<&str> = never.iter().map(|i| i.name()).collect();
        let _ = writeln!(out, "never armed: {}", names.join(", "));
    }
    let pct = |k: u64| if reach.scenarios == 0 { 0.0 } else { k as f64 * 100.0 / reach.scenarios as f64 };
    let w = reach.with;
    let _ = writeln!(
        out,
        "scenarios with blockers {} ({:.1}%), first strike {} ({:.1}%), trample over blockers {} ({:.1}%), a replacement order {} ({:.1}%), a dependency between effects {} ({:.1}%), phasing {} ({:.1}%), a copy {} ({:.1}%)",
        w.blocks,
        pct(w.blocks),
        w.first_strike,
        pct(w.first_strike),
        w.trample_over_blockers,
        pct(w.trample_over_blockers),
        w.replacement_order,
        pct(w.replacement_order),
        w.dependency,
        pct(w.dependency),
        w.phasing,
        pct(w.phasing),
        w.copy,
        pct(w.copy)
    );
    let n = Invariant::ALL.len();
    let _ = writeln!(
        out,
        "{n} invariants, {} armed, {} never armed; giant max kinds {}; max turns {}; {} scenarios in {seconds:.1} s",
        n - never.len(),
        never.len(),
        reach.giant_max_kinds,
        reach.max_turns,
        reach.scenarios
    );
    out
}

/// SplitMix64: a tiny seeded generator for scenario bytes (no dependency, same bytes on every
/// platform and version).
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Bytes per scenario by default: the property tests' size.
pub const DEFAULT_BYTES: usize = 600;

/// The bytes of scenario `index` of the run seeded `seed`: between half of `max_len` and
/// `max_len` bytes. Any scenario of a run can be replayed alone from (seed, index).
pub fn scenario_bytes(seed: u64, index: u64, max_len: usize) -> Vec<u8> {
    let mut r = SplitMix::new(seed ^ index.wrapping_mul(0xd6e8_feb8_6659_fd93));
    let span = max_len - max_len / 2;
    let len = max_len / 2 + usize::try_from(r.next_u64() % (span as u64 + 1)).unwrap_or(0);
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        out.extend_from_slice(&r.next_u64().to_le_bytes());
    }
    out.truncate(len);
    out
}

#[cfg(feature = "arbitrary")]
pub use runs::*;

#[cfg(feature = "arbitrary")]
mod runs {
    use super::{scenario_bytes, Reach};
    use crate::fuzzing::generate::scenario_from_bytes;
    use crate::fuzzing::invariants::{run_counting, Invariant, Move, RulesGame, Selection, Violation};

    /// Plays the scenario of `bytes` against `G` with the selected invariants, counting.
    pub fn play_counting<G: RulesGame>(bytes: &[u8], selection: &Selection, reach: &mut Reach) -> Option<Violation> {
        let s = scenario_from_bytes(bytes);
        let moves: Vec<Move> = s.picks.iter().map(Move::from).collect();
        run_counting::<G>(s.board.to_setup(), &moves, selection, reach).violation
    }

    /// Runs `scenarios` seeded scenarios against the reference engine with every invariant, on
    /// `threads` threads (scenario `i` on thread `i mod threads`; the counts don't depend on
    /// the number of threads), calling `progress` with the number done about every 200 ms;
    /// the first violation found (a bug) is returned with the counts.
    pub fn explore(
        seed: u64,
        scenarios: u64,
        max_len: usize,
        threads: usize,
        progress: impl FnMut(u64),
    ) -> (Reach, Option<(u64, Violation)>) {
        explore_shard(seed, scenarios, crate::shard::Shard::ALL, max_len, threads, progress)
    }

    /// [`explore`] of the scenarios below `scenarios` that are `shard`'s (`i mod N = K - 1`):
    /// the counts of the N shards, merged, are one run's. A violation is told by its campaign
    /// index.
    pub fn explore_shard(
        seed: u64,
        scenarios: u64,
        shard: crate::shard::Shard,
        max_len: usize,
        threads: usize,
        mut progress: impl FnMut(u64),
    ) -> (Reach, Option<(u64, Violation)>) {
        use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
        let threads = threads.max(1);
        let done = AtomicU64::new(0);
        let finished = AtomicUsize::new(0);
        let results: Vec<(Reach, Option<(u64, Violation)>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|w| {
                    let (done, finished) = (&done, &finished);
                    scope.spawn(move || {
                        let mut reach = Reach::default();
                        let mut first = None;
                        let all = Selection::all();
                        let mut j = w as u64;
                        while let Some(i) = shard.global(j).filter(|i| *i < scenarios) {
                            let bytes = scenario_bytes(seed, i, max_len);
                            if let Some(v) = play_counting::<mtg_engine::Game>(&bytes, &all, &mut reach) {
                                first.get_or_insert((i, v));
                            }
                            done.fetch_add(1, Ordering::Relaxed);
                            j += threads as u64;
                        }
                        finished.fetch_add(1, Ordering::Relaxed);
                        (reach, first)
                    })
                })
                .collect();
            while finished.load(Ordering::Relaxed) < threads {
                std::thread::sleep(std::time::Duration::from_millis(200));
                progress(done.load(Ordering::Relaxed));
            }
            workers.into_iter().map(|h| h.join().unwrap_or_default()).collect()
        });
        let mut reach = Reach::default();
        let mut first: Option<(u64, Violation)> = None;
        for (r, f) in results {
            reach.merge(&r);
            if let Some((i, v)) = f {
                if first.as_ref().is_none_or(|(j, _)| i < *j) {
                    first = Some((i, v));
                }
            }
        }
        (reach, first)
    }

    /// A generator search against engine `G`: seeded scenarios until one breaks `target`
    /// (checking only it), at most `budget` of them. Returns the index of the scenario, its
    /// bytes and the violation.
    pub fn hunt<G: RulesGame>(target: Invariant, seed: u64, budget: u64, max_len: usize) -> Option<(u64, Vec<u8>, Violation)> {
        hunt_where::<G>(target, seed, budget, max_len, |_| true)
    }

    /// `hunt`, skipping findings whose bytes `wanted` refuses (e.g. ones no case can express).
    pub fn hunt_where<G: RulesGame>(target: Invariant, seed: u64, budget: u64, max_len: usize, wanted: impl Fn(&[u8]) -> bool) -> Option<(u64, Vec<u8>, Violation)> {
        let only = Selection::only(&[target]);
        let mut reach = Reach::default();
        (0..budget).find_map(|i| {
            let bytes = scenario_bytes(seed, i, max_len);
            play_counting::<G>(&bytes, &only, &mut reach).filter(|v| v.invariant == target && wanted(&bytes)).map(|v| (i, bytes, v))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenario_bytes_are_seeded_and_sized() {
        let a = scenario_bytes(1, 5, 100);
        assert_eq!(a, scenario_bytes(1, 5, 100));
        assert_ne!(a, scenario_bytes(2, 5, 100));
        assert!((50..=100).contains(&a.len()), "{}", a.len());
        assert!(scenario_bytes(1, 0, 0).is_empty());
    }

    /// `reach --shard`: the shards of one campaign, merged, count what one run counts.
    #[cfg(feature = "arbitrary")]
    #[test]
    fn shards_merged_count_what_one_run_counts() {
        use crate::shard::Shard;
        let (whole, bug) = explore(4, 30, 300, 2, |_| {});
        assert!(bug.is_none(), "{bug:?}");
        let mut merged = Reach::default();
        for k in 1..=3 {
            let (part, bug) = explore_shard(4, 30, Shard::new(k, 3).expect("a shard"), 300, 1, |_| {});
            assert!(bug.is_none(), "{bug:?}");
            assert_eq!(part.scenarios, 10, "shard {k}");
            merged.merge(&part);
        }
        assert_eq!(merged, whole);
    }

    #[test]
    fn the_closing_line_counts_armed_invariants() {
        let mut r = Reach::default();
        r.count(Invariant::TapSymbol, true);
        r.count(Invariant::UntapSymbol, false);
        r.scenarios = 3;
        r.giant_max_kinds = 10;
        r.max_turns = 4;
        let text = render(&r, 1.26);
        let last = text.lines().last().unwrap_or_default();
        let n = Invariant::ALL.len();
        assert_eq!(last, format!("{n} invariants, 1 armed, {} never armed; giant max kinds 10; max turns 4; 3 scenarios in 1.3 s", n - 1));
        assert!(text.contains("untap-symbol"), "{text}");
    }

    #[test]
    fn features_count_scenarios_not_steps() {
        let mut total = Reach::default();
        let mut one = Reach { blocks: 3, first_strike_steps: 2, scenarios: 1, ..Reach::default() };
        one.with = Features::of(&one);
        total.merge(&one);
        let mut other = Reach { blocks: 1, replacement_orders: 5, dependency_orders: 7, copy_effects: 2, scenarios: 1, ..Reach::default() };
        other.with = Features::of(&other);
        total.merge(&other);
        total.merge(&Reach { scenarios: 2, ..Reach::default() });
        assert_eq!(total.with, Features { blocks: 2, first_strike: 1, trample_over_blockers: 0, replacement_order: 1, dependency: 1, phasing: 0, copy: 1 });
        let text = render(&total, 1.0);
        assert!(
            text.contains("scenarios with blockers 2 (50.0%), first strike 1 (25.0%), trample over blockers 0 (0.0%), a replacement order 1 (25.0%), a dependency between effects 1 (25.0%), phasing 0 (0.0%), a copy 1 (25.0%)"),
            "{text}"
        );
    }
}
