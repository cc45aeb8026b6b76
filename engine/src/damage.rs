//! Dealing damage (CR 120): to a player it causes that much life loss (CR 120.3a), to a
//! planeswalker that many loyalty counters to be removed (CR 120.3c), to a creature that much
//! marked damage (CR 120.3e; lethal damage is a state-based action, CR 704.5g, and so is any
//! damage from a source with deathtouch, CR 702.2b, 704.5h). A source with lifelink also gains
//! its controller that much life (CR 120.3f, 702.15b), one life-gain event per source
//! (CR 702.15e). Prevention (protection's included, CR 702.16e) is the `prevention` module's.

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

/// `deal`, saying whether it is combat damage (CR 510.2).
pub(crate) fn deal_as(
    state: &mut GameState,
    board: &Board,
    source: Option<ObjectId>,
    target: Target,
    n: u32,
    combat: bool,
    ev: &mut Vec<Event>,
) {
    let dealt = deal_one(state, board, source, target, n, combat, ev);
    if dealt > 0 {
        lifelink(state, board, source, dealt, ev);
    }
}

/// Combat damage (CR 510.2): every (source, recipient, amount) at once; each source with
/// lifelink gains its controller the total it dealt, as one event (CR 702.15b, 702.15e).
pub(crate) fn deal_simultaneously(state: &mut GameState, board: &Board, plan: &[(ObjectId, Target, u32)], ev: &mut Vec<Event>) {
    let mut per_source: Vec<(ObjectId, u32)> = Vec::new();
    for (source, target, n) in plan {
        let dealt = deal_one(state, board, Some(*source), *target, *n, true, ev);
        if dealt > 0 {
            match per_source.iter_mut().find(|(s, _)| s == source) {
                Some((_, total)) => *total = total.saturating_add(dealt),
                None => per_source.push((*source, dealt)),
            }
        }
    }
    for (source, total) in per_source {
        lifelink(state, board, Some(source), total, ev);
    }
}

/// Deals the damage; prevention effects (protection's among them) apply first, and only what
/// they leave is dealt (CR 615.1; nothing is dealt if all is prevented, CR 603.2g). Returns how
/// much was dealt.
fn deal_one(state: &mut GameState, board: &Board, source: Option<ObjectId>, target: Target, n: u32, combat: bool, ev: &mut Vec<Event>) -> u32 {
    let n = crate::prevention::prevent(state, board, source, target, n, combat);
    if n == 0 {
        return 0;
    }
    match target {
        Target::Player(p) => {
            if state.player(p).is_none() {
                return 0;
            }
            damage_player(state, source, p, n, ev);
            n
        }
        Target::Object(id) => {
            let on_battlefield = state.object(id).is_some_and(|o| o.zone == ZoneKind::Battlefield);
            let Some(ch) = board.get(&id).filter(|_| on_battlefield) else { return 0 };
            let (creature, planeswalker) = (ch.is(CardType::Creature), ch.is(CardType::Planeswalker));
            if !creature && !planeswalker {
                return 0;
            }
            ev.push(Event::DamageDealt { source, target, amount: n });
            if planeswalker {
                zones::remove_counters(state, id, "loyalty", n, ev);
            }
            let deathtouch = source.and_then(|s| board.get(&s)).is_some_and(|c| c.has_keyword(Keyword::Deathtouch));
            if creature {
                if let Some(o) = state.object_mut(id) {
                    o.damage = o.damage.saturating_add(n);
                    o.deathtouch_damage |= deathtouch;
                }
            }
            n
        }
    }
}

/// CR 702.15b: the source's controller gains `n` life, one event.
fn lifelink(state: &mut GameState, board: &Board, source: Option<ObjectId>, n: u32, ev: &mut Vec<Event>) {
    let has = source.and_then(|s| board.get(&s)).is_some_and(|c| c.has_keyword(Keyword::Lifelink));
    let controller = source.and_then(|s| state.object(s)).map(|o| o.controller);
    if let (true, Some(p)) = (has, controller) {
        gain_life(state, p, n, ev);
    }
}

/// `player` gains `n` life (CR 119.3): one life-gain event, which "whenever you gain life"
/// abilities trigger on (CR 119.9).
pub(crate) fn gain_life(state: &mut GameState, player: PlayerId, n: u32, ev: &mut Vec<Event>) {
    if n == 0 {
        return;
    }
    if let Some(pl) = state.player_mut(player) {
        pl.life = pl.life.saturating_add(i32::try_from(n).unwrap_or(i32::MAX));
        let life = pl.life;
        ev.push(Event::LifeChanged { player, life });
        crate::triggers::gained_life(state, player);
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
