//! Engine tests through the public API, one file per rules area.

mod aura_tests;
mod commander_tests;
mod copy_tests;
mod could_produce_tests;
mod counters_tests;
mod cycling_tests;
mod equipment_tests;
mod invariants_tests;
mod layers_tests;
mod mana_tests;
mod robustness_tests;
mod stack_tests;
mod turn_tests;

use std::collections::BTreeMap;

use crate::*;

pub const ALICE: PlayerId = PlayerId(0);
pub const BOB: PlayerId = PlayerId(1);

pub fn setup(step: Step) -> GameSetup {
    GameSetup {
        seed: 0,
        players: vec![
            PlayerSetup { name: "alice".into(), life: 20, mana_pool: ManaPool::default() },
            PlayerSetup { name: "bob".into(), life: 20, mana_pool: ManaPool::default() },
        ],
        active_player: ALICE,
        priority_player: None,
        step,
        turn_number: 2,
        cards: Vec::new(),
    }
}

pub fn add(s: &mut GameSetup, name: &str, owner: PlayerId, zone: ZoneKind) -> CardId {
    s.cards.push(CardSetup::new(name, owner, zone));
    CardId(u32::try_from(s.cards.len() - 1).unwrap())
}

pub fn perm(s: &mut GameSetup, name: &str, owner: PlayerId) -> CardId {
    add(s, name, owner, ZoneKind::Battlefield)
}

pub fn edit(s: &mut GameSetup, c: CardId) -> &mut CardSetup {
    &mut s.cards[c.0 as usize]
}

pub fn counters(pairs: &[(&str, u32)]) -> BTreeMap<String, u32> {
    pairs.iter().map(|(k, n)| (k.to_string(), *n)).collect()
}

pub fn pool(s: &str) -> ManaPool {
    ManaPool::parse(s).unwrap()
}

pub fn obj(g: &Game, c: CardId) -> ObjectId {
    g.object_of_card(c).unwrap()
}

pub fn view(g: &Game, c: CardId) -> ObjectView {
    g.object_view(obj(g, c)).unwrap()
}

pub fn mana_of(g: &Game, p: PlayerId) -> String {
    g.player_view(p).unwrap().mana_pool.to_symbols()
}

pub fn activate_full(
    g: &mut Game,
    p: PlayerId,
    c: CardId,
    ability: usize,
    mana_choice: Option<ManaType>,
    order: Vec<ObjectId>,
) -> Result<Vec<Event>, Rejection> {
    let source = obj(g, c);
    g.apply(Action::ActivateAbility {
        player: p,
        source,
        ability,
        x: None,
        targets: vec![],
        mana_choice,
        payment: None,
        replacement_order: order,
        tap: vec![],
    })
}

pub fn activate(g: &mut Game, p: PlayerId, c: CardId, ability: usize) -> Result<Vec<Event>, Rejection> {
    activate_full(g, p, c, ability, None, vec![])
}

pub fn pass(g: &mut Game) -> Result<Vec<Event>, Rejection> {
    pass_with(g, Answers::default())
}

pub fn pass_with(g: &mut Game, answers: Answers) -> Result<Vec<Event>, Rejection> {
    let player = g.priority_player().unwrap();
    g.apply(Action::PassPriority { player, answers })
}

/// Both players pass once: the top of the stack resolves (the last pass carries the answers).
pub fn resolve(g: &mut Game, answers: Answers) {
    pass(g).unwrap();
    pass_with(g, answers).unwrap();
}

pub fn cast(g: &mut Game, p: PlayerId, c: CardId, x: Option<u32>) -> Result<Vec<Event>, Rejection> {
    let card = obj(g, c);
    g.apply(Action::CastSpell { player: p, card, x, targets: vec![], payment: None, sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() })
}

/// Passes with an empty stack until `step` begins.
pub fn advance_to(g: &mut Game, step: Step) {
    for _ in 0..40 {
        if g.step() == step {
            return;
        }
        assert!(g.stack_view().is_empty(), "something was put on the stack on the way");
        pass(g).unwrap();
    }
    panic!("never reached {step:?}");
}

pub fn cast_at(g: &mut Game, p: PlayerId, c: CardId, x: Option<u32>, targets: Vec<Target>) -> Result<Vec<Event>, Rejection> {
    let card = obj(g, c);
    g.apply(Action::CastSpell { player: p, card, x, targets, payment: None, sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() })
}

pub fn activate_at(g: &mut Game, p: PlayerId, c: CardId, ability: usize, targets: Vec<Target>) -> Result<Vec<Event>, Rejection> {
    let source = obj(g, c);
    g.apply(Action::ActivateAbility {
        player: p,
        source,
        ability,
        x: None,
        targets,
        mana_choice: None,
        payment: None,
        replacement_order: vec![],
        tap: vec![],
    })
}

pub fn t(g: &Game, c: CardId) -> Target {
    Target::Object(obj(g, c))
}

/// The stack item on top, as a target (a spell or an ability).
pub fn top(g: &Game) -> Target {
    Target::Object(g.stack_view()[0].id)
}

pub fn random(outcome: &str) -> Answers {
    Answers { random: vec![outcome.to_string()], ..Answers::default() }
}

/// Passes until the top of the stack has left it (both players pass), with `answers` on every
/// pass, as the corpus's `resolve` does.
pub fn resolve_top(g: &mut Game, answers: Answers) -> Result<(), Rejection> {
    let top = g.stack_view()[0].id;
    for _ in 0..4 {
        if !g.stack_view().iter().any(|i| i.id == top) {
            return Ok(());
        }
        pass_with(g, answers.clone())?;
    }
    panic!("the top of the stack did not resolve");
}
