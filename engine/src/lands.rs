//! Playing a land (CR 305.1-305.2): a special action in a main phase of your own turn with an
//! empty stack, once per turn, or more often with effects that let you play additional lands
//! (CR 305.2a); "can't play lands" wins over them (CR 101.2). It doesn't use the stack (CR 116.2a).

use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::{characteristics, Board};
use crate::rejection::Rejection;
use crate::state::{GameState, ZoneKind};
use crate::types::CardType;
use crate::zones;

/// Land plays allowed per turn (CR 305.2).
const LAND_PLAYS_PER_TURN: u32 = 1;

/// Whether `apply` accepts playing `card` (CR 305.1-305.2), carrying nothing out: a land card
/// in the player's hand, in a main phase of their turn with the stack empty, with a land play
/// left this turn. `board`: the characteristics now, if the caller has them. Once this is `Ok`,
/// `play_land` can't fail.
pub(crate) fn check_play_land(
    state: &GameState,
    player: PlayerId,
    card: ObjectId,
    board: Option<&Board>,
) -> Result<(), Rejection> {
    let obj = state.object(card).ok_or(Rejection::NoSuchObject(card))?;
    if obj.zone != ZoneKind::Hand || obj.owner != player {
        return Err(Rejection::WrongObject { object: card, reason: "not a card in your hand".into() });
    }
    let is_land = match board {
        Some(b) => b.get(&card).map(|c| c.is(CardType::Land)),
        None => characteristics(state, card).map(|c| c.is(CardType::Land)),
    }
    .ok_or(Rejection::NoSuchObject(card))?;
    if !is_land {
        return Err(Rejection::WrongObject { object: card, reason: "not a land card".into() });
    }
    if player != state.active || !state.step.is_main() || !state.stack.is_empty() {
        return Err(Rejection::WrongTiming(
            "a land is played in a main phase of your turn with an empty stack (CR 305.2)".into(),
        ));
    }
    // CR 101.2, 305.2: "Players can't play lands".
    let board_now;
    let b = match board {
        Some(b) => b,
        None => {
            board_now = crate::layers::board_of(state);
            &board_now
        }
    };
    let forbidden = state.zone_objects(ZoneKind::Battlefield, None).iter().any(|o| {
        b.get(&o.id).is_some_and(|c| c.statics().any(|(st, _)| matches!(st, crate::abilities::StaticAbility::PlayersCantPlayLands)))
    });
    if forbidden {
        return Err(Rejection::Forbidden("players can't play lands".into()));
    }
    // CR 305.2a-b: the lands played this turn against the number the player can play.
    if state.lands_played >= LAND_PLAYS_PER_TURN.saturating_add(state.extra_land_plays) {
        return Err(Rejection::NoLandPlayLeft);
    }
    Ok(())
}

/// `board`: the characteristics now, if the caller has them.
pub(crate) fn play_land(
    state: &mut GameState,
    player: PlayerId,
    card: ObjectId,
    ev: &mut Vec<Event>,
    board: Option<&Board>,
) -> Result<(), Rejection> {
    check_play_land(state, player, card, board)?;
    state.lands_played = state.lands_played.saturating_add(1);
    let new = zones::put_onto_battlefield(state, card, player, None, ev);
    if let Some(object) = new {
        ev.push(Event::LandPlayed { player, object });
    }
    // CR 117.3c: the player keeps priority.
    state.passes = 0;
    Ok(())
}
