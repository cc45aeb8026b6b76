//! Dealing damage (CR 120): to a player it causes that much life loss (CR 120.3a), to a
//! planeswalker that many loyalty counters to be removed (CR 120.3c), to a creature that much
//! marked damage (CR 120.3e), or as many -1/-1 counters from a source with wither (CR 120.3d,
//! 702.80a; lethal damage is a state-based action, CR 704.5g, and so is any
//! damage from a source with deathtouch, CR 702.2b, 704.5h). A source with lifelink also gains
//! its controller that much life (CR 120.3f, 702.15b), one life-gain event per source
//! (CR 702.15e). Prevention (protection's included, CR 702.16e) is the `prevention` module's.

use crate::abilities::{Keyword, StaticAbility};
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
    deal_event(state, board, &[(source, target, n)], combat, ev);
}

/// Combat damage (CR 510.2): every (source, recipient, amount) at once, one damage event; each
/// source with lifelink gains its controller the total it dealt, as one event (CR 702.15b,
/// 702.15e).
pub(crate) fn deal_simultaneously(state: &mut GameState, board: &Board, plan: &[(ObjectId, Target, u32)], ev: &mut Vec<Event>) {
    let items: Vec<(Option<ObjectId>, Target, u32)> = plan.iter().map(|(s, t, n)| (Some(*s), *t, *n)).collect();
    deal_event(state, board, &items, true, ev);
}

/// One damage event (CR 120.4): replacement effects on the damage each source would deal
/// (CR 614.1a: "deals double that damage instead", `replacement::damage_dealt`) and prevention
/// effects apply first (CR 120.4a, 615; protection's included, 702.16e), and only what they leave is dealt (nothing, and no event, if all is
/// prevented, CR 603.2g); the damage is then processed into its results (CR 120.4c: marked
/// damage, loyalty counters removed, life lost, life gained from lifelink and from prevention
/// that says so), and replacement effects on those results apply to them all together
/// (CR 120.4d): a player's life loss from damage is weighed with the life they gain in the
/// same event (Worship, CR 120.4d Example 2).
fn deal_event(state: &mut GameState, board: &Board, items: &[(Option<ObjectId>, Target, u32)], combat: bool, ev: &mut Vec<Event>) {
    let mut gains: Vec<(PlayerId, u32)> = Vec::new();
    let mut per_source: Vec<(ObjectId, u32)> = Vec::new();
    let mut losses: Vec<(PlayerId, u32)> = Vec::new();
    let mut poison: Vec<(PlayerId, u32)> = Vec::new();
    // Combat damage each source dealt each player (CR 510.2), for the triggers on it.
    let mut to_players: Vec<((ObjectId, PlayerId), u32)> = Vec::new();
    for (source, target, n) in items {
        // CR 614.1a, 616.1: replacement effects on the damage (doubling), then prevention.
        let n = crate::replacement::damage_dealt(state, board, *source, *n);
        let n = crate::prevention::prevent(state, board, *source, *target, n, combat, &mut gains);
        if n == 0 {
            continue;
        }
        let dealt = match *target {
            Target::Player(p) => {
                if state.player(p).is_none() {
                    continue;
                }
                ev.push(Event::DamageDealt { source: *source, target: *target, amount: n });
                add(&mut losses, p, n);
                if let (Some(s), true) = (source, combat) {
                    add(&mut to_players, (*s, p), n);
                }
                // CR 702.164c, 120.3g: combat damage to a player by a creature with toxic also
                // gives them its total toxic value in poison counters, whatever the amount.
                let toxic = source.and_then(|s| board.get(&s)).filter(|_| combat).map_or(0, |c| c.total_toxic());
                if toxic > 0 {
                    add(&mut poison, p, toxic);
                }
                n
            }
            Target::Object(id) => damage_object(state, board, *source, id, n, ev),
        };
        if let (Some(s), true) = (source, dealt > 0) {
            add(&mut per_source, *s, dealt);
        }
    }
    crate::prevention::end_damage_event(state);
    // CR 603.2g: "whenever this deals damage" triggers on damage dealt, once per source in one
    // event, for the total (prevented damage isn't dealt and triggers nothing).
    for (s, total) in &per_source {
        crate::triggers::dealt_damage(state, board, *s, *total);
    }
    if !to_players.is_empty() {
        crate::triggers::combat_damage_to_players(state, board, &to_players);
    }
    // CR 702.15b: the source's controller gains that much life, one event per source.
    for (s, total) in per_source {
        let lifelink = board.get(&s).is_some_and(|c| c.has_keyword(Keyword::Lifelink));
        if let (true, Some(o)) = (lifelink, state.object(s)) {
            gains.push((o.controller, total));
        }
    }
    for (p, n) in losses {
        let gained: u32 = gains.iter().filter(|(q, _)| *q == p).map(|(_, g)| *g).sum();
        let loss = life_loss_after_replacement(state, board, p, n, gained);
        lose_life_to_damage(state, p, loss, ev);
    }
    for (p, n) in gains {
        gain_life(state, p, n, ev);
    }
    for (p, n) in poison {
        give_poison(state, p, n, ev);
    }
}

/// `player` gets `n` poison counters (CR 122.1f; ten or more lose the game, CR 704.5c).
pub(crate) fn give_poison(state: &mut GameState, player: PlayerId, n: u32, ev: &mut Vec<Event>) {
    if let Some(p) = state.player_mut(player) {
        p.poison = p.poison.saturating_add(n);
        ev.push(Event::PoisonCountersGiven { player, amount: n });
    }
}

fn add<K: PartialEq>(v: &mut Vec<(K, u32)>, k: K, n: u32) {
    match v.iter_mut().find(|(x, _)| *x == k) {
        Some((_, total)) => *total = total.saturating_add(n),
        None => v.push((k, n)),
    }
}

/// Damage to a creature or planeswalker (CR 120.3c, 120.3e; deathtouch marked for 704.5h).
/// Returns how much was dealt.
fn damage_object(state: &mut GameState, board: &Board, source: Option<ObjectId>, id: ObjectId, n: u32, ev: &mut Vec<Event>) -> u32 {
    let on_battlefield = state.object(id).is_some_and(|o| o.on_battlefield());
    let Some(ch) = board.get(&id).filter(|_| on_battlefield) else { return 0 };
    let (creature, planeswalker) = (ch.is(CardType::Creature), ch.is(CardType::Planeswalker));
    if !creature && !planeswalker {
        return 0;
    }
    ev.push(Event::DamageDealt { source, target: Target::Object(id), amount: n });
    if planeswalker {
        zones::remove_counters(state, id, "loyalty", n, ev);
    }
    let source_ch = source.and_then(|s| board.get(&s));
    let deathtouch = source_ch.is_some_and(|c| c.has_keyword(Keyword::Deathtouch));
    // CR 702.80a, 120.3d: damage from a source with wither isn't marked; it puts that many
    // -1/-1 counters on the creature instead (it is still damage dealt: deathtouch, lifelink
    // and "whenever this deals damage" see it).
    let wither = source_ch.is_some_and(|c| c.has_keyword(Keyword::Wither));
    if creature {
        if wither {
            zones::add_counters(state, id, "-1/-1", n, ev);
        }
        if let Some(o) = state.object_mut(id) {
            if !wither {
                o.damage = o.damage.saturating_add(n);
            }
            o.deathtouch_damage |= deathtouch && n > 0;
        }
    }
    n
}

/// The life `player` loses to `damage` in one damage event once replacement effects on that
/// result apply: "damage that would reduce your life total to less than N reduces it to N
/// instead" (CR 614.1a) looks at the event's whole result, the `gained` life included
/// (CR 120.4d); it reduces the life total to N, not the damage (Worship's ruling).
fn life_loss_after_replacement(state: &GameState, board: &Board, player: PlayerId, damage: u32, gained: u32) -> u32 {
    let Some(life) = state.player(player).map(|p| i64::from(p.life)) else { return damage };
    let controls = |t: CardType| {
        state.zone_objects(ZoneKind::Battlefield, Some(player)).iter().any(|o| board.get(&o.id).is_some_and(|c| c.is(t)))
    };
    let mut floor: Option<i64> = None;
    for o in state.zone_objects(ZoneKind::Battlefield, Some(player)) {
        let Some(ch) = board.get(&o.id) else { continue };
        for (st, _) in ch.statics() {
            if let StaticAbility::DamageCantReduceLifeBelow { floor: f, while_you_control } = st {
                if while_you_control.is_none_or(controls) {
                    floor = Some(floor.map_or(i64::from(*f), |x| x.max(i64::from(*f))));
                }
            }
        }
    }
    let Some(floor) = floor else { return damage };
    let after = life - i64::from(damage) + i64::from(gained);
    if after >= floor {
        return damage;
    }
    // The loss that leaves the life total at the floor (none if it can't get there).
    u32::try_from((life + i64::from(gained) - floor).max(0)).unwrap_or(damage).min(damage)
}

/// `player` would gain `n` life (CR 119.3), where no action carries choices (lifelink, a mana
/// ability): the replacement effects on it apply (`replacement::gain_life`); a draw they make
/// that needs a choice of card (several cards in the graveyard for "return a card from your
/// graveyard instead") doesn't happen.
pub(crate) fn gain_life(state: &mut GameState, player: PlayerId, n: u32, ev: &mut Vec<Event>) {
    let answers = crate::actions::Answers::default();
    // An error is a draw that needed a choice: it changed nothing, and the draws after it don't happen.
    let _ = crate::replacement::gain_life(state, player, n, &answers, ev);
}

/// `player` gains `n` life (CR 119.3): one life-gain event, which "whenever you gain life"
/// abilities trigger on (CR 119.9). The replacement effects on it were applied already.
pub(crate) fn gain_life_unreplaced(state: &mut GameState, player: PlayerId, n: u32, ev: &mut Vec<Event>) {
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
fn lose_life_to_damage(state: &mut GameState, player: PlayerId, n: u32, ev: &mut Vec<Event>) {
    if n == 0 {
        return;
    }
    if let Some(p) = state.player_mut(player) {
        p.life = p.life.saturating_sub(i32::try_from(n).unwrap_or(i32::MAX));
        let life = p.life;
        ev.push(Event::LifeChanged { player, life });
    }
}
