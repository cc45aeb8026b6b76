//! The two `PlayerAgent`s: every decision and prompt manabrew raises is answered here from the
//! case's steps (through the shared `Script`). A prompt the step can't answer as the engine offers
//! it is refused, which makes the action in progress fail and be undone.

use std::cell::RefCell;
use std::rc::Rc;

use manabrew_engine::agent::notification::GameNotification;
use manabrew_engine::agent::{
    GameLogKind, ManaAbilityOption, ManaCostAction, PlayerAgent, PriorityActionSpace, TargetChoice,
};
use manabrew_engine::card::CounterType;
use manabrew_engine::combat::DefenderId;
use manabrew_engine::game::GameState;
use manabrew_engine::ids::{CardId, PlayerId};
use manabrew_engine::mana::ManaPool;
use manabrew_engine::player::actions::PlayerAction;
use manabrew_engine::spellability::SpellAbility;
use serde_json::Value;

use crate::driver::{counter_type, mana_symbols, player_of, trace, Script};

/// One seat at the table: alice (0) or bob (1). Both read the same script.
pub struct Seat {
    script: Rc<RefCell<Script>>,
}

impl Seat {
    pub fn new(script: Rc<RefCell<Script>>) -> Seat {
        Seat { script }
    }
}

fn color_word(symbol: &str) -> Option<&'static str> {
    Some(match symbol {
        "W" => "White",
        "U" => "Blue",
        "B" => "Black",
        "R" => "Red",
        "G" => "Green",
        "C" => "Colorless",
        _ => return None,
    })
}

impl PlayerAgent for Seat {
    fn snapshot_state(&mut self, game: &GameState, mana_pools: &[ManaPool]) {
        if let Ok(mut s) = self.script.try_borrow_mut() {
            s.view = Some((game.clone(), mana_pools.to_vec()));
        }
    }

    fn notify(&mut self, event: GameNotification) {
        if let GameNotification::Event(e) = &event {
            trace(&format!("event {:?}: {}", e.kind, e.message));
        }
        let Ok(mut s) = self.script.try_borrow_mut() else { return };
        if s.pending.is_none() {
            return;
        }
        match event {
            GameNotification::Event(e) if e.kind == GameLogKind::Warning => s.failures.push(e.message),
            GameNotification::ActivatedAbilityPaymentFailed { .. } => {
                s.failures.push("the ability's cost was not paid".into())
            }
            _ => {}
        }
    }

    fn mulligan_decision(&mut self, _: PlayerId, _: &[CardId], _: u32) -> bool {
        true
    }

    fn choose_action(
        &mut self,
        player: PlayerId,
        _space: Option<&PriorityActionSpace>,
        request: &mut dyn FnMut() -> PriorityActionSpace,
    ) -> PlayerAction {
        self.script.borrow_mut().decide(player, request)
    }

    fn choose_attackers(
        &mut self,
        _player: PlayerId,
        available: &[CardId],
        defenders: &[DefenderId],
    ) -> Vec<(CardId, DefenderId)> {
        self.script.borrow_mut().attackers(available, defenders)
    }

    fn choose_blockers(
        &mut self,
        _: PlayerId,
        _: &[CardId],
        _: &[CardId],
        _: Option<usize>,
    ) -> Vec<(CardId, CardId)> {
        Vec::new()
    }

    fn choose_targets_for(&mut self, sa: &mut SpellAbility, game: &GameState, mana_pools: &[ManaPool]) -> bool {
        trace(&format!("choose_targets_for trigger={} source={:?}", sa.is_trigger, sa.source));
        if sa.is_trigger {
            // A triggered ability put on the stack: its targets come from the `triggers` table
            // of the action that caused it (refs of the trigger's source).
            let mut s = self.script.borrow_mut();
            let source_ref = sa.source.and_then(|src| s.refs.iter().find(|(_, id)| **id == src).map(|(r, _)| r.clone()));
            let targets = source_ref
                .and_then(|r| s.trigger_targets.get(&r).cloned())
                .and_then(|t| t.as_array().cloned())
                .unwrap_or_default();
            let saved = std::mem::replace(&mut s.targets, targets);
            drop(s);
            let ok = manabrew_engine::spellability::choose_targets_by_kind(self, sa, game, mana_pools);
            self.script.borrow_mut().targets = saved;
            return ok;
        }
        manabrew_engine::spellability::choose_targets_by_kind(self, sa, game, mana_pools)
    }

    /// "You may have this creature enter as a copy of ...": yes when the step chooses a copy.
    fn confirm_replacement_effect(&mut self, _: PlayerId, _: &str, _: &str, _: Option<CardId>) -> bool {
        let s = self.script.borrow();
        match s.choice("copy") {
            Some(c) => !c.is_null() && c.as_str() != Some(""),
            None => s.choice("may").and_then(Value::as_bool).unwrap_or(true),
        }
    }

    /// The object chosen to copy (`choose.copy`); other uses of this prompt are not mapped.
    fn choose_cards_for_effect(&mut self, _: PlayerId, valid: &[CardId], _min: usize, max: usize) -> Vec<CardId> {
        let mut s = self.script.borrow_mut();
        let Some(copy) = s.choice("copy").cloned() else {
            return valid.iter().copied().take(max).collect();
        };
        match s.card_ref(&copy) {
            Some(id) if valid.contains(&id) => vec![id],
            _ => {
                s.refuse(&format!("{copy} is not among the objects the engine offers to copy"));
                Vec::new()
            }
        }
    }

    fn choose_target_player(&mut self, _: PlayerId, valid: &[PlayerId], _: Option<&SpellAbility>) -> Option<PlayerId> {
        let mut s = self.script.borrow_mut();
        let Some(t) = s.next_target() else {
            s.refuse("the engine asked for a target the step does not name");
            return None;
        };
        match t.as_str().and_then(player_of) {
            Some(p) if valid.contains(&p) => Some(p),
            _ => {
                s.refuse(&format!("{t} is not among the legal targets the engine offered"));
                None
            }
        }
    }

    fn choose_target_card(&mut self, _: PlayerId, valid: &[CardId], _: Option<&SpellAbility>) -> Option<CardId> {
        let mut s = self.script.borrow_mut();
        let Some(t) = s.next_target() else {
            s.refuse("the engine asked for a target the step does not name");
            return None;
        };
        match s.card_ref(&t) {
            Some(id) if valid.contains(&id) => Some(id),
            _ => {
                s.refuse(&format!("{t} is not among the legal targets the engine offered"));
                None
            }
        }
    }

    fn choose_target_any(
        &mut self,
        _: PlayerId,
        valid_players: &[PlayerId],
        valid_cards: &[CardId],
        _: Option<&SpellAbility>,
    ) -> TargetChoice {
        let mut s = self.script.borrow_mut();
        let Some(t) = s.next_target() else {
            s.refuse("the engine asked for a target the step does not name");
            return TargetChoice::None;
        };
        if let Some(p) = t.as_str().and_then(player_of) {
            if valid_players.contains(&p) {
                return TargetChoice::Player(p);
            }
        } else if let Some(id) = s.card_ref(&t).filter(|id| valid_cards.contains(id)) {
            return TargetChoice::Card(id);
        }
        s.refuse(&format!("{t} is not among the legal targets the engine offered"));
        TargetChoice::None
    }

    fn choose_land_or_spell(&mut self, _: PlayerId) -> Option<bool> {
        None
    }

    fn choose_number(
        &mut self,
        _: PlayerId,
        _: Option<CardId>,
        title: &str,
        _: Option<&str>,
        min: i32,
        max: i32,
    ) -> Option<i32> {
        let mut s = self.script.borrow_mut();
        trace(&format!("choose_number {title:?} {min}..={max}"));
        let step = s.steps.get(s.next.wrapping_sub(1))?.clone();
        let Some(x) = step.get("x").and_then(Value::as_i64).filter(|_| title.contains('X')) else {
            s.refuse(&format!("the engine asked for a number ({title}) the step does not give"));
            return None;
        };
        let x = x as i32;
        if (min..=max).contains(&x) {
            Some(x)
        } else {
            s.refuse(&format!("X = {x} is outside what the engine allows ({min}..={max})"));
            None
        }
    }

    fn choose_color(&mut self, _: PlayerId, valid: &[String]) -> Option<String> {
        let mut s = self.script.borrow_mut();
        let step = s.steps.get(s.next.wrapping_sub(1))?.clone();
        let mana = step
            .get("mana")
            .or_else(|| s.choice("mana"))
            .and_then(Value::as_str)
            .and_then(|m| mana_symbols(m).ok())
            .unwrap_or_default();
        let Some(word) = mana.first().and_then(|m| color_word(m)) else {
            if valid.len() == 1 {
                return valid.first().cloned(); // one option: nothing to choose
            }
            s.refuse(&format!("the engine asks for a colour among {valid:?}; the step names none"));
            return None;
        };
        match valid.iter().find(|v| v.eq_ignore_ascii_case(word)) {
            Some(v) => {
                s.colour_chosen = true;
                Some(v.clone())
            }
            None => {
                s.refuse(&format!("{word} is not among the colours the engine offered ({valid:?})"));
                None
            }
        }
    }

    fn specify_mana_combo(
        &mut self,
        _: PlayerId,
        available: &[String],
        amount: usize,
        _: Option<CardId>,
        _: Option<u16>,
    ) -> Vec<String> {
        let s = self.script.borrow();
        let wanted = s
            .steps
            .get(s.next.wrapping_sub(1))
            .and_then(|st| st.get("mana").or_else(|| s.choice("mana")))
            .and_then(Value::as_str)
            .and_then(|m| mana_symbols(m).ok())
            .unwrap_or_default();
        let mut out = Vec::new();
        for sym in wanted.iter().take(amount) {
            if let Some(a) = available.iter().find(|a| a.eq_ignore_ascii_case(sym) || color_word(sym).is_some_and(|w| a.eq_ignore_ascii_case(w))) {
                out.push(a.clone());
            }
        }
        out
    }

    fn pay_mana_cost(
        &mut self,
        _: PlayerId,
        _: CardId,
        _: &str,
        cost: &str,
        _: &str,
        _: &str,
        can_confirm_from_pool: bool,
        _: bool,
        _: &[CardId],
        _: &[ManaAbilityOption],
        _: &[CardId],
        _: &[CardId],
        pool: &ManaPool,
    ) -> ManaCostAction {
        trace(&format!("pay_mana_cost {cost:?} pool={} confirm={can_confirm_from_pool}", pool.total_mana()));
        // Cases put the mana in the pool first; the cost is paid from the pool or not at all.
        if can_confirm_from_pool {
            ManaCostAction::Pay { auto: false }
        } else {
            ManaCostAction::AttemptedAndFailed
        }
    }

    fn choose_optional_trigger(
        &mut self,
        _: PlayerId,
        _: &str,
        _: Option<CardId>,
        _: Option<manabrew_engine::ability::api_type::ApiType>,
    ) -> bool {
        self.script.borrow().choice("may").and_then(Value::as_bool).unwrap_or(true)
    }

    fn confirm_action(
        &mut self,
        _: PlayerId,
        _: Option<&str>,
        _: &str,
        _: &[String],
        _: Option<CardId>,
        _: Option<manabrew_engine::ability::api_type::ApiType>,
    ) -> bool {
        self.script.borrow().choice("may").and_then(Value::as_bool).unwrap_or(false)
    }

    /// A cost the player chose to pay by activating or casting: yes, unless the step says.
    fn confirm_payment(
        &mut self,
        _: PlayerId,
        _: &str,
        _: &str,
        _: Option<CardId>,
        _: Option<manabrew_engine::ability::api_type::ApiType>,
    ) -> bool {
        self.script.borrow().choice("pay").and_then(Value::as_bool).unwrap_or(true)
    }

    /// An "unless" cost: paid only when the step's `choose.pay` says so. A step that pays a
    /// cost the engine says can't be paid is refused, not answered "no": CR 118.3, "A player
    /// can’t pay a cost without having the necessary resources to pay it fully."
    fn pay_cost_to_prevent_effect(
        &mut self,
        _: PlayerId,
        _: &str,
        _: &str,
        _: Option<CardId>,
        _: Option<manabrew_engine::ability::api_type::ApiType>,
        can_pay: bool,
        _: &[manabrew_engine::agent::GameEntity],
        _: &str,
    ) -> bool {
        let pays = self.script.borrow().choice("pay").and_then(Value::as_bool).unwrap_or(false);
        if pays && !can_pay {
            self.script.borrow_mut().refuse("the step pays a cost the engine says can't be paid");
            return false;
        }
        pays
    }

    fn choose_legend_keep(&mut self, _: PlayerId, duplicates: &[CardId]) -> CardId {
        let s = self.script.borrow();
        s.choice("keep")
            .and_then(|k| s.card_ref(k))
            .filter(|id| duplicates.contains(id))
            .unwrap_or(duplicates[0])
    }

    /// The engine lists the applicable replacement effects as "<card name>: <text>"; the step's
    /// `order` names their sources, first to apply first.
    fn choose_single_replacement_effect(&mut self, _: PlayerId, descriptions: &[String]) -> usize {
        let mut s = self.script.borrow_mut();
        for i in 0..s.order.len() {
            let prefix = format!("{}:", s.order[i]);
            if let Some(at) = descriptions.iter().position(|d| d.starts_with(&prefix)) {
                s.order.remove(i);
                return at;
            }
        }
        s.refuse(&format!("no `order` for the replacement effects {descriptions:?}"));
        0
    }

    /// The kind of counter (`choose.counter`); a single option is no choice (manabrew asks even
    /// for "put a +1/+1 counter").
    fn choose_counter_type(&mut self, _: PlayerId, options: &[CounterType], _: &str) -> Option<CounterType> {
        let mut s = self.script.borrow_mut();
        let Some(wanted) = s.choice("counter").and_then(Value::as_str).map(counter_type) else {
            if options.len() == 1 {
                return options.first().cloned();
            }
            s.refuse(&format!("the engine asks for a kind of counter among {options:?}; the step names none"));
            return None;
        };
        match options.iter().find(|o| **o == wanted) {
            Some(o) => Some(o.clone()),
            None => {
                s.refuse(&format!("{wanted:?} is not among the kinds of counter the engine offers"));
                None
            }
        }
    }
}
