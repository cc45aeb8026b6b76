//! Mana production and mana pools as invariants:
//! CR 106.5 (an ability that would produce mana of an undefined type produces none; its costs are
//! still paid), CR 106.7 for accepted activations (every type a mana ability adds is one its
//! source could produce), CR 106.4 (pools are empty when a new step or phase begins).

use mtg_engine::{Action, ZoneKind};

use super::{Broken, Invariant, RulesGame, Transition};

/// Which of the two checks of an accepted mana ability had their precondition: undefined mana
/// (its source could produce nothing), and could-produce (it added mana to compare).
pub(super) struct Armed {
    pub undefined: bool,
    pub could: bool,
}

/// After an accepted mana-ability activation: what it added against what its source could
/// produce before (CR 106.7 ignores costs, so "before" is the right time to ask). When the
/// source could produce nothing, the ability's mana was undefined: nothing may be added, and the
/// {T}/{Q} in its cost must still have been paid (CR 106.5).
pub(super) fn produced<G: RulesGame>(t: &Transition<'_, G>, undefined: bool, could: bool) -> Result<Option<Armed>, Broken> {
    let Action::ActivateAbility { player, source, ability, .. } = t.action else { return Ok(None) };
    let Ok(events) = t.outcome else { return Ok(None) };
    let Some(ch) = t.before_board.get(source) else { return Ok(None) };
    let Some(ab) = ch.activated().get(*ability).copied() else { return Ok(None) };
    if !ab.is_mana_ability() {
        return Ok(None);
    }
    let possible = t.before.could_produce(*source);
    let added = super::produced_by(t.before.state(), t.after.state(), events, *player, *source);
    let name = &ch.name;
    if undefined && possible.is_empty() {
        if !added.is_empty() {
            return Err(Broken::new(
                Invariant::UndefinedMana,
                format!("{name} ({source:?}) could produce no type of mana, yet ability {ability} added {added:?}"),
            ));
        }
        let after = t.after.state().object(*source).filter(|o| o.zone == ZoneKind::Battlefield);
        if let Some(o) = after {
            if (ab.cost.tap && !o.tapped) || (ab.cost.untap && o.tapped) {
                return Err(Broken::new(
                    Invariant::UndefinedMana,
                    format!("{name} ({source:?}) produced no mana and its {{T}}/{{Q}} cost was not paid"),
                ));
            }
        }
    }
    if could {
        let extra: Vec<_> = added.difference(&possible).collect();
        if !extra.is_empty() {
            return Err(Broken::new(
                Invariant::CouldProduce,
                format!("{name} ({source:?}) added {extra:?}, which it could not produce (could produce: {possible:?})"),
            ));
        }
    }
    Ok(Some(Armed { undefined: possible.is_empty(), could: !added.is_empty() }))
}

/// CR 106.4: when a step ends, every pool empties; so after an action that began a new step (or
/// turn), every pool is empty — nothing adds mana between the beginning of a step and the first
/// priority without an action.
/// Armed when a step began while some pool held mana.
pub(super) fn pools_empty<G: RulesGame>(t: &Transition<'_, G>) -> Result<bool, Broken> {
    let (b, a) = (t.before.state(), t.after.state());
    if (a.step, a.turn) == (b.step, b.turn) {
        return Ok(false);
    }
    for (i, p) in a.players.iter().enumerate() {
        if !p.mana_pool.is_empty() {
            return Err(Broken::new(
                Invariant::PoolsEmpty,
                format!("player {i} still has {} after the {} step of turn {} began", p.mana_pool.to_symbols(), a.step.name(), a.turn),
            ));
        }
    }
    Ok(b.players.iter().any(|p| !p.mana_pool.is_empty()))
}
