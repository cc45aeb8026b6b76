//! Every invariant fails on the engine with the matching bug, on a hand-written witness script
//! that the real engine passes with every invariant on; and the generator finds the bugs by
//! itself, shrinking a failure to a small board.

use mtg_engine::{Action, CardId, CardSetup, Game, GameSetup, ManaPool, ManaType, ObjectId, PlayerId, PlayerSetup, Step, Target, ZoneKind};

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
        tap: Vec::new(),
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
    let cast = Move::Exact(Action::CastSpell { player: ALICE, card: id(&s, 0), x: Some(2), targets: Vec::new(), payment: None, sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() });
    witness::<XFromManaSpent>(s, vec![cast, Move::Pass, Move::Pass]);
}

/// Alice's `attacker` attacks; `blocker` (bob's, if any) blocks it; passes until the combat
/// damage steps are over.
fn combat(attacker: CardSetup, blocker: Option<CardSetup>) -> (GameSetup, Vec<Move>) {
    let mut cards = vec![attacker];
    cards.extend(blocker.clone());
    let mut s = setup(cards, "");
    s.step = Step::DeclareAttackers;
    let a = id(&s, 0);
    let mut moves = vec![Move::Exact(Action::DeclareAttackers { player: ALICE, attackers: vec![a] }), Move::Pass, Move::Pass];
    if blocker.is_some() {
        moves.push(Move::Exact(Action::DeclareBlockers { player: PlayerId(1), blocks: vec![(id(&s, 1), a)] }));
    } else {
        moves.push(Move::Pass);
    }
    moves.extend(std::iter::repeat_n(Move::Pass, 4));
    (s, moves)
}

#[test]
fn combat_damage_fails_when_attackers_hit_twice() {
    let (s, moves) = combat(on_battlefield("Grizzly Bears"), None);
    witness::<AttackersHitTwice>(s, moves);
}

#[test]
fn deathtouch_fails_when_deathtouch_counters_are_ignored() {
    let mut bears = on_battlefield("Grizzly Bears");
    bears.counters.insert("deathtouch".into(), 1);
    let (s, moves) = combat(bears, Some(CardSetup::new("Serra Angel", PlayerId(1), ZoneKind::Battlefield)));
    witness::<DeathtouchCountersIgnored>(s, moves);
}

#[test]
fn first_strike_step_fails_when_every_combat_gets_one() {
    let (s, moves) = combat(on_battlefield("Grizzly Bears"), Some(CardSetup::new("Runeclaw Bear", PlayerId(1), ZoneKind::Battlefield)));
    witness::<AlwaysFirstStrikeStep>(s, moves);
}

#[test]
fn lethal_damage_fails_when_a_creature_with_lethal_damage_survives() {
    let (s, moves) = combat(on_battlefield("Grizzly Bears"), Some(CardSetup::new("Runeclaw Bear", PlayerId(1), ZoneKind::Battlefield)));
    let v = witness::<LethalDamageSurvives>(s, moves);
    assert!(v.detail.contains("CR 704.5g"), "{v}");
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
        sacrifice: vec![],
        kicked: vec![],
        modes: vec![],
        splice: vec![], costs: Default::default(),
    });
    // Resolve it, then pass until bob's turn has begun.
    let mut moves = vec![cast];
    moves.extend(std::iter::repeat_n(Move::Pass, 40));
    witness::<EndOfTurnEffectsLinger>(s, moves);
}

#[test]
fn durations_fail_when_until_your_next_turn_effects_linger() {
    // Alice cycles Indatha Crystal; Crystalline Resonance becomes a copy of bob's Grizzly Bears
    // "until your next turn": the copy must end as alice's next turn begins.
    let mut s = setup(
        vec![
            on_battlefield("Crystalline Resonance"),
            CardSetup::new("Grizzly Bears", PlayerId(1), ZoneKind::Battlefield),
            card("Indatha Crystal", ZoneKind::Hand),
        ],
        "{C}{C}",
    );
    for p in [ALICE, PlayerId(1)] {
        for _ in 0..3 {
            s.cards.push(CardSetup::new("Island", p, ZoneKind::Library));
        }
    }
    let cycle = activate(&s, 2, 1);
    // The trigger's id, as the game numbers it once the cycling ability is activated.
    let mut g = Game::new(s.clone()).unwrap_or_else(|e| panic!("{e}"));
    let Move::Exact(a) = &cycle else { unreachable!() };
    g.apply(a.clone()).unwrap_or_else(|e| panic!("{e}"));
    let pending: Vec<u32> = g.pending_triggers().iter().map(|t| t.id).collect();
    assert_eq!(pending.len(), 1, "Resonance triggers");
    let bears = Target::Object(id(&s, 1));
    let put = Move::Exact(Action::PutTriggers { player: ALICE, order: pending.clone(), targets: vec![(pending[0], vec![bears])] });
    let may = mtg_engine::Answers { may: Some(true), ..mtg_engine::Answers::default() };
    let pass = |p: PlayerId| Move::Exact(Action::PassPriority { player: p, answers: may.clone() });
    let mut moves = vec![cycle, put, pass(ALICE), pass(PlayerId(1))];
    // The cycling ability resolves; then pass through bob's turn into alice's next one.
    moves.extend(std::iter::repeat_n(Move::Pass, 80));
    let v = witness::<NextTurnEffectsLinger>(s, moves);
    assert!(v.detail.contains("until your next turn"), "{v}");
}

#[test]
fn one_zone_fails_when_a_moved_card_stays_behind() {
    let s = setup(vec![card("Forest", ZoneKind::Hand)], "");
    let play = Move::Exact(Action::PlayLand { player: ALICE, card: id(&s, 0), pay: None });
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
        tap: Vec::new(),
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

#[test]
fn crystalline_giant_fails_when_it_gets_a_counter_at_ten_kinds() {
    let mut giant = on_battlefield(CRYSTALLINE_GIANT);
    for k in GIANT_KINDS {
        giant.counters.insert(k.into(), 1);
    }
    witness::<GiantAddsAtTen>(setup(vec![giant], ""), vec![Move::Pass; 4]);
}

#[test]
fn crystalline_giant_fails_when_its_trigger_adds_nothing() {
    witness::<GiantAddsNothing>(setup(vec![on_battlefield(CRYSTALLINE_GIANT)], ""), vec![Move::Pass; 4]);
}

#[test]
fn crystalline_giant_fails_when_its_trigger_adds_two() {
    witness::<GiantAddsTwo>(setup(vec![on_battlefield(CRYSTALLINE_GIANT)], ""), vec![Move::Pass; 4]);
}

// ---- the generator finds every bug by itself ----

/// Bytes per hunted scenario: the size `mtg-conformance reach` uses by default.
const HUNT_BYTES: usize = crate::fuzzing::reach::DEFAULT_BYTES;

/// The invariants `regress` can't write as a corpus case (it says so instead).
const NO_CORPUS_FORM: [Invariant; 13] = [
    Invariant::CombatDamage,
    Invariant::Deathtouch,
    Invariant::FirstStrikeStep,
    Invariant::CouldProduce,
    Invariant::CouldProduceOracle,
    Invariant::OneZone,
    Invariant::LegalActionsAccepted,
    Invariant::RoundTrip,
    Invariant::Deterministic,
    Invariant::SetupBuilds,
    // A case can't list a game's continuous effects in another order.
    Invariant::EffectsListingOrder,
    // A case observes characteristics, not the trace of how the layers computed them.
    Invariant::SameObjectsAcrossLayers,
    Invariant::CopiableValuesCopied,
];

/// The generator, from `seed`, finds a violation of `B::BREAKS` on mutant `B` within `budget`
/// scenarios of up to [`HUNT_BYTES`] bytes; `regress` minimizes it and writes it as a corpus
/// case covering the rule's source (or, for an invariant with no corpus form, says so naming the
/// invariant). Returns the index of the first failing scenario. The search stops at the first
/// finding, so a budget costs only when the bug is not found.
fn found_by_generator<B: Bug>(seed: u64, budget: u64) -> u64 {
    use crate::fuzzing::invariants::regress::{regress, tests::{assert_fails_on, assert_good_case}, RegressError};
    // A finding counts when `regress` makes a case of it (or its invariant has no corpus form):
    // the search goes on past findings it can't write (two triggers of one source put apart).
    let expressible = |bytes: &[u8]| match regress::<Mutant<B>>(bytes) {
        Ok(_) => true,
        Err(RegressError::NotExpressible(inv, _)) => NO_CORPUS_FORM.contains(&inv),
        Err(_) => false,
    };
    let Some((i, bytes, v)) = crate::fuzzing::reach::hunt_where::<Mutant<B>>(B::BREAKS, seed, budget, HUNT_BYTES, expressible) else {
        panic!("the generator did not find `{}` in {budget} scenarios of seed {seed}", B::NAME)
    };
    assert_eq!(v.invariant, B::BREAKS, "{v}");
    // `regress` replays with every invariant on (so it may report another rule the same bug
    // breaks first, e.g. a 0/0 Mass staying is also a pending state-based action), minimizes,
    // and writes a case that lints and passes on the real engine — or, for an invariant with
    // no corpus form, refuses naming it.
    match regress::<Mutant<B>>(&bytes) {
        Ok(r) => {
            // `HUNT_PRINT=1 cargo test ... -- --nocapture` shows the case each hunt writes.
            if std::env::var("HUNT_PRINT").is_ok() {
                eprintln!("{} (seed {seed}, index {i}):\n{}", B::NAME, r.toml);
            }
            assert_good_case(&r);
            // The reference adapter undoes a rejected step itself (a step is one unit, CR 733.1
            // for every action inside it), which hides this one bug from a case run through it;
            // an engine over the protocol, which restores nothing for it, is still caught.
            if B::BREAKS != Invariant::RejectionChangesNothing {
                assert_fails_on::<Mutant<B>>(&r);
            }
        }
        Err(RegressError::NotExpressible(inv, why)) => {
            if std::env::var("HUNT_PRINT").is_ok() {
                eprintln!("{} (seed {seed}, index {i}): no corpus form ({inv}: {why})", B::NAME);
            }
            assert!(NO_CORPUS_FORM.contains(&inv), "`{}`: {inv} refused: {why}", B::NAME);
        }
        Err(e) => panic!("`{}`: {e}", B::NAME),
    }
    i
}

// Seeds and budgets: the seed is fixed per mutant (seed 1 unless it needs more than the budget
// there); `measure_hunts` prints where each is found. Figures in BENCHMARKS.md (Mutant hunts).
// A search stops at its first finding, so budgets are about ten times the measured index: a
// budget cut to the index would break as soon as anything shifts what a seed generates.

#[test]
fn the_generator_finds_a_tapped_permanent_paying_t_and_shrinks_it() {
    // Seed 7 with card pool v13 (seed 6's finding shrank to two permanents and ten picks with card
    // pools v9-v12, seed 2's with v2-v8).
    let seed = 7;
    found_by_generator::<TapsTappedPermanent>(seed, 40);
    // Structural shrinking keeps the essence: few permanents, a short script.
    let Some((_, bytes, _)) = crate::fuzzing::reach::hunt::<Mutant<TapsTappedPermanent>>(Invariant::TapSymbol, seed, 40, HUNT_BYTES) else {
        panic!("not found")
    };
    let only = Selection::only(&[Invariant::TapSymbol]);
    let small = minimize::<Mutant<TapsTappedPermanent>>(&scenario_from_bytes(&bytes), &only, Invariant::TapSymbol);
    assert!(check::<Mutant<TapsTappedPermanent>>(&small, &only).is_err());
    let setup = small.board.to_setup();
    assert!(setup.cards.iter().filter(|c| c.zone == ZoneKind::Battlefield).count() <= 2, "{:#?}", setup.cards);
    assert!(small.picks.len() <= 10, "{:#?}", small.picks);
}

/// The aimed attempts (`generate::Attempt`) ask an untapped permanent to pay {Q} and a
/// summoning-sick creature to pay {T}; the {Q} one also needs the rest of its cost in a pool.
#[test]
fn the_generator_finds_the_cost_bugs() {
    found_by_generator::<UntapsUntappedPermanent>(2, 3300);
    found_by_generator::<IgnoresSummoningSickness>(1, 100);
}

#[test]
fn the_generator_finds_the_game_wide_bugs() {
    found_by_generator::<PoolsKeepMana>(1, 30);
    found_by_generator::<MovedCardLeavesGhost>(1, 30);
    found_by_generator::<RejectionTapsSource>(1, 30);
    found_by_generator::<LosersKeepPlaying>(1, 30);
    found_by_generator::<SaveForgetsPools>(1, 30);
    found_by_generator::<RandomnessFromOutside>(1, 30);
    found_by_generator::<ListsIllegalPass>(1, 30);
}

/// Combat (issue 28): combat damage, deathtouch, the first-strike step, lethal damage
/// (measured with card pool v10: seed 1 indexes 1, 1, 17; deathtouch counters seed 2, 119).
/// Lethal damage hunts seed 2 since card pool v12: seed 1's first finding there is written by
/// `regress` as a case the mutant passes.
#[test]
fn the_generator_finds_the_combat_bugs() {
    found_by_generator::<AttackersHitTwice>(1, 30);
    found_by_generator::<AlwaysFirstStrikeStep>(1, 30);
    found_by_generator::<LethalDamageSurvives>(2, 400);
    found_by_generator::<DeathtouchCountersIgnored>(2, 1200);
}

#[test]
fn the_generator_finds_the_mana_production_bugs() {
    found_by_generator::<UndefinedManaIsColorless>(1, 40);
    found_by_generator::<CouldProduceIgnoresReplacements>(1, 240);
}

#[test]
fn the_generator_finds_the_crystalline_giant_bugs() {
    found_by_generator::<GiantRepeatsKind>(1, 40);
    found_by_generator::<GiantAddsNothing>(1, 40);
    found_by_generator::<GiantAddsTwo>(1, 40);
}

#[test]
fn the_generator_finds_a_giant_counter_at_ten_kinds() {
    found_by_generator::<GiantAddsAtTen>(1, 460);
}

#[test]
fn the_generator_finds_the_chimeric_mass_bugs() {
    // Seed 3 with card pool v9 (seed 2, used with pools v2-v8, now finds a scenario `regress`
    // writes as a case that doesn't observe the Mass's power). With pool v2, seed 1's first
    // finding (index 362) was written by `regress` as a case that doesn't pass on the real
    // engine (the second Mass's activation is still on the stack at its expectation), a
    // `regress` problem to look into.
    found_by_generator::<MassCountsEveryCounter>(3, 3500);
    found_by_generator::<MassSurvivesAtZero>(3, 3800);
}

/// The X theme casts Hangarback Walker ({X}{X}: the mana spent on X is twice X).
#[test]
fn the_generator_finds_x_from_the_mana_spent() {
    // Card pool v4: first found at seed 1, index 290 (v1: 17).
    found_by_generator::<XFromManaSpent>(1, 2900);
}

#[test]
fn the_generator_finds_the_duration_bugs() {
    found_by_generator::<EndOfTurnEffectsLinger>(1, 510);
}

/// The Resonance themes cycle with Crystalline Resonance on the battlefield and play on into
/// the next turn of the copy's controller.
#[test]
fn the_generator_finds_until_your_next_turn_effects_lingering() {
    found_by_generator::<NextTurnEffectsLinger>(1, 3600);
}

#[test]
fn the_oracle_catches_reflecting_pools_feeding_each_other_and_the_simulation_does_not() {
    let s = setup(vec![on_battlefield("Reflecting Pool"), on_battlefield("Reflecting Pool")], "");
    let v = witness::<PoolsFeedEachOther>(s.clone(), vec![]);
    assert!(v.detail.contains("Reflecting Pool"), "{v}");
    // The mutant's activations agree with its fixpoint, so simulating them can't tell.
    let sim = run::<Mutant<PoolsFeedEachOther>>(s, &[], &Selection::only(&[Invariant::CouldProduce]));
    assert_eq!(sim.violation, None);
}

#[test]
fn the_oracle_catches_an_orchard_seeing_its_controllers_lands_and_the_simulation_does_not() {
    let s = setup(vec![on_battlefield("Exotic Orchard"), on_battlefield("Forest")], "");
    let v = witness::<OrchardSeesOwnLands>(s.clone(), vec![]);
    assert!(v.detail.contains("Exotic Orchard"), "{v}");
    let sim = run::<Mutant<OrchardSeesOwnLands>>(s, &[], &Selection::only(&[Invariant::CouldProduce]));
    assert_eq!(sim.violation, None);
}

#[test]
fn the_generator_finds_effects_applied_in_list_order() {
    found_by_generator::<EffectsInListOrder>(1, 600);
}

#[test]
fn the_generator_finds_the_fixpoint_bugs() {
    found_by_generator::<PoolsFeedEachOther>(1, 310);
    found_by_generator::<OrchardSeesOwnLands>(1, 40);
}

/// Opt-in (`cargo test -p mtg-conformance --lib measure_hunts -- --ignored --nocapture`): for
/// every mutant, the first scenario of seeds 1..=SEEDS (budget each) that finds it.
#[test]
#[ignore]
fn measure_hunts() {
    fn one<B: Bug>() {
        if std::env::var("HUNT_ONLY").is_ok_and(|f| !B::NAME.contains(&f)) {
            return;
        }
        let seeds: u64 = std::env::var("HUNT_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
        let first: u64 = std::env::var("HUNT_FIRST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
        let budget: u64 = std::env::var("HUNT_BUDGET").ok().and_then(|s| s.parse().ok()).unwrap_or(30);
        for seed in first..first + seeds {
            let bytes: usize = std::env::var("HUNT_MAX_BYTES").ok().and_then(|s| s.parse().ok()).unwrap_or(HUNT_BYTES);
            if let Some((i, _, _)) = crate::fuzzing::reach::hunt::<Mutant<B>>(B::BREAKS, seed, budget, bytes) {
                eprintln!("HUNT {} seed {seed} index {i} ({bytes} bytes)", B::NAME);
                return;
            }
        }
        eprintln!("HUNT {} not found in seeds {first}..{} x {budget}", B::NAME, first + seeds);
    }
    one::<TapsTappedPermanent>();
    one::<UntapsUntappedPermanent>();
    one::<IgnoresSummoningSickness>();
    one::<UndefinedManaIsColorless>();
    one::<CouldProduceIgnoresReplacements>();
    one::<PoolsFeedEachOther>();
    one::<OrchardSeesOwnLands>();
    one::<GiantRepeatsKind>();
    one::<GiantAddsAtTen>();
    one::<GiantAddsNothing>();
    one::<GiantAddsTwo>();
    one::<MassCountsEveryCounter>();
    one::<MassSurvivesAtZero>();
    one::<XFromManaSpent>();
    one::<EndOfTurnEffectsLinger>();
    one::<AttackersHitTwice>();
    one::<DeathtouchCountersIgnored>();
    one::<AlwaysFirstStrikeStep>();
    one::<LethalDamageSurvives>();
    one::<NextTurnEffectsLinger>();
    one::<MovedCardLeavesGhost>();
    one::<LosersKeepPlaying>();
    one::<PoolsKeepMana>();
    one::<RejectionTapsSource>();
    one::<SaveForgetsPools>();
    one::<RandomnessFromOutside>();
    one::<ListsIllegalPass>();
    one::<EffectsInListOrder>();
    one::<ReductionsIgnored>();
    one::<FilterReadAgain>();
    one::<CopiesCurrentCharacteristics>();
}

fn bob_card(name: &str, zone: ZoneKind) -> CardSetup {
    CardSetup::new(name, PlayerId(1), zone)
}

fn cast(setup: &GameSetup, i: u32, x: Option<u32>, targets: Vec<Target>) -> Move {
    Move::Exact(Action::CastSpell { player: ALICE, card: id(setup, i), x, targets, payment: None, sacrifice: vec![], kicked: vec![], modes: vec![], splice: vec![], costs: Default::default() })
}

#[test]
fn dies_triggers_fail_when_leavers_forget_to_look_back() {
    // Day of Judgment destroys Blood Artist and Grizzly Bears at once: two triggers (CR 603.10a).
    let s = setup(vec![on_battlefield("Blood Artist"), on_battlefield("Grizzly Bears"), card("Day of Judgment", ZoneKind::Hand)], "{W}{W}{W}{W}");
    let v = witness::<DiesTriggersForgetLeavers>(s.clone(), vec![cast(&s, 2, None, vec![]), Move::Pass, Move::Pass]);
    assert!(v.detail.contains("triggered 0 time(s) for 2"), "{v}");
}

#[test]
fn prevention_fails_when_shields_are_never_used_up() {
    // Wojek Apothecary shields Rusted Sentinel; Lightning Bolt then deals it 2, using the shield.
    let s = setup(vec![on_battlefield("Wojek Apothecary"), on_battlefield("Rusted Sentinel"), card("Lightning Bolt", ZoneKind::Hand)], "{R}");
    let sentinel = Target::Object(id(&s, 1));
    let shield = Move::Exact(Action::ActivateAbility {
        player: ALICE,
        source: id(&s, 0),
        ability: 0,
        x: None,
        targets: vec![sentinel],
        mana_choice: None,
        payment: None,
        replacement_order: Vec::new(),
        tap: Vec::new(),
    });
    let moves = vec![shield, Move::Pass, Move::Pass, cast(&s, 2, None, vec![sentinel]), Move::Pass, Move::Pass];
    let v = witness::<ShieldsNeverUsedUp>(s, moves);
    assert!(v.detail.contains("stayed unused"), "{v}");
}

#[test]
fn forbidden_casts_fail_when_restrictions_are_ignored() {
    // Bob's Void Winnower: Rolling Thunder with X = 2 (mana value 4) can't be cast (CR 601.3).
    let s = setup(vec![bob_card("Void Winnower", ZoneKind::Battlefield), card("Rolling Thunder", ZoneKind::Hand)], "{R}{R}{R}{R}");
    let v = witness::<IgnoresCantCast>(s.clone(), vec![cast(&s, 1, Some(2), vec![Target::Player(PlayerId(1))])]);
    assert!(v.detail.contains("even mana value 4"), "{v}");
}


#[test]
fn damage_triggers_fail_when_prevented_damage_triggers() {
    // El-Hajjâj (1/1) attacks into bob's Daunting Defender, a Cleric: its 1 damage is prevented.
    let (s, moves) = combat(
        on_battlefield("El-Hajj\u{e2}j"),
        Some(CardSetup::new("Daunting Defender", PlayerId(1), ZoneKind::Battlefield)),
    );
    let v = witness::<PreventedDamageTriggers>(s, moves);
    assert!(v.detail.contains("it dealt 0"), "{v}");
}

#[test]
fn replacement_once_fails_when_a_doubler_applies_twice() {
    // Alice's Grizzly Bears attack under her two Gratuitous Violence: 8 damage, not 32.
    let (mut s, moves) = combat(on_battlefield("Grizzly Bears"), None);
    s.cards.push(on_battlefield("Gratuitous Violence"));
    s.cards.push(on_battlefield("Gratuitous Violence"));
    let v = witness::<DoublerAppliesTwice>(s, moves);
    assert!(v.detail.contains("not 8"), "{v}");
}

#[test]
fn total_cost_fails_when_reductions_are_ignored() {
    // Alice's Thunderscape Familiar: Night's Whisper ({1}{B}, black) costs {B} (CR 601.2f), so
    // one {B} of her two stays in her pool; the mutant takes both.
    let s = setup(vec![on_battlefield("Thunderscape Familiar"), card("Night's Whisper", ZoneKind::Hand)], "{B}{B}");
    let v = witness::<ReductionsIgnored>(s.clone(), vec![cast(&s, 1, None, vec![])]);
    assert!(v.detail.contains("spent 2 mana from the pool; its total cost is 1"), "{v}");
}

#[test]
fn becomes_tapped_fails_when_entering_tapped_triggers() {
    // Alice's Lifeblood and Kismet; on bob's turn bob plays a Mountain, which enters tapped.
    let bob = PlayerId(1);
    let mut s = setup(
        vec![on_battlefield("Lifeblood"), on_battlefield("Kismet"), CardSetup::new("Mountain", bob, ZoneKind::Hand)],
        "",
    );
    s.active_player = bob;
    let mountain = id(&s, 2);
    let v = witness::<EnteringTappedBecomesTapped>(s, vec![Move::Exact(Action::PlayLand { player: bob, card: mountain, pay: None })]);
    assert!(v.detail.contains("entering tapped"), "{v}");
}

#[test]
fn effects_listing_order_fails_when_effects_apply_in_list_order() {
    // Act of Treason gives bob's Grizzly Bears haste, then Turn to Frog removes its abilities
    // (both layer 6, CR 613.7): no haste, however the effects are listed.
    let s = setup(
        vec![bob_card("Grizzly Bears", ZoneKind::Battlefield), card("Act of Treason", ZoneKind::Hand), card("Turn to Frog", ZoneKind::Hand)],
        "{R}{C}{C}{U}{C}",
    );
    let bears = Target::Object(id(&s, 0));
    let moves = vec![cast(&s, 1, None, vec![bears]), Move::Pass, Move::Pass, cast(&s, 2, None, vec![bears]), Move::Pass, Move::Pass];
    let v = witness::<EffectsInListOrder>(s, moves);
    assert!(v.detail.contains("listed in reverse"), "{v}");
}

#[test]
fn same_objects_across_layers_fails_when_the_filter_is_read_again() {
    // March of the Machines makes Fellwar Stone an artifact creature in layer 4 and sets its
    // P/T in layer 7b (CR 613.6): in 7b it still applies to the Stone, no longer a noncreature
    // artifact by then.
    let s = setup(vec![on_battlefield("March of the Machines"), on_battlefield("Fellwar Stone")], "");
    let v = witness::<FilterReadAgain>(s, vec![]);
    assert!(v.detail.contains("PtSet"), "{v}");
}

#[test]
fn the_generator_finds_a_filter_read_again() {
    // Seed 2, index 117 with card pool v19 (seed 1 finds none in its first 700).
    found_by_generator::<FilterReadAgain>(2, 1200);
}

#[test]
fn copiable_values_fail_when_a_copy_copies_current_characteristics() {
    // Alice's Clone enters as a copy of her Grizzly Bears with a +1/+1 counter: a 2/2 Grizzly
    // Bears, the counter not copied (CR 707.2).
    let mut bears = on_battlefield("Grizzly Bears");
    bears.counters.insert("+1/+1".into(), 1);
    let s = setup(vec![bears, card("Clone", ZoneKind::Hand)], "{U}{C}{C}{C}");
    let copy = mtg_engine::Answers { copy: Some(id(&s, 0)), ..mtg_engine::Answers::default() };
    let moves = vec![
        cast(&s, 1, None, vec![]),
        Move::Exact(Action::PassPriority { player: ALICE, answers: mtg_engine::Answers::default() }),
        Move::Exact(Action::PassPriority { player: PlayerId(1), answers: copy }),
    ];
    let v = witness::<CopiesCurrentCharacteristics>(s, moves);
    assert!(v.detail.contains("power: Some(3)"), "{v}");
}

#[test]
fn the_generator_finds_a_copy_of_current_characteristics() {
    // Seed 1, index 25 with card pool v19.
    found_by_generator::<CopiesCurrentCharacteristics>(1, 300);
}
