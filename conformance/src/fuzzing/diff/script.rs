//! A generated scenario written down as a case in the corpus format: the repaired board as
//! `setup` (every card with a ref), the actions the generator picked with every choice spelled
//! out, and after the setup and after every action an observation of every card, both players,
//! the stack and each battlefield (what the two engines are compared on).
//!
//! The script is chosen by playing the scenario on the reference engine exactly as the reference
//! adapter will replay the case (same card order, triggers put on the stack after each action in
//! the default order, a step undone whole when they can't be), so the case it yields is one the
//! reference runs as generated. Picks that can't be written as a corpus step (a raw object id
//! that names nothing, a pass with answers, a token as source) are dropped.

use std::collections::BTreeMap;

use mtg_engine::{Action as EngineAction, Answers, CardId, Game, GameSetup, ObjectId, PlayerId, Target as EngineTarget, ZoneKind};

use crate::corpus::case::{
    Action, Case, CardEntry, Expect, Expected, Mana, PerPlayer, Permanent, Player, Setup, Step, Target, TurnStep, Verb, Zone, ZoneQuery,
};
use crate::fuzzing::generate::{Pick, Scenario};

/// At most this many actions in a generated script (each is followed by a dozen observations).
pub const MAX_ACTIONS: usize = 24;

/// A board and actions: what minimization shrinks; observations are derived from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    pub setup: Setup,
    pub actions: Vec<Action>,
}

/// Zones in the order the reference adapter builds a setup (after the battlefield).
const ZONE_ORDER: [ZoneKind; 5] = [ZoneKind::Library, ZoneKind::Hand, ZoneKind::Graveyard, ZoneKind::Exile, ZoneKind::Command];

fn player(p: PlayerId) -> Player {
    if p.0 == 0 {
        Player::Alice
    } else {
        Player::Bob
    }
}

fn slug(name: &str, i: usize) -> String {
    let s: String = name.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    format!("{}-{i}", s.split('-').filter(|w| !w.is_empty()).collect::<Vec<_>>().join("-"))
}

/// The generated setup with its cards in the order the reference adapter creates them
/// (battlefield, then library, hand, graveyard, exile, command, alice before bob), so card ids
/// and library order are the same in both games.
fn reorder(mut setup: GameSetup) -> GameSetup {
    let rank = |c: &mtg_engine::CardSetup| -> usize {
        if c.zone == ZoneKind::Battlefield {
            0
        } else {
            1 + 2 * ZONE_ORDER.iter().position(|z| *z == c.zone).unwrap_or(0) + usize::from(c.owner.0)
        }
    };
    // CR 304.4, 307.4: instants and sorceries can't be on the battlefield; the generator may
    // put them there, and an engine that refuses such a board is right to.
    let nonpermanent = |name: &str| {
        mtg_engine::cards::card_def(name)
            .is_some_and(|d| d.types.iter().any(|t| matches!(t, mtg_engine::types::CardType::Instant | mtg_engine::types::CardType::Sorcery)))
    };
    let moved: Vec<u32> = (0..setup.cards.len())
        .filter(|i| setup.cards[*i].zone == ZoneKind::Battlefield && nonpermanent(&setup.cards[*i].name))
        .map(|i| i as u32)
        .collect();
    for c in &mut setup.cards {
        if c.attached_to.is_some_and(|t| moved.contains(&t.0)) {
            c.attached_to = None;
        }
    }
    for i in &moved {
        if let Some(c) = setup.cards.get_mut(*i as usize) {
            c.zone = ZoneKind::Graveyard;
            c.controller = None;
            c.tapped = false;
            c.summoning_sick = false;
            c.attached_to = None;
        }
    }
    let mut order: Vec<usize> = (0..setup.cards.len()).collect();
    order.sort_by_key(|i| rank(&setup.cards[*i]));
    let new_of: BTreeMap<u32, u32> = order.iter().enumerate().map(|(new, old)| (*old as u32, new as u32)).collect();
    let old = std::mem::take(&mut setup.cards);
    setup.cards = order
        .iter()
        .filter_map(|i| old.get(*i).cloned())
        .map(|mut c| {
            c.attached_to = c.attached_to.and_then(|t| new_of.get(&t.0).map(|n| CardId(*n)));
            c
        })
        .collect();
    setup.priority_player = Some(setup.active_player);
    // TOML integers are i64: a seed above i64::MAX could not be written into a triage file.
    setup.seed &= i64::MAX as u64;
    setup
}

/// The corpus setup of an engine setup whose cards are in reference order; refs are
/// `<card-slug>-<index>`.
fn corpus_setup(s: &GameSetup) -> Result<(Setup, Vec<String>), String> {
    let refs: Vec<String> = s.cards.iter().enumerate().map(|(i, c)| slug(&c.name, i)).collect();
    let step = TurnStep::parse(s.step.name()).ok_or_else(|| format!("step {}", s.step.name()))?;
    let mut setup = Setup {
        active: player(s.active_player),
        step,
        priority: None,
        turn: s.turn_number,
        seed: s.seed,
        life: PerPlayer::default(),
        mana_pool: PerPlayer::default(),
        battlefield: Vec::new(),
        hand: PerPlayer::default(),
        library: PerPlayer::default(),
        graveyard: PerPlayer::default(),
        exile: PerPlayer::default(),
        command: PerPlayer::default(),
    };
    for (i, p) in s.players.iter().enumerate() {
        let who = player(PlayerId(i as u8));
        let pool = Mana::parse(&p.mana_pool.to_symbols()).map_err(|e| e.to_string())?;
        match who {
            Player::Alice => {
                setup.life.alice = Some(i64::from(p.life));
                setup.mana_pool.alice = (!pool.is_empty()).then_some(pool);
            }
            Player::Bob => {
                setup.life.bob = Some(i64::from(p.life));
                setup.mana_pool.bob = (!pool.is_empty()).then_some(pool);
            }
        }
    }
    for (i, c) in s.cards.iter().enumerate() {
        let mut counters: BTreeMap<String, u32> = c.counters.iter().filter(|(_, n)| **n > 0).map(|(k, n)| (k.clone(), *n)).collect();
        if c.zone == ZoneKind::Battlefield {
            // A battlefield planeswalker's loyalty counters are always written (the corpus format
            // requires it; lint enforces it): the count the engine's setup gave it, its printed
            // loyalty when the generator stated none (CR 306.5b), or 0 on purpose.
            if let Some(l) = loyalty_to_write(c) {
                counters.insert("loyalty".into(), l);
            }
            let controller = player(c.controller.unwrap_or(c.owner));
            setup.battlefield.push(Permanent {
                ref_name: Some(refs[i].clone()),
                card: c.name.clone(),
                owner_override: (player(c.owner) != controller).then_some(player(c.owner)),
                controller,
                tapped: c.tapped,
                sick: c.summoning_sick,
                counters,
                attached_to: c.attached_to.and_then(|t| refs.get(t.0 as usize).cloned()),
                commander: c.commander,
            });
            continue;
        }
        let table = match c.zone {
            ZoneKind::Library => &mut setup.library,
            ZoneKind::Hand => &mut setup.hand,
            ZoneKind::Graveyard => &mut setup.graveyard,
            ZoneKind::Exile => &mut setup.exile,
            ZoneKind::Command => &mut setup.command,
            _ => return Err(format!("a setup can't put a card in {}", c.zone.name())),
        };
        let slot = match player(c.owner) {
            Player::Alice => &mut table.alice,
            Player::Bob => &mut table.bob,
        };
        slot.get_or_insert_with(Vec::new).push(CardEntry { ref_name: Some(refs[i].clone()), card: c.name.clone(), counters, commander: c.commander });
    }
    Ok((setup, refs))
}

/// The loyalty counters a battlefield planeswalker of an engine setup has (CR 306.5b as the
/// engine's setup applies it), `None` for anything else.
fn loyalty_to_write(c: &mtg_engine::CardSetup) -> Option<u32> {
    let def = mtg_engine::cards::card_def(&c.name)?;
    if !def.types.contains(&mtg_engine::types::CardType::Planeswalker) {
        return None;
    }
    let printed = def.loyalty.and_then(|l| u32::try_from(l).ok()).filter(|l| *l > 0);
    Some(c.counters.get("loyalty").copied().or(printed).unwrap_or(0))
}

/// An action with only a verb and a player.
pub fn action(verb: Verb, by: Option<Player>) -> Action {
    Action {
        verb,
        by,
        x: None,
        targets: Vec::new(),
        mana: None,
        pay: None,
        order: Vec::new(),
        choose: None,
        expect_illegal: None,
        triggers: BTreeMap::new(),
        trigger_order: Vec::new(),
    }
}

/// The corpus form of an engine action, if every object it names is a card with a ref.
fn to_corpus(game: &Game, refs: &[String], a: &EngineAction) -> Option<Action> {
    let r = |o: &ObjectId| -> Option<String> { game.card_of_object(*o).and_then(|c| refs.get(c.0 as usize).cloned()) };
    let targets = |ts: &[EngineTarget]| -> Option<Vec<Target>> {
        ts.iter()
            .map(|t| match t {
                EngineTarget::Player(p) => Some(Target::Player(player(*p))),
                EngineTarget::Object(o) => r(o).map(Target::Object),
            })
            .collect()
    };
    let by = Some(player(a.player()));
    Some(match a {
        EngineAction::PassPriority { answers, .. } => {
            if *answers != Answers::default() {
                return None;
            }
            if game.state().combat.awaiting_declaration {
                // The reference reads a pass while attackers are due as declaring none; the
                // corpus says so with an empty `attack` (the turn-based action of CR 508.1), which
                // every engine reads the same way, not with a pass of priority.
                return Some(action(Verb::Attack { attackers: Vec::new() }, by));
            }
            action(Verb::Pass, by)
        }
        EngineAction::PlayLand { card, pay, .. } => {
            let mut a = action(Verb::PlayLand { card: r(card)? }, by);
            if pay.is_some() {
                a.choose = Some(crate::corpus::case::Choice { pay: *pay, ..Default::default() });
            }
            a
        }
        EngineAction::CastSpell { card, x, targets: ts, payment, kicked, modes, splice, costs, .. } => {
            if payment.is_some() {
                return None;
            }
            let mut a = action(Verb::Cast { card: r(card)? }, by);
            a.x = *x;
            a.targets = targets(ts)?;
            if !kicked.is_empty() || !modes.is_empty() || !splice.is_empty() {
                let modes = modes.iter().map(|m| u32::try_from(*m).ok()?.checked_add(1)).collect::<Option<Vec<u32>>>()?;
                a.choose = Some(crate::corpus::case::Choice {
                    kicked: if kicked.is_empty() {
                        None
                    } else {
                        Some(crate::corpus::case::Kicked::Costs(
                            kicked.iter().map(|k| u32::try_from(*k).ok()?.checked_add(1)).collect::<Option<Vec<u32>>>()?,
                        ))
                    },
                    modes: (!modes.is_empty()).then_some(modes),
                    splice: if splice.is_empty() { None } else { Some(splice.iter().map(r).collect::<Option<Vec<String>>>()?) },
                    ..crate::corpus::case::Choice::default()
                });
            }
            if !costs.convoke.is_empty() {
                use crate::corpus::case::ConvokePays;
                // CR 702.51a: each creature tapped for convoke, with what it pays.
                let mut taps = std::collections::BTreeMap::new();
                for (id, pays) in &costs.convoke {
                    let p = match pays {
                        None => ConvokePays::Generic,
                        Some(mtg_engine::ManaType::White) => ConvokePays::W,
                        Some(mtg_engine::ManaType::Blue) => ConvokePays::U,
                        Some(mtg_engine::ManaType::Black) => ConvokePays::B,
                        Some(mtg_engine::ManaType::Red) => ConvokePays::R,
                        Some(mtg_engine::ManaType::Green) => ConvokePays::G,
                        Some(mtg_engine::ManaType::Colorless) => return None,
                    };
                    taps.insert(r(id)?, p);
                }
                a.choose.get_or_insert_with(Default::default).convoke = Some(taps);
            }
            if !costs.reveal.is_empty() {
                a.choose.get_or_insert_with(Default::default).reveal = Some(costs.reveal.iter().map(r).collect::<Option<Vec<String>>>()?);
            }
            if costs.additional_cost {
                a.choose.get_or_insert_with(Default::default).pay = Some(true);
            }
            if !costs.waterbend.is_empty() {
                a.choose.get_or_insert_with(Default::default).waterbend = Some(costs.waterbend.iter().map(r).collect::<Option<_>>()?);
            }
            a
        }
        EngineAction::ActivateAbility { source, ability, x, targets: ts, mana_choice, payment, replacement_order, tap, .. } => {
            if payment.is_some() {
                return None;
            }
            let n = u32::try_from(*ability).ok()?.checked_add(1)?;
            let mut a = action(Verb::Activate { source: r(source)?, ability: n }, by);
            a.x = *x;
            a.targets = targets(ts)?;
            a.mana = match mana_choice {
                Some(t) => Some(Mana::parse(&format!("{{{}}}", t.symbol())).ok()?),
                None => None,
            };
            a.order = replacement_order.iter().map(r).collect::<Option<_>>()?;
            if !tap.is_empty() {
                a.choose = Some(crate::corpus::case::Choice {
                    tap: Some(tap.iter().map(r).collect::<Option<_>>()?),
                    ..crate::corpus::case::Choice::default()
                });
            }
            a
        }
        EngineAction::DeclareAttackers { attackers, .. } => {
            action(Verb::Attack { attackers: attackers.iter().map(r).collect::<Option<_>>()? }, by)
        }
        EngineAction::DeclareBlockers { blocks, .. } => {
            let mut blockers: std::collections::BTreeMap<String, Vec<String>> = Default::default();
            for (b, a) in blocks {
                blockers.entry(r(b)?).or_default().push(r(a)?);
            }
            action(Verb::Block { blockers }, by)
        }
        EngineAction::PutTriggers { .. } => return None,
    })
}

/// Applies `a` as the reference adapter does: then puts waiting triggers on the stack in the
/// default order; the whole step is undone if any of it is rejected. Returns whether it was taken.
fn apply_step(game: &mut Game, a: EngineAction) -> bool {
    let before = game.state().clone();
    if game.apply(a).is_err() {
        return false;
    }
    for _ in 0..64 {
        let pending = game.pending_triggers();
        let Some(p) = pending.first().map(|t| t.controller) else { return true };
        let order = pending.iter().map(|t| t.id).collect();
        if game.apply(EngineAction::PutTriggers { player: p, order, targets: Vec::new() }).is_err() {
            break;
        }
    }
    *game = Game::from_state(before);
    false
}

/// The script a scenario stands for: its board and the picks that can be written down.
pub fn script(scenario: &Scenario) -> Result<Script, String> {
    let setup = reorder(scenario.board.to_setup());
    let (corpus, refs) = corpus_setup(&setup)?;
    let mut game = Game::new(setup).map_err(|e| e.to_string())?;
    let mut actions = Vec::new();
    for pick in &scenario.picks {
        if actions.len() >= MAX_ACTIONS || game.is_over() {
            break;
        }
        let a = match pick {
            Pick::Legal(n) => {
                let legal = game.legal_actions();
                match crate::fuzzing::generate::listed_choice(&legal, *n) {
                    Some(a) => a.clone(),
                    None => continue,
                }
            }
            Pick::Advance(n) => match advance(&game, *n) {
                Some(a) => a,
                None => continue,
            },
            Pick::Attempt(at) => at.to_action(game.state()),
            Pick::Wild(w) => w.to_action(),
        };
        let Some(step) = to_corpus(&game, &refs, &a) else { continue };
        apply_step(&mut game, a);
        actions.push(step);
    }
    Ok(Script { setup: corpus, actions })
}

/// What `Pick::Advance(n)` does, as the invariants' player reads it: while something resolves,
/// half the time one of the listed passes (with answers); else a plain pass when the game waits
/// for no decision and the pass is listed; else listed action `n mod len`.
fn advance(game: &Game, n: u8) -> Option<EngineAction> {
    let s = game.state();
    let legal = game.legal_actions();
    let passes: Vec<&EngineAction> = legal.iter().filter(|a| matches!(a, EngineAction::PassPriority { .. })).collect();
    if !s.stack.is_empty() && n % 2 == 0 && s.trigger_wait.is_none() && !s.combat.awaiting_declaration && !passes.is_empty() {
        return Some(passes[usize::from(n / 2) % passes.len()].clone());
    }
    let decision = s.trigger_wait.is_some() || s.combat.awaiting_declaration || s.priority.is_none();
    if !decision {
        let player = s.priority.unwrap_or(s.active);
        let plain = EngineAction::PassPriority { player, answers: mtg_engine::Answers::default() };
        if legal.contains(&plain) {
            return Some(plain);
        }
    }
    legal.get(usize::from(n) % legal.len().max(1)).cloned()
}

/// The refs of every card of a setup, in setup order.
pub fn refs(setup: &Setup) -> Vec<String> {
    setup.entries().into_iter().filter_map(|(_, _, r, _)| r.map(str::to_string)).collect()
}

/// One round of observations: every card, both players, the stack, each player's battlefield
/// (a zone query must name `names` or `count`; `count >= 0` asks for nothing but the objects).
fn observations(refs: &[String]) -> Vec<Step> {
    let mut out: Vec<Step> = refs.iter().map(|r| Step::Expect(Expect::Object { object: r.clone(), checks: Vec::new() })).collect();
    for p in Player::ALL {
        out.push(Step::Expect(Expect::Player { player: *p, checks: Vec::new() }));
    }
    out.push(Step::Expect(Expect::Stack { items: Vec::new() }));
    for p in Player::ALL {
        out.push(Step::Expect(Expect::Zone(ZoneQuery { zone: Zone::Battlefield, owner: None, controller: Some(*p), names: None, count: Some(Expected::AtLeast(0)) })));
    }
    out
}

impl Script {
    /// The case: observations after the setup and after every action, up to the action that
    /// ends the game on the reference. After it nothing is observed and no action follows: a
    /// two-player game is over as a player loses (CR 104.2a), the rules say nothing more of its
    /// board, and engines tidy it up differently (phase.rs exiles the loser's objects, as
    /// CR 800.4a does in a multiplayer game). Minimization can move that point, so it is found
    /// again for every script.
    pub fn to_case(&self, id: &str) -> Case {
        let refs = refs(&self.setup);
        let obs = observations(&refs);
        let case = |steps: Vec<Step>| Case {
            id: id.to_string(),
            title: "Generated by mtg-conformance diff".into(),
            covers: Vec::new(),
            features: Vec::new(),
            note: None,
            setup: self.setup.clone(),
            steps,
        };
        let over = crate::run::reference::actions_until_game_over(&case(self.actions.iter().cloned().map(Step::Action).collect()));
        let mut steps = obs.clone();
        for (i, a) in self.actions.iter().enumerate() {
            if over.is_some_and(|n| i >= n) {
                break;
            }
            steps.push(Step::Action(a.clone()));
            if over != Some(i + 1) {
                steps.extend(obs.iter().cloned());
            }
        }
        case(steps)
    }
}

#[cfg(test)]
mod tests {
    use mtg_engine::{ManaPool, PlayerSetup, Step};

    use super::*;

    /// Alice's turn 3 at `step`, Alice and Bob at 20 life with empty pools, and `cards`.
    fn two_players(step: Step, cards: Vec<mtg_engine::CardSetup>) -> GameSetup {
        let player = |name: &str| PlayerSetup { name: name.into(), life: 20, mana_pool: ManaPool::default() };
        GameSetup {
            seed: 1,
            players: vec![player("alice"), player("bob")],
            active_player: PlayerId(0),
            priority_player: None,
            step,
            turn_number: 3,
            cards,
        }
    }

    /// A planeswalker the generator put on the battlefield without loyalty counters had its
    /// printed loyalty in the engine's setup (CR 306.5b); the corpus setup must say so, or an
    /// engine reading the case gives it none (phase.rs did: D14 in its REPORT).
    #[test]
    fn a_battlefield_planeswalker_has_its_loyalty_written() {
        let mut with_zero = mtg_engine::CardSetup::new("Tevesh Szat, Doom of Fools", PlayerId(1), ZoneKind::Battlefield);
        with_zero.counters.insert("loyalty".into(), 0);
        let setup = two_players(
            Step::PrecombatMain,
            vec![
                mtg_engine::CardSetup::new("Tevesh Szat, Doom of Fools", PlayerId(0), ZoneKind::Battlefield),
                with_zero,
                mtg_engine::CardSetup::new("Tevesh Szat, Doom of Fools", PlayerId(0), ZoneKind::Hand),
                mtg_engine::CardSetup::new("Grizzly Bears", PlayerId(0), ZoneKind::Battlefield),
            ],
        );
        let (corpus, _) = corpus_setup(&setup).expect("a corpus setup");
        let loyalty: Vec<Option<u32>> = corpus.battlefield.iter().map(|p| p.counters.get("loyalty").copied()).collect();
        assert_eq!(loyalty, vec![Some(4), Some(0), None]);
        let in_hand = corpus.hand.alice.as_ref().and_then(|h| h.first()).expect("the card in hand");
        assert!(in_hand.counters.is_empty());
    }

    /// A pass while attackers are due is the reference's reading of "declare none"; written down
    /// it must be the corpus's empty declaration, which other engines read the same way.
    #[test]
    fn a_pass_that_declares_no_attackers_is_written_as_an_empty_attack() {
        let mut game = Game::new(two_players(Step::BeginningOfCombat, vec![])).expect("a board");
        let pass = |p: u8| EngineAction::PassPriority { player: PlayerId(p), answers: Answers::default() };
        // Outside the declaration, a pass is a pass.
        assert_eq!(to_corpus(&game, &[], &pass(0)).map(|a| a.verb), Some(Verb::Pass));
        game.apply(pass(0)).expect("alice passes");
        game.apply(pass(1)).expect("bob passes");
        assert!(game.state().combat.awaiting_declaration);
        let written = to_corpus(&game, &[], &pass(0)).expect("written down");
        assert_eq!(written.verb, Verb::Attack { attackers: vec![] });
        assert_eq!(written.by, Some(Player::Alice));
    }
}
