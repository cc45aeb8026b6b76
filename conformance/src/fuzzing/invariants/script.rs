//! Playing a script against a [`RulesGame`] and checking the invariants after every step: the
//! loop the property tests, the fuzz targets and `regress` share.

use mtg_engine::layers::compute_all;
use mtg_engine::{Action, GameSetup, Rejection};

use super::{Broken, Checker, Invariant, RulesGame, Selection, Transition, Violation};
use crate::fuzzing::generate::{Attempt, Pick, Scenario, WildAction};

/// One move of a script: a generated pick, or an exact action (hand-written witnesses).
#[derive(Clone, Debug, PartialEq)]
pub enum Move {
    /// Take listed action `n mod len`.
    Legal(u16),
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
    let mut trace = Trace { setup: setup.clone(), steps: Vec::new() };
    let violation = play::<G>(setup, moves, selection, &mut trace).err();
    Run { trace, violation }
}

fn play<G: RulesGame>(setup: GameSetup, moves: &[Move], sel: &Selection, trace: &mut Trace) -> Result<(), Violation> {
    let mut game = match G::new_game(setup.clone()) {
        Ok(g) => g,
        Err(e) => return Err(Broken { invariant: Invariant::SetupBuilds, detail: e.to_string() }.at(None)),
    };
    let mut checker = Checker::new(sel.clone());
    let mut board = compute_all(game.state());
    checker.position(&game, &board).map_err(|b| b.at(None))?;
    for (i, m) in moves.iter().enumerate() {
        if game.state().is_over() {
            break;
        }
        let at = Some(i);
        let (action, listed) = match m {
            Move::Legal(n) => {
                let legal = game.legal_actions();
                checker.listed(&game, &board, &legal).map_err(|b| b.at(at))?;
                match legal.get(usize::from(*n) % legal.len().max(1)) {
                    Some(a) => (a.clone(), true),
                    None => continue,
                }
            }
            Move::Attempt(a) => (a.to_action(game.state()), false),
            Move::Wild(w) => (w.to_action(), false),
            Move::Exact(a) => (a.clone(), false),
            Move::Pass => {
                let s = game.state();
                let player = s.priority.unwrap_or(s.active);
                (Action::PassPriority { player, answers: mtg_engine::Answers::default() }, false)
            }
        };
        let before = game.clone();
        let outcome = game.apply(action.clone());
        trace.steps.push(TraceStep { action: action.clone(), listed, rejection: outcome.as_ref().err().cloned() });
        if listed && sel.contains(Invariant::LegalActionsAccepted) {
            if let Err(r) = &outcome {
                return Err(Broken { invariant: Invariant::LegalActionsAccepted, detail: format!("listed {action:?} rejected: {r}") }.at(at));
            }
        }
        // A rejected action leaves the position as it was (checked by the transition), so the
        // position's invariants and characteristics carry over.
        let after_board = if outcome.is_ok() { compute_all(game.state()) } else { board.clone() };
        let t = Transition {
            before: &before,
            before_board: &board,
            action: &action,
            outcome: &outcome,
            after: &game,
            after_board: &after_board,
        };
        checker.transition(&t).map_err(|b| b.at(at))?;
        if outcome.is_ok() {
            checker.position(&game, &after_board).map_err(|b| b.at(at))?;
        }
        board = after_board;
    }
    if sel.contains(Invariant::Deterministic) {
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
    let breaks = |s: &Scenario| check::<G>(s, selection).err().filter(|v| v.invariant == target);
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
        let keep = |candidate: Scenario, best: &mut Scenario| {
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
            if keep(c, &mut best) {
                improved = true;
            } else {
                i += 1;
            }
        }
        let mut i = 0;
        while i < best.board.objects.len() {
            let mut c = best.clone();
            c.board.objects.remove(i);
            if keep(c, &mut best) {
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
                improved |= keep(c, &mut best);
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
            improved |= keep(c, &mut best);
        }
        for p in 0..2 {
            for t in 0..6 {
                let mut c = best.clone();
                c.board.pools[p][t] = 0;
                improved |= keep(c, &mut best);
            }
        }
        if !improved {
            break;
        }
    }
    best
}
