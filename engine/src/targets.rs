//! Targets (CR 115): what may be chosen, and the re-check on resolution (CR 608.2b).

use serde::{Deserialize, Serialize};

use crate::abilities::TargetSpec;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::Board;
use crate::state::{GameState, ZoneKind};
use crate::types::CardType;

/// A chosen target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Target {
    Object(ObjectId),
    Player(PlayerId),
}

/// Whether `target` satisfies `spec` for a spell or ability controlled by `controller`.
pub fn is_legal(
    state: &GameState,
    board: &Board,
    spec: &TargetSpec,
    target: &Target,
    controller: PlayerId,
) -> bool {
    let Target::Object(id) = target else {
        return false;
    };
    let (Some(obj), Some(ch)) = (state.object(*id), board.get(id)) else {
        return false;
    };
    match spec {
        TargetSpec::Creature => {
            obj.zone == ZoneKind::Battlefield && ch.types.contains(&CardType::Creature)
        }
        TargetSpec::Land => obj.zone == ZoneKind::Battlefield && ch.types.contains(&CardType::Land),
        TargetSpec::CardInYourGraveyard { card_type, max_mana_value } => {
            obj.zone == ZoneKind::Graveyard
                && obj.owner == controller
                && ch.types.contains(card_type)
                && match max_mana_value {
                    Some(m) => ch.mana_value(0) <= *m,
                    None => true,
                }
        }
    }
}

/// Every legal choice for one target (for `legal_actions`).
pub fn candidates(
    state: &GameState,
    board: &Board,
    spec: &TargetSpec,
    controller: PlayerId,
) -> Vec<Target> {
    let mut v: Vec<Target> = state
        .objects
        .keys()
        .map(|id| Target::Object(*id))
        .filter(|t| is_legal(state, board, spec, t, controller))
        .collect();
    for p in state.player_ids() {
        let t = Target::Player(p);
        if is_legal(state, board, spec, &t, controller) {
            v.push(t);
        }
    }
    v
}

/// Checks announced targets against their specs (CR 601.2c, 602.2b).
pub fn check_all(
    state: &GameState,
    board: &Board,
    specs: &[TargetSpec],
    targets: &[Target],
    controller: PlayerId,
) -> bool {
    specs.len() == targets.len()
        && specs
            .iter()
            .zip(targets)
            .all(|(s, t)| is_legal(state, board, s, t, controller))
}
