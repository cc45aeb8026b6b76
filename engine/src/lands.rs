//! Playing a land (CR 305.1-305.2): a special action in a main phase of your own turn with an
//! empty stack, once per turn, or more often with effects that let you play additional lands
//! (CR 305.2a); "can't play lands" wins over them (CR 101.2). It doesn't use the stack (CR 116.2a).

use crate::abilities::StaticAbility;
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::Board;
use crate::rejection::Rejection;
use crate::state::{GameState, ZoneKind};
use crate::types::CardType;
use crate::zones;

/// Land plays allowed per turn (CR 305.2).
const LAND_PLAYS_PER_TURN: u32 = 1;

/// Whether `player` controls a permanent with `pred` among its static abilities on `b`.
fn controls_static(state: &GameState, b: &Board, player: PlayerId, pred: impl Fn(&StaticAbility) -> bool) -> usize {
    state
        .zone_objects(ZoneKind::Battlefield, Some(player))
        .iter()
        .map(|o| b.get(&o.id).map_or(0, |c| c.statics().filter(|(st, _)| pred(st)).count()))
        .sum()
}

/// The life "as this land enters, you may pay N life" asks of `card` (CR 614.1c), if it has it.
pub(crate) fn life_as_it_enters(b: &Board, card: ObjectId) -> Option<u32> {
    b.get(&card)?.statics().find_map(|(st, _)| match st {
        StaticAbility::EntersTappedUnlessPayLife(n) => Some(*n),
        _ => None,
    })
}

/// Whether `apply` accepts playing `card` (CR 305.1-305.2), carrying nothing out: a land card
/// in the player's hand, or the top card of their library while they control a permanent that
/// lets them play lands from there, in a main phase of their turn with the stack empty, with a
/// land play left this turn; with "as this land enters, you may pay N life", `pay` answers it
/// (a player can pay only with at least N life, CR 119.4). `board`: the characteristics now,
/// if the caller has them. Once this is `Ok`, `play_land` can't fail.
pub(crate) fn check_play_land(
    state: &GameState,
    player: PlayerId,
    card: ObjectId,
    pay: Option<bool>,
    board: Option<&Board>,
) -> Result<(), Rejection> {
    let obj = state.object(card).ok_or(Rejection::NoSuchObject(card))?;
    let board_now;
    let b = match board {
        Some(b) => b,
        None => {
            board_now = crate::layers::board_of(state);
            &board_now
        }
    };
    // CR 305.1: from the hand, or from the top of the library with a permission to.
    let on_top = obj.zone == ZoneKind::Library
        && obj.owner == player
        && state.zone_objects(ZoneKind::Library, Some(player)).first().map(|o| o.id) == Some(card)
        && controls_static(state, b, player, |st| matches!(st, StaticAbility::PlayLandsFromTopOfLibrary)) > 0;
    let in_hand = obj.zone == ZoneKind::Hand && obj.owner == player;
    if !in_hand && !on_top {
        return Err(Rejection::WrongObject { object: card, reason: "not a card in your hand (or a land on top of your library you may play)".into() });
    }
    let is_land = b.get(&card).map(|c| c.is(CardType::Land)).ok_or(Rejection::NoSuchObject(card))?;
    if !is_land {
        return Err(Rejection::WrongObject { object: card, reason: "not a land card".into() });
    }
    if player != state.active || !state.step.is_main() || !state.stack.is_empty() {
        return Err(Rejection::WrongTiming(
            "a land is played in a main phase of your turn with an empty stack (CR 305.2)".into(),
        ));
    }
    // CR 614.1c, 614.12a, 119.4: "as this land enters, you may pay N life".
    if let Some(n) = life_as_it_enters(b, card) {
        match pay {
            None => return Err(Rejection::MissingChoice(format!("whether to pay {n} life as this land enters (answer `pay`)"))),
            Some(true) if i64::from(state.player(player).map_or(0, |p| p.life)) < i64::from(n) => {
                return Err(Rejection::InvalidChoice(format!(
                    "a player can pay {n} life only if their life total is at least {n} (CR 119.4)"
                )))
            }
            Some(_) => {}
        }
    }
    let forbidden = state.zone_objects(ZoneKind::Battlefield, None).iter().any(|o| {
        b.get(&o.id).is_some_and(|c| c.statics().any(|(st, _)| matches!(st, crate::abilities::StaticAbility::PlayersCantPlayLands)))
    });
    if forbidden {
        return Err(Rejection::Forbidden("players can't play lands".into()));
    }
    // CR 305.2a-b: the lands played this turn against the number the player can play ("you
    // may play an additional land on each of your turns" adds one each).
    let each_turn = u32::try_from(controls_static(state, b, player, |st| matches!(st, StaticAbility::AdditionalLandOnEachOfYourTurns))).unwrap_or(u32::MAX);
    if state.lands_played >= LAND_PLAYS_PER_TURN.saturating_add(state.extra_land_plays).saturating_add(each_turn) {
        return Err(Rejection::NoLandPlayLeft);
    }
    Ok(())
}

/// `board`: the characteristics now, if the caller has them.
pub(crate) fn play_land(
    state: &mut GameState,
    player: PlayerId,
    card: ObjectId,
    pay: Option<bool>,
    ev: &mut Vec<Event>,
    board: Option<&Board>,
) -> Result<(), Rejection> {
    check_play_land(state, player, card, pay, board)?;
    state.lands_played = state.lands_played.saturating_add(1);
    // CR 614.12a: the life is paid as the land enters, the choice made before; a replacement
    // of that payment leaves the land out of what it exiles from the library (CR 614.13c).
    let life = crate::layers::characteristics(state, card).and_then(|c| {
        c.statics().find_map(|(st, _)| match st {
            StaticAbility::EntersTappedUnlessPayLife(n) => Some(*n),
            _ => None,
        })
    });
    let paid = match (life, pay) {
        (Some(n), Some(true)) => {
            crate::costs::pay_life(state, player, n, &[card], ev);
            true
        }
        _ => false,
    };
    state.paid_life_as_it_enters = paid;
    let new = zones::put_onto_battlefield(state, card, player, None, ev);
    state.paid_life_as_it_enters = false;
    if let Some(object) = new {
        ev.push(Event::LandPlayed { player, object });
    }
    // CR 117.3c: the player keeps priority.
    state.passes = 0;
    Ok(())
}
