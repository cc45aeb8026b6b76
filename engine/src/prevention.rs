//! Prevention effects (CR 615): they apply to damage that would be dealt, watching for a damage
//! event and preventing some or all of it (CR 615.1). Prevention shields from resolving spells
//! and abilities ("prevent the next N damage that would be dealt to ... this turn", CR 615.7)
//! are kept in the state and used up as they prevent damage (CR 615.7); static abilities
//! ("If a source would deal damage to a [permanent], prevent N of that damage", CR 615.10)
//! apply to every such event while their source is on the battlefield. Damage that is entirely
//! prevented is not dealt, so nothing triggers on it (CR 603.2g, 615.5); the caller deals only
//! what is left.
//!
//! Order (CR 616.1): when several prevention effects apply to one event, the affected player
//! or the controller of the affected object chooses; without a stated order they apply in
//! timestamp order, static abilities by their source's timestamp. Each applies at most once to
//! an event (CR 616.1: each one chosen is applied, then the rest are checked again).

use serde::{Deserialize, Serialize};

use crate::abilities::{Relation, StaticAbility};
use crate::ids::{ObjectId, PlayerId};
use crate::layers::Board;
use crate::state::{GameState, ZoneKind};
use crate::targets::Target;
use crate::types::CardType;

/// What damage a shield watches for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShieldScope {
    /// Damage that would be dealt to this player or permanent (CR 615.7).
    To(Target),
    /// Combat damage that would be dealt by any source to anything ("prevent all combat damage
    /// that would be dealt this turn": it modifies the rules, CR 611.2c, so it applies to
    /// permanents that weren't there when it began).
    AllCombat,
    /// "The next time [this object] would deal damage this turn, prevent that damage"
    /// (CR 615.7): all the damage it deals in its next damage event, to every recipient of that
    /// event (CR 120.4a), then the shield is used up.
    From(ObjectId),
}

/// A prevention shield created by a resolving spell or ability; it lasts until the cleanup
/// step (CR 514.2) unless used up first (CR 615.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shield {
    pub timestamp: u64,
    pub scope: ShieldScope,
    /// Damage it can still prevent; `None`: all of it.
    pub remaining: Option<u32>,
    /// "You gain life equal to the damage prevented this way": the player who gains it, as a
    /// result of the same damage event (CR 120.4d Example 2).
    #[serde(default)]
    pub gain_life: Option<PlayerId>,
    /// A "next time" shield that has applied to the current damage event: it keeps applying to
    /// the rest of that event and is gone when the event is over (`end_damage_event`).
    #[serde(default)]
    pub spent: bool,
}

impl Shield {
    pub(crate) fn new(timestamp: u64, scope: ShieldScope, remaining: Option<u32>) -> Shield {
        Shield { timestamp, scope, remaining, gain_life: None, spent: false }
    }
}

/// One prevention effect that applies to an event: a static ability's (never used up) or a
/// shield (by index).
enum Applicable {
    Static { amount: u32 },
    Shield(usize),
}

/// Whether the recipient of a static "prevent N of that damage" ability matches.
fn static_matches(
    state: &GameState,
    board: &Board,
    filter: &crate::abilities::DamageRecipients,
    holder: PlayerId,
    target: Target,
) -> bool {
    let Target::Object(id) = target else { return false };
    let Some(obj) = state.object(id).filter(|o| o.on_battlefield()) else { return false };
    let Some(ch) = board.get(&id) else { return false };
    let controller_ok = match filter.controller {
        Relation::You => obj.controller == holder,
        Relation::Opponent => obj.controller != holder,
        Relation::Any => true,
    };
    controller_ok
        && filter.types.iter().any(|t| ch.is(*t))
        && filter.subtype.as_ref().is_none_or(|s| ch.subtypes.iter().any(|x| x == s))
}

/// Prevents what the prevention effects prevent of `amount` damage that `source` would deal to
/// `target` (`combat`: it is combat damage, CR 510.2), using up shields; returns the damage
/// left to deal. Effects apply in timestamp order (CR 616.1, see the module comment). Life that
/// a shield gains for the damage it prevents is pushed onto `gains`: a result of the same
/// damage event (CR 120.4d Example 2), applied by the caller with the event's other results.
pub(crate) fn prevent(
    state: &mut GameState,
    board: &Board,
    source: Option<ObjectId>,
    target: Target,
    amount: u32,
    combat: bool,
    gains: &mut Vec<(PlayerId, u32)>,
) -> u32 {
    if amount == 0 {
        return 0;
    }
    // CR 702.16e: damage from a source with a quality the recipient has protection from is
    // prevented.
    if let (Some(s), Target::Object(id)) = (source, target) {
        if crate::protection::protected_from(state, board, id, s) {
            return 0;
        }
    }
    let mut found: Vec<(u64, Applicable)> = Vec::new();
    for obj in state.zone_objects(ZoneKind::Battlefield, None) {
        let Some(ch) = board.get(&obj.id) else { continue };
        for (st, ts) in ch.statics() {
            if let StaticAbility::PreventDamageTo { recipients, amount } = st {
                if static_matches(state, board, recipients, obj.controller, target) {
                    found.push((ts, Applicable::Static { amount: *amount }));
                }
            }
        }
    }
    for (i, s) in state.shields.iter().enumerate() {
        let applies = match s.scope {
            ShieldScope::To(t) => t == target,
            ShieldScope::AllCombat => combat,
            ShieldScope::From(o) => source == Some(o),
        };
        if applies && s.remaining != Some(0) {
            found.push((s.timestamp, Applicable::Shield(i)));
        }
    }
    found.sort_by_key(|(ts, _)| *ts);
    let mut left = amount;
    for (_, a) in found {
        if left == 0 {
            break;
        }
        match a {
            Applicable::Static { amount } => left = left.saturating_sub(amount),
            Applicable::Shield(i) => {
                let Some(s) = state.shields.get_mut(i) else { continue };
                let before = left;
                match s.remaining {
                    None => left = 0,
                    Some(r) => {
                        let used = r.min(left);
                        s.remaining = Some(r.saturating_sub(used));
                        left = left.saturating_sub(used);
                    }
                }
                if matches!(s.scope, ShieldScope::From(_)) {
                    s.spent = true;
                }
                if let Some(p) = s.gain_life {
                    gains.push((p, before.saturating_sub(left)));
                }
            }
        }
    }
    // A used-up shield is gone (CR 615.7).
    state.shields.retain(|s| s.remaining != Some(0));
    left
}

/// Creates a shield on each of `protected` preventing the next `amount` damage this turn
/// (CR 615.7). The set is fixed now: objects that enter or change later get none (CR 615.11
/// Example, 611.2c).
pub(crate) fn add_next_damage_shields(state: &mut GameState, protected: &[Target], amount: u32) {
    for t in protected {
        let timestamp = state.new_timestamp();
        state.shields.push(Shield::new(timestamp, ShieldScope::To(*t), Some(amount)));
    }
}

/// A damage event is over (CR 120.4): "the next time" shields that applied to it are used up.
pub(crate) fn end_damage_event(state: &mut GameState) {
    state.shields.retain(|s| !s.spent);
}

/// The objects on the battlefield other than `id` that share a color with it (CR 105.2: a
/// colorless object shares a color with nothing), as `board` shows them now.
pub(crate) fn sharing_a_color(state: &GameState, board: &Board, id: ObjectId, types: &[CardType]) -> Vec<ObjectId> {
    let Some(colors) = board.get(&id).map(|c| c.colors.clone()) else { return Vec::new() };
    state
        .battlefield_ids()
        .into_iter()
        .filter(|o| *o != id)
        .filter(|o| {
            board
                .get(o)
                .is_some_and(|c| types.iter().any(|t| c.is(*t)) && c.colors.iter().any(|k| colors.contains(k)))
        })
        .collect()
}

/// Shields end in the cleanup step (CR 514.2: "this turn" effects end).
pub(crate) fn end_of_turn(state: &mut GameState) {
    state.shields.clear();
    // Regeneration shields too (CR 701.19a: "the next time ... this turn").
    state.regeneration_shields.clear();
}
