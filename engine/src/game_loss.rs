//! Losing the game (CR 104.3), as an event that replacement effects can replace (CR 614.1a;
//! CR 400.6 and 704.7's Example: "If you would lose the game, instead ..."). The state-based
//! actions of CR 704.5a (0 or less life), 704.5b (drew from an empty library) and 704.5c (ten
//! or more poison counters) say who would
//! lose; for each of them, in APNAP order, the first permanent they control (in timestamp
//! order) with such an ability replaces that loss with its effect, done as that player's, with
//! the permanent as its source; otherwise the player loses, and with two players the game is
//! over (CR 104.2a). Every state-based action is one event (CR 704.3), so a permanent the
//! replacement moves may also be one another state-based action moves at the same time:
//! CR 400.6 lets its owner choose where it goes; here the replacement is done first.

use crate::abilities::{Ability, StaticAbility};
use crate::events::Event;
use crate::ids::PlayerId;
use crate::layers::Board;
use crate::rejection::Rejection;
use crate::state::{GameState, ZoneKind};

/// A player's starting life total in a two-player game (CR 103.4).
pub const STARTING_LIFE: i32 = 20;

/// The poison counters with which a player loses the game (CR 704.5c, 122.1f).
pub const POISON_TO_LOSE: u32 = 10;

/// The players who would lose to CR 704.5a-c now (and haven't lost), in APNAP order; clears
/// the "drew from an empty library" mark, which only counts since the last check.
pub(crate) fn would_lose(state: &mut GameState) -> Vec<PlayerId> {
    let mut out = Vec::new();
    for p in state.apnap() {
        if let Some(pl) = state.player_mut(p) {
            if !pl.lost && (pl.life <= 0 || pl.drew_from_empty || pl.poison >= POISON_TO_LOSE) {
                out.push(p);
            }
            pl.drew_from_empty = false;
        }
    }
    out
}

/// Each of `players` loses the game, unless a replacement effect replaces that (see the
/// module comment). `board`: the characteristics as the state-based actions began.
pub(crate) fn lose(state: &mut GameState, board: &Board, players: &[PlayerId], ev: &mut Vec<Event>) -> Result<(), Rejection> {
    for &p in players {
        let replacement = state.zone_objects(ZoneKind::Battlefield, Some(p)).iter().find_map(|o| {
            board.get(&o.id).and_then(|ch| {
                ch.abilities.iter().find_map(|a| match a.ability.as_ref() {
                    Ability::Static(StaticAbility::InsteadOfLosingTheGame(effect)) => Some((o.id, effect.clone())),
                    _ => None,
                })
            })
        });
        match replacement {
            Some((source, effect)) => {
                ev.push(Event::GameLossReplaced { player: p, source });
                let answers = crate::actions::Answers::default();
                let empty = crate::counters::Counters::default();
                let ctx = crate::effects::ResolveCtx {
                    controller: p,
                    source: Some(source),
                    source_counters: &empty,
                    x: 0,
                    targets: &[],
                    legal: &[],
                    answers: &answers,
                    random_used: Default::default(),
                    ability: None,
                    link: 0,
                    sacrificed_power: Default::default(),
                    event: Default::default(),
                    died_this_way: Default::default(),
                    kicked: false,
                };
                crate::effects::resolve(state, &effect, &ctx, ev)?;
            }
            None => {
                if let Some(pl) = state.player_mut(p) {
                    pl.lost = true;
                    ev.push(Event::PlayerLost { player: p });
                }
            }
        }
    }
    Ok(())
}

/// The game is a draw (CR 104.4b: a loop of mandatory actions): it is over for every player,
/// as when all the players remaining lose simultaneously (CR 104.4a); each is marked as having
/// lost, which is how the engine ends a game.
pub(crate) fn draw(state: &mut GameState, ev: &mut Vec<Event>) {
    for p in state.apnap() {
        if let Some(pl) = state.player_mut(p) {
            if !pl.lost {
                pl.lost = true;
                ev.push(Event::PlayerLost { player: p });
            }
        }
    }
}
