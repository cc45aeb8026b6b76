//! Devotion (CR 700.5): the mana symbols of a color among the mana costs of the permanents a
//! player controls, plus what "your devotion ... is increased" abilities add.

use crate::abilities::StaticAbility;
use crate::ids::PlayerId;
use crate::layers::Board;
use crate::state::{GameState, ZoneKind};
use crate::types::Color;

/// `player`'s devotion to `colors` (one color, or a combination: a symbol of any of them counts
/// once, CR 700.5a), read on `board` (mana costs as the copy layer left them, CR 700.5a
/// Example 1: counted before a type-changing effect that depends on it). Each "increased by
/// one" ability adds one, whatever the combination (Altar of the Pantheon's 2020-01-24
/// ruling).
pub fn devotion(state: &GameState, board: &Board, player: PlayerId, colors: &[Color]) -> u32 {
    let mut n: u32 = 0;
    for obj in state.zone_objects(ZoneKind::Battlefield, Some(player)) {
        let Some(ch) = board.get(&obj.id) else { continue };
        if let Some(cost) = ch.mana_cost.as_ref() {
            // CR 700.5: hybrid symbols count toward each of their colors, Phyrexian toward theirs.
            let of = |t: &crate::mana::ManaType| colors.iter().any(|c| c.mana_type() == *t);
            let symbols = cost.colored.iter().filter(|t| of(t)).count()
                + cost.hybrid.iter().filter(|(a, b)| of(a) || of(b)).count()
                + cost.phyrexian.iter().filter(|t| of(t)).count();
            n = n.saturating_add(u32::try_from(symbols).unwrap_or(u32::MAX));
        }
        let increases = ch.statics().filter(|(s, _)| matches!(s, StaticAbility::DevotionIncreasedByOne)).count();
        n = n.saturating_add(u32::try_from(increases).unwrap_or(u32::MAX));
    }
    n
}
