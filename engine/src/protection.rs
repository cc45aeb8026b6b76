//! Protection (CR 702.16): "protection from [quality]" stops, from a source with that quality,
//! damage (702.16e, through `prevention`), blocking (702.16f, `combat`), targeting by
//! spells and abilities (702.16b, `targets`), and being enchanted or equipped (702.16c-d, the
//! state-based actions and an Aura spell's target). The qualities modelled are colors.

use crate::abilities::{Ability, Keyword, StaticAbility};
use crate::ids::ObjectId;
use crate::layers::Board;
use crate::state::GameState;
use crate::types::Color;

/// The colors `id` has protection from (CR 702.16a): protection keywords, and protection
/// from the color chosen as it entered (CR 614.12).
pub(crate) fn protections(state: &GameState, board: &Board, id: ObjectId) -> Vec<Color> {
    let Some(ch) = board.get(&id) else { return Vec::new() };
    let mut out = Vec::new();
    for a in &ch.abilities {
        match &*a.ability {
            Ability::Keyword(Keyword::ProtectionFrom(c)) => out.push(*c),
            Ability::Static(StaticAbility::ProtectionFromChosenColor) => {
                out.extend(state.object(id).and_then(|o| o.chosen_color));
            }
            _ => {}
        }
    }
    out
}

/// Whether `protected` has protection from a quality `source` has (its colors, CR 702.16a).
pub(crate) fn protected_from(state: &GameState, board: &Board, protected: ObjectId, source: ObjectId) -> bool {
    let Some(src) = board.get(&source) else { return false };
    protections(state, board, protected).iter().any(|c| src.colors.contains(c))
}
