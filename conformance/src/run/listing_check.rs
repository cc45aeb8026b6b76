//! The listing check: the reference engine's `legal_actions` lists every action it accepts.
//!
//! A case's steps are actions the engine accepts or refuses; on their own they never ask which
//! actions the engine *lists*, which is what the fuzzers pick from and what an interactive client
//! shows. The corpus test runs every case with this check on ([`ReferenceEngine::checking_listing`]):
//! before each engine action of a step, the engine's listing is taken; if the engine then accepts
//! the action, some listed action must be the same choice of the rules' kind (CR 117.1: what a
//! player with priority may do; CR 508.1, 509.1: the declarations; CR 603.3b: putting triggered
//! abilities on the stack), and if it refuses it, that exact action must not be listed.
//!
//! "The same choice" leaves out what `legal_actions` is documented to bound or leave to the
//! engine: how the mana is paid (automatic payment), the answers of a pass (the listing offers a
//! pass with default answers), sacrifices and tapped permanents chosen as costs, the replacement
//! order, and X above the listing's bound.
//!
//! [`ReferenceEngine::checking_listing`]: crate::run::reference::ReferenceEngine::checking_listing

use mtg_engine::Action;

/// The largest X `legal_actions` lists (`engine/src/actions.rs`, `x_values`).
const MAX_LISTED_X: u32 = 20;

/// Whether `listed` offers the same choice as the accepted `taken`, up to what the listing
/// leaves out (module docs).
pub fn covers(listed: &Action, taken: &Action) -> bool {
    use Action::*;
    match (listed, taken) {
        (PassPriority { player: a, .. }, PassPriority { player: b, .. }) => a == b,
        (PlayLand { player: a, card: c, pay: p }, PlayLand { player: b, card: d, pay: q }) => a == b && c == d && p == q,
        (
            CastSpell { player: a, card: c, x: x1, targets: t1, kicked: k1, modes: m1, splice: s1, costs: cc1, .. },
            CastSpell { player: b, card: d, x: x2, targets: t2, kicked: k2, modes: m2, splice: s2, costs: cc2, .. },
        ) if s2.len() > 1 => a == b && c == d && k1 == k2 && m1 == m2 && s1.len() <= 1,
        (
            CastSpell { player: a, card: c, x: x1, targets: t1, kicked: k1, modes: m1, splice: s1, costs: cc1, .. },
            CastSpell { player: b, card: d, x: x2, targets: t2, kicked: k2, modes: m2, splice: s2, costs: cc2, .. },
        ) => {
            a == b
                && c == d
                && same_x(*x1, *x2)
                && same_targets(t1, t2)
                && k1 == k2
                && m1 == m2
                && s1 == s2
                && cc1.reveal == cc2.reveal
                && cc1.additional_cost == cc2.additional_cost
        }
        (
            ActivateAbility { player: a, source: s1, ability: i1, x: x1, targets: t1, mana_choice: m1, tap: p1, .. },
            ActivateAbility { player: b, source: s2, ability: i2, x: x2, targets: t2, mana_choice: m2, tap: p2, .. },
        ) => {
            a == b
                && s1 == s2
                && i1 == i2
                && same_x(*x1, *x2)
                && t1 == t2
                // No choice listed: the ability has one way to make its mana.
                && (m1.is_none() || m1 == m2)
                && p1 == p2
        }
        (DeclareAttackers { player: a, attackers: x }, DeclareAttackers { player: b, attackers: y }) => {
            a == b && sorted(x) == sorted(y)
        }
        (DeclareBlockers { player: a, blocks: x }, DeclareBlockers { player: b, blocks: y }) => {
            a == b && (sorted(x) == sorted(y) || beyond_listed_blocks(y))
        }
        (PutTriggers { player: a, order: o1, targets: t1 }, PutTriggers { player: b, order: o2, targets: t2 }) => {
            a == b && o1 == o2 && sorted(t1) == sorted(t2)
        }
        _ => false,
    }
}

/// The listing gives each set of "any number of" targets once, in its own order.
fn same_targets(listed: &[mtg_engine::Target], taken: &[mtg_engine::Target]) -> bool {
    listed == taken || sorted(listed) == sorted(taken)
}

/// The listing's declarations of blockers are none, one pair, two pairs, and each attacker
/// blocked by all that can block it; any other declaration of more than two pairs is past its
/// bound (any listed declaration stands for it).
fn beyond_listed_blocks(blocks: &[(mtg_engine::ObjectId, mtg_engine::ObjectId)]) -> bool {
    blocks.len() > 2 && blocks.iter().any(|(_, a)| *a != blocks[0].1)
}

/// An X past the listing's bound isn't listed: any listed X stands for it.
fn same_x(listed: Option<u32>, taken: Option<u32>) -> bool {
    listed == taken || (listed.is_some() && taken.is_some_and(|x| x > MAX_LISTED_X))
}

fn sorted<T: Clone + Ord>(v: &[T]) -> Vec<T> {
    let mut v = v.to_vec();
    v.sort();
    v
}

/// What is wrong with the listing `listed` (taken just before `action`) given the engine's
/// answer to the action, if anything: an accepted action no listed one covers, or a refused one
/// listed as it is.
///
/// `resolved`: the action was a pass that resolved the top of the stack. Then what it copies
/// (CR 707.5, 707.9e: Clone's "you may have it enter as a copy of any creature") is a choice the
/// listing must offer as it was made.
pub fn problem(listed: &[Action], action: &Action, accepted: bool, resolved: bool) -> Option<String> {
    if let (true, true, Action::PassPriority { player, answers }) = (accepted, resolved, action) {
        let offered = |l: &Action| {
            matches!(l, Action::PassPriority { player: p, answers: a }
                if p == player && a.copy == answers.copy && a.copy_again == answers.copy_again)
        };
        if answers.copy.is_some() && !listed.iter().any(offered) {
            return Some(format!(
                "legal_actions did not offer the copy choice of the accepted pass {action:?} ({} listed)",
                listed.len()
            ));
        }
    }
    if accepted && !listed.iter().any(|l| covers(l, action)) {
        // The first few listed, to keep the message short whatever the listing's length.
        let shown: Vec<&Action> = listed.iter().take(8).collect();
        return Some(format!(
            "legal_actions did not list the accepted action {action:?} ({} listed, the first {}: {shown:?})",
            listed.len(),
            shown.len()
        ));
    }
    if !accepted && listed.contains(action) {
        return Some(format!("legal_actions listed {action:?}, which the engine then refused"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtg_engine::{ManaPool, ObjectId, PlayerId, Target};

    fn cast(x: Option<u32>, targets: Vec<Target>, payment: Option<ManaPool>) -> Action {
        Action::CastSpell {
            player: PlayerId(0),
            card: ObjectId(7),
            x,
            targets,
            payment,
            sacrifice: vec![],
            kicked: vec![],
            modes: vec![],
            splice: vec![],
            costs: Default::default(),
        }
    }

    fn blocks(pairs: &[(u32, u32)]) -> Action {
        Action::DeclareBlockers { player: PlayerId(1), blocks: pairs.iter().map(|(b, a)| (ObjectId(*b), ObjectId(*a))).collect() }
    }

    #[test]
    fn a_cast_is_covered_whatever_pays_for_it_but_not_with_other_targets_or_x() {
        let listed = cast(Some(2), vec![Target::Player(PlayerId(1))], None);
        assert!(covers(&listed, &cast(Some(2), vec![Target::Player(PlayerId(1))], Some(ManaPool::default()))));
        assert!(!covers(&listed, &cast(Some(3), vec![Target::Player(PlayerId(1))], None)));
        assert!(!covers(&listed, &cast(Some(2), vec![Target::Player(PlayerId(0))], None)));
        // Past the listing's bound on X, any listed X stands for it.
        assert!(covers(&listed, &cast(Some(MAX_LISTED_X + 1), vec![Target::Player(PlayerId(1))], None)));
    }

    #[test]
    fn blocks_are_compared_as_sets_within_the_listings_bound() {
        assert!(covers(&blocks(&[(3, 1), (4, 2)]), &blocks(&[(4, 2), (3, 1)])));
        assert!(!covers(&blocks(&[(3, 1)]), &blocks(&[(3, 1), (4, 2)])));
        // Three blockers on one attacker is within the bound; on two attackers it is past it.
        assert!(!covers(&blocks(&[]), &blocks(&[(3, 1), (4, 1), (5, 1)])));
        assert!(covers(&blocks(&[]), &blocks(&[(3, 1), (4, 1), (5, 2)])));
    }

    #[test]
    fn a_problem_is_an_accepted_action_left_out_or_a_refused_one_listed() {
        let pass = Action::PassPriority { player: PlayerId(0), answers: Default::default() };
        let a = cast(None, vec![], None);
        assert!(problem(std::slice::from_ref(&pass), &a, true, false).is_some());
        assert!(problem(&[pass.clone(), a.clone()], &a, true, false).is_none());
        assert!(problem(&[pass.clone(), a.clone()], &a, false, false).is_some());
        assert!(problem(&[pass], &a, false, false).is_none());
    }

    #[test]
    fn a_resolving_pass_needs_its_copy_choice_offered() {
        let plain = Action::PassPriority { player: PlayerId(0), answers: Default::default() };
        let answers = mtg_engine::Answers { copy: Some(ObjectId(4)), ..Default::default() };
        let copying = Action::PassPriority { player: PlayerId(0), answers };
        assert!(problem(std::slice::from_ref(&plain), &copying, true, true).is_some());
        // A pass that resolves nothing uses no copy answer.
        assert!(problem(std::slice::from_ref(&plain), &copying, true, false).is_none());
        assert!(problem(&[plain, copying.clone()], &copying, true, true).is_none());
    }
}
