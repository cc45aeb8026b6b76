//! Completeness of the reference engine's `legal_actions`: it decides most candidates by the
//! rules' conditions instead of trying them (`mtg_engine::actions`), so the invariant
//! `legal-actions-accepted` (every listed action is accepted) can't see an action that a wrong
//! proof leaves out. Here the listing is compared, at every position of a generated scenario,
//! with `Game::legal_actions_by_trial`, which tries every candidate on a copy of the state: the
//! two must be the same list, in the same order.
//!
//! `compare` takes both listings as functions so a test can hand it a deliberately incomplete
//! one and see the comparison fail (`tests`).

use std::fmt;

use mtg_engine::{Action, Game};

use crate::fuzzing::generate::Scenario;
use crate::fuzzing::invariants::{run, Move, Selection};

/// A position where the two listings differ.
#[derive(Clone, Debug, PartialEq)]
pub struct ListingDifference {
    /// The actions taken (accepted or not) before the position, from the scenario's setup.
    pub actions_before: Vec<Action>,
    /// Listed by the listing under test only.
    pub only_listed: Vec<Action>,
    /// Listed by the reference (trial) listing only.
    pub only_by_trial: Vec<Action>,
    /// Both list the same actions, in another order.
    pub order_differs: bool,
}

impl fmt::Display for ListingDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "after {} action(s), legal_actions and the trial listing differ: only listed {:?}; only by trial {:?}{}",
            self.actions_before.len(),
            self.only_listed,
            self.only_by_trial,
            if self.order_differs { "; same actions in another order" } else { "" }
        )
    }
}

/// Plays `scenario` (as the invariants' player does, choosing from `Game::legal_actions`) and,
/// at the start and after every step, compares `listed(game)` with `reference(game)`. Returns
/// how many positions were compared, or the first difference.
pub fn compare(
    scenario: &Scenario,
    listed: impl Fn(&Game) -> Vec<Action>,
    reference: impl Fn(&Game) -> Vec<Action>,
) -> Result<usize, ListingDifference> {
    let setup = scenario.board.to_setup();
    let moves: Vec<Move> = scenario.picks.iter().map(Move::from).collect();
    // The path: no invariant is checked, the trace records every action the script took.
    let trace = run::<Game>(setup.clone(), &moves, &Selection::only(&[])).trace;
    let Ok(mut game) = Game::new(setup) else { return Ok(0) };
    let mut before = Vec::new();
    let mut compared = 0;
    for step in trace.steps.iter().map(Some).chain(std::iter::once(None)) {
        let (a, b) = (listed(&game), reference(&game));
        compared += 1;
        if a != b {
            let only_listed: Vec<Action> = a.iter().filter(|x| !b.contains(x)).cloned().collect();
            let only_by_trial: Vec<Action> = b.iter().filter(|x| !a.contains(x)).cloned().collect();
            let order_differs = only_listed.is_empty() && only_by_trial.is_empty();
            return Err(ListingDifference { actions_before: before, only_listed, only_by_trial, order_differs });
        }
        let Some(step) = step else { break };
        // A rejected action leaves the game as it was (transactional `apply`).
        let _ = game.apply(step.action.clone());
        before.push(step.action.clone());
    }
    Ok(compared)
}

/// `compare` of `Game::legal_actions` with `Game::legal_actions_by_trial`.
pub fn compare_with_trials(scenario: &Scenario) -> Result<usize, ListingDifference> {
    compare(scenario, Game::legal_actions, Game::legal_actions_by_trial)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzzing::generate::scenario_from_bytes;
    use crate::fuzzing::reach::scenario_bytes;

    /// Scenarios of seed 1 compared in the test below (debug build: about a second each for
    /// the longest, the trial listing being the slow side).
    const SCENARIOS: u64 = 40;
    const BYTES: usize = 300;

    #[test]
    fn the_listing_equals_the_trial_listing_on_generated_scenarios() {
        let mut positions = 0;
        for i in 0..SCENARIOS {
            let s = scenario_from_bytes(&scenario_bytes(1, i, BYTES));
            match compare_with_trials(&s) {
                Ok(n) => positions += n,
                Err(d) => panic!("scenario {i} of seed 1: {d}\n{s:#?}"),
            }
        }
        // The scenarios go somewhere: far more positions than scenarios.
        assert!(positions > 10 * SCENARIOS as usize, "only {positions} positions compared");
    }

    /// The first scenario of seed 1 (at most `budget`) on which `mutant` differs from the trial
    /// listing.
    fn first_difference(mutant: impl Fn(&Game) -> Vec<Action> + Copy, budget: u64) -> Option<(u64, ListingDifference)> {
        (0..budget).find_map(|i| {
            let s = scenario_from_bytes(&scenario_bytes(1, i, BYTES));
            compare(&s, mutant, Game::legal_actions_by_trial).err().map(|d| (i, d))
        })
    }

    /// A mana-ability proof that wrongly refuses every choice of mana: its listing misses the
    /// activations that name a type, which every listed action being accepted can't show.
    fn refuses_mana_choices(g: &Game) -> Vec<Action> {
        let mut v = g.legal_actions();
        v.retain(|a| !matches!(a, Action::ActivateAbility { mana_choice: Some(_), .. }));
        v
    }

    /// A cost proof that wrongly finds "sacrifice this" unpayable.
    fn refuses_sacrifice_costs(g: &Game) -> Vec<Action> {
        let board = mtg_engine::layers::compute_all(g.state());
        let mut v = g.legal_actions();
        v.retain(|a| match a {
            Action::ActivateAbility { source, ability, .. } => !board
                .get(source)
                .and_then(|c| c.activated().get(*ability).map(|ab| ab.cost.sacrifice_self))
                .unwrap_or(false),
            _ => true,
        });
        v
    }

    /// The budget is a bound, not a target: the search stops at the first scenario that shows it
    /// (its index moves whenever the rules change what a generated game does, as stun counters
    /// keeping permanents tapped did).
    #[test]
    fn the_comparison_finds_a_listing_that_misses_mana_choices() {
        let (i, d) = first_difference(refuses_mana_choices, 200).expect("a generated mana ability with a choice");
        assert!(d.only_listed.is_empty(), "scenario {i}: {d}");
        assert!(d.only_by_trial.iter().all(|a| matches!(a, Action::ActivateAbility { mana_choice: Some(_), .. })), "scenario {i}: {d}");
    }

    /// Found at scenario 41 of seed 1 when written (Blood Pet's and Fires of Yavimaya's costs).
    #[test]
    fn the_comparison_finds_a_listing_that_misses_sacrifice_costs() {
        let (i, d) = first_difference(refuses_sacrifice_costs, 200).expect("a generated ability with a sacrifice cost");
        assert!(d.only_listed.is_empty() && !d.only_by_trial.is_empty(), "scenario {i}: {d}");
    }

    #[test]
    fn the_comparison_finds_a_reordered_listing() {
        let reversed = |g: &Game| {
            let mut v = g.legal_actions();
            v.reverse();
            v
        };
        let (_, d) = first_difference(reversed, 5).expect("a position with two legal actions");
        assert!(d.order_differs);
    }
}
