//! Resolving the top object of the stack (CR 608): targets are checked again (CR 608.2b); a
//! permanent spell becomes a permanent (CR 608.3a), keeping its X for "enters with X" (CR 107.3m);
//! an Aura spell enters attached to its target (CR 608.3c) or, with its target illegal, goes
//! to the graveyard (CR 608.3b); an instant or sorcery does what it says and goes to its
//! owner's graveyard (CR 608.2n). A permanent spell that may "enter as a copy" makes that
//! choice now (CR 614.1c, 707.5), and then the "as this enters" choices of the text it will
//! have on the battlefield, copied or its own (CR 614.12). A spell or ability whose targets are all illegal doesn't
//! resolve ("is countered on resolution"); with some legal, the illegal ones are unaffected.

use crate::actions::Answers;
use crate::effects::{self, ResolveCtx};
use crate::events::Event;
use crate::layers::board_of;
use crate::rejection::Rejection;
use crate::state::{GameState, StackEntryKind, ZoneKind};
use crate::targets;
use crate::zones;

pub(crate) fn resolve_top(state: &mut GameState, answers: &Answers, ev: &mut Vec<Event>) -> Result<(), Rejection> {
    let Some(entry) = state.stack.pop() else { return Ok(()) };
    let board = board_of(state);
    match &entry.kind {
        StackEntryKind::Spell => {
            let Some(ch) = board.get(&entry.id) else { return Ok(()) };
            if ch.is_permanent() {
                let specs = crate::casting::spell_target_specs(state.object(entry.id).map(|o| o.def), ch);
                let mut attach_to = None;
                if let (Some(spec), Some(target)) = (specs.first(), entry.targets.first()) {
                    if !targets::is_legal_from(state, &board, spec, target, entry.controller, Some(entry.id)) {
                        ev.push(Event::DidNotResolve { id: entry.id });
                        zones::move_to(state, entry.id, ZoneKind::Graveyard, None, ev);
                        return Ok(());
                    }
                    if let crate::targets::Target::Object(o) = target {
                        attach_to = Some(*o);
                    }
                }
                let (copy, copy_counters) = match enters_as_copy(state, &board, ch, entry.controller, entry.x.unwrap_or(0), answers)? {
                    Some(c) => (Some((c.values, c.origin)), c.counters),
                    None => (crate::replacement::enters_as_copy_of_other(state, &board, ch, entry.controller), Vec::new()),
                };
                // CR 608.3e: a permanent spell that can't enter (a land, as it would enter,
                // while "lands can't enter the battlefield") goes to its owner's graveyard.
                let is_land = match &copy {
                    Some((values, _)) => values.types.contains(&crate::types::CardType::Land),
                    None => ch.is(crate::types::CardType::Land),
                };
                if is_land && crate::replacement::lands_cant_enter(state, &board) {
                    zones::move_to(state, entry.id, ZoneKind::Graveyard, None, ev);
                    return Ok(());
                }
                // CR 707.5, 614.12: entering as a copy, it has the copied abilities as it
                // enters, so the copied "as this enters" replacements apply, its own don't.
                let asks = match &copy {
                    Some((values, _)) => values.abilities.iter().any(chooses_color_as_it_enters),
                    None => ch.abilities.iter().any(|a| chooses_color_as_it_enters(&a.ability)),
                };
                let color = enters_choosing_color(asks, answers)?;
                let asks_type = match &copy {
                    Some((values, _)) => values.abilities.iter().any(chooses_type_as_it_enters),
                    None => ch.abilities.iter().any(|a| chooses_type_as_it_enters(&a.ability)),
                };
                let creature_type = enters_choosing_creature_type(asks_type, answers)?;
                let exile_type = match &copy {
                    Some((values, _)) => values.abilities.iter().find_map(exiles_as_it_enters),
                    None => ch.abilities.iter().find_map(|a| exiles_as_it_enters(&a.ability)),
                };
                let chosen = enters_exiling(state, &board, exile_type, entry.controller, &[entry.id], answers)?;
                let exiled = exile_chosen(state, &chosen, ev);
                let new_id = zones::put_onto_battlefield_as(state, entry.id, entry.controller, entry.x, attach_to, copy, ev);
                if let Some(o) = new_id.and_then(|id| state.object_mut(id)) {
                    o.chosen_color = color;
                    o.chosen_type = creature_type;
                }
                if let Some(id) = new_id {
                    link_exiled(state, id, &exiled);
                }
                // CR 707.9e: the exception's additional effect, as it enters.
                if let Some(id) = new_id {
                    for (kind, n) in copy_counters {
                        zones::add_counters(state, id, &kind, n, ev);
                    }
                }
                ev.push(Event::Resolved { id: entry.id });
                return Ok(());
            }
            let obj = state.object(entry.id).cloned();
            let def = obj.as_ref().and_then(|o| crate::cards::card_def(&o.def));
            // CR 700.2c: a modal spell's targets are its chosen modes', in printed order (none
            // chosen, CR 107.1c: it has neither targets nor effects).
            let modal = def.is_some_and(|d| !d.modes.is_empty());
            let modes: Vec<&crate::abilities::SpellMode> = match def {
                Some(d) if modal => entry.modes.iter().filter_map(|m| d.modes.get(*m)).collect(),
                _ => Vec::new(),
            };
            let mut printed = if !modal {
                def.map(|d| d.spell_targets.clone()).unwrap_or_default()
            } else {
                modes.iter().flat_map(|m| m.targets.iter().cloned()).collect()
            };
            let main_targets = printed.len();
            // CR 702.47c-d: the text of the cards spliced onto it, with their targets, after
            // the main spell's.
            let spliced: Vec<&crate::cards::CardDef> = entry.spliced.iter().filter_map(|d| d.def()).collect();
            printed.extend(spliced.iter().flat_map(|d| d.spell_targets.iter().cloned()));
            let specs = targets::expand(&printed, entry.targets.len()).0;
            // CR 702.16b: the spell is the source (the spell's colors, not a spliced card's,
            // CR 702.47c).
            let legal: Vec<bool> = specs
                .iter()
                .zip(&entry.targets)
                .map(|(s, t)| targets::is_legal_from(state, &board, s, t, entry.controller, Some(entry.id)))
                .collect();
            // CR 608.2b: with every target illegal the spell doesn't resolve; with some legal,
            // it does what it can (for a modal spell, each chosen mode in order).
            let main_end = if spliced.is_empty() { entry.targets.len() } else { main_targets.min(entry.targets.len()) };
            let mut parts: Vec<(crate::abilities::Effect, std::ops::Range<usize>)> = if !modal {
                def.and_then(|d| d.spell_effect.clone()).map(|e| (e, 0..main_end)).into_iter().collect()
            } else {
                let mut at = 0usize;
                modes
                    .iter()
                    .map(|m| {
                        let from = at;
                        at = at.saturating_add(m.targets.len());
                        (m.effect.clone(), from..at.min(entry.targets.len()))
                    })
                    .collect()
            };
            // CR 702.47b: the main spell's effects first, then each spliced card's in order.
            let mut at = main_end;
            for d in &spliced {
                let from = at;
                at = at.saturating_add(d.spell_targets.len());
                parts.extend(d.spell_effect.clone().map(|e| (e, from..at.min(entry.targets.len()))));
            }
            if !specs.is_empty() && legal.iter().all(|l| !l) {
                ev.push(Event::DidNotResolve { id: entry.id });
            } else {
                let empty = Default::default();
                for (effect, range) in parts {
                    let (targets, legal) = match (entry.targets.get(range.clone()), legal.get(range)) {
                        (Some(t), Some(l)) => (t, l),
                        _ => (&[][..], &[][..]),
                    };
                    let ctx = ResolveCtx {
                        controller: entry.controller,
                        source: Some(entry.id),
                        source_counters: &empty,
                        x: entry.x.unwrap_or(0),
                        targets,
                        legal,
                        answers,
                        random_used: Default::default(),
                        ability: None,
                        link: 0,
                        sacrificed_power: Default::default(),
                        died_this_way: Default::default(),
                        event: Default::default(),
                        kicked: !entry.kicked.is_empty(),
                    };
                    effects::resolve(state, &effect, &ctx, ev)?;
                }
                ev.push(Event::Resolved { id: entry.id });
            }
            zones::move_to(state, entry.id, ZoneKind::Graveyard, None, ev);
        }
        StackEntryKind::Ability { source, effect, target_specs, source_counters, ability, link, event, .. } => {
            // "Any number of target [cards]": one spec per chosen target (`targets::expand`).
            let specs = targets::expand(target_specs, entry.targets.len()).0;
            let legal: Vec<bool> = specs
                .iter()
                .zip(&entry.targets)
                .map(|(s, t)| targets::is_legal_from(state, &board, s, t, entry.controller, Some(*source)))
                .collect();
            if !specs.is_empty() && legal.iter().all(|l| !l) {
                ev.push(Event::DidNotResolve { id: entry.id });
                return Ok(());
            }
            // CR 603.4: an intervening "if" clause is checked again; false, it does nothing.
            if let Some(crate::abilities::Ability::Triggered(t)) = ability.as_deref() {
                if t.condition.as_ref().is_some_and(|c| !crate::triggers::condition_holds(state, entry.controller, Some(*source), c)) {
                    ev.push(Event::DidNotResolve { id: entry.id });
                    return Ok(());
                }
            }
            let ctx = ResolveCtx {
                controller: entry.controller,
                source: Some(*source),
                source_counters,
                x: entry.x.unwrap_or(0),
                targets: &entry.targets,
                legal: &legal,
                answers,
                random_used: Default::default(),
                ability: ability.as_deref(),
                link: *link,
                sacrificed_power: Default::default(),
                died_this_way: Default::default(),
                event: *event,
                // Kicker is a spell's additional cost (CR 702.33a): an ability isn't kicked.
                kicked: false,
            };
            effects::resolve(state, effect, &ctx, ev)?;
            ev.push(Event::Resolved { id: entry.id });
        }
    }
    Ok(())
}

/// CR 614.1c, 614.12: "As this enters, choose a color": the choice is made as the spell
/// resolves and is required (`Answers::color`) when the permanent entering has the ability
/// (`asks`); the engine never picks one itself.
fn enters_choosing_color(asks: bool, answers: &Answers) -> Result<Option<crate::types::Color>, Rejection> {
    if !asks {
        return Ok(None);
    }
    match answers.color {
        Some(c) => Ok(Some(c)),
        None => Err(Rejection::InvalidChoice("a color must be chosen as this permanent enters".into())),
    }
}

/// CR 614.1c, 614.12, 205.3e: "As this enters, choose a creature type": required
/// (`Answers::creature_type`) when the permanent entering has the ability (`asks`), and one
/// existing creature type ("Wizard", not "Merfolk Wizard", "Swamp" or "artifact").
pub(crate) fn enters_choosing_creature_type(asks: bool, answers: &Answers) -> Result<Option<String>, Rejection> {
    if !asks {
        return Ok(None);
    }
    match &answers.creature_type {
        Some(t) if crate::types::is_creature_type(t) => Ok(Some(t.clone())),
        Some(t) => Err(Rejection::InvalidChoice(format!("{t:?} is not one existing creature type (CR 205.3e)"))),
        None => Err(Rejection::InvalidChoice("a creature type must be chosen as this permanent enters".into())),
    }
}

/// The card type of the cards `ability` exiles from its controller's graveyard as its
/// permanent enters ("as this enters, exile any number of [type] cards from your graveyard",
/// CR 614.13a), if it is that ability.
pub(crate) fn exiles_as_it_enters(ability: &crate::abilities::Ability) -> Option<crate::types::CardType> {
    use crate::abilities::{Ability, StaticAbility};
    match ability {
        Ability::Static(StaticAbility::EntersExilingFromYourGraveyard(t)) => Some(*t),
        _ => None,
    }
}

/// CR 614.13a: the cards "as this enters, exile any number of [type] cards from your
/// graveyard" may choose for a permanent entering under `controller`: the cards of that type
/// in that player's graveyard, neither the object that will become the permanent nor any other
/// object entering the battlefield at the same time (`entering`), which are still in their
/// zones as the replacement effect applies.
pub(crate) fn exile_candidates(
    state: &GameState,
    board: &crate::layers::Board,
    card_type: crate::types::CardType,
    controller: crate::ids::PlayerId,
    entering: &[crate::ids::ObjectId],
) -> Vec<crate::ids::ObjectId> {
    state
        .zone_objects(ZoneKind::Graveyard, Some(controller))
        .iter()
        .filter(|o| !o.is_token && !entering.contains(&o.id))
        .filter(|o| board.get(&o.id).is_some_and(|c| c.is(card_type)))
        .map(|o| o.id)
        .collect()
}

/// CR 614.1c, 614.12a, 614.13a: the choice of "as this enters, exile any number of [type]
/// cards from your graveyard" (`exile_type`, `None` if the permanent doesn't have it), made
/// before the permanent enters (`Answers::exile`): each card named once and one of
/// `exile_candidates`. Required when there is a card to choose (none is an answer); with none,
/// nothing is exiled.
pub(crate) fn enters_exiling(
    state: &GameState,
    board: &crate::layers::Board,
    exile_type: Option<crate::types::CardType>,
    controller: crate::ids::PlayerId,
    entering: &[crate::ids::ObjectId],
    answers: &Answers,
) -> Result<Vec<crate::ids::ObjectId>, Rejection> {
    let Some(card_type) = exile_type else { return Ok(Vec::new()) };
    let candidates = exile_candidates(state, board, card_type, controller, entering);
    let Some(chosen) = &answers.exile else {
        if candidates.is_empty() {
            return Ok(Vec::new());
        }
        return Err(Rejection::InvalidChoice("the cards to exile as this permanent enters must be chosen (answer `exile`)".into()));
    };
    for (i, id) in chosen.iter().enumerate() {
        if chosen[..i].contains(id) {
            return Err(Rejection::InvalidChoice(format!("{id:?} is chosen twice to be exiled")));
        }
        if !candidates.contains(id) {
            return Err(Rejection::InvalidChoice(format!(
                "{id:?} can't be exiled as this permanent enters: not a {card_type:?} card in its controller's graveyard, or entering the battlefield with it (CR 614.13a)"
            )));
        }
    }
    Ok(chosen.clone())
}

/// Exiles `cards` (chosen by `enters_exiling`) as the replacement effect applies, before the
/// permanent enters (CR 614.12a); one no longer in its graveyard stays where it is. Returns
/// the objects they became in exile, for `link_exiled`.
pub(crate) fn exile_chosen(state: &mut GameState, cards: &[crate::ids::ObjectId], ev: &mut Vec<Event>) -> Vec<crate::ids::ObjectId> {
    let mut out = Vec::with_capacity(cards.len());
    for id in cards {
        if state.object(*id).is_none_or(|o| o.zone != ZoneKind::Graveyard) {
            continue;
        }
        out.extend(zones::move_to(state, *id, ZoneKind::Exile, None, ev));
    }
    out
}

/// CR 607.2a, 614.14: the cards exiled as `permanent` entered are "the exiled cards" of its
/// linked abilities.
pub(crate) fn link_exiled(state: &mut GameState, permanent: crate::ids::ObjectId, exiled: &[crate::ids::ObjectId]) {
    for e in exiled {
        state.linked_exiles.push(crate::state::LinkedExile { source: permanent, link: 0, exiled: *e });
    }
    // `Modification::SetPtToTotalOfLinkedExiled` reads the links: a kept board is stale.
    if !exiled.is_empty() {
        state.effects.renew();
    }
}

/// Whether `ability` is "as this enters, choose a creature type" (CR 614.12).
pub(crate) fn chooses_type_as_it_enters(ability: &crate::abilities::Ability) -> bool {
    use crate::abilities::{Ability, StaticAbility};
    matches!(ability, Ability::Static(StaticAbility::EntersChoosingCreatureType))
}

/// Whether `ability` is "as this enters, choose a color" (CR 614.12).
pub(crate) fn chooses_color_as_it_enters(ability: &crate::abilities::Ability) -> bool {
    use crate::abilities::{Ability, StaticAbility};
    matches!(ability, Ability::Static(StaticAbility::EntersChoosingColor))
}

/// What a copy ability lets its permanent enter as a copy of (CR 707.5): a permanent with one
/// of `types` (`None`: any permanent), controlled by the permanent's controller if `you_control`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CopyChoice {
    pub types: Option<crate::types::CardType>,
    pub you_control: bool,
}

/// The choices a resolving permanent spell with these characteristics may enter as a copy of
/// ("any [type] on the battlefield", "a permanent you control", CR 707.5), one per copy ability.
pub(crate) fn copy_types(ch: &crate::layers::Characteristics) -> Vec<CopyChoice> {
    copy_choices(ch.abilities.iter().map(|a| &*a.ability))
}

/// The copy abilities among `abilities`, as choices.
fn copy_choices<'a>(abilities: impl Iterator<Item = &'a crate::abilities::Ability>) -> Vec<CopyChoice> {
    use crate::abilities::{Ability, StaticAbility};
    abilities
        .filter_map(|a| match a {
            Ability::Static(StaticAbility::EntersAsCopy(t)) => Some(CopyChoice { types: Some(*t), you_control: false }),
            Ability::Static(StaticAbility::EntersAsCopyExcept { of, you_control, .. }) => {
                Some(CopyChoice { types: *of, you_control: *you_control })
            }
            _ => None,
        })
        .collect()
}

/// Whether copiable values have a copy ability ("enter as a copy of ..."): a permanent entering
/// as a copy of them may copy again (CR 707.9e, `Answers::copy_again`).
pub(crate) fn copies_again(values: &crate::layers::CopiableValues) -> bool {
    !copy_choices(values.abilities.iter()).is_empty()
}

/// Whether a permanent entering under `controller` as a copy with these copiable values may
/// choose `chosen` with the copy replacement it gains (CR 707.9e).
pub(crate) fn may_copy_again(
    state: &GameState,
    board: &crate::layers::Board,
    values: &crate::layers::CopiableValues,
    chosen: crate::ids::ObjectId,
    controller: crate::ids::PlayerId,
) -> bool {
    may_copy(state, board, &copy_choices(values.abilities.iter()), chosen, controller)
}

/// Whether the permanent `chosen`, with characteristics `c`, fits `choice` for a permanent
/// entering under `controller`.
fn fits(state: &GameState, c: &crate::layers::Characteristics, choice: &CopyChoice, chosen: crate::ids::ObjectId, controller: crate::ids::PlayerId) -> bool {
    let typed = match choice.types {
        Some(t) => c.is(t),
        None => c.is_permanent(),
    };
    typed && (!choice.you_control || state.object(chosen).is_some_and(|o| o.controller == controller))
}

/// Whether `chosen` may be chosen to copy by one of `choices`, for a permanent entering under
/// `controller`: a choice, not a target (CR 115.1: hexproof doesn't matter).
pub(crate) fn may_copy(
    state: &GameState,
    board: &crate::layers::Board,
    choices: &[CopyChoice],
    chosen: crate::ids::ObjectId,
    controller: crate::ids::PlayerId,
) -> bool {
    state.object(chosen).is_some_and(|o| o.on_battlefield())
        && board.get(&chosen).is_some_and(|c| choices.iter().any(|x| fits(state, c, x, chosen, controller)))
}

/// A copy the permanent entering will be (CR 707.5): the copiable values locked in, with the
/// exceptions that modify them applied, and the counters an exception that is an additional
/// effect puts on it as it enters (CR 707.9e).
pub(crate) struct EnteringCopy {
    pub values: crate::layers::CopiableValues,
    pub counters: Vec<(String, u32)>,
    /// What it copies, and the exceptions that made `values` (CR 707.9).
    pub origin: crate::layers::CopyOrigin,
}

/// CR 614.1c, 707.5: "You may have this enter as a copy of any [type] on the battlefield" —
/// chosen as the spell resolves: `Answers::copy` names it; `may = Some(false)` or no choice
/// declines. The copiable values are locked in now (CR 707.2b). `x`: the spell's X, for
/// "enters with X additional counters".
pub(crate) fn enters_as_copy(
    state: &GameState,
    board: &crate::layers::Board,
    ch: &crate::layers::Characteristics,
    controller: crate::ids::PlayerId,
    x: u32,
    answers: &Answers,
) -> Result<Option<EnteringCopy>, Rejection> {
    let abilities: Vec<&crate::abilities::Ability> = ch.abilities.iter().map(|a| &*a.ability).collect();
    if copy_choices(abilities.iter().copied()).is_empty() {
        return Ok(None);
    }
    let Some(chosen) = answers.copy.filter(|_| answers.may != Some(false)) else { return Ok(None) };
    let first = copy_as(state, board, &abilities, chosen, controller, x)?;
    // CR 707.9e, 614.12: entering as a copy of a permanent with a copy replacement, it has that
    // replacement as it enters; applied, its copy effect replaces the first one, whose
    // additional effects (counters) then don't happen.
    let Some(next) = answers.copy_again else { return Ok(Some(first)) };
    let gained: Vec<&crate::abilities::Ability> = first.values.abilities.iter().collect();
    if copy_choices(gained.iter().copied()).is_empty() {
        return Err(Rejection::InvalidChoice("the copy has no copy replacement to choose again for".into()));
    }
    copy_as(state, board, &gained, next, controller, x).map(Some)
}

/// The copy of `chosen` that the copy abilities among `abilities` make (CR 707.2, 707.9): an
/// error if none may choose it.
fn copy_as(
    state: &GameState,
    board: &crate::layers::Board,
    abilities: &[&crate::abilities::Ability],
    chosen: crate::ids::ObjectId,
    controller: crate::ids::PlayerId,
    x: u32,
) -> Result<EnteringCopy, Rejection> {
    let choices = copy_choices(abilities.iter().copied());
    if !may_copy(state, board, &choices, chosen, controller) {
        return Err(Rejection::InvalidChoice(format!("{chosen:?} can't be chosen to copy")));
    }
    let Some(mut values) = crate::layers::copiable_values(state, chosen) else {
        return Err(Rejection::InvalidChoice(format!("{chosen:?} has no copiable values")));
    };
    // CR 707.9: the exceptions of the copy ability the chosen object qualifies for.
    let except = abilities.iter().find_map(|a| match a {
        crate::abilities::Ability::Static(crate::abilities::StaticAbility::EntersAsCopyExcept { of, except, you_control })
            if board.get(&chosen).is_some_and(|c| fits(state, c, &CopyChoice { types: *of, you_control: *you_control }, chosen, controller)) =>
        {
            Some(except.clone())
        }
        _ => None,
    });
    let exceptions = except.unwrap_or_default();
    let counters = crate::layers::apply_exceptions(&mut values, &exceptions, x);
    Ok(EnteringCopy { values, counters, origin: crate::layers::CopyOrigin { original: chosen, exceptions } })
}
