//! Triggered abilities (CR 603): they trigger on events, wait, and are put on the stack the next
//! time a player would receive priority, in APNAP order (CR 603.3b). A waiting ability that
//! needs targets none of which can be chosen is removed (CR 603.3d). A player with a single
//! waiting ability that needs no target has it put on the stack at once; with two or more, or
//! any needing targets, the game waits for that player's `Action::PutTriggers` (the order,
//! CR 603.3b, and the targets, CR 603.3d / 601.2c).

use crate::abilities::{Ability, TargetSpec, Trigger, TriggeredAbility};
use crate::events::Event;
use crate::ids::{CardId, ObjectId, PlayerId};
use crate::layers::{board_of, Board};
use crate::rejection::Rejection;
use crate::state::{GameState, PendingTrigger, StackAbilityKind, StackEntry, StackEntryKind, TriggerEvent, ZoneKind};
use crate::targets::{self, Target};

/// Where a triggered ability comes from, as it triggers (CR 603.3a: its controller is its
/// source's controller then).
pub(crate) struct TriggerSource<'a> {
    pub source: ObjectId,
    pub source_card: Option<CardId>,
    pub controller: PlayerId,
    pub source_counters: &'a crate::counters::Counters<u32>,
    pub x: Option<u32>,
    pub link: u64,
    /// What the triggering event names (CR 603.7c, 608.2h).
    pub event: TriggerEvent,
}

/// Records that `ability` triggered; it waits until a player would receive priority.
pub(crate) fn queue(state: &mut GameState, from: &TriggerSource, ability: &TriggeredAbility) {
    // CR 603.4: an intervening "if" clause false as the event happens: it doesn't trigger.
    if ability.condition.as_ref().is_some_and(|c| !condition_holds(state, from.controller, Some(from.source), c)) {
        return;
    }
    // CR 508.2a, 509.3f: the object the event names is checked as the event happens, only.
    if let Some(f) = &ability.filter {
        let board = board_of(state);
        let named = from.event.object.and_then(|id| Some((board.get(&id)?, state.object(id)?)));
        if !named.is_some_and(|(c, o)| crate::layers::permanent_matches(f, c, o, from.controller)) {
            return;
        }
    }
    let timestamp = state.new_timestamp();
    state.next_trigger_id = state.next_trigger_id.saturating_add(1);
    let id = state.next_trigger_id;
    state.pending_triggers.push(PendingTrigger {
        source: from.source,
        source_card: from.source_card,
        controller: from.controller,
        effect: ability.effect.clone(),
        source_counters: from.source_counters.clone(),
        timestamp,
        x: from.x,
        id,
        target_specs: ability.targets.clone(),
        ability: Some(Box::new(Ability::Triggered(ability.clone()))),
        link: from.link,
        event: from.event,
    });
}

/// Whether an intervening "if" condition holds now for a player (CR 603.4); `source`: the
/// ability's source, for a condition about it.
pub(crate) fn condition_holds(state: &GameState, controller: PlayerId, source: Option<ObjectId>, c: &crate::abilities::Condition) -> bool {
    match c {
        crate::abilities::Condition::ThisWasKickedWith(k) => {
            source.and_then(|s| state.object(s)).is_some_and(|o| o.kicked.contains(k))
        }
        crate::abilities::Condition::ThisSpellsAdditionalCostWasPaid => {
            source.and_then(|s| state.object(s)).is_some_and(|o| o.additional_cost_paid)
        }
        crate::abilities::Condition::YouHaveAtLeastLife(n) => state.player(controller).is_some_and(|p| p.life >= *n),
        crate::abilities::Condition::YouControlAny(filters) => {
            let board = board_of(state);
            state.zone_objects(ZoneKind::Battlefield, Some(controller)).iter().any(|o| {
                board.get(&o.id).is_some_and(|c| filters.iter().any(|f| crate::layers::permanent_matches(f, c, o, controller)))
            })
        }
    }
}

/// Queues every triggered ability of `id` (as `board` shows it) with this trigger.
fn queue_matching(state: &mut GameState, board: &Board, id: ObjectId, controller: PlayerId, trigger: Trigger) {
    queue_matching_event(state, board, id, controller, trigger, TriggerEvent::default());
}

/// `queue_matching`, with what the triggering event names.
fn queue_matching_event(state: &mut GameState, board: &Board, id: ObjectId, controller: PlayerId, trigger: Trigger, event: TriggerEvent) {
    let Some(ch) = board.get(&id) else { return };
    let Some(obj) = state.object(id) else { return };
    let (card, counters, x) = (obj.card, obj.counters.clone(), obj.entered_x);
    let found: Vec<(TriggeredAbility, u64)> = ch
        .abilities
        .iter()
        .filter_map(|a| match &*a.ability {
            Ability::Triggered(t) if t.trigger == trigger => Some((t.clone(), a.link)),
            _ => None,
        })
        .collect();
    for (t, link) in found {
        let from = TriggerSource { source: id, source_card: card, controller, source_counters: &counters, x, link, event };
        queue(state, &from, &t);
    }
}

/// "At the beginning of your upkeep" (CR 503.1a) or "of combat on your turn" (CR 507.1):
/// abilities of the active player's permanents with that trigger.
pub(crate) fn beginning_of_step(state: &mut GameState, trigger: Trigger) {
    let board = board_of(state);
    let active = state.active;
    let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Battlefield, Some(active)).iter().map(|o| o.id).collect();
    for id in &ids {
        queue_matching(state, &board, *id, active, trigger);
    }
    if trigger == Trigger::BeginningOfYourUpkeep {
        // CR 702.30a: echo triggers for what came under its controller's control since the
        // beginning of their last upkeep; from now on that is this upkeep.
        for id in ids {
            if state.object(id).is_some_and(|o| o.new_since_upkeep) {
                queue_matching(state, &board, id, active, Trigger::BeginningOfYourUpkeepIfNewSinceLastUpkeep);
            }
            if let Some(o) = state.object_mut(id) {
                o.new_since_upkeep = false;
            }
        }
    }
}

/// `player` cycled a card (CR 702.29c-d), which is now the object `card` (in the graveyard):
/// "whenever you cycle a card" abilities of their permanents, and the card's own "when you
/// cycle this card" abilities, which trigger from the zone it went to.
pub(crate) fn cycled(state: &mut GameState, player: PlayerId, card: Option<ObjectId>) {
    let board = board_of(state);
    let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Battlefield, Some(player)).iter().map(|o| o.id).collect();
    for id in ids {
        queue_matching(state, &board, id, player, Trigger::YouCycleACard);
    }
    if let Some(c) = card {
        queue_matching(state, &board, c, player, Trigger::YouCycleThis);
    }
}

/// Permanents left the battlefield in one event (`left`): the leaves-the-battlefield abilities
/// of every permanent that was on the battlefield just before (`watchers`, as `before` shows
/// them) trigger, those of the permanents that left with them included (CR 603.10a: they
/// look back in time). "Dies" is going to a graveyard as a creature (CR 700.4).
pub(crate) fn left_battlefield(
    state: &mut GameState,
    before: &Board,
    watchers: &[(ObjectId, Option<CardId>, PlayerId, &crate::counters::Counters<u32>)],
    left: &[crate::zones::Left],
) {
    for l in left {
        let dies = l.to == ZoneKind::Graveyard && l.ch.is(crate::types::CardType::Creature);
        // CR 111.1: a token isn't a card; "that card" is the object it became (CR 400.7).
        let card_died = dies && state.object(l.new).is_some_and(|o| !o.is_token && o.card.is_some());
        for (id, card, controller, counters) in watchers {
            let Some(ch) = before.get(id) else { continue };
            for a in &ch.abilities {
                let Ability::Triggered(t) = &*a.ability else { continue };
                // Undying acts on the card where it went (CR 400.7: a new object), and triggers
                // only if the creature had no +1/+1 counters on it (CR 702.93a).
                let undying = t.effect == crate::abilities::Effect::ReturnDiedWithCounter;
                let undying_blocked = undying && counters.get("+1/+1").copied().unwrap_or(0) > 0;
                let fires = match t.trigger {
                    Trigger::ThisLeavesBattlefield => *id == l.old,
                    Trigger::Dies => *id == l.old && dies && !undying_blocked,
                    Trigger::ACreatureDies => dies,
                    Trigger::ANontokenCreatureDies => card_died,
                    // CR 603.2c: once for each land put into a graveyard.
                    Trigger::ALandGoesToGraveyardFromBattlefield => {
                        l.to == ZoneKind::Graveyard && l.ch.is(crate::types::CardType::Land)
                    }
                    _ => false,
                };
                if fires {
                    let from = TriggerSource {
                        source: if undying && *id == l.old { l.new } else { *id },
                        source_card: *card,
                        controller: *controller,
                        source_counters: counters,
                        x: None,
                        link: a.link,
                        event: TriggerEvent { player: Some(l.controller), object: Some(l.new), amount: 0 },
                    };
                    queue(state, &from, t);
                }
            }
        }
        // CR 702.55c, 113.6k: "when the creature it haunts dies" triggers from exile, its
        // source the haunting card (controlled by its owner, CR 108.4a).
        if dies {
            let haunting: Vec<(ObjectId, PlayerId)> = state
                .haunts
                .iter()
                .filter(|(_, creature)| *creature == l.old)
                .filter_map(|(card, _)| state.object(*card).filter(|o| o.zone == ZoneKind::Exile).map(|o| (*card, o.owner)))
                .collect();
            for (card, owner) in haunting {
                queue_matching(state, before, card, owner, Trigger::TheCreatureItHauntsDies);
            }
        }
    }
}

/// Objects were put into graveyards (`put`, the new objects there): their own "when this is
/// put into a graveyard from anywhere" abilities trigger from the graveyard (CR 603.6a), the
/// triggering event naming the card's owner (who controls it there) and the card.
pub(crate) fn put_into_graveyard(state: &mut GameState, put: &[ObjectId]) {
    if put.is_empty() {
        return;
    }
    let board = board_of(state);
    for &id in put {
        let Some(owner) = state.object(id).filter(|o| o.zone == ZoneKind::Graveyard).map(|o| o.owner) else { continue };
        let event = TriggerEvent { player: Some(owner), object: Some(id), amount: 0 };
        queue_matching_event(state, &board, id, owner, Trigger::PutIntoGraveyardFromAnywhere, event);
    }
}

/// A creature entered (`entered`, as it is on the battlefield, CR 603.6b): "whenever another
/// creature enters" abilities of the other permanents trigger.
pub(crate) fn another_entered(state: &mut GameState, entered: ObjectId) {
    let board = board_of(state);
    if !board.get(&entered).is_some_and(|c| c.is(crate::types::CardType::Creature)) {
        return;
    }
    let ids: Vec<(ObjectId, PlayerId)> = state
        .zone_objects(ZoneKind::Battlefield, None)
        .iter()
        .filter(|o| o.id != entered)
        .map(|o| (o.id, o.controller))
        .collect();
    // CR 603.7c, 608.2h: "that creature" is the one that entered.
    let event = TriggerEvent { player: None, object: Some(entered), amount: 0 };
    let entered_controller = state.object(entered).map(|o| o.controller);
    for (id, controller) in ids {
        queue_matching_event(state, &board, id, controller, Trigger::AnotherCreatureEnters, event);
        if entered_controller == Some(controller) {
            queue_matching_event(state, &board, id, controller, Trigger::AnotherCreatureYouControlEnters, event);
        }
    }
}

/// A spell was cast (CR 601.2i): "whenever a player casts a spell of the chosen color"
/// abilities trigger when the spell has the color chosen as their source entered, and "when a
/// player casts a spell" ones on any spell, naming its caster.
pub(crate) fn spell_cast(state: &mut GameState, spell: ObjectId) {
    let board = board_of(state);
    let Some(colors) = board.get(&spell).map(|c| c.colors.clone()) else { return };
    let caster = state.object(spell).map(|o| o.controller);
    let ids: Vec<(ObjectId, PlayerId, Option<crate::types::Color>)> = state
        .zone_objects(ZoneKind::Battlefield, None)
        .iter()
        .map(|o| (o.id, o.controller, o.chosen_color))
        .collect();
    let event = TriggerEvent { player: caster, object: Some(spell), amount: 0 };
    for (id, controller, chosen) in ids {
        if chosen.is_some_and(|c| colors.contains(&c)) {
            queue_matching(state, &board, id, controller, Trigger::PlayerCastsSpellOfChosenColor);
        }
        queue_matching_event(state, &board, id, controller, Trigger::APlayerCastsASpell, event);
    }
}

/// `player` paid a cost to cast a spell, taking the mana they spent to cast spells this turn
/// from `before` to `after` (CR 700.14): "whenever you expend N" abilities of the permanents
/// they control trigger for each N with `before < N <= after`.
pub(crate) fn expended(state: &mut GameState, player: PlayerId, before: u32, after: u32) {
    let board = board_of(state);
    let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Battlefield, Some(player)).iter().map(|o| o.id).collect();
    for id in ids {
        let mut reached: Vec<u32> = board
            .get(&id)
            .map(|c| {
                c.abilities
                    .iter()
                    .filter_map(|a| match &*a.ability {
                        Ability::Triggered(t) => match t.trigger {
                            Trigger::YouExpend(n) if before < n && n <= after => Some(n),
                            _ => None,
                        },
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        reached.sort_unstable();
        reached.dedup();
        for n in reached {
            queue_matching(state, &board, id, player, Trigger::YouExpend(n));
        }
    }
}

/// Creatures were declared as attackers (CR 508.1): "whenever a [creature] attacks" abilities
/// of every permanent trigger once for each, naming it, as `board` shows them at the
/// declaration (CR 508.2a, 508.3a).
pub(crate) fn attackers_declared(state: &mut GameState, board: &Board, attackers: &[ObjectId]) {
    let watchers: Vec<(ObjectId, PlayerId)> =
        state.zone_objects(ZoneKind::Battlefield, None).iter().map(|o| (o.id, o.controller)).collect();
    for &a in attackers {
        let event = TriggerEvent { player: state.object(a).map(|o| o.controller), object: Some(a), amount: 0 };
        for &(w, controller) in &watchers {
            queue_matching_event(state, board, w, controller, Trigger::ACreatureAttacks, event);
        }
    }
}

/// `attacker` became blocked by `blockers` creatures (CR 509.1h): "whenever this creature
/// becomes blocked" triggers once, "... becomes blocked by a creature" once per blocker
/// (CR 509.3c-d, 700.1).
pub(crate) fn became_blocked(state: &mut GameState, board: &Board, attacker: ObjectId, blockers: usize) {
    let Some(controller) = state.object(attacker).map(|o| o.controller) else { return };
    queue_matching(state, board, attacker, controller, Trigger::BecomesBlocked);
    for _ in 0..blockers {
        queue_matching(state, board, attacker, controller, Trigger::BecomesBlockedByACreature);
    }
}

/// The end step began (CR 513.1): "at the beginning of the end step" abilities trigger, and
/// delayed triggered abilities waiting for "the beginning of the next end step" trigger, once
/// (CR 603.7b), and are gone.
pub(crate) fn beginning_of_end_step(state: &mut GameState) {
    // CR 513.1a: of every permanent, whoever's turn it is.
    let board = board_of(state);
    let ids: Vec<(ObjectId, PlayerId)> =
        state.zone_objects(ZoneKind::Battlefield, None).iter().map(|o| (o.id, o.controller)).collect();
    for (id, controller) in ids {
        queue_matching(state, &board, id, controller, Trigger::BeginningOfEachEndStep);
    }
    delayed_due(state, Trigger::AtBeginningOfNextEndStep);
}

/// The end of combat step began (CR 511.2): "at end of combat" delayed triggered abilities
/// trigger, once (CR 603.7b), and are gone.
pub(crate) fn beginning_of_end_of_combat(state: &mut GameState) {
    delayed_due(state, Trigger::AtEndOfCombat);
}

/// `attacker` was declared blocked by `blocker` (CR 509.1i): "whenever this creature blocks a
/// creature" abilities of the blocker trigger, naming the attacker (CR 509.3b).
pub(crate) fn blocked_a_creature(state: &mut GameState, board: &Board, blocker: ObjectId, attacker: ObjectId) {
    let Some(controller) = state.object(blocker).map(|o| o.controller) else { return };
    let event = TriggerEvent { player: None, object: Some(attacker), amount: 0 };
    queue_matching_event(state, board, blocker, controller, Trigger::BlocksACreature, event);
    // CR 509.3b, 509.3d: "blocks or becomes blocked by a creature", each naming the other.
    queue_matching_event(state, board, blocker, controller, Trigger::BlocksOrBecomesBlockedByACreature, event);
    if let Some(attacking) = state.object(attacker).map(|o| o.controller) {
        let event = TriggerEvent { player: None, object: Some(blocker), amount: 0 };
        queue_matching_event(state, board, attacker, attacking, Trigger::BlocksOrBecomesBlockedByACreature, event);
    }
}

/// The delayed triggered abilities waiting for `trigger` trigger, with what their creating
/// ability's event named (CR 603.7c).
fn delayed_due(state: &mut GameState, trigger: Trigger) {
    delayed_fire(state, |d| d.trigger == trigger);
}

/// The permanent `id` became untapped (CR 701.26b): the delayed "when this becomes untapped"
/// abilities waiting for it trigger, once (CR 603.7a-b). One created after an untap waits for
/// the next (CR 603.7a Example 2): it didn't exist at the earlier one.
pub(crate) fn became_untapped(state: &mut GameState, id: ObjectId) {
    delayed_fire(state, |d| {
        d.trigger == Trigger::WhenThis && d.source == id && d.on.contains(&crate::abilities::SourceEvent::BecomesUntapped)
    });
}

/// Losing control of an object is an event, seen as the game looks before a player would
/// receive priority: a delayed "when you lose control of this" ability triggers, once, when
/// its controller stops controlling its source (another player gained control, or the source
/// left the battlefield) after having controlled it since it was created (CR 603.7a).
pub(crate) fn control_lost(state: &mut GameState) {
    if !state.delayed_triggers.iter().any(|d| d.trigger == Trigger::WhenThis) {
        return;
    }
    let mut lost = Vec::new();
    for (i, d) in state.delayed_triggers.iter_mut().enumerate() {
        if !d.on.contains(&crate::abilities::SourceEvent::YouLoseControl) {
            continue;
        }
        let now = state.objects.get(&d.source).is_some_and(|o| o.zone == ZoneKind::Battlefield && o.controller == d.controller);
        if d.held && !now {
            lost.push(i);
        }
        d.held = now;
    }
    if !lost.is_empty() {
        let mut i = 0;
        delayed_fire(state, |_| {
            let hit = lost.contains(&i);
            i += 1;
            hit
        });
    }
    // Nothing can happen any more to a source that left the battlefield (CR 400.7).
    let objects = &state.objects;
    state
        .delayed_triggers
        .retain(|d| d.trigger != Trigger::WhenThis || objects.get(&d.source).is_some_and(|o| o.zone == ZoneKind::Battlefield));
}

/// The delayed triggered abilities `due` selects trigger, once (CR 603.7b), and are gone.
fn delayed_fire(state: &mut GameState, due: impl FnMut(&crate::state::DelayedTrigger) -> bool) {
    let (due, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut state.delayed_triggers).into_iter().partition(due);
    state.delayed_triggers = rest;
    for d in due {
        let ability = TriggeredAbility { trigger: d.trigger, effect: d.effect, targets: vec![], condition: None, filter: None };
        let counters = state.object(d.source).map(|o| o.counters.clone()).unwrap_or_default();
        let from = TriggerSource {
            source: d.source,
            source_card: d.source_card,
            controller: d.controller,
            source_counters: &counters,
            x: None,
            link: d.link,
            event: d.event,
        };
        queue(state, &from, &ability);
    }
}

/// The permanent `id` became tapped (CR 603.2e): "whenever a [land type] [a player] controls
/// becomes tapped" abilities of every permanent.
pub(crate) fn became_tapped(state: &mut GameState, id: ObjectId) {
    let board = board_of(state);
    let Some(tapped_controller) = state.object(id).map(|o| o.controller) else { return };
    let Some(ch) = board.get(&id) else { return };
    let subtypes: Vec<String> = ch.subtypes.iter().cloned().collect();
    let watchers: Vec<(ObjectId, PlayerId)> =
        state.zone_objects(ZoneKind::Battlefield, None).iter().map(|o| (o.id, o.controller)).collect();
    for (w, controller) in watchers {
        let Some(wch) = board.get(&w) else { continue };
        let triggers: Vec<Trigger> = wch
            .abilities
            .iter()
            .filter_map(|a| match &*a.ability {
                Ability::Triggered(t) => match t.trigger {
                    Trigger::BecomesTapped { land_type, controller: rel }
                        if land_type.is_none_or(|lt| subtypes.iter().any(|s| s == lt.subtype()))
                            && relation_holds(rel, controller, tapped_controller) =>
                    {
                        Some(t.trigger)
                    }
                    _ => None,
                },
                _ => None,
            })
            .collect();
        for t in dedup(triggers) {
            let event = TriggerEvent { player: Some(tapped_controller), object: Some(id), amount: 0 };
            queue_matching_event(state, &board, w, controller, t, event);
        }
    }
}

/// `source` dealt `amount` damage (CR 603.2g: damage that was dealt, after prevention):
/// its "whenever this deals damage" abilities, with that much (`Amount::EventAmount`).
pub(crate) fn dealt_damage(state: &mut GameState, board: &Board, source: ObjectId, amount: u32) {
    let Some(controller) = state.object(source).filter(|o| o.on_battlefield()).map(|o| o.controller) else {
        return;
    };
    let event = TriggerEvent { player: None, object: None, amount };
    queue_matching_event(state, board, source, controller, Trigger::ThisDealsDamage, event);
}

/// Combat damage was dealt to players in one damage event (CR 510.2): `dealt` is each (source,
/// player) with the damage, after prevention (CR 603.2g). "Whenever this creature deals combat
/// damage to a player" triggers once for each player it dealt damage to, with that much;
/// "whenever one or more creatures you control deal combat damage to a player" once for each
/// player the creatures of one controller dealt damage to (CR 603.2c), naming that player.
pub(crate) fn combat_damage_to_players(state: &mut GameState, board: &Board, dealt: &[((ObjectId, PlayerId), u32)]) {
    let mut by_controller: Vec<(PlayerId, PlayerId)> = Vec::new();
    for ((source, player), amount) in dealt {
        let Some(controller) = state.object(*source).filter(|o| o.on_battlefield()).map(|o| o.controller) else {
            continue;
        };
        let event = TriggerEvent { player: Some(*player), object: None, amount: *amount };
        queue_matching_event(state, board, *source, controller, Trigger::ThisDealsCombatDamageToAPlayer, event);
        let creature = board.get(source).is_some_and(|c| c.is(crate::types::CardType::Creature));
        if creature && !by_controller.contains(&(controller, *player)) {
            by_controller.push((controller, *player));
        }
    }
    for (controller, player) in by_controller {
        let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Battlefield, Some(controller)).iter().map(|o| o.id).collect();
        let event = TriggerEvent { player: Some(player), object: None, amount: 0 };
        for id in ids {
            queue_matching_event(state, board, id, controller, Trigger::OneOrMoreCreaturesYouControlDealCombatDamageToAPlayer, event);
        }
    }
}

/// Whether `other` is `rel` to `me`.
fn relation_holds(rel: crate::abilities::Relation, me: PlayerId, other: PlayerId) -> bool {
    match rel {
        crate::abilities::Relation::You => me == other,
        crate::abilities::Relation::Opponent => me != other,
        crate::abilities::Relation::Any => true,
    }
}

/// The distinct triggers of a list (`queue_matching` queues every ability with one).
fn dedup(mut v: Vec<Trigger>) -> Vec<Trigger> {
    v.sort();
    v.dedup();
    v
}

/// `player` gained life (CR 119.9): "whenever you gain life" abilities of their permanents.
pub(crate) fn gained_life(state: &mut GameState, player: PlayerId) {
    let board = board_of(state);
    let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Battlefield, Some(player)).iter().map(|o| o.id).collect();
    for id in ids {
        queue_matching(state, &board, id, player, Trigger::YouGainLife);
    }
}

/// Whether at least one legal choice exists for every target of a waiting ability.
fn has_targets(state: &GameState, board: &Board, t: &PendingTrigger) -> bool {
    // "Any number of targets" is satisfied by none (CR 115.1, 601.2c).
    t.target_specs.iter().filter(|spec| !matches!(spec, TargetSpec::AnyNumberOf(_))).all(|spec| {
        targets::candidates(state, board, spec, t.controller)
            .iter()
            .any(|c| targets::is_legal_from(state, board, spec, c, t.controller, Some(t.source)))
    })
}

/// What putting waiting triggers on the stack did.
pub(crate) enum Placement {
    /// Nothing was waiting.
    Nothing,
    /// Some were put on the stack or removed.
    Progress,
    /// This player must choose the order and targets of theirs (`Action::PutTriggers`).
    Wait(PlayerId),
}

/// Puts waiting triggers on the stack in APNAP order, where no decision is needed.
pub(crate) fn put_on_stack(state: &mut GameState, ev: &mut Vec<Event>) -> Placement {
    if state.pending_triggers.is_empty() {
        return Placement::Nothing;
    }
    state.pending_triggers.sort_by_key(|t| t.timestamp);
    let board = board_of(state);
    let (keep, removed): (Vec<PendingTrigger>, Vec<PendingTrigger>) = std::mem::take(&mut state.pending_triggers)
        .into_iter()
        .partition(|t| has_targets(state, &board, t));
    state.pending_triggers = keep;
    let mut progress = !removed.is_empty();
    for t in removed {
        ev.push(Event::TriggerRemoved { source: t.source, controller: t.controller });
    }
    for player in state.apnap() {
        let mine: Vec<&PendingTrigger> = state.pending_triggers.iter().filter(|t| t.controller == player).collect();
        match mine.as_slice() {
            [] => continue,
            [one] if one.target_specs.is_empty() => {
                let id = one.id;
                push_pending(state, id, Vec::new(), ev);
                progress = true;
            }
            _ => return Placement::Wait(player),
        }
    }
    if progress {
        Placement::Progress
    } else {
        Placement::Nothing
    }
}

/// Moves the waiting ability `id` to the top of the stack with `chosen` targets.
fn push_pending(state: &mut GameState, id: u32, chosen: Vec<Target>, ev: &mut Vec<Event>) {
    let Some(pos) = state.pending_triggers.iter().position(|t| t.id == id) else { return };
    let t = state.pending_triggers.remove(pos);
    let stack_id = state.new_object_id();
    state.stack.push(StackEntry {
        id: stack_id,
        controller: t.controller,
        targets: chosen,
        x: t.x,
        kicked: Vec::new(),
        modes: Vec::new(),
        spliced: Vec::new(),
        revealed: Vec::new(),
        kind: StackEntryKind::Ability {
            source: t.source,
            source_card: t.source_card,
            effect: t.effect,
            target_specs: t.target_specs,
            source_counters: t.source_counters,
            ability_kind: StackAbilityKind::Triggered,
            ability: t.ability,
            link: t.link,
            event: t.event,
        },
    });
    ev.push(Event::AbilityTriggered { source: t.source, controller: t.controller, stack_id: Some(stack_id) });
}

/// The waiting abilities `player` must put on the stack now, in timestamp order.
pub(crate) fn waiting_for(state: &GameState, player: PlayerId) -> Vec<&PendingTrigger> {
    let mut v: Vec<&PendingTrigger> = state.pending_triggers.iter().filter(|t| t.controller == player).collect();
    v.sort_by_key(|t| t.timestamp);
    v
}

/// Whether `apply` accepts `Action::PutTriggers` (CR 603.3b, 603.3d), carrying nothing out:
/// `order` (top of the stack first) must be a permutation of the player's waiting abilities;
/// each one that needs targets gets legal ones (CR 601.2c), the others none. Returns the
/// abilities in `order` with their targets; once this is `Ok`, `put_chosen` can't fail.
pub(crate) fn check_put(
    state: &GameState,
    board: &Board,
    player: PlayerId,
    order: &[u32],
    chosen: &[(u32, Vec<Target>)],
) -> Result<Vec<(u32, Vec<Target>)>, Rejection> {
    if state.trigger_wait.is_none_or(|w| w.player != player) {
        return Err(Rejection::WrongTiming("no triggered abilities are waiting for this player".into()));
    }
    let mine: Vec<u32> = waiting_for(state, player).iter().map(|t| t.id).collect();
    let mut sorted = order.to_vec();
    sorted.sort_unstable();
    let mut expected = mine.clone();
    expected.sort_unstable();
    if sorted != expected {
        return Err(Rejection::InvalidChoice(format!(
            "the order must list each waiting triggered ability once: {mine:?} (CR 603.3b)"
        )));
    }
    let mut seen = Vec::new();
    for (id, _) in chosen {
        if !mine.contains(id) || seen.contains(id) {
            return Err(Rejection::InvalidTarget(format!("targets given for an unknown or repeated trigger {id}")));
        }
        seen.push(*id);
    }
    let mut plan: Vec<(u32, Vec<Target>)> = Vec::new();
    for id in order {
        let Some(t) = state.pending_triggers.iter().find(|t| t.id == *id) else { continue };
        let ts: Vec<Target> = chosen.iter().find(|(i, _)| i == id).map(|(_, v)| v.clone()).unwrap_or_default();
        if !targets::check_all_from(state, board, &t.target_specs, &ts, player, Some(t.source)) {
            return Err(Rejection::InvalidTarget(format!(
                "triggered ability {id} needs {} legal target(s) (CR 603.3d)",
                t.target_specs.len()
            )));
        }
        plan.push((*id, ts));
    }
    Ok(plan)
}

/// `Action::PutTriggers`, once `check_put` accepts it: the abilities go on the stack and the
/// player who was to receive priority gets it.
pub(crate) fn put_chosen(
    state: &mut GameState,
    player: PlayerId,
    order: &[u32],
    chosen: &[(u32, Vec<Target>)],
    ev: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let board = board_of(state);
    let plan = check_put(state, &board, player, order, chosen)?;
    let Some(wait) = state.trigger_wait else {
        return Err(Rejection::WrongTiming("no triggered abilities are waiting for this player".into()));
    };
    // `order` lists the top first, so the last listed goes on the stack first.
    for (id, ts) in plan.into_iter().rev() {
        push_pending(state, id, ts, ev);
    }
    state.trigger_wait = None;
    crate::priority::give_priority(state, wait.then, ev);
    Ok(())
}
