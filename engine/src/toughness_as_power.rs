//! Creatures that use their toughness rather than their power: "each creature you control with
//! toughness greater than its power assigns combat damage equal to its toughness rather than its
//! power" (CR 510.1a) and "... stations permanents using its toughness rather than its power"
//! (CR 702.184c: a static ability modifying the result of a station ability).

use crate::abilities::{StaticAbility, ToughnessFor};
use crate::ids::ObjectId;
use crate::layers::Board;
use crate::state::{GameState, ZoneKind};

/// The number `id` uses for `what`: its toughness if that is greater than its power and a
/// permanent its controller controls has the ability for `what`, else its power (as the board
/// has them now). `None` if it has no power (not a creature).
pub(crate) fn power_for(state: &GameState, board: &Board, id: ObjectId, what: ToughnessFor) -> Option<i32> {
    let ch = board.get(&id)?;
    let power = ch.power?;
    let toughness = ch.toughness.unwrap_or(power);
    let Some(controller) = state.object(id).map(|o| o.controller) else { return Some(power) };
    let applies = toughness > power
        && state.zone_objects(ZoneKind::Battlefield, Some(controller)).iter().any(|o| {
            board.get(&o.id).is_some_and(|c| {
                c.statics().any(|(st, _)| matches!(st, StaticAbility::ToughnessRatherThanPower(w) if *w == what))
            })
        });
    Some(if applies { toughness } else { power })
}
