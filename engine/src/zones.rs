//! Moving objects between zones (CR 400.7: a new object each time), entering the battlefield
//! with replacement effects (CR 614.1c, 614.12) and "when this enters" triggers (CR 603.6a),
//! attached for an Aura (CR 303.4, 608.3c), tokens (CR 111), drawing (CR 121), a planeswalker's
//! starting loyalty (CR 306.5b), and putting and removing counters (CR 122.6) with the
//! timestamps of CR 613.7c; untapping, which a stun counter replaces (CR 122.1d).


use crate::abilities::{Ability, Amount, StaticAbility, Trigger};
use crate::cards::token_def;
use crate::events::Event;
use crate::counters::Counters;
use crate::ids::{DefId, ObjectId, PlayerId};
use crate::layers::characteristics;
use crate::abilities::Modification;
use crate::layers::CopiableValues;
use crate::state::{ContinuousEffect, Duration, GameState, Object, ZoneKind};
use crate::triggers::{queue, TriggerSource};
use crate::types::CardType;

/// Moves an object to `to` as a new object (CR 400.7): new id, new timestamp (CR 613.7d), no
/// counters (CR 122.2), untapped, undamaged. Returns the new id. Leaving the battlefield as a
/// creature for a graveyard is dying (CR 700.4): "dies" abilities trigger, looking back in time
/// (CR 603.10a) for the counters it had.
pub fn move_to(
    state: &mut GameState,
    id: ObjectId,
    to: ZoneKind,
    controller: Option<PlayerId>,
    ev: &mut Vec<Event>,
) -> Option<ObjectId> {
    move_batch(state, &[id], to, controller, &[], ev).into_iter().next().flatten()
}

/// A permanent as it last existed on the battlefield (CR 603.10a, 608.2h).
pub(crate) struct Left {
    pub old: ObjectId,
    pub ch: crate::layers::Characteristics,
    pub to: ZoneKind,
    /// The object it became (CR 400.7).
    pub new: ObjectId,
    /// Its controller as it left ("that land's controller", CR 608.2h).
    pub controller: PlayerId,
}

/// A permanent on the battlefield just before an event, whose leaves-the-battlefield abilities
/// look back at that moment (CR 603.10a).
struct Watcher {
    id: ObjectId,
    card: Option<crate::ids::CardId>,
    controller: PlayerId,
    counters: Counters<u32>,
}

/// Moves the objects `ids` to `to` in one event (CR 603.10a: they leave at the same time, so
/// each one's leaves-the-battlefield abilities see the others leave; CR 610.3d: what their
/// "until" effects exiled returns at the same time). Replacement effects on each move apply
/// first (CR 614.1a, 616.1: `order` as the affected object's controller chose; unnamed ones
/// follow in timestamp order). Returns each one's new id, or `None` if it stayed.
pub(crate) fn move_batch(
    state: &mut GameState,
    ids: &[ObjectId],
    to: ZoneKind,
    controller: Option<PlayerId>,
    order: &[ObjectId],
    ev: &mut Vec<Event>,
) -> Vec<Option<ObjectId>> {
    let from_battlefield = ids.iter().any(|id| state.object(*id).is_some_and(|o| o.zone == ZoneKind::Battlefield));
    let before = crate::layers::board_of(state);
    let watchers: Vec<Watcher> = if from_battlefield {
        state
            .zone_objects(ZoneKind::Battlefield, None)
            .iter()
            .map(|o| Watcher { id: o.id, card: o.card, controller: o.controller, counters: o.counters.clone() })
            .collect()
    } else {
        Vec::new()
    };
    let mut left = Vec::new();
    let mut out = Vec::new();
    let mut tops = Vec::new();
    let mut shuffled: Vec<PlayerId> = Vec::new();
    for id in ids {
        let (dest, top, shuffle) = crate::replacement::zone_change_destination(state, &before, *id, to, order);
        let lki = state
            .object(*id)
            .filter(|o| o.zone == ZoneKind::Battlefield)
            .and_then(|o| before.get(id).cloned().map(|ch| (ch, o.controller)));
        let new = move_raw(state, *id, dest, controller, ev);
        if let (true, Some(n)) = (top, new) {
            tops.push(n);
        }
        if let (true, Some(owner)) = (shuffle, new.and_then(|n| state.object(n)).map(|o| o.owner)) {
            if !shuffled.contains(&owner) {
                shuffled.push(owner);
            }
        }
        if let (Some((ch, controller)), Some(n)) = (lki, new) {
            left.push(Left { old: *id, ch, to: dest, new: n, controller });
        }
        out.push(new);
    }
    // CR 701.24g: shuffled at the same time as others are put on top, a library is shuffled
    // first and those go on top of it.
    for p in shuffled {
        shuffle_library(state, p, ev);
    }
    for n in tops {
        put_on_top(state, n);
    }
    let graveyard: Vec<ObjectId> =
        out.iter().flatten().copied().filter(|n| state.object(*n).is_some_and(|o| o.zone == ZoneKind::Graveyard)).collect();
    crate::triggers::put_into_graveyard(state, &graveyard);
    if !left.is_empty() {
        crate::triggers::left_battlefield(state, &before, &watchers.iter().map(|w| (w.id, w.card, w.controller, &w.counters)).collect::<Vec<_>>(), &left);
        crate::effects::return_exiled_until_left(state, &left, ev);
    }
    out
}

/// A card just put into a library goes on top instead of the bottom: the library's order is
/// its objects' timestamps (see `state`), so it takes one below all of theirs.
fn put_on_top(state: &mut GameState, id: ObjectId) {
    let Some(owner) = state.object(id).map(|o| o.owner) else { return };
    let lowest = state
        .zone_objects(ZoneKind::Library, Some(owner))
        .iter()
        .filter(|o| o.id != id)
        .map(|o| o.timestamp)
        .min();
    if let (Some(t), Some(o)) = (lowest, state.object_mut(id)) {
        o.timestamp = t.saturating_sub(1);
    }
}

/// The move itself, with no trigger and no replacement.
fn move_raw(
    state: &mut GameState,
    id: ObjectId,
    to: ZoneKind,
    controller: Option<PlayerId>,
    ev: &mut Vec<Event>,
) -> Option<ObjectId> {
    let from = state.object(id)?.zone;
    let old = state.objects.remove(&id)?;
    if from == ZoneKind::Stack {
        state.stack.retain(|e| e.id != id);
    }
    let new_id = state.new_object_id();
    let timestamp = state.new_timestamp();
    let new = Object {
        id: new_id,
        card: old.card,
        def: old.def,
        is_token: old.is_token,
        owner: old.owner,
        controller: controller.unwrap_or(old.owner),
        base_controller: controller.unwrap_or(old.owner),
        zone: to,
        timestamp,
        tapped: false,
        counters: Counters::new(),
        counter_timestamps: Counters::new(),
        damage: 0,
        summoning_sick: to == ZoneKind::Battlefield,
        new_since_upkeep: to == ZoneKind::Battlefield,
        attached_to: None,
        x: None,
        entered_x: None,
        loyalty_activated_turn: None,
        chosen_color: None,
        chosen_type: None,
        spell_copy: old.spell_copy,
        sacrificed_power: None,
        kicked: if from == ZoneKind::Stack && to == ZoneKind::Battlefield { old.kicked } else { Vec::new() },
        cast_with_flashback: false,
        colors_spent: if from == ZoneKind::Stack && to == ZoneKind::Battlefield { old.colors_spent } else { 0 },
        deathtouch_damage: false,
        additional_cost_paid: false,
        phased_out: None,
    };
    state.objects.insert(new_id, new);
    if let Some(card) = old.card {
        if let Some(rec) = state.card_record_mut(card) {
            rec.object = Some(new_id);
        }
    }
    for o in state.objects.values_mut() {
        if o.attached_to == Some(id) {
            o.attached_to = None;
        }
    }
    ev.push(Event::ZoneChanged { card: old.card, old: id, new: new_id, from, to });
    Some(new_id)
}

/// Puts an object onto the battlefield, applying its "enters tapped" / "enters with counters"
/// replacement effects (CR 614.1c). `entered_x` is the X of the spell it was (CR 107.3m).
pub fn put_onto_battlefield(
    state: &mut GameState,
    id: ObjectId,
    controller: PlayerId,
    entered_x: Option<u32>,
    ev: &mut Vec<Event>,
) -> Option<ObjectId> {
    // CR 303.4f, 303.4g: an Aura put onto the battlefield other than by resolving enters
    // attached to an object its enchant abilities allow, or, with none, stays where it is.
    let attach_to = match aura_entering(state, id, controller) {
        AuraEntering::NotAnAura => None,
        AuraEntering::Attach(to) => Some(to),
        AuraEntering::Stays => return None,
    };
    put_onto_battlefield_attached(state, id, controller, entered_x, attach_to, ev)
}

enum AuraEntering {
    NotAnAura,
    Attach(ObjectId),
    Stays,
}

/// What an Aura entering the battlefield without being cast (CR 303.4f) enchants: its
/// controller chooses an object every enchant ability of it allows (enchanting is not
/// targeting, so hexproof doesn't matter, CR 303.4c); if there is none, it doesn't enter
/// (CR 303.4g). The format has no key for that choice yet: with several candidates the earliest
/// object is taken (no case of the corpus has more than one).
fn aura_entering(state: &GameState, id: ObjectId, controller: PlayerId) -> AuraEntering {
    let Some(ch) = characteristics(state, id) else { return AuraEntering::NotAnAura };
    if !crate::casting::is_aura(&ch) {
        return AuraEntering::NotAnAura;
    }
    let specs = crate::casting::enchant_specs(&ch);
    let board = crate::layers::board_of(state);
    let candidate = state
        .objects
        .iter()
        .filter(|(oid, o)| **oid != id && o.on_battlefield())
        .map(|(oid, _)| *oid)
        .find(|oid| {
            specs
                .iter()
                .all(|spec| crate::targets::matches(state, &board, spec, &crate::targets::Target::Object(*oid), controller))
        });
    match candidate {
        Some(to) => AuraEntering::Attach(to),
        None => AuraEntering::Stays,
    }
}

/// Like `put_onto_battlefield`; the permanent enters attached to `attach_to` (an Aura spell
/// resolving, CR 608.3c). Whether that attachment is legal is the state-based actions' concern
/// (CR 704.5m).
pub fn put_onto_battlefield_attached(
    state: &mut GameState,
    id: ObjectId,
    controller: PlayerId,
    entered_x: Option<u32>,
    attach_to: Option<ObjectId>,
    ev: &mut Vec<Event>,
) -> Option<ObjectId> {
    put_onto_battlefield_as(state, id, controller, entered_x, attach_to, None, ev)
}

/// Like `put_onto_battlefield_attached`; with `copy`, the permanent enters as a copy with those
/// copiable values (CR 707.5): the copy effect applies before its "enters with" replacements
/// and enters triggers are looked at, so the copied ones apply (CR 614.12).
pub(crate) fn put_onto_battlefield_as(
    state: &mut GameState,
    id: ObjectId,
    controller: PlayerId,
    entered_x: Option<u32>,
    attach_to: Option<ObjectId>,
    copy: Option<(CopiableValues, crate::layers::CopyOrigin)>,
    ev: &mut Vec<Event>,
) -> Option<ObjectId> {
    // CR 614.1c, 616.1f: entering as a copy of another permanent applies first.
    let copy = match copy {
        Some(c) => Some(c),
        None => {
            let board = crate::layers::board_of(state);
            board.get(&id).and_then(|ch| crate::replacement::enters_as_copy_of_other(state, &board, ch, controller))
        }
    };
    let new_id = move_to(state, id, ZoneKind::Battlefield, Some(controller), ev)?;
    if let Some(o) = state.object_mut(new_id) {
        o.attached_to = attach_to.filter(|t| *t != new_id);
    }
    if let Some((values, origin)) = copy {
        let timestamp = state.new_timestamp();
        state.effects.push(ContinuousEffect {
            timestamp,
            source: Some(new_id),
            affected: vec![new_id],
            modifications: vec![Modification::BecomeCopy(Box::new(values))],
            duration: Duration::Indefinite,
            copy_of: Some(origin),
        });
    }
    apply_etb_replacements(state, new_id, entered_x, ev);
    etb_triggers(state, new_id);
    crate::triggers::another_entered(state, new_id);
    Some(new_id)
}

/// CR 603.6a: "when this enters" abilities of a permanent that just entered trigger; they wait
/// for the next time a player would receive priority (CR 603.3).
fn etb_triggers(state: &mut GameState, id: ObjectId) {
    let Some(ch) = characteristics(state, id) else { return };
    let Some(obj) = state.object(id) else { return };
    let (card, controller, counters, x) = (obj.card, obj.controller, obj.counters.clone(), obj.entered_x);
    for a in &ch.abilities {
        if let Ability::Triggered(t) = &*a.ability {
            if t.trigger == Trigger::ThisEnters {
                let from = TriggerSource {
                    source: id,
                    source_card: card,
                    controller,
                    source_counters: &counters,
                    x,
                    link: a.link,
                    event: Default::default(),
                };
                queue(state, &from, t);
            }
        }
    }
}

/// CR 614.12: uses the characteristics the permanent has on the battlefield.
fn apply_etb_replacements(
    state: &mut GameState,
    id: ObjectId,
    entered_x: Option<u32>,
    ev: &mut Vec<Event>,
) {
    let Some(ch) = characteristics(state, id) else { return };
    let Some(obj) = state.object_mut(id) else { return };
    obj.entered_x = entered_x;
    let mut counters: Vec<(String, u32)> = Vec::new();
    // CR 306.5b: a planeswalker enters with loyalty counters equal to its printed loyalty.
    if ch.is(CardType::Planeswalker) {
        let printed = crate::layers::printed_loyalty(state, id).unwrap_or(0);
        counters.push(("loyalty".into(), u32::try_from(printed).unwrap_or(0)));
    }
    // CR 614.12: "[types] your opponents control enter tapped", of the other permanents.
    if crate::replacement::enters_tapped_by_others(state, id, &ch) {
        if let Some(obj) = state.object_mut(id) {
            obj.tapped = true;
        }
    }
    for (st, _) in ch.statics() {
        match st {
            StaticAbility::EntersTapped => {
                if let Some(obj) = state.object_mut(id) {
                    obj.tapped = true;
                }
            }
            // CR 614.1c: "If you don't [pay N life], it enters tapped".
            StaticAbility::EntersTappedUnlessPayLife(_) if !state.paid_life_as_it_enters => {
                if let Some(obj) = state.object_mut(id) {
                    obj.tapped = true;
                }
            }
            StaticAbility::EntersWithCounters { kind, amount } => {
                let n = match amount {
                    Amount::Fixed(n) => *n,
                    Amount::X => entered_x.unwrap_or(0),
                    // CR 702.44b: counted only for a permanent entering from the stack as a
                    // resolving spell (its object keeps the count only then).
                    Amount::ColorsOfManaSpentToCastThis => state.object(id).map_or(0, |o| o.colors_spent),
                    Amount::TappedCreaturesPower => 0,
                    Amount::CountersOnThis(_)
                    | Amount::PermanentsWithSubtype(_)
                    | Amount::CreaturesBlockingThis
                    | Amount::EventAmount
                    | Amount::SacrificedPower
                    | Amount::DiedThisWay { .. }
                    | Amount::ThisPower
                    | Amount::CreaturesYouControl
                    | Amount::IfKicked { .. }
                    | Amount::GreatestPowerAmongCreaturesOfTargetPlayer(_)
                    | Amount::YourLifeTotal
                    | Amount::PowerOfTheCardExiledToPay => 0,
                };
                counters.push((kind.clone(), n));
            }
            _ => {}
        }
    }
    for (kind, n) in counters {
        add_counters(state, id, &kind, n, ev);
    }
}

/// Puts `n` counters of `kind` on an object (CR 122.6). They and the counters of that kind
/// already there get a new timestamp (CR 613.7c).
pub(crate) fn add_counters(state: &mut GameState, id: ObjectId, kind: &str, n: u32, ev: &mut Vec<Event>) {
    if n == 0 || state.object(id).is_none() {
        return;
    }
    let timestamp = state.new_timestamp();
    if let Some(o) = state.object_mut(id) {
        let c = o.counters.entry(kind.into()).or_insert(0);
        *c = c.saturating_add(n);
        o.counter_timestamps.insert(kind.into(), timestamp);
        ev.push(Event::CountersAdded { object: id, kind: kind.to_string(), amount: n });
    }
}

/// Removes up to `n` counters of `kind` from an object; returns how many were removed.
pub(crate) fn remove_counters(state: &mut GameState, id: ObjectId, kind: &str, n: u32, ev: &mut Vec<Event>) -> u32 {
    let Some(o) = state.object_mut(id) else { return 0 };
    let have = o.counters.get(kind).copied().unwrap_or(0);
    let removed = have.min(n);
    if removed == 0 {
        return 0;
    }
    let left = have.saturating_sub(removed);
    if left == 0 {
        o.counters.remove(kind);
        o.counter_timestamps.remove(kind);
    } else {
        o.counters.insert(kind.into(), left);
    }
    ev.push(Event::CountersRemoved { object: id, kind: kind.to_string(), amount: removed });
    removed
}

/// A permanent would become untapped: if it has a stun counter, one is removed instead
/// (CR 122.1d, a replacement effect). Every untap goes through here (the untap step, the {Q}
/// cost, whose payment stays paid when replaced, CR 118.11).
/// Taps a permanent: if it was untapped, it "becomes tapped" (CR 603.2e), which abilities
/// trigger on. Every way of tapping a permanent on the battlefield goes through here.
pub(crate) fn tap(state: &mut GameState, id: ObjectId, ev: &mut Vec<Event>) {
    let Some(o) = state.object_mut(id) else { return };
    if o.tapped {
        return;
    }
    o.tapped = true;
    let on_battlefield = o.zone == ZoneKind::Battlefield;
    ev.push(Event::Tapped { object: id });
    if on_battlefield {
        crate::triggers::became_tapped(state, id);
    }
}

pub(crate) fn untap(state: &mut GameState, id: ObjectId, ev: &mut Vec<Event>) {
    let Some(o) = state.object(id) else { return };
    if !o.tapped {
        return;
    }
    if o.counters.get("stun").is_some_and(|n| *n > 0) {
        remove_counters(state, id, "stun", 1, ev);
    } else if let Some(o) = state.object_mut(id) {
        o.tapped = false;
        ev.push(Event::Untapped { object: id });
        crate::triggers::became_untapped(state, id);
    }
}

/// Creates a token on the battlefield (CR 111.2: its owner is the player who created it).
pub fn create_token(
    state: &mut GameState,
    name: &str,
    controller: PlayerId,
    ev: &mut Vec<Event>,
) -> Option<ObjectId> {
    // CR 111.11: a token created by name with no other characteristics defined takes them
    // from the card with that name ("create a Tarmogoyf token").
    let (def, def_id) = match (token_def(name), DefId::token(name)) {
        (Some(d), Some(i)) => (d, i),
        _ => (crate::cards::card_def(name)?, DefId::card(name)?),
    };
    create_token_object(state, def_id, &def.name, controller, None, ev)
}

/// How a token that's a copy of a permanent enters (CR 707.2, 111.2): the copiable values the
/// creating effect locked in, and the "as this enters" choices made for it (CR 614.12).
pub(crate) struct TokenCopy {
    pub values: CopiableValues,
    pub origin: crate::layers::CopyOrigin,
    pub color: Option<crate::types::Color>,
    pub creature_type: Option<String>,
}

/// Creates a token that's a copy (CR 707.2): a blank token definition, and a copy effect
/// giving it the copiable values locked in, which a copy of the token copies in turn (CR
/// 707.3); it enters with them, so the copied
/// replacement effects and enters-triggered abilities apply (CR 614.12, 603.6a).
pub(crate) fn create_token_copy(
    state: &mut GameState,
    controller: PlayerId,
    copy: TokenCopy,
    ev: &mut Vec<Event>,
) -> Option<ObjectId> {
    let def_id = DefId::token(crate::cards::COPY_TOKEN)?;
    let name = copy.values.name.clone();
    create_token_object(state, def_id, &name, controller, Some(copy), ev)
}

fn create_token_object(
    state: &mut GameState,
    def_id: DefId,
    name: &str,
    controller: PlayerId,
    copy: Option<TokenCopy>,
    ev: &mut Vec<Event>,
) -> Option<ObjectId> {
    let id = state.new_object_id();
    let timestamp = state.new_timestamp();
    state.objects.insert(
        id,
        Object {
            id,
            card: None,
            def: def_id,
            is_token: true,
            owner: controller,
            controller,
            base_controller: controller,
            zone: ZoneKind::Battlefield,
            timestamp,
            tapped: false,
            counters: Counters::new(),
            counter_timestamps: Counters::new(),
            damage: 0,
            summoning_sick: true,
            new_since_upkeep: true,
            attached_to: None,
            x: None,
            entered_x: None,
            loyalty_activated_turn: None,
            chosen_color: None,
            chosen_type: None,
            spell_copy: false,
            sacrificed_power: None,
            kicked: Vec::new(),
            cast_with_flashback: false,
            colors_spent: 0,
        deathtouch_damage: false,
        additional_cost_paid: false,
        phased_out: None,
        },
    );
    if let Some(TokenCopy { values, origin, color, creature_type }) = copy {
        let timestamp = state.new_timestamp();
        state.effects.push(ContinuousEffect {
            timestamp,
            source: Some(id),
            affected: vec![id],
            modifications: vec![Modification::BecomeCopy(Box::new(values))],
            duration: Duration::Indefinite,
            copy_of: Some(origin),
        });
        if let Some(o) = state.object_mut(id) {
            o.chosen_color = color;
            o.chosen_type = creature_type;
        }
    }
    ev.push(Event::TokenCreated { object: id, name: name.to_string() });
    apply_etb_replacements(state, id, None, ev);
    etb_triggers(state, id);
    crate::triggers::another_entered(state, id);
    Some(id)
}

/// Sacrifice: put a permanent its controller controls into its owner's graveyard (CR 701.21a).
pub fn sacrifice(state: &mut GameState, id: ObjectId, ev: &mut Vec<Event>) -> Option<ObjectId> {
    if state.object(id)?.zone != ZoneKind::Battlefield {
        return None;
    }
    ev.push(Event::Sacrificed { object: id });
    move_to(state, id, ZoneKind::Graveyard, None, ev)
}

/// Shuffles `player`'s library (CR 701.24a): a random order from the game's generator (the
/// top is the lowest timestamp, so the cards' timestamps are permuted). A library of zero or
/// one card is shuffled too: the shuffle is an event (counted on the player), whatever order
/// it leaves.
pub(crate) fn shuffle_library(state: &mut GameState, player: PlayerId, ev: &mut Vec<Event>) {
    if let Some(p) = state.player_mut(player) {
        p.shuffles = p.shuffles.saturating_add(1);
    }
    ev.push(Event::LibraryShuffled { player });
    let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Library, Some(player)).iter().map(|o| o.id).collect();
    let mut stamps: Vec<u64> = ids.iter().filter_map(|id| state.object(*id).map(|o| o.timestamp)).collect();
    for i in (1..stamps.len()).rev() {
        let j = usize::try_from(state.rng.below(u64::try_from(i).unwrap_or(0).saturating_add(1))).unwrap_or(0);
        stamps.swap(i, j.min(i));
    }
    for (id, ts) in ids.into_iter().zip(stamps) {
        if let Some(o) = state.object_mut(id) {
            o.timestamp = ts;
        }
    }
}

/// Draws a card (CR 121.2); drawing from an empty library is remembered for CR 704.5b.
pub fn draw(state: &mut GameState, player: PlayerId, ev: &mut Vec<Event>) {
    let top = state.zone_objects(ZoneKind::Library, Some(player)).first().map(|o| o.id);
    match top {
        Some(id) => {
            let new = move_to(state, id, ZoneKind::Hand, None, ev);
            ev.push(Event::Drew { player, object: new });
        }
        None => {
            if let Some(p) = state.player_mut(player) {
                p.drew_from_empty = true;
            }
            ev.push(Event::Drew { player, object: None });
        }
    }
}
