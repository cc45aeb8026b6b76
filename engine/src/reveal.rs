//! Revealing cards (CR 701.20): a revealed card is shown to all players and stays in its zone
//! (701.20b). A card revealed to pay the cost of a spell stays revealed from the time the spell
//! is announced until it leaves the stack (701.20a: `StackEntry::revealed`); a hand played
//! revealed ("Your opponents play with their hands revealed", Telepathy) is revealed for as
//! long as the effect lasts. A card that is revealed may be revealed again (701.20c): nothing
//! here keeps a revealed card from paying a reveal cost.

use crate::abilities::StaticAbility;
use crate::ids::ObjectId;
use crate::layers::Board;
use crate::state::{GameState, ZoneKind};

/// Whether the card `id`, in a hand, is revealed now (CR 701.20a); a card in any other zone
/// isn't (a public zone's cards are seen by all without being revealed, a library's are
/// hidden).
pub fn is_revealed(state: &GameState, board: &Board, id: ObjectId) -> bool {
    let Some(obj) = state.object(id).filter(|o| o.zone == ZoneKind::Hand) else { return false };
    // CR 701.20a: revealed for a spell's cost, while that spell is on the stack (a card that
    // left the hand since is a new object, CR 400.7, and so no longer this one).
    if state.stack.iter().any(|e| e.revealed.contains(&id)) {
        return true;
    }
    state.zone_objects(ZoneKind::Battlefield, None).iter().any(|p| {
        p.controller != obj.owner
            && board.get(&p.id).is_some_and(|ch| ch.statics().any(|(st, _)| matches!(st, StaticAbility::OpponentsPlayWithHandsRevealed)))
    })
}
