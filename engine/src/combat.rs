//! Combat (CR 506-511): declaring attackers (CR 508.1) with the summoning sickness rule
//! (CR 302.6), haste (CR 702.10), defender (CR 702.3) and the attack restrictions and
//! requirements (CR 508.1c-d); declaring blockers (CR 509.1) with evasion (flying 702.9,
//! reach 702.17, shadow 702.28, menace 702.111, landwalk 702.14, protection 702.16) and the
//! block restrictions and requirements (CR 509.1b-c); skipping blockers and damage when nobody
//! attacks (CR 508.8); combat damage assignment (CR 510.1, trample 702.19, deathtouch 702.2c)
//! in one step, or two when a first or double striker is in combat (CR 510.4, 702.4, 702.7).

use std::collections::BTreeSet;

use crate::abilities::{Ability, CombatRule, Keyword, StaticAbility};
use crate::actions::Answers;
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::{board_of, Board, Characteristics};
use crate::priority::give_priority;
use crate::rejection::Rejection;
use crate::state::{GameState, ZoneKind};
use crate::targets::Target;
use crate::types::CardType;

/// Most creatures whose declarations are enumerated to find how many requirements can be
/// obeyed (CR 508.1d, 509.1c); beyond it, the requirements of the first ones are weighed.
const MAX_REQUIREMENT_SEARCH: usize = 8;

fn combat_rules(ch: &Characteristics) -> impl Iterator<Item = &CombatRule> {
    ch.abilities.iter().filter_map(|a| match &*a.ability {
        Ability::Static(StaticAbility::Combat(r)) => Some(r),
        _ => None,
    })
}

fn has_rule(ch: &Characteristics, rule: &CombatRule) -> bool {
    combat_rules(ch).any(|r| r == rule)
}

/// The least "no more than N creatures can attack/block each combat" on the battlefield.
fn global_limit(state: &GameState, board: &Board, attack: bool) -> Option<u32> {
    state
        .zone_objects(ZoneKind::Battlefield, None)
        .iter()
        .filter_map(|o| board.get(&o.id))
        .flat_map(|ch| combat_rules(ch).cloned().collect::<Vec<_>>())
        .filter_map(|r| match (r, attack) {
            (CombatRule::MaxAttackers(n), true) | (CombatRule::MaxBlockers(n), false) => Some(n),
            _ => None,
        })
        .min()
}

/// Why `id` can't attack for `player` now, if it can't (CR 508.1a, 302.6, 702.3b).
pub(crate) fn check_attacker(state: &GameState, board: &Board, player: PlayerId, id: ObjectId) -> Result<(), Rejection> {
    let obj = state.object(id).ok_or(Rejection::NoSuchObject(id))?;
    let ch = board.get(&id).ok_or(Rejection::NoSuchObject(id))?;
    if !obj.on_battlefield() || obj.controller != player || !ch.is(CardType::Creature) {
        return Err(Rejection::WrongObject { object: id, reason: "not a creature you control".into() });
    }
    if obj.tapped {
        return Err(Rejection::AlreadyTapped(id));
    }
    if obj.summoning_sick && !ch.has_keyword(Keyword::Haste) {
        return Err(Rejection::SummoningSick(id));
    }
    if ch.has_keyword(Keyword::Defender) {
        return Err(Rejection::InvalidChoice("a creature with defender can't attack (CR 702.3b)".into()));
    }
    Ok(())
}

/// The restrictions on a whole declaration of attackers (CR 508.1c): each creature able to
/// attack, none twice, "can't attack alone", "no more than N creatures can attack".
fn attack_restrictions(state: &GameState, board: &Board, player: PlayerId, attackers: &[ObjectId]) -> Result<(), Rejection> {
    let unique: BTreeSet<ObjectId> = attackers.iter().copied().collect();
    if unique.len() != attackers.len() {
        return Err(Rejection::InvalidChoice("a creature can attack only once".into()));
    }
    for id in attackers {
        check_attacker(state, board, player, *id)?;
        let ch = board.get(id).ok_or(Rejection::NoSuchObject(*id))?;
        let alone = has_rule(ch, &CombatRule::CantAttackAlone) || has_rule(ch, &CombatRule::CantAttackOrBlockAlone);
        if alone && attackers.len() < 2 {
            return Err(Rejection::InvalidChoice("this creature can't attack alone (CR 508.1c)".into()));
        }
    }
    if let Some(n) = global_limit(state, board, true) {
        if attackers.len() > usize::try_from(n).unwrap_or(usize::MAX) {
            return Err(Rejection::InvalidChoice(format!("no more than {n} creature(s) can attack (CR 508.1c)")));
        }
    }
    Ok(())
}

/// How many "attacks each combat if able" requirements a declaration obeys (CR 508.1d).
fn attack_requirements_obeyed(board: &Board, attackers: &[ObjectId]) -> usize {
    attackers
        .iter()
        .filter(|id| board.get(id).is_some_and(|ch| has_rule(ch, &CombatRule::AttacksEachCombatIfAble)))
        .count()
}

/// Whether `apply` accepts the declaration (CR 508.1, 508.1a, 508.1c, 508.1d), carrying nothing
/// out: it is due and made by the active player, it obeys every restriction, and it obeys as
/// many requirements as any declaration obeying the restrictions could. `board`: the
/// characteristics now. Once this is `Ok`, `declare` can't fail.
pub(crate) fn check_declaration(state: &GameState, board: &Board, player: PlayerId, attackers: &[ObjectId]) -> Result<(), Rejection> {
    if !state.combat.awaiting_declaration || player != state.active {
        return Err(Rejection::WrongTiming("attackers are declared by the active player at the start of the declare attackers step".into()));
    }
    attack_restrictions(state, board, player, attackers)?;
    let possible = possible_with(state, board);
    let required: Vec<ObjectId> = possible
        .iter()
        .copied()
        .filter(|id| board.get(id).is_some_and(|ch| has_rule(ch, &CombatRule::AttacksEachCombatIfAble)))
        .collect();
    if !required.is_empty() {
        let obeyed = attack_requirements_obeyed(board, attackers);
        let mut pool = required.clone();
        pool.extend(possible.iter().copied().filter(|id| !required.contains(id)));
        pool.truncate(MAX_REQUIREMENT_SEARCH);
        let best = subsets(&pool)
            .into_iter()
            .filter(|s| attack_restrictions(state, board, player, s).is_ok())
            .map(|s| attack_requirements_obeyed(board, &s))
            .max()
            .unwrap_or(0);
        if obeyed < best {
            return Err(Rejection::InvalidChoice(format!(
                "this declaration obeys {obeyed} attack requirement(s); {best} can be obeyed (CR 508.1d)"
            )));
        }
    }
    Ok(())
}

fn subsets<T: Copy>(items: &[T]) -> Vec<Vec<T>> {
    let n = items.len().min(MAX_REQUIREMENT_SEARCH);
    (0u32..(1u32 << n))
        .map(|mask| items.iter().take(n).enumerate().filter(|(i, _)| mask & (1u32 << i) != 0).map(|(_, x)| *x).collect())
        .collect()
}

fn possible_with(state: &GameState, board: &Board) -> Vec<ObjectId> {
    state
        .zone_objects(ZoneKind::Battlefield, Some(state.active))
        .iter()
        .map(|o| o.id)
        .filter(|id| check_attacker(state, board, state.active, *id).is_ok())
        .collect()
}

/// Creatures that could attack for the active player.
pub(crate) fn possible_attackers(state: &GameState) -> Vec<ObjectId> {
    possible_with(state, &board_of(state))
}

/// Beginning of the declare attackers step: the active player's declaration is due (CR 508.1);
/// it may be empty, and passing priority instead declares none.
pub(crate) fn begin_declare_attackers(state: &mut GameState, _ev: &mut [Event]) {
    state.combat = Default::default();
    state.combat.awaiting_declaration = true;
    state.passes = 0;
    state.priority = Some(state.active);
}

/// The declaration (a turn-based action, CR 508.1): attackers become tapped (CR 508.1f) unless
/// they have vigilance (CR 702.20b).
pub(crate) fn declare(state: &mut GameState, player: PlayerId, attackers: Vec<ObjectId>, ev: &mut Vec<Event>) -> Result<(), Rejection> {
    let board = board_of(state);
    check_declaration(state, &board, player, &attackers)?;
    for id in &attackers {
        let vigilance = board.get(id).is_some_and(|c| c.has_keyword(Keyword::Vigilance));
        if !vigilance {
            crate::zones::tap(state, *id, ev);
        }
    }
    state.combat.awaiting_declaration = false;
    state.combat.declared = true;
    for id in &attackers {
        if !state.attacked_with.contains(&(player, *id)) {
            state.attacked_with.push((player, *id));
        }
    }
    state.combat.attackers = attackers.clone();
    crate::triggers::attackers_declared(state, &board, &attackers);
    ev.push(Event::AttackersDeclared { player, attackers });
    give_priority(state, player, ev);
    Ok(())
}

// ---- blockers (CR 509) ------------------------------------------------------------------------

/// Beginning of the declare blockers step: the defending player's declaration is due (CR 509.1);
/// passing instead declares none.
pub(crate) fn begin_declare_blockers(state: &mut GameState) {
    state.combat.awaiting_blocks = true;
    state.passes = 0;
    state.priority = Some(state.active.opponent());
}

fn in_combat_as_attacker(state: &GameState, id: ObjectId) -> bool {
    state.combat.attackers.contains(&id) && state.object(id).is_some_and(|o| o.on_battlefield())
}

/// Why `blocker` can't block `attacker`, by the restrictions on that one pair (CR 509.1b):
/// evasion abilities of the attacker and "can't block" of the blocker.
fn check_pair(state: &GameState, board: &Board, defender: PlayerId, blocker: ObjectId, attacker: ObjectId) -> Result<(), Rejection> {
    let bad = |reason: String| Err(Rejection::InvalidChoice(reason));
    let obj = state.object(blocker).ok_or(Rejection::NoSuchObject(blocker))?;
    let b = board.get(&blocker).ok_or(Rejection::NoSuchObject(blocker))?;
    if !obj.on_battlefield() || obj.controller != defender || !b.is(CardType::Creature) {
        return Err(Rejection::WrongObject { object: blocker, reason: "not a creature the defending player controls".into() });
    }
    if obj.tapped {
        return bad("a tapped creature can't block (CR 509.1a)".into());
    }
    if has_rule(b, &CombatRule::CantBlock) {
        return bad("this creature can't block".into());
    }
    if !in_combat_as_attacker(state, attacker) {
        return Err(Rejection::WrongObject { object: attacker, reason: "not an attacking creature".into() });
    }
    let a = board.get(&attacker).ok_or(Rejection::NoSuchObject(attacker))?;
    if a.has_keyword(Keyword::Flying) && !b.has_keyword(Keyword::Flying) && !b.has_keyword(Keyword::Reach) {
        return bad("a creature with flying can be blocked only by creatures with flying or reach (CR 702.9b)".into());
    }
    if a.has_keyword(Keyword::Shadow) != b.has_keyword(Keyword::Shadow) {
        return bad("a creature with shadow blocks and is blocked only by creatures with shadow (CR 702.28b)".into());
    }
    for k in a.keywords() {
        // CR 702.14c: landwalk of a land type, and snow landwalk of a snow land of that type.
        let (land, snow) = match k {
            Keyword::Landwalk(land) => (land, false),
            Keyword::SnowLandwalk(land) => (land, true),
            _ => continue,
        };
        let has_land = state.zone_objects(ZoneKind::Battlefield, Some(defender)).iter().any(|o| {
            board.get(&o.id).is_some_and(|c| {
                c.is(CardType::Land)
                    && c.subtypes.iter().any(|s| s == land.subtype())
                    && (!snow || c.supertypes.iter().any(|s| s == "Snow"))
            })
        });
        if has_land {
            let snow = if snow { "snow " } else { "" };
            return bad(format!("landwalk: the defending player controls a {snow}{} (CR 702.14c)", land.subtype()));
        }
    }
    if crate::protection::protected_from(state, board, attacker, blocker) {
        return bad("a creature with protection can't be blocked by creatures with that quality (CR 702.16f)".into());
    }
    for r in combat_rules(a) {
        if let CombatRule::CantBeBlockedBySubtype(t) = r {
            if b.subtypes.iter().any(|s| s == t) {
                return bad(format!("this creature can't be blocked by {t}s"));
            }
        }
    }
    Ok(())
}

/// The restrictions on a whole declaration of blockers (CR 509.1a-b).
fn block_restrictions(state: &GameState, board: &Board, blocks: &[(ObjectId, ObjectId)]) -> Result<(), Rejection> {
    let defender = state.active.opponent();
    let unique: BTreeSet<(ObjectId, ObjectId)> = blocks.iter().copied().collect();
    if unique.len() != blocks.len() {
        return Err(Rejection::InvalidChoice("a creature blocks an attacker only once".into()));
    }
    for (b, a) in blocks {
        check_pair(state, board, defender, *b, *a)?;
    }
    let blockers: BTreeSet<ObjectId> = blocks.iter().map(|(b, _)| *b).collect();
    for b in &blockers {
        let ch = board.get(b).ok_or(Rejection::NoSuchObject(*b))?;
        let extra: u32 = combat_rules(ch)
            .filter_map(|r| match r {
                CombatRule::CanBlockAdditional(n) => Some(*n),
                _ => None,
            })
            .sum();
        let n = blocks.iter().filter(|(x, _)| x == b).count();
        if n > usize::try_from(extra.saturating_add(1)).unwrap_or(usize::MAX) {
            return Err(Rejection::InvalidChoice(format!("this creature can block at most {} creature(s) (CR 509.1a)", extra.saturating_add(1))));
        }
        if has_rule(ch, &CombatRule::CantAttackOrBlockAlone) && blockers.len() < 2 {
            return Err(Rejection::InvalidChoice("this creature can't block alone (CR 509.1b)".into()));
        }
    }
    let attackers: BTreeSet<ObjectId> = blocks.iter().map(|(_, a)| *a).collect();
    for a in attackers {
        let n = blocks.iter().filter(|(_, x)| *x == a).count();
        if board.get(&a).is_some_and(|c| c.has_keyword(Keyword::Menace)) && n < 2 {
            return Err(Rejection::InvalidChoice(
                "a creature with menace can't be blocked except by two or more creatures (CR 702.111b)".into(),
            ));
        }
        let least = board.get(&a).and_then(|c| {
            combat_rules(c)
                .filter_map(|r| match r {
                    CombatRule::CantBeBlockedExceptByAtLeast(k) => Some(*k),
                    _ => None,
                })
                .max()
        });
        if let Some(k) = least.filter(|k| u32::try_from(n).unwrap_or(u32::MAX) < *k) {
            return Err(Rejection::InvalidChoice(format!("this creature can't be blocked except by {k} or more creatures (CR 509.1b)")));
        }
    }
    if let Some(n) = global_limit(state, board, false) {
        if blockers.len() > usize::try_from(n).unwrap_or(usize::MAX) {
            return Err(Rejection::InvalidChoice(format!("no more than {n} creature(s) can block (CR 509.1b)")));
        }
    }
    Ok(())
}

fn block_requirements_obeyed(board: &Board, blocks: &[(ObjectId, ObjectId)]) -> usize {
    let blockers: BTreeSet<ObjectId> = blocks.iter().map(|(b, _)| *b).collect();
    blockers
        .iter()
        .filter(|id| board.get(id).is_some_and(|ch| has_rule(ch, &CombatRule::BlocksEachCombatIfAble)))
        .count()
}

/// Whether `apply` accepts the declaration of blockers (CR 509.1): due, made by the defending
/// player, obeying every restriction (CR 509.1b) and as many requirements as possible
/// (CR 509.1c). Once `Ok`, `declare_blockers` can't fail.
pub(crate) fn check_blocks(state: &GameState, board: &Board, player: PlayerId, blocks: &[(ObjectId, ObjectId)]) -> Result<(), Rejection> {
    if !state.combat.awaiting_blocks || player != state.active.opponent() {
        return Err(Rejection::WrongTiming("blockers are declared by the defending player at the start of the declare blockers step".into()));
    }
    block_restrictions(state, board, blocks)?;
    let defender = state.active.opponent();
    let creatures: Vec<ObjectId> = state
        .zone_objects(ZoneKind::Battlefield, Some(defender))
        .iter()
        .map(|o| o.id)
        .filter(|id| board.get(id).is_some_and(|c| c.is(CardType::Creature)))
        .collect();
    let required: Vec<ObjectId> = creatures
        .iter()
        .copied()
        .filter(|id| board.get(id).is_some_and(|ch| has_rule(ch, &CombatRule::BlocksEachCombatIfAble)))
        .collect();
    if required.is_empty() {
        return Ok(());
    }
    let obeyed = block_requirements_obeyed(board, blocks);
    // Every declaration in which each of (a bounded number of) the defending player's
    // creatures blocks at most one attacker: the requirements "blocks if able" ask no more.
    let mut pool = required.clone();
    pool.extend(creatures.iter().copied().filter(|id| !required.contains(id)));
    pool.truncate(MAX_REQUIREMENT_SEARCH.min(5));
    let attackers: Vec<ObjectId> = state.combat.attackers.iter().copied().filter(|a| in_combat_as_attacker(state, *a)).take(4).collect();
    let mut declarations: Vec<Vec<(ObjectId, ObjectId)>> = vec![Vec::new()];
    for b in &pool {
        let mut next = Vec::new();
        for d in &declarations {
            next.push(d.clone());
            for a in &attackers {
                let mut d2 = d.clone();
                d2.push((*b, *a));
                next.push(d2);
            }
        }
        declarations = next;
    }
    let best = declarations
        .into_iter()
        .filter(|d| block_restrictions(state, board, d).is_ok())
        .map(|d| block_requirements_obeyed(board, &d))
        .max()
        .unwrap_or(0);
    if obeyed < best {
        return Err(Rejection::InvalidChoice(format!(
            "this declaration obeys {obeyed} block requirement(s); {best} can be obeyed (CR 509.1c)"
        )));
    }
    Ok(())
}

/// Candidate declarations of blockers for `legal_actions`: none, each single legal pair, every
/// two pairs (two blockers, as menace needs, or one creature blocking two attackers, CR 509.1a),
/// and each attacker blocked by every creature that can block it ("can't be blocked except by
/// three or more creatures"), bounded.
pub(crate) fn block_candidates(state: &GameState) -> Vec<Vec<(ObjectId, ObjectId)>> {
    let board = board_of(state);
    let defender = state.active.opponent();
    let mut pairs = Vec::new();
    for o in state.zone_objects(ZoneKind::Battlefield, Some(defender)) {
        for a in &state.combat.attackers {
            if check_pair(state, &board, defender, o.id, *a).is_ok() {
                pairs.push((o.id, *a));
            }
        }
    }
    pairs.truncate(16);
    let mut out: Vec<Vec<(ObjectId, ObjectId)>> = vec![Vec::new()];
    out.extend(pairs.iter().map(|p| vec![*p]));
    for a in &state.combat.attackers {
        let all: Vec<(ObjectId, ObjectId)> = pairs.iter().filter(|(_, x)| x == a).copied().collect();
        if all.len() > 2 {
            out.push(all);
        }
    }
    for (i, p) in pairs.iter().enumerate() {
        for q in &pairs[i + 1..] {
            out.push(vec![*p, *q]);
        }
    }
    out.truncate(160);
    out
}

/// The declaration of blockers (a turn-based action, CR 509.1): the blocked attackers become
/// blocked (CR 509.1h) and "becomes blocked" abilities trigger (CR 509.1i, 509.3c-d); then the
/// active player receives priority (CR 509.2).
pub(crate) fn declare_blockers(state: &mut GameState, player: PlayerId, blocks: Vec<(ObjectId, ObjectId)>, ev: &mut Vec<Event>) -> Result<(), Rejection> {
    let board = board_of(state);
    check_blocks(state, &board, player, &blocks)?;
    state.combat.awaiting_blocks = false;
    state.combat.blocks_declared = true;
    let mut blocked: Vec<ObjectId> = Vec::new();
    for (_, a) in &blocks {
        if !blocked.contains(a) {
            blocked.push(*a);
        }
    }
    state.combat.blocks = blocks.clone();
    state.combat.blocked = blocked.clone();
    ev.push(Event::BlockersDeclared { player, blocks: blocks.clone() });
    for a in blocked {
        let n = blocks.iter().filter(|(_, x)| *x == a).count();
        crate::triggers::became_blocked(state, &board, a, n);
    }
    for (b, a) in &blocks {
        crate::triggers::blocked_a_creature(state, &board, *b, *a);
    }
    let active = state.active;
    give_priority(state, active, ev);
    Ok(())
}

// ---- damage (CR 510) --------------------------------------------------------------------------

fn on_battlefield_creature(state: &GameState, board: &Board, id: ObjectId) -> bool {
    state.object(id).is_some_and(|o| o.on_battlefield()) && board.get(&id).is_some_and(|c| c.is(CardType::Creature))
}

fn strikes_first(ch: &Characteristics) -> bool {
    ch.has_keyword(Keyword::FirstStrike) || ch.has_keyword(Keyword::DoubleStrike)
}

/// The attacking and blocking creatures still in combat, attackers first.
fn combatants(state: &GameState, board: &Board) -> Vec<ObjectId> {
    let mut out: Vec<ObjectId> = state.combat.attackers.iter().copied().filter(|id| on_battlefield_creature(state, board, *id)).collect();
    for (b, _) in &state.combat.blocks {
        if !out.contains(b) && on_battlefield_creature(state, board, *b) {
            out.push(*b);
        }
    }
    out
}

/// Whether the current combat damage step is followed by a second one (CR 510.4).
pub(crate) fn second_damage_step_follows(state: &GameState) -> bool {
    state.combat.first_strike_step
}

/// The amount of damage that is lethal to `id` from `source` (CR 120.4a... 702.2c, 702.19b):
/// its toughness less the damage marked on it and assigned to it so far, at least 0; any
/// nonzero amount from a source with deathtouch.
fn lethal(state: &GameState, board: &Board, id: ObjectId, deathtouch: bool, assigned: u32) -> u32 {
    let t = board.get(&id).and_then(|c| c.toughness).unwrap_or(0);
    let marked = state.object(id).map(|o| o.damage).unwrap_or(0).saturating_add(assigned);
    let left = u32::try_from(t).unwrap_or(0).saturating_sub(marked);
    if deathtouch {
        left.min(1)
    } else {
        left
    }
}

/// One creature's combat damage assignment: (recipient, amount) pairs.
type Assignment = Vec<(Target, u32)>;

/// How `id` assigns its combat damage (CR 510.1a-d, 702.19b-c): from `answers` where its
/// controller has a choice, else the only assignment the rules allow. `assigned`: damage
/// assigned so far this step to each creature, which a trampler's lethal damage counts
/// (CR 702.19b).
fn assignment(
    state: &GameState,
    board: &Board,
    id: ObjectId,
    answers: &Answers,
    assigned: &[(ObjectId, u32)],
) -> Result<Assignment, Rejection> {
    let Some(ch) = board.get(&id) else { return Ok(Vec::new()) };
    let power = damage_amount(state, board, id);
    if power == 0 {
        return Ok(Vec::new());
    }
    let defender = state.active.opponent();
    let attacking = state.combat.attackers.contains(&id);
    let recipients: Vec<ObjectId> = if attacking {
        state.combat.blocks.iter().filter(|(_, a)| *a == id).map(|(b, _)| *b).filter(|b| on_battlefield_creature(state, board, *b)).collect()
    } else {
        state.combat.blocks.iter().filter(|(b, _)| *b == id).map(|(_, a)| *a).filter(|a| on_battlefield_creature(state, board, *a)).collect()
    };
    let trample = attacking && ch.has_keyword(Keyword::Trample);
    let blocked = attacking && state.combat.blocked.contains(&id);
    if attacking && !blocked {
        // CR 510.1b: an unblocked creature assigns its damage to the player it attacks.
        return Ok(vec![(Target::Player(defender), power)]);
    }
    if recipients.is_empty() {
        // CR 510.1c-d; a blocked trampler whose blockers are gone assigns it all to the
        // player (CR 702.19d).
        return Ok(if trample { vec![(Target::Player(defender), power)] } else { Vec::new() });
    }
    let deathtouch = ch.has_keyword(Keyword::Deathtouch);
    let already = |r: ObjectId| assigned.iter().filter(|(x, _)| *x == r).map(|(_, n)| *n).sum::<u32>();
    let lethal_all: u32 = recipients.iter().map(|r| lethal(state, board, *r, deathtouch, already(*r))).sum();
    let chosen = answers.damage.as_ref().and_then(|d| d.iter().find(|(c, _)| *c == id)).map(|(_, a)| a.clone());
    let Some(chosen) = chosen else {
        if recipients.len() == 1 && (!trample || power <= lethal_all) {
            return Ok(vec![(Target::Object(recipients[0]), power)]);
        }
        return Err(Rejection::MissingChoice(format!(
            "how {id:?} assigns its {power} combat damage among {} recipient(s) (CR 510.1c-d, 702.19b)",
            recipients.len()
        )));
    };
    let bad = |why: &str| Err(Rejection::InvalidChoice(format!("combat damage assignment of {id:?}: {why}")));
    let total: u32 = chosen.iter().map(|(_, n)| *n).sum();
    if total != power {
        return bad(&format!("assigns {total}, its power is {power} (CR 510.1a)"));
    }
    for (t, _) in &chosen {
        match t {
            Target::Object(o) if recipients.contains(o) => {}
            Target::Player(p) if trample && *p == defender => {}
            _ => return bad("a recipient it can't assign damage to (CR 510.1c-d)"),
        }
    }
    Ok(chosen)
}

/// CR 702.19b: a trampler assigns damage to the player only once every creature blocking it
/// is assigned lethal damage, counting damage already marked and the damage the other
/// creatures assign in this step, whatever prevention will do (CR 510.1e: the whole
/// assignment is checked).
fn check_trample(state: &GameState, board: &Board, plan: &[(ObjectId, Target, u32)]) -> Result<(), Rejection> {
    let mut tramplers: Vec<ObjectId> = plan.iter().filter(|(_, t, _)| matches!(t, Target::Player(_))).map(|(s, _, _)| *s).collect();
    tramplers.dedup();
    for id in tramplers {
        if !state.combat.blocked.contains(&id) {
            continue;
        }
        let deathtouch = board.get(&id).is_some_and(|c| c.has_keyword(Keyword::Deathtouch));
        let blockers = state.combat.blocks.iter().filter(|(_, a)| *a == id).map(|(b, _)| *b).filter(|b| on_battlefield_creature(state, board, *b));
        for b in blockers {
            let mine: u32 = plan.iter().filter(|(s, t, _)| *s == id && *t == Target::Object(b)).map(|(_, _, n)| *n).sum();
            let others: u32 = plan.iter().filter(|(s, t, _)| *s != id && *t == Target::Object(b)).map(|(_, _, n)| *n).sum();
            if mine < lethal(state, board, b, deathtouch, others) {
                return Err(Rejection::InvalidChoice(format!(
                    "combat damage assignment of {id:?}: damage to the player before lethal damage to every blocker (CR 702.19b)"
                )));
            }
        }
    }
    Ok(())
}

/// The combat damage step's turn-based actions (CR 510.1-510.2, 510.4): which creatures deal
/// damage in this step, their assignments (the choices in `answers`), then all of it dealt at
/// once. Fails, changing nothing, when an assignment is missing or illegal (CR 510.1e).
pub(crate) fn combat_damage(state: &mut GameState, answers: &Answers, ev: &mut Vec<Event>) -> Result<(), Rejection> {
    let board = board_of(state);
    let all = combatants(state, &board);
    let second = !state.combat.struck_first.is_empty() && !state.combat.first_strike_step;
    let dealers: Vec<ObjectId> = if second {
        // CR 510.4: those that had neither first nor double strike, and double strikers.
        all.iter()
            .copied()
            .filter(|id| !state.combat.struck_first.contains(id) || board.get(id).is_some_and(|c| c.has_keyword(Keyword::DoubleStrike)))
            .collect()
    } else {
        let first: Vec<ObjectId> = all.iter().copied().filter(|id| board.get(id).is_some_and(strikes_first)).collect();
        if first.is_empty() {
            all.clone()
        } else {
            state.combat.first_strike_step = true;
            state.combat.struck_first = first.clone();
            first
        }
    };
    let mut assigned: Vec<(ObjectId, u32)> = Vec::new();
    let mut plan: Vec<(ObjectId, Target, u32)> = Vec::new();
    for id in &dealers {
        for (t, n) in assignment(state, &board, *id, answers, &assigned)? {
            if let Target::Object(o) = t {
                assigned.push((o, n));
            }
            plan.push((*id, t, n));
        }
    }
    check_trample(state, &board, &plan)?;
    // CR 510.2: dealt simultaneously; life gained from lifelink is one event per source
    // (CR 702.15e, 120.3f).
    crate::damage::deal_simultaneously(state, &board, &plan, ev);
    Ok(())
}

/// The first-strike combat damage step is over; the second one begins next (CR 510.4).
pub(crate) fn end_first_strike_step(state: &mut GameState) {
    state.combat.first_strike_step = false;
}

/// An assignment for every creature that has a choice in the next combat damage step, for
/// `legal_actions`: lethal damage to each recipient in turn (CR 702.19b's order of thought),
/// the rest to the last one, or to the player for a trampler.
/// CR 510.1a: the combat damage a creature assigns, its power (or its toughness where "each
/// creature you control with toughness greater than its power assigns combat damage equal to its
/// toughness" applies, `toughness_as_power`); 0 or less assigns none.
fn damage_amount(state: &GameState, board: &Board, id: ObjectId) -> u32 {
    let n = crate::toughness_as_power::power_for(state, board, id, crate::abilities::ToughnessFor::CombatDamage).unwrap_or(0);
    u32::try_from(n).unwrap_or(0)
}

pub(crate) fn default_damage_answers(state: &GameState) -> Option<Answers> {
    if !state.combat.blocks_declared || state.combat.blocks.is_empty() {
        return None;
    }
    let board = board_of(state);
    let defender = state.active.opponent();
    let mut out = Vec::new();
    for id in combatants(state, &board) {
        let Some(ch) = board.get(&id) else { continue };
        let power = damage_amount(state, &board, id);
        let attacking = state.combat.attackers.contains(&id);
        let recipients: Vec<ObjectId> = if attacking {
            state.combat.blocks.iter().filter(|(_, a)| *a == id).map(|(b, _)| *b).filter(|b| on_battlefield_creature(state, &board, *b)).collect()
        } else {
            state.combat.blocks.iter().filter(|(b, _)| *b == id).map(|(_, a)| *a).filter(|a| on_battlefield_creature(state, &board, *a)).collect()
        };
        if power == 0 || recipients.is_empty() {
            continue;
        }
        let trample = attacking && ch.has_keyword(Keyword::Trample);
        let deathtouch = ch.has_keyword(Keyword::Deathtouch);
        let mut left = power;
        let mut v: Vec<(Target, u32)> = Vec::new();
        for r in &recipients {
            let n = lethal(state, &board, *r, deathtouch, 0).min(left);
            if n > 0 {
                v.push((Target::Object(*r), n));
            }
            left = left.saturating_sub(n);
        }
        if left > 0 {
            let rest = if trample { Target::Player(defender) } else { Target::Object(recipients[recipients.len() - 1]) };
            match v.iter_mut().find(|(t, _)| *t == rest) {
                Some((_, n)) => *n = n.saturating_add(left),
                None => v.push((rest, left)),
            }
        }
        out.push((id, v));
    }
    Some(Answers { damage: Some(out), ..Answers::default() })
}
