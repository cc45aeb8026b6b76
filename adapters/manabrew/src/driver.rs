//! One case: the board is built directly in a `GameState`, then the engine's own turn structure
//! runs (priority rounds, stack resolution, combat) and asks its two `PlayerAgent`s for every
//! decision. Both agents read the case's steps from one shared script: an `expect` is observed
//! on the latest state the engine showed its agent, an action is answered as the engine's
//! decision, and each prompt on the way (targets, X, mana colour, payment) is answered from the
//! step's keys.
//!
//! Two facts about the engine shape this file:
//! - An action that is not among the offered ones is silently a pass, so every action is first
//!   checked against the engine's offered action space, and a rejection never reaches it.
//! - An offered action can still fail (a cost not paid, a target refused). The script then asks
//!   the driver to put back the state it had before the action (a clone of the game and the mana
//!   pools), so "rejected" always means "game unchanged".

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use forge_foundation::{PhaseType, ZoneType};
use manabrew_engine::agent::{PlayOption, PlayerAgent, PriorityActionSpace};
use manabrew_engine::card::counter_type::parse_counter_type;
use manabrew_engine::card::{Card, CounterType};
use manabrew_engine::combat::DefenderId;
use manabrew_engine::game::GameState;
use manabrew_engine::game_loop::GameLoop;
use manabrew_engine::ids::{CardId, PlayerId};
use manabrew_engine::mana::ManaPool;
use manabrew_engine::player::actions::{AbilityRef, PlayerAction};
use manabrew_engine::trigger::TriggerType;
use serde_json::{json, Value};

use crate::cards::CardPool;
use crate::observe;
use crate::seat::Seat;

pub const ALICE: PlayerId = PlayerId(0);
pub const BOB: PlayerId = PlayerId(1);

/// Bound of the turn-structure loop: a case that never finishes is stopped, not hung.
const MAX_STEPS_OF_TURN: usize = 60;

pub fn player_of(name: &str) -> Option<PlayerId> {
    match name {
        "alice" => Some(ALICE),
        "bob" => Some(BOB),
        _ => None,
    }
}

pub fn player_name(p: PlayerId) -> &'static str {
    if p == ALICE {
        "alice"
    } else {
        "bob"
    }
}

pub fn phase_of(step: &str) -> Option<PhaseType> {
    Some(match step {
        "untap" => PhaseType::Untap,
        "upkeep" => PhaseType::Upkeep,
        "draw" => PhaseType::Draw,
        "precombat_main" => PhaseType::Main1,
        "beginning_of_combat" => PhaseType::CombatBegin,
        "declare_attackers" => PhaseType::CombatDeclareAttackers,
        "declare_blockers" => PhaseType::CombatDeclareBlockers,
        "combat_damage" => PhaseType::CombatDamage,
        "end_of_combat" => PhaseType::CombatEnd,
        "postcombat_main" => PhaseType::Main2,
        "end" => PhaseType::EndOfTurn,
        "cleanup" => PhaseType::Cleanup,
        _ => return None,
    })
}

/// Mana symbol → the engine's mana atom.
pub fn atom_of(symbol: &str) -> Option<u16> {
    use forge_foundation::mana::ManaAtom;
    Some(match symbol {
        "W" => ManaAtom::WHITE,
        "U" => ManaAtom::BLUE,
        "B" => ManaAtom::BLACK,
        "R" => ManaAtom::RED,
        "G" => ManaAtom::GREEN,
        "C" => ManaAtom::COLORLESS,
        _ => return None,
    })
}

/// `"{G}{G}"` → `["G", "G"]`.
pub fn mana_symbols(s: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').ok_or_else(|| format!("bad mana string {s:?}"))? + open;
        out.push(rest[open + 1..close].to_string());
        rest = &rest[close + 1..];
    }
    Ok(out)
}

/// `MANABREW_ADAPTER_TRACE=1`: the engine's prompts on stderr, to see how a case was answered.
pub(crate) fn trace(message: &str) {
    if std::env::var_os("MANABREW_ADAPTER_TRACE").is_some() {
        eprintln!("[manabrew-adapter] {message}");
    }
}

fn skipped(reason: impl Into<String>) -> Value {
    json!({"status": "skipped", "reason": reason.into()})
}

fn errored(message: impl Into<String>) -> Value {
    json!({"status": "errored", "message": message.into()})
}

/// What this adapter can't map, decided before anything runs.
fn static_skip(pool: &CardPool, case: &Value) -> Result<(), String> {
    let setup = &case["setup"];
    let start = setup["step"].as_str().unwrap_or("");
    if !matches!(start, "upkeep" | "draw" | "precombat_main" | "beginning_of_combat" | "postcombat_main" | "end") {
        return Err(format!(
            "cases starting in the {start} step: the adapter enters the engine's turn structure \
             only at a step outside combat that has priority, or at the beginning of combat \
             (the engine runs its combat phase as one step)"
        ));
    }
    // The engine empties mana pools as each of its steps begins (its `set_phase`), and its
    // combat phase can only be entered from the start: a pool stated there would be lost.
    let pools = setup["mana_pool"].as_object();
    if start == "beginning_of_combat" && pools.is_some_and(|p| p.values().any(|m| m.as_str().is_some_and(|m| !m.is_empty()))) {
        return Err("a mana pool in the beginning of combat step: the engine empties pools as its \
                    combat phase begins, where the adapter has to enter it"
            .into());
    }
    for name in card_names(case) {
        let rules = pool.get(&name)?;
        // The engine's combat phase begins by firing "at the beginning of combat" triggers; a
        // case that starts in that step (already begun) can't have one.
        if start == "beginning_of_combat" && format!("{rules:?}").contains("Phase$ BeginCombat") {
            return Err(format!(
                "starts in the beginning of combat step with {name} on the board: the engine's \
                 combat phase would fire its trigger again"
            ));
        }
    }
    for step in case["step"].as_array().into_iter().flatten() {
        let Some(verb) = step.get("do").and_then(Value::as_str) else { continue };
        match verb {
            "activate" | "cast" | "play_land" | "pass" | "resolve" | "advance" => {}
            "attack" => {}
            other => return Err(format!("verb {other:?} is not mapped onto manabrew")),
        }
        if let Some(choose) = step.get("choose").and_then(Value::as_object) {
            for key in choose.keys() {
                match key.as_str() {
                    "may" | "mana" | "pay" | "keep" | "counter" | "copy" => {}
                    "random" => {
                        return Err("choose.random: manabrew draws random outcomes from its own \
                                    game RNG; no callback lets the adapter script one"
                            .into())
                    }
                    other => return Err(format!("choice {other:?} is not mapped onto manabrew")),
                }
            }
        }
        if step.get("trigger_order").is_some() {
            return Err("`trigger_order` is not mapped onto manabrew yet".into());
        }
    }
    Ok(())
}

fn card_names(case: &Value) -> Vec<String> {
    let mut names = Vec::new();
    let setup = &case["setup"];
    let mut add = |v: &Value| {
        if let Some(n) = v.get("card").and_then(Value::as_str) {
            names.push(n.to_string());
        }
    };
    for entry in setup["battlefield"].as_array().into_iter().flatten() {
        add(entry);
    }
    for zone in ["hand", "library", "graveyard", "exile", "command"] {
        if let Some(by_player) = setup[zone].as_object() {
            for list in by_player.values() {
                for entry in list.as_array().into_iter().flatten() {
                    add(entry);
                }
            }
        }
    }
    names
}

pub fn run_case(pool: &CardPool, case: &Value) -> Value {
    if let Err(why) = static_skip(pool, case) {
        return skipped(why);
    }
    let Some(steps) = case["step"].as_array() else {
        return errored("case without steps");
    };
    let (mut game, mut lp, refs) = match build(pool, &case["setup"]) {
        Ok(built) => built,
        Err(e) => return errored(format!("setup: {e}")),
    };
    let abort = Arc::new(AtomicBool::new(false));
    lp.set_provide_priority_action_space(false);
    lp.set_abort_signal(abort.clone());
    let script = Rc::new(RefCell::new(Script {
        steps: steps.clone(),
        next: 0,
        replies: Vec::new(),
        refs,
        view: None,
        mode: Mode::Idle,
        pending: None,
        failures: Vec::new(),
        colour_chosen: false,
        choices: Value::Null,
        targets: Vec::new(),
        order: Vec::new(),
        trigger_targets: serde_json::Map::new(),
        abort,
        restore: None,
        finished: false,
        first_priority: case["setup"]
            .get("priority")
            .and_then(Value::as_str)
            .and_then(player_of)
            .filter(|p| Some(*p) != player_of(case["setup"]["active"].as_str().unwrap_or("alice"))),
    }));
    let mut agents: Vec<Box<dyn PlayerAgent>> = vec![
        Box::new(Seat::new(script.clone())),
        Box::new(Seat::new(script.clone())),
    ];
    drive(&mut lp, &mut game, &mut agents, &script);

    // The engine stopped asking (the script ran out, the game ended, or the turn bound was hit):
    // the remaining observations see the final state; remaining actions could not be carried out.
    let mut s = script.borrow_mut();
    s.view = Some((game.clone(), lp.mana_pools.clone()));
    s.settle();
    if let Mode::Resolving(id) = s.mode {
        let done = !game.stack.iter().any(|e| e.id == id);
        s.finish_mode(done, "the engine stopped before the object resolved");
    } else if let Mode::Advancing { .. } = s.mode {
        s.finish_mode(false, "the engine stopped before that step began");
    }
    while s.next < s.steps.len() {
        let step = s.steps[s.next].clone();
        s.next += 1;
        if let Some(ex) = step.get("expect") {
            let obs = s.observe(ex);
            s.replies.push(obs);
        } else {
            s.replies.push(json!({"result": "failed",
                                  "message": "the engine stopped asking for decisions before this step"}));
        }
    }
    json!({"status": "ran", "steps": s.replies})
}

/// The board of `setup`, placed directly (no zone-change triggers), with the turn, step, life
/// totals and mana pools it names.
fn build(
    pool: &CardPool,
    setup: &Value,
) -> Result<(GameState, GameLoop, HashMap<String, CardId>), String> {
    let mut game = GameState::new(&["alice", "bob"], 20);
    let mut lp = GameLoop::new(2);
    let seed = setup["seed"].as_u64().unwrap_or(0);
    lp.game_rng = Box::new(SeededRng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1));
    let mut refs = HashMap::new();
    for (script, rules) in &pool.tokens {
        let mut token = Card::from_rules(rules, ALICE);
        token.is_token = true;
        lp.register_token(script.clone(), token);
    }
    let active = player_of(setup["active"].as_str().unwrap_or("alice")).ok_or("bad active")?;
    game.turn.active_player = active;
    game.turn.turn_number = setup["turn"].as_u64().unwrap_or(2) as u32;
    game.turn.phase = phase_of(setup["step"].as_str().unwrap_or("")).ok_or("bad step")?;
    game.turn.priority_player = setup
        .get("priority")
        .and_then(Value::as_str)
        .and_then(player_of)
        .unwrap_or(active);
    if let Some(life) = setup["life"].as_object() {
        for (who, n) in life {
            let p = player_of(who).ok_or("bad player")?;
            game.player_mut(p).life = n.as_i64().unwrap_or(20) as i32;
        }
    }
    if let Some(pools) = setup["mana_pool"].as_object() {
        for (who, mana) in pools {
            let p = player_of(who).ok_or("bad player")?;
            for sym in mana_symbols(mana.as_str().unwrap_or(""))? {
                let atom = atom_of(&sym).ok_or_else(|| format!("mana symbol {{{sym}}}"))?;
                lp.pool_mut(p).add(atom, 1);
            }
        }
    }
    let mut attachments = Vec::new();
    let mut place = |game: &mut GameState,
                     entry: &Value,
                     zone: ZoneType,
                     owner: PlayerId|
     -> Result<CardId, String> {
        let name = entry["card"].as_str().ok_or("entry without card")?;
        let rules = pool.get(name)?;
        let card = Card::from_rules(rules, owner);
        let id = game.create_card(card);
        game.move_card(id, zone, owner);
        if let Some(r) = entry.get("ref").and_then(Value::as_str) {
            refs.insert(r.to_string(), id);
        }
        // The setup states every counter: an "enters with counters" ability the move applied
        // (K:etbCounter) is not part of a board being described.
        game.card_mut(id).counters.clear();
        if let Some(counters) = entry.get("counters").and_then(Value::as_object) {
            for (kind, n) in counters {
                let n = n.as_i64().unwrap_or(0) as i32;
                game.card_mut(id).counters.insert(counter_type(kind), n);
            }
        }
        if entry.get("commander").and_then(Value::as_bool) == Some(true) {
            game.card_mut(id).is_commander = true;
        }
        Ok(id)
    };
    for entry in setup["battlefield"].as_array().into_iter().flatten() {
        let controller = player_of(entry["controller"].as_str().unwrap_or("")).ok_or("bad controller")?;
        let owner = entry
            .get("owner")
            .and_then(Value::as_str)
            .and_then(player_of)
            .unwrap_or(controller);
        let id = place(&mut game, entry, ZoneType::Battlefield, owner)?;
        if controller != owner {
            game.change_controller(id, controller);
        }
        let sick = entry.get("sick").and_then(Value::as_bool) == Some(true);
        let tapped = entry.get("tapped").and_then(Value::as_bool) == Some(true);
        let turn = game.turn.turn_number;
        let card = game.card_mut(id);
        card.tapped = tapped;
        card.summoning_sick = sick;
        card.came_under_control_since_last_upkeep = sick;
        card.entered_battlefield_this_turn = sick;
        card.turn_in_zone = if sick { turn } else { 0 };
        if let Some(to) = entry.get("attached_to").and_then(Value::as_str) {
            attachments.push((id, to.to_string()));
        }
    }
    for (zone_key, zone) in [
        ("hand", ZoneType::Hand),
        ("library", ZoneType::Library),
        ("graveyard", ZoneType::Graveyard),
        ("exile", ZoneType::Exile),
        ("command", ZoneType::Command),
    ] {
        if let Some(by_player) = setup[zone_key].as_object() {
            for (who, list) in by_player {
                let owner = player_of(who).ok_or("bad player")?;
                let mut ids = Vec::new();
                for entry in list.as_array().into_iter().flatten() {
                    ids.push(place(&mut game, entry, zone, owner)?);
                }
                if zone == ZoneType::Library {
                    // The case lists the top card first.
                    game.replace_zone_cards(zone, owner, ids.iter().rev().copied().collect());
                }
            }
        }
    }
    for (id, to) in attachments {
        let target = *refs.get(&to).ok_or_else(|| format!("attached_to unknown ref {to}"))?;
        game.attach_to(id, target);
    }
    manabrew_engine::staticability::layer::apply_continuous_effects(&mut game);
    lp.trigger_handler.reset_active_triggers(&game);
    Ok((game, lp, refs))
}

/// The case's `seed` drives every random outcome, so a run is repeatable (the engine's default is
/// the thread RNG). A 64-bit xorshift is enough: no case scripts the engine's draws.
struct SeededRng(u64);

impl manabrew_engine::game_rng::GameRng for SeededRng {
    fn shuffle_cards(&mut self, cards: &mut [CardId]) {
        for i in (1..cards.len()).rev() {
            let j = self.next_int(i as i32 + 1) as usize;
            cards.swap(i, j);
        }
    }

    fn next_int(&mut self, bound: i32) -> i32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        if bound <= 0 {
            0
        } else {
            (self.0 % bound as u64) as i32
        }
    }
}

pub fn counter_type(kind: &str) -> CounterType {
    parse_counter_type(kind)
}

/// The engine's turn structure from the case's starting step on, phase by phase through the
/// engine's public step functions; after a rejected action the state from before it is put back
/// and the same priority window opens again.
fn drive(
    lp: &mut GameLoop,
    game: &mut GameState,
    agents: &mut [Box<dyn PlayerAgent>],
    script: &Rc<RefCell<Script>>,
) {
    let mut phase = game.turn.phase;
    let mut entered = true; // the starting step has begun already (no "beginning of" triggers)
    for _ in 0..MAX_STEPS_OF_TURN {
        if script.borrow().finished {
            return;
        }
        // step_combat enters the beginning of combat step itself (and fires its triggers).
        if !entered && phase != PhaseType::CombatBegin {
            enter(lp, game, phase);
        }
        // The case's starting step has begun: its turn-based actions are done (CR 504.1: the
        // draw step's draw).
        let began_before = entered;
        entered = false;
        let next = match phase {
            PhaseType::Upkeep => {
                window(lp, game, agents, script, false);
                PhaseType::Draw
            }
            PhaseType::Draw => {
                if !began_before {
                    lp.step_draw(game, agents);
                }
                window(lp, game, agents, script, false);
                PhaseType::Main1
            }
            PhaseType::Main1 => {
                window(lp, game, agents, script, true);
                PhaseType::CombatBegin
            }
            PhaseType::CombatBegin => {
                // The engine runs the whole combat phase (its own steps and priority windows).
                lp.step_combat(game, agents);
                if take_restore(lp, game, script) {
                    return; // a restore inside combat can't re-enter the middle of combat
                }
                PhaseType::Main2
            }
            PhaseType::Main2 => {
                window(lp, game, agents, script, true);
                PhaseType::EndOfTurn
            }
            PhaseType::EndOfTurn => {
                window(lp, game, agents, script, false);
                PhaseType::Cleanup
            }
            PhaseType::Cleanup => {
                lp.step_cleanup(game, agents);
                // The next player's turn begins; untap step, then upkeep.
                game.stack.on_next_turn();
                game.reset_zone_turn_tracking();
                game.reset_card_turn_tracking();
                let next_player = game.next_player(game.active_player());
                game.turn.active_player = next_player;
                game.turn.turn_number += 1;
                game.new_turn_for_player(next_player);
                manabrew_engine::staticability::layer::apply_continuous_effects(game);
                lp.trigger_handler.reset_active_triggers(game);
                enter(lp, game, PhaseType::Untap);
                lp.step_untap(game, agents);
                PhaseType::Upkeep
            }
            other => {
                script.borrow_mut().fatal(&format!("the driver can't continue from {other:?}"));
                return;
            }
        };
        if game.game_over && !script.borrow().finished && script.borrow().restore.is_none() {
            return;
        }
        phase = next;
    }
}

/// A priority window, opened again after every restore.
fn window(
    lp: &mut GameLoop,
    game: &mut GameState,
    agents: &mut [Box<dyn PlayerAgent>],
    script: &Rc<RefCell<Script>>,
    main: bool,
) {
    for _ in 0..50 {
        lp.step_with_priority(game, agents, main);
        if !take_restore(lp, game, script) {
            return;
        }
    }
}

fn take_restore(lp: &mut GameLoop, game: &mut GameState, script: &Rc<RefCell<Script>>) -> bool {
    let mut s = script.borrow_mut();
    let Some((saved_game, saved_pools)) = s.restore.take() else { return false };
    *game = saved_game;
    lp.mana_pools = saved_pools;
    lp.trigger_handler.reset_active_triggers(game);
    game.game_over = false;
    s.abort.store(false, Ordering::Relaxed);
    true
}

fn enter(lp: &mut GameLoop, game: &mut GameState, phase: PhaseType) {
    game.stack.clear_undo_stack();
    game.copy_last_state();
    for pool in lp.mana_pools.iter_mut() {
        pool.clear_pool(phase);
    }
    game.turn.phase = phase;
    let emits = !matches!(phase, PhaseType::Untap | PhaseType::Cleanup);
    if emits {
        let active = game.active_player();
        for mode in [TriggerType::Phase, TriggerType::Always] {
            lp.trigger_handler.run_trigger(
                mode,
                manabrew_engine::event::RunParams {
                    phase: Some(phase),
                    player: Some(active),
                    ..Default::default()
                },
                false,
            );
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) enum Mode {
    Idle,
    /// `resolve`: pass until the stack entry with this id is gone.
    Resolving(u32),
    /// `advance`: pass with an empty stack until this step (of this player's turn) begins.
    Advancing { to: PhaseType, turn: Option<PlayerId> },
}

/// An action handed to the engine; its outcome is read at the next decision.
pub(crate) struct Pending {
    before: (GameState, Vec<ManaPool>),
    /// The X the step announces, if any.
    x: Option<u64>,
    /// The mana the step spends from the pool (`pay`), if it says, and who acts.
    pay: Option<String>,
    player: PlayerId,
    before_json: String,
    kind: PendingKind,
}

#[derive(Clone)]
pub(crate) enum PendingKind {
    Cast(CardId),
    Land(CardId),
    Ability,
    Mana(Option<String>),
}

/// The case's steps, shared by both seats.
pub struct Script {
    pub(crate) steps: Vec<Value>,
    pub(crate) next: usize,
    pub(crate) replies: Vec<Value>,
    pub refs: HashMap<String, CardId>,
    /// The latest state the engine showed an agent (game, mana pools).
    pub(crate) view: Option<(GameState, Vec<ManaPool>)>,
    pub(crate) mode: Mode,
    pub(crate) pending: Option<Pending>,
    /// Failure notices the engine sent since the pending action was handed over, and the
    /// prompts the adapter could not answer as the step says (a choice the engine did not offer).
    pub(crate) failures: Vec<String>,
    /// The engine asked for a colour and got the step's `mana`: what the pool holds afterwards
    /// is then the engine's doing (a replacement effect may change it, CR 106.12b), not a
    /// sign that the choice was ignored.
    pub(crate) colour_chosen: bool,
    /// The `choose` table of the action or resolve in progress, and its step.
    pub(crate) choices: Value,
    /// Targets of the action in progress, not yet given.
    pub(crate) targets: Vec<Value>,
    /// `order`: card names of the replacement effects' sources, first to apply first.
    pub(crate) order: Vec<String>,
    /// `triggers`: targets of the triggered abilities the action causes, by source ref.
    pub(crate) trigger_targets: serde_json::Map<String, Value>,
    pub(crate) abort: Arc<AtomicBool>,
    pub(crate) restore: Option<(GameState, Vec<ManaPool>)>,
    pub(crate) finished: bool,
    /// `setup.priority` when it is not the active player: the players before it pass once
    /// (the engine opens every priority window with the active player).
    pub(crate) first_priority: Option<PlayerId>,
}

fn state_json(view: &(GameState, Vec<ManaPool>)) -> String {
    let pools: Vec<Vec<u16>> = view.1.iter().map(|p| p.mana_entries().iter().map(|m| m.color).collect()).collect();
    format!("{}{:?}", serde_json::to_string(&view.0).unwrap_or_default(), pools)
}

impl Script {
    pub(crate) fn stop(&mut self) {
        self.finished = true;
        self.abort.store(true, Ordering::Relaxed);
    }

    fn fatal(&mut self, message: &str) {
        if self.next <= self.steps.len() && self.replies.len() < self.next {
            self.replies.push(json!({"result": "failed", "message": message}));
        }
        self.stop();
    }

    pub(crate) fn observe(&self, ex: &Value) -> Value {
        match &self.view {
            Some((game, pools)) => json!({"result": "observed",
                                          "observation": observe::observe(game, pools, &self.refs, ex)}),
            None => json!({"result": "failed", "message": "no state seen yet"}),
        }
    }

    fn finish_mode(&mut self, ok: bool, why: &str) {
        self.mode = Mode::Idle;
        self.choices = Value::Null;
        if ok {
            self.replies.push(json!({"result": "done"}));
        } else {
            self.replies.push(json!({"result": "failed", "message": why}));
            self.stop();
        }
    }

    /// Reads the outcome of the action handed to the engine at the previous decision.
    pub(crate) fn settle(&mut self) {
        let Some(p) = self.pending.take() else { return };
        let Some(view) = self.view.as_ref() else { return };
        let game = &view.0;
        let changed = state_json(view) != p.before_json;
        let colour_chosen = std::mem::take(&mut self.colour_chosen);
        if let (PendingKind::Mana(Some(wanted)), false) = (&p.kind, colour_chosen) {
            // The requested mana must be in the pool now, beyond what was there before.
            let count = |pools: &[ManaPool], sym: &str| {
                let atom = atom_of(sym).unwrap_or(0);
                pools
                    .get(game.turn.priority_player.index())
                    .map(|pool| pool.mana_entries().iter().filter(|m| m.color & 0x3f == atom).count())
                    .unwrap_or(0)
            };
            for sym in mana_symbols(wanted).unwrap_or_default() {
                if count(&view.1, &sym) <= count(&p.before.1, &sym) {
                    self.failures.push(format!("the engine did not add the requested {{{sym}}}"));
                    break;
                }
            }
        }
        if let (PendingKind::Cast(id), Some(x)) = (&p.kind, p.x) {
            // The engine never asks for X when the mana cost has it: it takes the largest X the
            // player could pay. A different X than the step announces is not the step's action.
            if let Some(e) = game.stack.iter().find(|e| e.spell_ability.source == Some(*id)) {
                let chosen = e.spell_ability.x_mana_cost_paid as u64;
                if chosen != x {
                    self.failures.push(format!(
                        "the engine set X = {chosen} itself (it never asks for X); the step announces X = {x}"
                    ));
                }
            }
        }
        if let (Some(pay), PendingKind::Cast(_) | PendingKind::Ability) = (&p.pay, &p.kind) {
            // manabrew's payment prompt pays from the pool without letting the player say which
            // mana: a payment other than the step's is not the step's action.
            let spent = |sym: &str| {
                let atom = atom_of(sym).unwrap_or(0);
                let n = |pools: &[ManaPool]| {
                    pools
                        .get(p.player.index())
                        .map(|pool| pool.mana_entries().iter().filter(|m| m.color & 0x3f == atom).count() as i64)
                        .unwrap_or(0)
                };
                n(&p.before.1) - n(&view.1)
            };
            let wanted = mana_symbols(pay).unwrap_or_default();
            let differs = ["W", "U", "B", "R", "G", "C"]
                .iter()
                .any(|sym| spent(sym) != wanted.iter().filter(|w| w.as_str() == *sym).count() as i64);
            if differs && self.failures.is_empty() {
                let paid: String = ["W", "U", "B", "R", "G", "C"]
                    .iter()
                    .map(|sym| format!("{{{sym}}}").repeat(spent(sym).max(0) as usize))
                    .collect();
                self.failures.push(format!(
                    "the engine paid {paid} from the pool where the step pays {pay} (its payment prompt offers no choice of mana)"
                ));
            }
        }
        let ok = self.failures.is_empty()
            && changed
            && match &p.kind {
                PendingKind::Cast(id) => game.card(*id).zone == ZoneType::Stack
                    || game.card(*id).zone != p.before.0.card(*id).zone,
                PendingKind::Land(id) => game.card(*id).zone == ZoneType::Battlefield,
                PendingKind::Ability => game.stack.len() > p.before.0.stack.len(),
                PendingKind::Mana(_) => true,
            };
        self.choices = Value::Null;
        self.targets.clear();
        if ok {
            self.replies.push(json!({"result": "done"}));
        } else {
            let why = if self.failures.is_empty() {
                "the engine did not carry out the action".to_string()
            } else {
                self.failures.join("; ")
            };
            self.replies.push(json!({"result": "rejected", "message": why}));
            // Put the game back as it was, and let the driver reopen the priority window.
            self.restore = Some(p.before);
            self.abort.store(true, Ordering::Relaxed);
        }
        self.failures.clear();
    }

    fn hand_over(&mut self, kind: PendingKind, step: &Value) {
        let before = self.view.clone().expect("a view before any decision");
        let before_json = state_json(&before);
        let x = step.get("x").and_then(Value::as_u64);
        let pay = step.get("pay").and_then(Value::as_str).map(str::to_string);
        let player = before.0.turn.priority_player;
        self.pending = Some(Pending { before, before_json, kind, x, pay, player });
        self.failures.clear();
        self.colour_chosen = false;
        self.choices = step.get("choose").cloned().unwrap_or(Value::Null);
        self.targets = step.get("targets").and_then(Value::as_array).cloned().unwrap_or_default();
        self.trigger_targets = step.get("triggers").and_then(Value::as_object).cloned().unwrap_or_default();
        let game = &self.view.as_ref().expect("a view").0;
        self.order = step
            .get("order")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|r| r.as_str().and_then(|r| self.refs.get(r)))
            .map(|id| game.card(*id).card_name.clone())
            .collect();
    }

    pub(crate) fn reject(&mut self, class: Option<&str>, message: String) {
        let mut r = json!({"result": "rejected", "message": message});
        if let Some(c) = class {
            r["class"] = json!(c);
        }
        self.replies.push(r);
    }

    pub(crate) fn card_ref(&self, v: &Value) -> Option<CardId> {
        v.as_str().and_then(|r| self.refs.get(r).copied())
    }

    /// The engine asks `player` for a priority decision.
    pub(crate) fn decide(
        &mut self,
        player: PlayerId,
        request: &mut dyn FnMut() -> PriorityActionSpace,
    ) -> PlayerAction {
        if self.finished || self.restore.is_some() {
            return PlayerAction::PassPriority;
        }
        self.settle();
        if self.restore.is_some() {
            return PlayerAction::PassPriority;
        }
        if let Some(first) = self.first_priority {
            if player != first {
                return PlayerAction::PassPriority;
            }
            self.first_priority = None;
        }
        loop {
            let Some((view_game, _)) = self.view.as_ref() else {
                return PlayerAction::PassPriority;
            };
            let stack_ids: Vec<u32> = view_game.stack.iter().map(|e| e.id).collect();
            let top = view_game.stack.peek().map(|e| e.id);
            let phase = view_game.turn.phase;
            let active = view_game.active_player();
            match self.mode.clone() {
                Mode::Resolving(id) => {
                    if stack_ids.contains(&id) {
                        return PlayerAction::PassPriority;
                    }
                    self.finish_mode(true, "");
                }
                Mode::Advancing { to, turn } => {
                    let here = phase == to && turn.is_none_or(|t| active == t);
                    if here {
                        self.finish_mode(true, "");
                    } else if !stack_ids.is_empty() {
                        self.finish_mode(false, "something was put on the stack on the way");
                        return PlayerAction::PassPriority;
                    } else {
                        return PlayerAction::PassPriority;
                    }
                }
                Mode::Idle => {}
            }
            if self.next >= self.steps.len() {
                self.stop();
                return PlayerAction::PassPriority;
            }
            let step = self.steps[self.next].clone();
            self.next += 1;
            if let Some(ex) = step.get("expect") {
                let obs = self.observe(ex);
                self.replies.push(obs);
                continue;
            }
            if let Some(by) = step.get("by").and_then(Value::as_str) {
                if player_of(by) != Some(player) {
                    self.reject(Some("priority"), format!("{by} does not have priority"));
                    continue;
                }
            }
            let verb = step["do"].as_str().unwrap_or("");
            match verb {
                "pass" => {
                    self.replies.push(json!({"result": "done"}));
                    return PlayerAction::PassPriority;
                }
                "resolve" => {
                    let Some(top) = top else {
                        self.replies.push(json!({"result": "failed", "message": "the stack is empty"}));
                        continue;
                    };
                    self.mode = Mode::Resolving(top);
                    self.choices = step.get("choose").cloned().unwrap_or(Value::Null);
                    return PlayerAction::PassPriority;
                }
                "advance" => {
                    let Some(to) = step["to"].as_str().and_then(phase_of) else {
                        self.replies.push(json!({"result": "failed", "message": "unknown step"}));
                        self.stop();
                        return PlayerAction::PassPriority;
                    };
                    let turn = step.get("turn").and_then(Value::as_str).and_then(player_of);
                    self.mode = Mode::Advancing { to, turn };
                    // An advance needs at least one pass: the target is a later step.
                    let here = phase == to;
                    if here && turn.is_none() {
                        continue;
                    }
                    return PlayerAction::PassPriority;
                }
                "cast" | "play_land" => {
                    let Some(card) = self.card_ref(&step["card"]) else {
                        self.reject(Some("object"), "no such card".into());
                        continue;
                    };
                    let space = request();
                    let play = PlayOption::normal(card);
                    if !space.playable.contains(&play) {
                        self.reject(None, "the engine does not offer this play".into());
                        continue;
                    }
                    let kind = if verb == "cast" { PendingKind::Cast(card) } else { PendingKind::Land(card) };
                    self.hand_over(kind, &step);
                    return PlayerAction::CastSpell(play);
                }
                "activate" => {
                    let Some(card) = self.card_ref(&step["source"]) else {
                        self.reject(Some("object"), "no such card".into());
                        continue;
                    };
                    let n = step["ability"].as_u64().unwrap_or(1) as usize;
                    let (is_mana, index) = {
                        let game = &self.view.as_ref().expect("view").0;
                        let abilities = &game.card(card).activated_abilities;
                        let ability = if n >= 1 { abilities.get(n - 1) } else { None };
                        (ability.map(|a| a.is_mana_ability), ability.map(|a| a.ability_index))
                    };
                    let space = request();
                    match (is_mana, index) {
                        (Some(true), Some(index)) => {
                            let offered = space.tappable_lands.contains(&card)
                                || space.mana_abilities.iter().any(|a| a.card_id == card && a.ability_index == index);
                            if !offered {
                                self.reject(None, "the engine does not offer this mana ability".into());
                                continue;
                            }
                                            // The colour is answered at the engine's prompt (choose_color), where
                            // the offered colours are visible; then checked in the pool.
                            let wanted = step.get("mana").and_then(Value::as_str).map(str::to_string);
                            self.hand_over(PendingKind::Mana(wanted), &step);
                            return PlayerAction::ActivateMana(card, Some(index), None);
                        }
                        (Some(false), Some(index)) => {
                            let offered = space.activatable.iter().any(|a| a.card_id == card && a.ability_index == index);
                            if !offered {
                                self.reject(None, "the engine does not offer this ability".into());
                                continue;
                            }
                            self.hand_over(PendingKind::Ability, &step);
                            return PlayerAction::ActivateAbility(AbilityRef { card_id: card, ability_index: index });
                        }
                        _ => {
                            self.reject(Some("object"), format!("the card has no activated ability number {n}"));
                            continue;
                        }
                    }
                }
                "attack" => {
                    // Attackers are declared when the engine asks (choose_attackers). In the
                    // declare attackers step the engine asks only when some creature can attack:
                    // here none could, so only the empty declaration is legal.
                    let none = step["attackers"].as_array().is_none_or(|a| a.is_empty());
                    if phase == PhaseType::CombatDeclareAttackers && none {
                        self.replies.push(json!({"result": "done"}));
                    } else if phase == PhaseType::CombatDeclareAttackers {
                        self.reject(None, "the engine offers no creature that can attack".into());
                    } else {
                        self.reject(Some("timing"), "attackers are declared at the start of the declare attackers step".into());
                    }
                    continue;
                }
                other => {
                    self.replies.push(json!({"result": "failed", "message": format!("verb {other}")}));
                    self.stop();
                    return PlayerAction::PassPriority;
                }
            }
        }
    }

    /// The engine asks the active player to declare attackers.
    pub(crate) fn attackers(&mut self, available: &[CardId], defenders: &[DefenderId]) -> Vec<(CardId, DefenderId)> {
        // The advance to the declare attackers step ends here: the step has begun.
        if let Mode::Advancing { to: PhaseType::CombatDeclareAttackers, .. } = self.mode {
            self.finish_mode(true, "");
        }
        if !matches!(self.mode, Mode::Idle) || self.finished {
            return Vec::new();
        }
        // Observations and rejected declarations come before the one the engine gets: a
        // rejected declaration never reaches the engine, so the game is unchanged.
        loop {
            let Some(step) = self.steps.get(self.next).cloned() else { return Vec::new() };
            if let Some(ex) = step.get("expect") {
                self.next += 1;
                let obs = self.observe(ex);
                self.replies.push(obs);
                continue;
            }
            if step.get("do").and_then(Value::as_str) != Some("attack") {
                return Vec::new();
            }
            self.next += 1;
            let Some(defender) = defenders.first().copied() else {
                self.reject(None, "the engine offers no defender".into());
                continue;
            };
            let mut out = Vec::new();
            let mut refused = None;
            for r in step["attackers"].as_array().into_iter().flatten() {
                match self.card_ref(r) {
                    Some(id) if available.contains(&id) => out.push((id, defender)),
                    _ => {
                        refused = Some(format!(
                            "{} is not among the attackers the engine offers",
                            r.as_str().unwrap_or("?")
                        ));
                        break;
                    }
                }
            }
            match refused {
                Some(why) => self.reject(None, why),
                None => {
                    self.replies.push(json!({"result": "done"}));
                    return out;
                }
            }
        }
    }

    /// A prompt the adapter could not answer as the step says: the action fails (and is undone).
    pub(crate) fn refuse(&mut self, why: &str) {
        if self.pending.is_some() {
            self.failures.push(why.to_string());
        }
    }

    pub(crate) fn choice(&self, key: &str) -> Option<&Value> {
        self.choices.get(key)
    }

    pub(crate) fn next_target(&mut self) -> Option<Value> {
        if self.targets.is_empty() {
            None
        } else {
            Some(self.targets.remove(0))
        }
    }
}
