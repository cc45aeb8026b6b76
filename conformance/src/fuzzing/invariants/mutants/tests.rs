//! Every invariant fails on the engine with the matching bug, on a hand-written witness script
//! that the real engine passes with every invariant on; and the generator finds the bugs by
//! itself, shrinking a failure to a small board.

use mtg_engine::{Action, CardId, CardSetup, Game, GameSetup, ManaPool, ManaType, ObjectId, PlayerId, PlayerSetup, Step, Target, ZoneKind};
use proptest::collection::vec;
use proptest::prelude::any;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use super::*;
use crate::fuzzing::generate::scenario_from_bytes;
use crate::fuzzing::invariants::{check, minimize, run, Move, Selection, Violation};

const ALICE: PlayerId = PlayerId(0);

fn card(name: &str, zone: ZoneKind) -> CardSetup {
    CardSetup::new(name, ALICE, zone)
}

fn on_battlefield(name: &str) -> CardSetup {
    card(name, ZoneKind::Battlefield)
}

fn setup(cards: Vec<CardSetup>, pool: &str) -> GameSetup {
    let player = |name: &str, pool: &str| PlayerSetup {
        name: name.into(),
        life: 20,
        mana_pool: ManaPool::parse(pool).unwrap_or_default(),
    };
    GameSetup {
        seed: 7,
        players: vec![player("alice", pool), player("bob", "")],
        active_player: ALICE,
        priority_player: None,
        step: Step::PrecombatMain,
        turn_number: 3,
        cards,
    }
}

/// The object card `i` of `setup` is at the start.
fn id(setup: &GameSetup, i: u32) -> ObjectId {
    Game::new(setup.clone()).ok().and_then(|g| g.object_of_card(CardId(i))).unwrap_or(ObjectId(0))
}

fn activate(setup: &GameSetup, i: u32, ability: usize) -> Move {
    Move::Exact(Action::ActivateAbility {
        player: ALICE,
        source: id(setup, i),
        ability,
        x: None,
        targets: Vec::new(),
        mana_choice: None,
        payment: None,
        replacement_order: Vec::new(),
    })
}

/// `moves` break `B::BREAKS` on the mutant, and nothing on the real engine.
fn witness<B: Bug>(setup: GameSetup, moves: Vec<Move>) -> Violation {
    let real = run::<Game>(setup.clone(), &moves, &Selection::all());
    assert_eq!(real.violation, None, "the real engine fails the witness of `{}`", B::NAME);
    let buggy = run::<Mutant<B>>(setup, &moves, &Selection::only(&[B::BREAKS]));
    let Some(v) = buggy.violation else { panic!("`{}` passes invariant {}", B::NAME, B::BREAKS) };
    assert_eq!(v.invariant, B::BREAKS, "{v}");
    v
}

#[test]
fn tap_symbol_fails_when_a_tapped_permanent_pays_t() {
    let mut forest = on_battlefield("Forest");
    forest.tapped = true;
    let s = setup(vec![forest], "");
    let moves = vec![activate(&s, 0, 0)];
    witness::<TapsTappedPermanent>(s, moves);
}

#[test]
fn untap_symbol_fails_when_an_untapped_permanent_pays_q() {
    let s = setup(vec![on_battlefield("Safehold Sentry")], "{W}{W}{W}");
    let moves = vec![activate(&s, 0, 0)];
    witness::<UntapsUntappedPermanent>(s, moves);
}

#[test]
fn summoning_sickness_fails_when_a_new_creature_pays_t() {
    let mut elves = on_battlefield("Llanowar Elves");
    elves.summoning_sick = true;
    let s = setup(vec![elves], "");
    let moves = vec![activate(&s, 0, 0)];
    witness::<IgnoresSummoningSickness>(s, moves);
}

#[test]
fn undefined_mana_fails_when_it_becomes_colorless() {
    // A lone Reflecting Pool: no land could produce anything, so its mana is undefined.
    let s = setup(vec![on_battlefield("Reflecting Pool")], "");
    let moves = vec![activate(&s, 0, 0)];
    witness::<UndefinedManaIsColorless>(s, moves);
}

#[test]
fn could_produce_fails_when_replacement_effects_are_ignored() {
    // Contamination: a land tapped for mana produces {B} instead, so a Forest could produce {B}.
    let s = setup(vec![on_battlefield("Contamination"), on_battlefield("Forest")], "");
    let v = witness::<CouldProduceIgnoresReplacements>(s, vec![]);
    assert!(v.detail.contains("Forest"), "{v}");
}

#[test]
fn crystalline_giant_fails_when_its_trigger_repeats_a_kind() {
    assert!(mtg_engine::card_names().contains(&CRYSTALLINE_GIANT), "the engine's pool lost {CRYSTALLINE_GIANT}");
    let mut giant = on_battlefield(CRYSTALLINE_GIANT);
    giant.counters.insert("flying".into(), 1);
    let s = setup(vec![giant], "");
    // Pass into the beginning of combat (the trigger), then let it resolve.
    witness::<GiantRepeatsKind>(s, vec![Move::Pass; 4]);
}

#[test]
fn chimeric_mass_pt_fails_when_every_counter_counts() {
    let mut mass = on_battlefield(CHIMERIC_MASS);
    mass.counters.insert("charge".into(), 2);
    mass.counters.insert("age".into(), 1);
    let s = setup(vec![mass], "{C}");
    let moves = vec![activate(&s, 0, 0), Move::Pass, Move::Pass];
    witness::<MassCountsEveryCounter>(s, moves);
}

#[test]
fn chimeric_mass_dies_fails_when_a_zero_counter_mass_survives() {
    let s = setup(vec![on_battlefield(CHIMERIC_MASS)], "{C}");
    let moves = vec![activate(&s, 0, 0), Move::Pass, Move::Pass];
    witness::<MassSurvivesAtZero>(s, moves);
}

#[test]
fn enters_with_x_fails_when_the_mana_spent_counts() {
    let s = setup(vec![card("Hangarback Walker", ZoneKind::Hand)], "{C}{C}{C}{C}");
    let cast = Move::Exact(Action::CastSpell { player: ALICE, card: id(&s, 0), x: Some(2), targets: Vec::new(), payment: None });
    witness::<XFromManaSpent>(s, vec![cast, Move::Pass, Move::Pass]);
}

#[test]
fn durations_fail_when_until_end_of_turn_effects_linger() {
    let s = setup(vec![on_battlefield("Grizzly Bears"), card("Giant Growth", ZoneKind::Hand)], "{G}");
    let bears = id(&s, 0);
    let cast = Move::Exact(Action::CastSpell {
        player: ALICE,
        card: id(&s, 1),
        x: None,
        targets: vec![Target::Object(bears)],
        payment: None,
    });
    // Resolve it, then pass until bob's turn has begun.
    let mut moves = vec![cast];
    moves.extend(std::iter::repeat_n(Move::Pass, 40));
    witness::<EndOfTurnEffectsLinger>(s, moves);
}

#[test]
fn one_zone_fails_when_a_moved_card_stays_behind() {
    let s = setup(vec![card("Forest", ZoneKind::Hand)], "");
    let play = Move::Exact(Action::PlayLand { player: ALICE, card: id(&s, 0) });
    witness::<MovedCardLeavesGhost>(s, vec![play]);
}

#[test]
fn no_pending_sba_fails_when_a_player_at_zero_life_plays_on() {
    let mut s = setup(vec![on_battlefield("Ancient Tomb")], "");
    s.players[0].life = 2;
    let moves = vec![activate(&s, 0, 0)];
    witness::<LosersKeepPlaying>(s, moves);
}

#[test]
fn pools_empty_fails_when_mana_stays() {
    let s = setup(vec![], "{G}");
    witness::<PoolsKeepMana>(s, vec![Move::Pass, Move::Pass]);
}

#[test]
fn rejection_fails_when_a_rejected_activation_taps() {
    let s = setup(vec![on_battlefield("Forest")], "");
    // Bob has no priority (and doesn't control the Forest): rejected.
    let Move::Exact(Action::ActivateAbility { source, .. }) = activate(&s, 0, 0) else { unreachable!() };
    let attempt = Move::Exact(Action::ActivateAbility {
        player: PlayerId(1),
        source,
        ability: 0,
        x: None,
        targets: Vec::new(),
        mana_choice: Some(ManaType::Green),
        payment: None,
        replacement_order: Vec::new(),
    });
    witness::<RejectionTapsSource>(s, vec![attempt]);
}

#[test]
fn round_trip_fails_when_saving_drops_pools() {
    witness::<SaveForgetsPools>(setup(vec![], "{G}"), vec![]);
}

#[test]
fn determinism_fails_with_randomness_from_outside() {
    witness::<RandomnessFromOutside>(setup(vec![], ""), vec![Move::Pass]);
}

#[test]
fn legal_actions_accepted_fails_when_an_illegal_pass_is_listed() {
    let s = setup(vec![], "");
    let listed = ListsIllegalPass::legal_actions(&Game::new(s.clone()).unwrap_or_else(|_| Game::from_state(Game::new(setup(vec![], "")).map(|g| g.state().clone()).unwrap_or_else(|_| unreachable!()))));
    let last = u16::try_from(listed.len().saturating_sub(1)).unwrap_or(0);
    witness::<ListsIllegalPass>(s, vec![Move::Legal(last)]);
}

// ---- the generator finds bugs by itself ----

/// Bytes of random scenarios (the strategy the property tests use), small enough to be fast.
const MAX_BYTES: usize = 300;

/// Runs the generator against mutant `B` until it breaks `B::BREAKS`; returns the (shrunk, when
/// `shrink`) bytes and the violation they give.
fn search<B: Bug>(cases: u32, shrink: bool) -> Option<(Vec<u8>, Violation)> {
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: if shrink { 4096 } else { 0 },
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let only = Selection::only(&[B::BREAKS]);
    let result = runner.run(&vec(any::<u8>(), 0..MAX_BYTES), |bytes| {
        match check::<Mutant<B>>(&scenario_from_bytes(&bytes), &only) {
            Ok(_) => Ok(()),
            Err(v) => Err(TestCaseError::fail(v.to_string())),
        }
    });
    let Err(TestError::Fail(_, bytes)) = result else { return None };
    let v = check::<Mutant<B>>(&scenario_from_bytes(&bytes), &only).err()?;
    Some((bytes, v))
}

#[test]
fn the_generator_finds_a_tapped_permanent_paying_t_and_shrinks_it() {
    let Some((bytes, v)) = search::<TapsTappedPermanent>(2000, true) else { panic!("not found") };
    assert_eq!(v.invariant, Invariant::TapSymbol);
    let shrunk = scenario_from_bytes(&bytes);
    let small = minimize::<Mutant<TapsTappedPermanent>>(&shrunk, &Selection::only(&[Invariant::TapSymbol]), Invariant::TapSymbol);
    let setup = small.board.to_setup();
    // The essence: one permanent, tapped (by the recipe or a listed action), and the attempt to
    // tap it again as the last pick.
    assert_eq!(setup.cards.len(), 1, "{:#?}", setup.cards);
    assert!(small.picks.len() <= 10, "{:#?}", small.picks);
    assert!(matches!(small.picks.last(), Some(crate::fuzzing::generate::Pick::Attempt(_))), "{:#?}", small.picks);
}

#[test]
fn the_generator_finds_the_cost_and_pool_bugs() {
    assert!(search::<UntapsUntappedPermanent>(20_000, false).is_some(), "{{Q}}");
    assert!(search::<IgnoresSummoningSickness>(20_000, false).is_some(), "302.6");
    assert!(search::<PoolsKeepMana>(3000, false).is_some(), "106.4");
    assert!(search::<MovedCardLeavesGhost>(3000, false).is_some(), "400.7");
    assert!(search::<RejectionTapsSource>(3000, false).is_some(), "733.1");
}

#[test]
fn the_generator_finds_the_mana_production_bugs() {
    assert!(search::<UndefinedManaIsColorless>(3000, false).is_some(), "106.5");
    assert!(search::<CouldProduceIgnoresReplacements>(3000, false).is_some(), "106.7");
}
