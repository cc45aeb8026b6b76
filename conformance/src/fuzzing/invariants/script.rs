//! Playing a script against a [`RulesGame`] and checking the invariants after every step: the
//! loop the property tests, the fuzz targets and `regress` share.

use std::sync::Arc;

use mtg_engine::layers::{board_of, Board};
use mtg_engine::{Action, GameSetup, Rejection};

use super::{Broken, Checker, Invariant, RulesGame, Selection, Transition, Violation};
use crate::fuzzing::reach::Reach;
use crate::fuzzing::generate::{listed_choice, with_replacement_order, Attempt, Pick, Scenario, WildAction};

/// One move of a script: a generated pick, or an exact action (hand-written witnesses).
#[derive(Clone, Debug, PartialEq)]
// `Exact` (an `Action`, which grew with `Answers::creature_type`) is as large as it was within a
// few words; boxing it would allocate for every move of the hand-written witnesses.
#[allow(clippy::large_enum_variant)]
pub enum Move {
    /// Take a listed action (`generate::listed_choice`).
    Legal(u16),
    /// Pass, or take listed action `n mod len` when a pass can't be made (see `Pick::Advance`).
    Advance(u8),
    Attempt(Attempt),
    Wild(WildAction),
    Exact(Action),
    /// The player with priority passes (hand-written witnesses).
    Pass,
}

impl From<&Pick> for Move {
    fn from(p: &Pick) -> Move {
        match p {
            Pick::Legal(n) => Move::Legal(*n),
            Pick::Advance(n) => Move::Advance(*n),
            Pick::Attempt(a) => Move::Attempt(a.clone()),
            Pick::Wild(w) => Move::Wild(w.clone()),
        }
    }
}

/// One action taken, and the engine's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceStep {
    pub action: Action,
    /// Whether it came from `legal_actions` (then it must be accepted).
    pub listed: bool,
    pub rejection: Option<Rejection>,
}

/// The setup and every action taken, up to and including the one after which a violation was
/// found: enough to replay the game and to write it down as a corpus case.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub setup: GameSetup,
    pub steps: Vec<TraceStep>,
}

/// A played script: its trace, and the first violation if any.
#[derive(Clone, Debug)]
pub struct Run {
    pub trace: Trace,
    pub violation: Option<Violation>,
}

/// Plays `scenario` and checks the selected invariants after every step.
pub fn check<G: RulesGame>(scenario: &Scenario, selection: &Selection) -> Result<Trace, Violation> {
    let moves: Vec<Move> = scenario.picks.iter().map(Move::from).collect();
    let r = run::<G>(scenario.board.to_setup(), &moves, selection);
    match r.violation {
        Some(v) => Err(v),
        None => Ok(r.trace),
    }
}

/// Plays `moves` from `setup`, checking the selected invariants at the start, after every step
/// and, at the end, that replaying the same actions gives the same game.
pub fn run<G: RulesGame>(setup: GameSetup, moves: &[Move], selection: &Selection) -> Run {
    run_counting::<G>(setup, moves, selection, &mut Reach::default())
}

/// [`run`], counting in `reach` how often each invariant was checked and armed, and the
/// deepest states reached (see [`crate::fuzzing::reach`]).
pub fn run_counting<G: RulesGame>(setup: GameSetup, moves: &[Move], selection: &Selection, reach: &mut Reach) -> Run {
    let mut trace = Trace { setup: setup.clone(), steps: Vec::new() };
    let mut checker = Checker::new(selection.clone());
    let violation = play::<G>(setup, moves, &mut checker, &mut trace).err();
    reach.scenarios = reach.scenarios.saturating_add(1);
    checker.reach.with = crate::fuzzing::reach::Features::of(&checker.reach);
    reach.merge(&checker.reach);
    Run { trace, violation }
}

/// One action of a script, checked: the transition, then (if accepted) the new position.
struct Player<'c, G> {
    game: G,
    /// The board of the current position: the one the engine keeps with its state
    /// (`layers::board_of`), so the invariants and the engine's next question share one
    /// computation. That it equals a fresh one is the save/load class's check (`round-trip`).
    board: Arc<Board>,
    checker: &'c mut Checker,
}

impl<G: RulesGame> Player<'_, G> {
    fn step(&mut self, action: Action, listed: bool, at: Option<usize>, trace: &mut Trace) -> Result<bool, Violation> {
        let before = self.game.clone();
        let outcome = self.game.apply(action.clone());
        trace.steps.push(TraceStep { action: action.clone(), listed, rejection: outcome.as_ref().err().cloned() });
        if listed {
            self.checker.count(Invariant::LegalActionsAccepted, true);
            if self.checker.on(Invariant::LegalActionsAccepted) {
                if let Err(r) = &outcome {
                    return Err(Broken { invariant: Invariant::LegalActionsAccepted, detail: format!("listed {action:?} rejected: {r}") }.at(at));
                }
            }
        }
        // A rejected action leaves the position as it was (checked by the transition), so the
        // position's invariants and characteristics carry over.
        let after_board = if outcome.is_ok() { board_of(self.game.state()) } else { Arc::clone(&self.board) };
        let t = Transition {
            before: &before,
            before_board: &self.board,
            action: &action,
            outcome: &outcome,
            after: &self.game,
            after_board: &after_board,
        };
        self.checker.transition(&t).map_err(|b| b.at(at))?;
        let accepted = outcome.is_ok();
        if accepted && names_replacement_order(&action) {
            self.checker.reach.replacement_orders += 1;
        }
        if accepted {
            self.checker.position(&self.game, &after_board).map_err(|b| b.at(at))?;
        }
        self.board = after_board;
        Ok(accepted)
    }

    /// The listed action `choose` picks, after checking the list; with `order`, a pick's byte
    /// that may give it a replacement order (`generate::with_replacement_order`), which makes it
    /// an unlisted attempt.
    fn listed(&mut self, choose: impl FnOnce(&[Action]) -> Option<&Action>, order: Option<u16>, at: Option<usize>, trace: &mut Trace) -> Result<(), Violation> {
        let legal = self.game.legal_actions();
        self.checker.listed(&self.game, &self.board, &legal).map_err(|b| b.at(at))?;
        if let Some(a) = choose(&legal).cloned() {
            match order.and_then(|n| with_replacement_order(&a, self.game.state(), n)) {
                Some(ordered) => self.step(ordered, false, at, trace)?,
                None => self.step(a, true, at, trace)?,
            };
        }
        Ok(())
    }
}

/// Whether `action` orders the replacement effects of its event itself (CR 616.1).
fn names_replacement_order(action: &Action) -> bool {
    match action {
        Action::ActivateAbility { replacement_order, .. } => !replacement_order.is_empty(),
        Action::PassPriority { answers, .. } => !answers.replacement_order.is_empty(),
        _ => false,
    }
}

fn play<G: RulesGame>(setup: GameSetup, moves: &[Move], checker: &mut Checker, trace: &mut Trace) -> Result<(), Violation> {
    checker.count(Invariant::SetupBuilds, true);
    let game = match G::new_game(setup.clone()) {
        Ok(g) => g,
        Err(e) => return Err(Broken { invariant: Invariant::SetupBuilds, detail: e.to_string() }.at(None)),
    };
    let board = board_of(game.state());
    let first_turn = game.state().turn;
    let mut p = Player { game, board, checker };
    p.checker.position(&p.game, &p.board).map_err(|b| b.at(None))?;
    for (i, m) in moves.iter().enumerate() {
        let turns = p.game.state().turn.saturating_sub(first_turn).saturating_add(1);
        p.checker.reach.max_turns = p.checker.reach.max_turns.max(turns);
        if p.game.state().is_over() {
            break;
        }
        let at = Some(i);
        match m {
            Move::Legal(n) => p.listed(|l| listed_choice(l, *n), Some(*n), at, trace)?,
            Move::Advance(n) => {
                let s = p.game.state();
                // While something resolves, half the passes carry answers (a "you may", what to
                // copy, ...): the listed passes, chosen by `n`.
                if !s.stack.is_empty() && n % 2 == 0 && s.trigger_wait.is_none() && !s.combat.awaiting_declaration {
                    let legal = p.game.legal_actions();
                    p.checker.listed(&p.game, &p.board, &legal).map_err(|b| b.at(at))?;
                    let passes: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::PassPriority { .. })).collect();
                    if let Some(a) = passes.get(usize::from(n / 2) % passes.len().max(1)) {
                        let a = (*a).clone();
                        p.step(a, true, at, trace)?;
                        continue;
                    }
                }
                let s = p.game.state();
                // A declaration of blockers is a decision too (CR 509.1): passing would always
                // declare none, and generated combats would hardly ever have blockers.
                let decision = s.trigger_wait.is_some()
                    || s.combat.awaiting_declaration
                    || s.combat.awaiting_blocks
                    || s.priority.is_none();
                let accepted = !decision && {
                    let player = s.priority.unwrap_or(s.active);
                    p.step(Action::PassPriority { player, answers: mtg_engine::Answers::default() }, false, at, trace)?
                };
                if !accepted {
                    p.listed(|l| l.get(usize::from(*n) % l.len().max(1)), None, at, trace)?;
                }
            }
            Move::Attempt(a) => {
                let action = a.to_action(p.game.state());
                p.step(action, false, at, trace)?;
            }
            Move::Wild(w) => {
                p.step(w.to_action(), false, at, trace)?;
            }
            Move::Exact(a) => {
                p.step(a.clone(), false, at, trace)?;
            }
            Move::Pass => {
                let s = p.game.state();
                let player = s.priority.unwrap_or(s.active);
                p.step(Action::PassPriority { player, answers: mtg_engine::Answers::default() }, false, at, trace)?;
            }
        }
    }
    let turns = p.game.state().turn.saturating_sub(first_turn).saturating_add(1);
    p.checker.reach.max_turns = p.checker.reach.max_turns.max(turns);
    let game = p.game;
    if checker.on(Invariant::Deterministic) {
        checker.count(Invariant::Deterministic, !trace.steps.is_empty());
        deterministic::<G>(setup, trace, &game).map_err(|b| b.at(None))?;
    }
    Ok(())
}

/// The same setup (seed included) and the same actions give the same answers and the same game.
fn deterministic<G: RulesGame>(setup: GameSetup, trace: &Trace, game: &G) -> Result<(), Broken> {
    let broken = |d: String| Err(Broken { invariant: Invariant::Deterministic, detail: d });
    let Ok(mut again) = G::new_game(setup) else { return broken("the same setup failed the second time".into()) };
    for (i, s) in trace.steps.iter().enumerate() {
        let r = again.apply(s.action.clone()).err();
        if r != s.rejection {
            return broken(format!("step {i}: {:?} answered {:?} the first time and {r:?} the second", s.action, s.rejection));
        }
    }
    if again.state() != game.state() {
        return broken("replaying the same actions from the same setup gave a different game".into());
    }
    Ok(())
}

/// Rounds of [`minimize`]; each round tries every removal and simplification once.
const MINIMIZE_ROUNDS: usize = 8;

/// A smaller scenario that still breaks `target` on `G` (the scenario itself if it doesn't):
/// the script cut after the violation, then picks and objects removed and objects simplified
/// one at a time while the violation stays — structural shrinking on top of the byte shrinking
/// of proptest and `cargo fuzz tmin`, which can't remove an object without shifting everything
/// decoded after it.
pub fn minimize<G: RulesGame>(scenario: &Scenario, selection: &Selection, target: Invariant) -> Scenario {
    minimize_keeping::<G>(scenario, selection, target, |_| true)
}

/// `minimize`, keeping only scenarios that `keep` also accepts (e.g. ones a case can express).
pub fn minimize_keeping<G: RulesGame>(scenario: &Scenario, selection: &Selection, target: Invariant, keep: impl Fn(&Scenario) -> bool) -> Scenario {
    let breaks = |s: &Scenario| check::<G>(s, selection).err().filter(|v| v.invariant == target && keep(s));
    let mut best = scenario.clone();
    let Some(v) = breaks(&best) else { return best };
    if let Some(p) = v.pick {
        best.picks.truncate(p.saturating_add(1));
    }
    let simplifications: [fn(&mut crate::fuzzing::generate::ObjectRecipe); 6] = [
        |o| o.counters.clear(),
        |o| o.attached_to = None,
        |o| o.commander = false,
        |o| o.sick = false,
        |o| o.tapped = false,
        |o| o.bob_controls = o.bob_owns,
    ];
    for _ in 0..MINIMIZE_ROUNDS {
        let mut improved = false;
        let take = |candidate: Scenario, best: &mut Scenario| {
            if candidate != *best && breaks(&candidate).is_some() {
                *best = candidate;
                true
            } else {
                false
            }
        };
        let mut i = 0;
        while i < best.picks.len() {
            let mut c = best.clone();
            c.picks.remove(i);
            if take(c, &mut best) {
                improved = true;
            } else {
                i += 1;
            }
        }
        let mut i = 0;
        while i < best.board.objects.len() {
            let mut c = best.clone();
            c.board.objects.remove(i);
            if take(c, &mut best) {
                improved = true;
            } else {
                i += 1;
            }
        }
        for i in 0..best.board.objects.len() {
            for simplify in simplifications {
                let mut c = best.clone();
                if let Some(o) = c.board.objects.get_mut(i) {
                    simplify(o);
                }
                improved |= take(c, &mut best);
            }
        }
        let board_simplifications: [fn(&mut crate::fuzzing::generate::BoardRecipe); 4] = [
            |b| b.pools = [[0; 6]; 2],
            |b| b.life = [20, 20],
            |b| b.seed = 0,
            |b| b.turn = 0,
        ];
        for simplify in board_simplifications {
            let mut c = best.clone();
            simplify(&mut c.board);
            improved |= take(c, &mut best);
        }
        for p in 0..2 {
            for t in 0..6 {
                let mut c = best.clone();
                c.board.pools[p][t] = 0;
                improved |= take(c, &mut best);
            }
        }
        if !improved {
            break;
        }
    }
    best
}
