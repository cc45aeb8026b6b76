//! Fuzzing and properties: generators of arbitrary boards and action scripts, and the rulings as
//! invariants checked after every step (with the mutant engines that prove each can fail).

#[cfg(feature = "arbitrary")]
pub mod generate;
/// Invariants checked after every step by the property tests and the fuzz targets.
pub mod invariants;
