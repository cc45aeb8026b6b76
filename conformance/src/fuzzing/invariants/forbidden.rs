//! An action an effect forbids is rejected (CR 601.3, 101.2: "can't" wins over "can"): no
//! spell with an even mana value (X included, CR 202.3e) is cast by an opponent of a permanent's
//! controller that says so, and no land is played while "players can't play lands"; neither is
//! listed as legal. A rejected action leaves the game unchanged (checked by
//! `rejection-changes-nothing`).
//!
//! Armed by a cast or land play tried while such a permanent is on the battlefield.

use mtg_engine::abilities::{Relation, StaticAbility};
use mtg_engine::layers::Board;
use mtg_engine::{Action, GameState, ZoneKind};

use super::{Broken, Invariant};

/// Why the rules forbid `action` now, if they do; `None` if it's none of these. The second
/// value: whether a forbidding permanent is there at all (the check is armed).
pub(super) fn forbidden(state: &GameState, board: &Board, action: &Action) -> (Option<String>, bool) {
    match action {
        Action::CastSpell { player, card, x, .. } => {
            let Some(ch) = board.get(card) else { return (None, false) };
            let mut armed = false;
            for o in state.zone_objects(ZoneKind::Battlefield, None) {
                let Some(c) = board.get(&o.id) else { continue };
                for (st, _) in c.statics() {
                    if let StaticAbility::CantCastEvenManaValue { who } = st {
                        let applies = match who {
                            Relation::You => o.controller == *player,
                            Relation::Opponent => o.controller != *player,
                            Relation::Any => true,
                        };
                        if applies {
                            armed = true;
                            let mv = ch.mana_value(x.unwrap_or(0));
                            if mv % 2 == 0 {
                                return (Some(format!("a spell of even mana value {mv} was cast (CR 601.3)")), true);
                            }
                        }
                    }
                }
            }
            (None, armed)
        }
        Action::PlayLand { .. } => {
            let there = state.zone_objects(ZoneKind::Battlefield, None).iter().any(|o| {
                board.get(&o.id).is_some_and(|c| c.statics().any(|(st, _)| matches!(st, StaticAbility::PlayersCantPlayLands)))
            });
            (there.then(|| "a land was played while players can't play lands".to_string()), there)
        }
        _ => (None, false),
    }
}

/// The accepted or listed `action`, if the rules forbid it.
pub(super) fn check(state: &GameState, board: &Board, action: &Action, how: &str) -> Result<(), Broken> {
    match forbidden(state, board, action).0 {
        Some(why) => Err(Broken::new(Invariant::ForbiddenActionRejected, format!("{how}: {why}"))),
        None => Ok(()),
    }
}
