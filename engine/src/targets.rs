//! Targets (CR 115): what may be chosen — permanents, cards in graveyards, players (CR 115.1),
//! spells and abilities on the stack (CR 115.1a-b, 701.6) — hexproof (CR 702.11b), and the
//! re-check on resolution (CR 608.2b).

use serde::{Deserialize, Serialize};

use crate::abilities::{Keyword, TargetSpec};
use crate::ids::{ObjectId, PlayerId};
use crate::layers::Board;
use crate::state::{GameState, StackEntryKind, ZoneKind};
use crate::types::CardType;

/// A chosen target. A spell or ability on the stack is `Object` with its stack id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Target {
    Object(ObjectId),
    Player(PlayerId),
}

/// Whether `target` satisfies `spec` for a spell or ability controlled by `controller`.
pub fn is_legal(
    state: &GameState,
    board: &Board,
    spec: &TargetSpec,
    target: &Target,
    controller: PlayerId,
) -> bool {
    if !matches(state, board, spec, target, controller) {
        return false;
    }
    // CR 702.11b: a permanent with hexproof can't be the target of its opponents' spells or
    // abilities.
    if let Target::Object(id) = target {
        if let (Some(obj), Some(ch)) = (state.object(*id), board.get(id)) {
            if obj.on_battlefield() && obj.controller != controller && ch.has_keyword(Keyword::Hexproof) {
                return false;
            }
        }
    }
    true
}

/// Whether `target` is what `spec` describes, for a player `controller`, leaving out what only
/// restricts *targeting* (hexproof, CR 702.11b): what an Aura may stay attached to is defined by
/// its enchant ability (CR 303.4c, 702.5a), and enchanting is not targeting.
pub fn matches(
    state: &GameState,
    board: &Board,
    spec: &TargetSpec,
    target: &Target,
    controller: PlayerId,
) -> bool {
    if let TargetSpec::AnyNumberOf(inner) = spec {
        return matches(state, board, inner, target, controller);
    }
    let id = match target {
        // CR 115.4: "any target" includes players; no other spec of the pool takes a player.
        Target::Player(p) => {
            let kind = matches!(spec, TargetSpec::Any | TargetSpec::AnotherAny | TargetSpec::Player) || (*spec == TargetSpec::Opponent && *p != controller);
            return kind && state.player(*p).is_some_and(|pl| !pl.lost);
        }
        Target::Object(id) => id,
    };
    // A spell is an object in the stack zone; an ability on the stack is no object at all.
    let obj = state.object(*id);
    if obj.is_none_or(|o| o.zone == ZoneKind::Stack) {
        return state.stack.iter().find(|e| e.id == *id).is_some_and(|entry| match spec {
            TargetSpec::Spell => entry.kind == StackEntryKind::Spell,
            TargetSpec::InstantOrSorcerySpell => {
                entry.kind == StackEntryKind::Spell
                    && board.get(id).is_some_and(|c| c.is(CardType::Instant) || c.is(CardType::Sorcery))
            }
            TargetSpec::SpellOrAbility => true,
            _ => false,
        });
    }
    let (Some(obj), Some(ch)) = (obj, board.get(id)) else {
        return false;
    };
    let on_battlefield = obj.on_battlefield();
    let creature = on_battlefield && ch.is(CardType::Creature);
    match spec {
        TargetSpec::Creature | TargetSpec::AnotherCreature | TargetSpec::OtherCreature => creature,
        TargetSpec::CreatureNotOfColor(c) => creature && !ch.colors.contains(c),
        TargetSpec::PermanentWithSubtype(sub) => on_battlefield && ch.subtypes.iter().any(|s| s == sub),
        TargetSpec::CreatureYouControl => creature && obj.controller == controller,
        TargetSpec::Any | TargetSpec::AnotherAny => creature || (on_battlefield && ch.is(CardType::Planeswalker)),
        TargetSpec::Spell
        | TargetSpec::InstantOrSorcerySpell
        | TargetSpec::SpellOrAbility
        | TargetSpec::Player
        | TargetSpec::Opponent => false,
        // Answered above, by the spec it repeats.
        TargetSpec::AnyNumberOf(_) => false,
        TargetSpec::CreatureAnOpponentControls => creature && obj.controller != controller,
        TargetSpec::PermanentAnOpponentControls => on_battlefield && obj.controller != controller,
        TargetSpec::Land => on_battlefield && ch.is(CardType::Land),
        TargetSpec::Artifact => on_battlefield && ch.is(CardType::Artifact),
        TargetSpec::ArtifactCreature => creature && ch.is(CardType::Artifact),
        TargetSpec::PermanentOfAnyType(types) => on_battlefield && types.iter().any(|t| ch.is(*t)),
        TargetSpec::ArtifactOrEnchantment => {
            on_battlefield && (ch.is(CardType::Artifact) || ch.is(CardType::Enchantment))
        }
        // "Another" is checked against the source by `is_legal_from`.
        TargetSpec::Permanent { nonland, .. } => on_battlefield && !(*nonland && ch.is(CardType::Land)),
        TargetSpec::PermanentCardInYourGraveyard => {
            obj.zone == ZoneKind::Graveyard && obj.owner == controller && ch.is_permanent()
        }
        TargetSpec::CardInYourGraveyard { card_type, max_mana_value } => {
            obj.zone == ZoneKind::Graveyard
                && obj.owner == controller
                && ch.types.contains(card_type)
                && match max_mana_value {
                    Some(m) => ch.mana_value(0) <= *m,
                    None => true,
                }
        }
        TargetSpec::CardInAGraveyard(card_type) => obj.zone == ZoneKind::Graveyard && ch.types.contains(card_type),
        // A card in a graveyard; whose graveyard is checked against the first target by
        // `check_all_from` (the owner of a card never changes, so once is enough).
        TargetSpec::CardInTargetPlayersGraveyard => obj.zone == ZoneKind::Graveyard,
    }
}

/// `is_legal` for a spell or ability whose source is `source` (a spell is its own source):
/// "another target" can't be the source itself, and protection keeps a source of its quality
/// from targeting (CR 702.16b).
pub fn is_legal_from(
    state: &GameState,
    board: &Board,
    spec: &TargetSpec,
    target: &Target,
    controller: PlayerId,
    source: Option<ObjectId>,
) -> bool {
    let another = matches!(spec, TargetSpec::Permanent { another: true, .. } | TargetSpec::OtherCreature);
    if another && source.is_some_and(|s| *target == Target::Object(s)) {
        return false;
    }
    // CR 702.16b: a permanent with protection can't be the target of spells with the stated
    // quality, nor of abilities from a source with it (its colors as it is now).
    if let (Some(source), Target::Object(id)) = (source, target) {
        if state.object(*id).is_some_and(|o| o.on_battlefield()) && crate::protection::protected_from(state, board, *id, source) {
            return false;
        }
    }
    is_legal(state, board, spec, target, controller)
}

/// Every legal choice for one target (for `legal_actions`).
pub fn candidates(
    state: &GameState,
    board: &Board,
    spec: &TargetSpec,
    controller: PlayerId,
) -> Vec<Target> {
    let abilities = state
        .stack
        .iter()
        .filter(|e| e.kind != StackEntryKind::Spell)
        .map(|e| e.id);
    let mut v: Vec<Target> = state
        .objects
        .keys()
        .copied()
        .chain(abilities)
        .map(Target::Object)
        .filter(|t| is_legal(state, board, spec, t, controller))
        .collect();
    for p in state.player_ids() {
        let t = Target::Player(p);
        if is_legal(state, board, spec, &t, controller) {
            v.push(t);
        }
    }
    v
}

/// The specs of `specs` for `n` chosen targets: "any number of target [spec]" (the last spec,
/// `TargetSpec::AnyNumberOf`) stands for as many of that spec as were chosen beyond the
/// others; also the index from which the specs come from it (each of those a different
/// object or player, CR 601.2c), `specs.len()` without one.
pub(crate) fn expand(specs: &[TargetSpec], n: usize) -> (Vec<TargetSpec>, usize) {
    match specs.split_last() {
        Some((TargetSpec::AnyNumberOf(inner), fixed)) => {
            let mut v = fixed.to_vec();
            v.extend(std::iter::repeat_n((**inner).clone(), n.saturating_sub(fixed.len())));
            (v, fixed.len())
        }
        _ => (specs.to_vec(), specs.len()),
    }
}

/// Checks announced targets against their specs (CR 601.2c, 602.2b) for a spell or ability
/// with a known source (see `is_legal_from`: protection, "another"); "a second target" can't
/// be an object chosen for an earlier target.
pub fn check_all_from(
    state: &GameState,
    board: &Board,
    specs: &[TargetSpec],
    targets: &[Target],
    controller: PlayerId,
    source: Option<ObjectId>,
) -> bool {
    let (expanded, _) = expand(specs, targets.len());
    expanded.len() == targets.len() && each_legal(state, board, specs, targets, controller, source).iter().all(|l| *l)
}

/// For each of `targets`, whether it is legal for its spec as one of this set of targets
/// (CR 601.2c, 115.7e): "a second target" or "another target" not chosen for an earlier one,
/// "any number of target" each object or player once, "card from their graveyard" the first
/// target's. A target beyond the specs is illegal.
pub(crate) fn each_legal(
    state: &GameState,
    board: &Board,
    specs: &[TargetSpec],
    targets: &[Target],
    controller: PlayerId,
    source: Option<ObjectId>,
) -> Vec<bool> {
    let (specs, repeated_from) = expand(specs, targets.len());
    targets
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let Some(s) = specs.get(i) else { return false };
            let another = matches!(s, TargetSpec::AnotherCreature | TargetSpec::AnotherAny);
            let distinct = !another || !targets.iter().take(i).any(|p| p == t);
            // One instance of "target": each object or player once (CR 601.2c).
            let once = i < repeated_from || !targets.get(repeated_from..i).is_some_and(|earlier| earlier.contains(t));
            let theirs = *s != TargetSpec::CardInTargetPlayersGraveyard || in_first_targets_graveyard(state, targets, t);
            distinct && once && theirs && is_legal_from(state, board, s, t, controller, source)
        })
        .collect()
}

/// The target specs of a spell or ability on the stack, one per chosen target: a spell's
/// from its card (its chosen modes', CR 700.2c; an Aura's enchant ability), an ability's as
/// it was put on the stack; "any number of" expanded (`expand`). Also its source, for
/// "another" (a spell is its own source).
pub(crate) fn entry_specs(state: &GameState, board: &Board, entry: &crate::state::StackEntry) -> (Vec<TargetSpec>, ObjectId) {
    match &entry.kind {
        StackEntryKind::Spell => {
            let printed = match board.get(&entry.id) {
                Some(ch) => crate::casting::cast_target_specs(state.object(entry.id).map(|o| o.def), ch, &entry.modes, &entry.spliced),
                None => Vec::new(),
            };
            (expand(&printed, entry.targets.len()).0, entry.id)
        }
        StackEntryKind::Ability { source, target_specs, .. } => (expand(target_specs, entry.targets.len()).0, *source),
    }
}

/// CR 115.7d-e: "you may choose new targets for" the spell or ability `id` on the stack.
/// `chosen` is its whole new list of targets, in its order (`None`: all left unchanged).
/// Each target may stay as it is, even if it is illegal; each changed one must be legal for
/// that spell or ability (its controller's, its source's), and the change mustn't make an
/// unchanged legal target illegal; only the final set is evaluated (115.7e), so two targets
/// may trade places under "another target". The number of targets and the modes stay (CR
/// 115.8). A spell or ability that has left the stack keeps nothing to change. `resolving`
/// is the spell doing this, with its controller: it is still on the stack while it resolves
/// (it leaves as the last step, CR 608.2n), so it is a legal new target for "target spell"
/// (Redirect's ruling of 2010-08-15), though the engine has taken it off the stack already.
pub(crate) fn choose_new_targets(
    state: &mut GameState,
    id: ObjectId,
    chosen: Option<&[Target]>,
    resolving: Option<(ObjectId, PlayerId)>,
) -> Result<(), crate::rejection::Rejection> {
    use crate::rejection::Rejection;
    let Some(chosen) = chosen else { return Ok(()) };
    let Some(at) = state.stack.iter().position(|e| e.id == id) else { return Ok(()) };
    let Some(entry) = state.stack.get(at) else { return Ok(()) };
    if chosen.len() != entry.targets.len() {
        return Err(Rejection::InvalidChoice(format!(
            "the new targets ({}) must list each of the {} targets of the spell or ability, changed or not (CR 115.7d)",
            chosen.len(),
            entry.targets.len()
        )));
    }
    let board = crate::layers::board_of(state);
    let (specs, source) = entry_specs(state, &board, entry);
    // The stack as it is during this resolution: the resolving spell still on it.
    let mut during = None;
    if let Some((spell, controller)) = resolving.filter(|(r, _)| state.object(*r).is_some_and(|o| o.zone == ZoneKind::Stack)) {
        let mut view = state.clone();
        view.stack.insert(
            0,
            crate::state::StackEntry { id: spell, controller, targets: Vec::new(), x: None, kind: StackEntryKind::Spell, kicked: Vec::new(), modes: Vec::new(), spliced: Vec::new(), revealed: Vec::new() },
        );
        during = Some(view);
    }
    let seen = during.as_ref().unwrap_or(state);
    let before = each_legal(seen, &board, &specs, &entry.targets, entry.controller, Some(source));
    let after = each_legal(seen, &board, &specs, chosen, entry.controller, Some(source));
    for (i, (old, new)) in entry.targets.iter().zip(chosen).enumerate() {
        let legal = after.get(i).copied().unwrap_or(false);
        // CR 115.5: a spell or ability can't target itself.
        if old != new && (!legal || *new == Target::Object(entry.id)) {
            return Err(Rejection::InvalidTarget(format!(
                "new target {} ({new:?}) is not legal for that spell or ability with the others it has (CR 115.7d-e)",
                i.saturating_add(1)
            )));
        }
        if old == new && before.get(i).copied().unwrap_or(false) && !legal {
            return Err(Rejection::InvalidTarget(format!(
                "the new targets make its unchanged target {} ({old:?}) illegal (CR 115.7d)",
                i.saturating_add(1)
            )));
        }
    }
    if let Some(e) = state.stack.get_mut(at) {
        e.targets = chosen.to_vec();
    }
    Ok(())
}

/// "Target card from their graveyard": `t` is a card owned by the player chosen as the first
/// target (a card is in its owner's graveyard, CR 404.1).
fn in_first_targets_graveyard(state: &GameState, targets: &[Target], t: &Target) -> bool {
    match (targets.first(), t) {
        (Some(Target::Player(p)), Target::Object(id)) => state.object(*id).is_some_and(|o| o.owner == *p),
        _ => false,
    }
}
