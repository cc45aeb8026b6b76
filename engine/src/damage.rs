//! Dealing damage (CR 120): to a player it causes that much life loss (CR 120.3a), to a
//! planeswalker that many loyalty counters to be removed (CR 120.3c), to a creature that much
//! marked damage (CR 120.3e; lethal damage is a state-based action, CR 704.5g). A source with
//! lifelink also gains its controller that much life (CR 120.3f, 702.15b).

use crate::abilities::Keyword;
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::Board;
use crate::state::{GameState, ZoneKind};
use crate::targets::Target;
use crate::types::CardType;
use crate::zones;

/// `source` deals `n` damage to `target` (a player, or a creature and/or planeswalker on the
/// battlefield; anything else is dealt no damage, CR 120.4).
pub(crate) fn deal(state: &mut GameState, board: &Board, source: Option<ObjectId>, target: Target, n: u32, ev: &mut Vec<Event>) {
    deal_as(state, board, source, target, n, false, ev);
}

/// `deal`, saying whether it is combat damage (CR 510.2). Prevention effects apply first, and
/// only what they leave is dealt (CR 615.1; nothing is dealt if all is prevented, CR 603.2g).
pub(crate) fn deal_as(
    state: &mut GameState,
    board: &Board,
    source: Option<ObjectId>,
    target: Target,
    n: u32,
    combat: bool,
    ev: &mut Vec<Event>,
) {
    let n = crate::prevention::prevent(state, board, source, target, n, combat);
    if n == 0 {
        return;
    }
    let dealt = match target {
        Target::Player(p) => {
            let exists = state.player(p).is_some();
            damage_player(state, source, p, n, ev);
            exists
        }
        Target::Object(id) => {
            let on_battlefield = state.object(id).is_some_and(|o| o.zone == ZoneKind::Battlefield);
            let Some(ch) = board.get(&id).filter(|_| on_battlefield) else { return };
            let (creature, planeswalker) = (ch.is(CardType::Creature), ch.is(CardType::Planeswalker));
            if !creature && !planeswalker {
                return;
            }
            ev.push(Event::DamageDealt { source, target, amount: n });
            if planeswalker {
                zones::remove_counters(state, id, "loyalty", n, ev);
            }
            if creature {
                if let Some(o) = state.object_mut(id) {
                    o.damage = o.damage.saturating_add(n);
                }
            }
            true
        }
    };
    let lifelink = source.and_then(|s| board.get(&s)).is_some_and(|c| c.has_keyword(Keyword::Lifelink));
    let controller = source.and_then(|s| state.object(s)).map(|o| o.controller);
    if let (true, true, Some(p)) = (dealt, lifelink, controller) {
        if let Some(pl) = state.player_mut(p) {
            pl.life = pl.life.saturating_add(i32::try_from(n).unwrap_or(i32::MAX));
            let life = pl.life;
            ev.push(Event::LifeChanged { player: p, life });
        }
    }
}

/// Damage to a player is life loss (CR 120.3a).
fn damage_player(state: &mut GameState, source: Option<ObjectId>, player: PlayerId, n: u32, ev: &mut Vec<Event>) {
    if n == 0 {
        return;
    }
    if let Some(p) = state.player_mut(player) {
        p.life = p.life.saturating_sub(i32::try_from(n).unwrap_or(i32::MAX));
        let life = p.life;
        ev.push(Event::DamageDealt { source, target: Target::Player(player), amount: n });
        ev.push(Event::LifeChanged { player, life });
    }
}
