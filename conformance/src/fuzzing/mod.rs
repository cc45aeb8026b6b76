//! Fuzzing and properties: generators of arbitrary boards and action scripts, the rulings as
//! invariants checked after every step (with the mutant engines that prove each can fail), and
//! the reach report of how often each invariant was armed.

#[cfg(feature = "arbitrary")]
pub mod generate;
/// Invariants checked after every step by the property tests and the fuzz targets.
pub mod invariants;
pub mod reach;
/// `legal_actions` against the listing that tries every candidate, on generated scenarios.
#[cfg(feature = "arbitrary")]
pub mod listing;
/// Differential testing: generated scenarios on the reference and another engine, compared.
#[cfg(feature = "arbitrary")]
pub mod diff;
