//! Game-wide invariants: they hold for any correct engine on any board.
//! - CR 400.1, 400.7: every card is exactly one object, in exactly one zone; spells on the stack
//!   are objects in the stack zone and the other way round;
//! - CR 704.3, 117.5: when a player has priority, no state-based action is pending;
//! - CR 733.1: a rejected action is reversed entirely;
//! - saving and loading the game gives the same game.

use std::collections::BTreeSet;

use mtg_engine::layers::Board;
use mtg_engine::state::StackEntryKind;
use mtg_engine::types::CardType;
use mtg_engine::{GameState, ZoneKind};

use super::{Broken, Invariant, RulesGame, Transition};

pub(super) fn one_zone(state: &GameState) -> Result<(), Broken> {
    let broken = |d: String| Err(Broken::new(Invariant::OneZone, d));
    for (key, o) in &state.objects {
        if *key != o.id {
            return broken(format!("object stored under {key:?} says it is {:?}", o.id));
        }
        if let Some(card) = o.card {
            let rec = usize::try_from(card.0).ok().and_then(|i| state.cards.get(i));
            if rec.and_then(|r| r.object) != Some(o.id) {
                return broken(format!("{:?} ({}) in the {} is {card:?}, but that card is {:?}", o.id, o.def, o.zone.name(), rec.and_then(|r| r.object)));
            }
        }
    }
    for (i, rec) in state.cards.iter().enumerate() {
        if let Some(id) = rec.object {
            if state.object(id).and_then(|o| o.card).and_then(|c| usize::try_from(c.0).ok()) != Some(i) {
                return broken(format!("card {i} ({}) is said to be {id:?}, which is not that card", rec.name));
            }
        }
    }
    let spells: BTreeSet<_> = state.stack.iter().filter(|e| matches!(e.kind, StackEntryKind::Spell)).map(|e| e.id).collect();
    let on_stack: BTreeSet<_> = state.objects.values().filter(|o| o.zone == ZoneKind::Stack).map(|o| o.id).collect();
    if spells != on_stack {
        return broken(format!("spells on the stack {spells:?} differ from objects in the stack zone {on_stack:?}"));
    }
    let ids: BTreeSet<_> = state.stack.iter().map(|e| e.id).collect();
    if ids.len() != state.stack.len() {
        return broken("two stack entries share an id".into());
    }
    Ok(())
}

/// The state-based actions of CR 704.5 the engine's card pool can reach: 704.5a (life), 704.5b
/// (drew from an empty library), 704.5c (ten poison counters), 704.5d (token off the battlefield), 704.5f (toughness 0 or
/// less), 704.5g (lethal damage), 704.5i (planeswalker with 0 loyalty), 704.5j (legend rule),
/// 704.5m (Aura attached to nothing), 704.5q (+1/+1 and -1/-1 counters together).
pub(super) fn no_pending_sba(state: &GameState, board: &Board) -> Result<(), Broken> {
    // While attackers are being declared nobody has priority yet (CR 508.1, 508.2): the
    // turn-based action comes first, and the check happens when priority is given.
    if state.priority.is_none() || state.is_over() || state.combat.awaiting_declaration {
        return Ok(());
    }
    let pending = |d: String| Err(Broken::new(Invariant::NoPendingSba, format!("{d} while a player has priority")));
    for (i, p) in state.players.iter().enumerate() {
        if p.life <= 0 {
            return pending(format!("player {i} has {} life and hasn't lost (CR 704.5a)", p.life));
        }
        if p.drew_from_empty {
            return pending(format!("player {i} drew from an empty library and hasn't lost (CR 704.5b)"));
        }
        if p.poison >= 10 {
            return pending(format!("player {i} has {} poison counters and hasn't lost (CR 704.5c)", p.poison));
        }
    }
    let mut legends = BTreeSet::new();
    for o in state.objects.values() {
        if o.is_token && o.zone != ZoneKind::Battlefield {
            return pending(format!("token {:?} is in the {} (CR 704.5d)", o.id, o.zone.name()));
        }
        if o.zone != ZoneKind::Battlefield {
            continue;
        }
        let Some(ch) = board.get(&o.id) else { continue };
        if let Some(d) = toughness_or_lethal_damage(o, ch) {
            return pending(d);
        }
        if ch.is(CardType::Creature) {
            let indestructible = ch.has_keyword(mtg_engine::abilities::Keyword::Indestructible);
            if !indestructible && o.deathtouch_damage && o.damage > 0 {
                return pending(format!("creature {} ({:?}) was dealt damage by a source with deathtouch (CR 704.5h)", ch.name, o.id));
            }
        }
        if ch.is(CardType::Planeswalker) && ch.loyalty.unwrap_or(0) <= 0 {
            return pending(format!("planeswalker {} ({:?}) has no loyalty (CR 704.5i)", ch.name, o.id));
        }
        if ch.supertypes.iter().any(|s| s == "Legendary") && !legends.insert((o.controller, ch.name.clone())) {
            return pending(format!("{:?} controls two legendary permanents named {} (CR 704.5j)", o.controller, ch.name));
        }
        let aura = ch.is(CardType::Enchantment) && ch.subtypes.iter().any(|s| s == "Aura");
        let attached = o.attached_to.and_then(|t| state.object(t)).is_some_and(|t| t.zone == ZoneKind::Battlefield);
        if aura && !attached {
            return pending(format!("Aura {} ({:?}) is attached to nothing (CR 704.5m)", ch.name, o.id));
        }
        let (plus, minus) = (o.counters.get("+1/+1").copied().unwrap_or(0), o.counters.get("-1/-1").copied().unwrap_or(0));
        if plus > 0 && minus > 0 {
            return pending(format!("{} ({:?}) has +1/+1 and -1/-1 counters (CR 704.5q)", ch.name, o.id));
        }
    }
    Ok(())
}

/// CR 704.5f-g: what is wrong with creature `o` on the battlefield if it has toughness 0 or
/// less, or damage marked on it at least its toughness without being indestructible (CR
/// 702.12b); `None` if neither.
pub(super) fn toughness_or_lethal_damage(o: &mtg_engine::state::Object, ch: &mtg_engine::layers::Characteristics) -> Option<String> {
    if !ch.is(CardType::Creature) {
        return None;
    }
    let t = ch.toughness.unwrap_or(0);
    if t <= 0 {
        return Some(format!("creature {} ({:?}) has toughness {t} (CR 704.5f)", ch.name, o.id));
    }
    let indestructible = ch.has_keyword(mtg_engine::abilities::Keyword::Indestructible);
    if !indestructible && u32::try_from(t).is_ok_and(|t| o.damage >= t) {
        return Some(format!("creature {} ({:?}) has {} damage, toughness {t} (CR 704.5g)", ch.name, o.id, o.damage));
    }
    None
}

/// Whether a step's events look like state-based actions were performed (a player lost, a
/// permanent went to the graveyard without being sacrificed, a token ceased to exist): then
/// the position after it is where a pending one would show.
pub(super) fn sba_like(events: &[mtg_engine::Event]) -> bool {
    use mtg_engine::Event;
    events.iter().any(|e| match e {
        Event::PlayerLost { .. } | Event::TokenCeasedToExist { .. } => true,
        Event::ZoneChanged { old, from: ZoneKind::Battlefield, to: ZoneKind::Graveyard, .. } => {
            !events.iter().any(|x| matches!(x, Event::Sacrificed { object } if object == old))
        }
        _ => false,
    })
}

pub(super) fn round_trip<G: RulesGame>(game: &G) -> Result<(), Broken> {
    let broken = |d: String| Err(Broken::new(Invariant::RoundTrip, d));
    let saved = match game.save() {
        Ok(s) => s,
        Err(e) => return broken(format!("save failed: {e}")),
    };
    match G::load(&saved) {
        // The board the engine keeps between questions (`layers::board_of`) isn't saved: the
        // loaded game computes it afresh, and a kept board that differs was stale.
        Ok(g) if g.state() == game.state() => {
            if *mtg_engine::layers::board_of(game.state()) == mtg_engine::layers::compute_all(g.state()) {
                Ok(())
            } else {
                broken("the characteristics the game kept differ from the loaded game's".into())
            }
        }
        Ok(_) => broken("the loaded game differs from the saved one".into()),
        Err(e) => broken(format!("load failed: {e}")),
    }
}

pub(super) fn rejection_changes_nothing<G: RulesGame>(t: &Transition<'_, G>) -> Result<(), Broken> {
    if t.after.state() == t.before.state() {
        return Ok(());
    }
    let reason = t.outcome.as_ref().err().map(|r| r.to_string()).unwrap_or_default();
    Err(Broken::new(Invariant::RejectionChangesNothing, format!("{:?} was rejected ({reason}) but changed the game", t.action)))
}
