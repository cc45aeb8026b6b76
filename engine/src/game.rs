//! `Game`: the public face of the engine, owning a serializable `GameState`.

use std::collections::BTreeSet;

use crate::actions::{self, Action};
use crate::could_produce;
use crate::events::Event;
use crate::ids::{CardId, ObjectId, PlayerId};
use crate::layers::board_of;
use crate::mana::ManaType;
use crate::rejection::Rejection;
use crate::setup::{self, GameSetup, SetupError};
use crate::state::{GameState, ZoneKind};
use crate::turn::Step;
use crate::view::{self, ObjectView, PendingTriggerView, PlayerView, StackItemView};
use crate::{combat, priority};

#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    state: GameState,
}

impl Game {
    /// A game in the described position. State-based actions are checked before the first
    /// player receives priority (CR 704.3); a setup in the declare attackers step starts with
    /// the declaration due (CR 508.1).
    pub fn new(setup: GameSetup) -> Result<Game, SetupError> {
        let mut state = setup::build(setup)?;
        let mut ev = Vec::new();
        if state.step == Step::DeclareAttackers {
            combat::begin_declare_attackers(&mut state, &mut ev);
        } else if let Some(p) = state.priority {
            priority::give_priority(&mut state, p, &mut ev);
        }
        Ok(Game { state })
    }

    pub fn state(&self) -> &GameState {
        &self.state
    }

    pub fn from_state(state: GameState) -> Game {
        Game { state }
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        actions::legal_actions(&self.state)
    }

    /// The same list as `legal_actions`, every candidate decided by trying it on a copy of the
    /// state: much slower; the reference that tests compare `legal_actions` with.
    pub fn legal_actions_by_trial(&self) -> Vec<Action> {
        actions::legal_actions_by_trial(&self.state)
    }

    /// Transactional: on `Err` the state is exactly as before.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, Rejection> {
        actions::apply(&mut self.state, action)
    }

    /// `apply`, handing back on success the state before the action as well: the copy `apply`
    /// takes anyway, for a caller that undoes several actions as one (`Game::from_state`).
    pub fn apply_undoable(&mut self, action: Action) -> Result<(Vec<Event>, GameState), Rejection> {
        actions::apply_undoable(&mut self.state, action)
    }

    pub fn priority_player(&self) -> Option<PlayerId> {
        if self.state.is_over() {
            None
        } else {
            self.state.priority
        }
    }

    pub fn active_player(&self) -> PlayerId {
        self.state.active
    }

    pub fn step(&self) -> Step {
        self.state.step
    }

    pub fn turn_number(&self) -> u32 {
        self.state.turn
    }

    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }

    pub fn object_of_card(&self, card: CardId) -> Option<ObjectId> {
        let rec = self.state.cards.get(usize::try_from(card.0).ok()?)?;
        rec.object.filter(|o| self.state.object(*o).is_some())
    }

    pub fn card_of_object(&self, obj: ObjectId) -> Option<CardId> {
        self.state.object(obj)?.card
    }

    pub fn object_view(&self, obj: ObjectId) -> Option<ObjectView> {
        view::object_view(&self.state, &board_of(&self.state), obj)
    }

    pub fn player_view(&self, p: PlayerId) -> Option<PlayerView> {
        view::player_view(&self.state, p)
    }

    /// The triggered abilities waiting for their controller's `Action::PutTriggers`
    /// (CR 603.3b, 603.3d), in the engine's default order (timestamp). Empty unless the game is
    /// waiting for that decision; then `priority_player` is that controller.
    pub fn pending_triggers(&self) -> Vec<PendingTriggerView> {
        view::pending_triggers(&self.state)
    }

    /// Top of the stack first.
    pub fn stack_view(&self) -> Vec<StackItemView> {
        view::stack_view(&self.state)
    }

    /// Library, hand, graveyard, exile, command: by owner; battlefield and stack: by controller.
    pub fn zone_view(&self, zone: ZoneKind, player: PlayerId) -> Vec<ObjectView> {
        let board = board_of(&self.state);
        self.state
            .zone_objects(zone, Some(player))
            .iter()
            .filter_map(|o| view::object_view(&self.state, &board, o.id))
            .collect()
    }

    /// CR 106.7.
    pub fn could_produce(&self, permanent: ObjectId) -> BTreeSet<ManaType> {
        could_produce::could_produce(&self.state, permanent)
    }
}
