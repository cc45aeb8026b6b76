//! Mana abilities (CR 605): they resolve at once, without the stack (CR 605.3b). Producing
//! mana: undefined mana produces nothing (CR 106.5); "tapped for mana" (CR 106.12) events are
//! modified by replacement effects (CR 106.12b, 616.1) and trigger triggered mana abilities
//! (CR 106.12a, 605.1b), which resolve right after the mana ability that triggered them
//! (CR 605.4a).

use crate::abilities::{Ability, Effect, ManaOfType, ManaSpec, Relation, Trigger};
use crate::types::CardType;
use crate::could_produce::{land_table, raw_mana, RawMana};
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use std::borrow::Cow;

use crate::layers::Board;
use crate::mana::{ManaPool, ManaType, SpendRestriction};
use crate::rejection::Rejection;
use crate::replacement::{self, ProductionContext};
use crate::state::{GameState, ZoneKind};
use crate::targets::Target;

/// What the productions of one state share: the active replacement effects (CR 614) and what
/// the lands could produce (CR 106.7), kept with the state's board (`revision::Kept`), and what
/// each "could produce" spec offers a player. All depend only on the permanents, their
/// controllers and their characteristics, which paying {T} or mana doesn't change: the trials of
/// one `legal_actions` call share one; `activation` hands it on only when the cost paid was of
/// that kind.
pub(crate) struct ProductionCache {
    kept: std::sync::Arc<crate::revision::Kept>,
    /// What each "could produce" spec offers a player (read from the lands' table): the same
    /// for every mana choice tried.
    raw: std::cell::RefCell<Vec<(PlayerId, ManaSpec, RawMana)>>,
}

impl ProductionCache {
    /// For `state` as it is now.
    pub(crate) fn of(state: &GameState) -> ProductionCache {
        ProductionCache { kept: crate::layers::kept(state), raw: Default::default() }
    }

    fn reps(&self, state: &GameState) -> &[replacement::ActiveReplacement] {
        self.kept.reps.get_or_init(|| replacement::active(state, &self.kept.board))
    }

    fn lands(&self, state: &GameState) -> &crate::could_produce::ProduceTable {
        self.kept.lands.get_or_init(|| land_table(state, &self.kept.board, self.reps(state)))
    }
}

/// One activation of a mana ability being resolved.
pub(crate) struct ManaActivation<'a> {
    pub player: PlayerId,
    pub source: ObjectId,
    pub source_is_land: bool,
    /// The source was a creature as the ability was activated ("tap a creature for mana").
    pub source_is_creature: bool,
    /// The source had the supertype basic as the ability was activated ("a basic land").
    pub source_is_basic: bool,
    /// {T} in the cost: the permanent is "tapped for mana" (CR 106.12).
    pub tapped_for_mana: bool,
    pub mana_choice: Option<ManaType>,
    pub order: &'a [ObjectId],
    /// Shared with the other trials of the same `legal_actions` call, if any.
    pub cache: Option<&'a ProductionCache>,
}

fn add_to_pool(state: &mut GameState, player: PlayerId, mana: &ManaPool, source: ObjectId, ev: &mut Vec<Event>) {
    if mana.is_empty() {
        return;
    }
    if let Some(p) = state.player_mut(player) {
        p.mana_pool.add_pool(mana);
        ev.push(Event::ManaAdded { player, mana: mana.clone(), source: Some(source) });
    }
}

impl ManaActivation<'_> {
    /// Whether the source had card type `t` as the ability was activated (the types a
    /// "tapped for mana" trigger looks for, CR 106.12a).
    fn source_is(&self, t: CardType) -> bool {
        match t {
            CardType::Land => self.source_is_land,
            CardType::Creature => self.source_is_creature,
            _ => false,
        }
    }
}

/// What an activation has produced so far, and whether it used the player's mana choice.
#[derive(Default)]
struct Produced {
    mana: ManaPool,
    choice_used: bool,
}

fn run(
    state: &mut GameState,
    act: &ManaActivation,
    effect: &Effect,
    board: &mut Option<Cow<'_, Board>>,
    out: &mut Produced,
    ev: &mut Vec<Event>,
) -> Result<(), Rejection> {
    match effect {
        Effect::Sequence(v) => {
            for e in v {
                run(state, act, e, board, out, ev)?;
            }
        }
        Effect::AddMana(spec) => add_mana(state, act, spec, None, board, out, ev)?,
        Effect::AddRestrictedMana { spec, restriction } => {
            add_mana(state, act, spec, Some(*restriction), board, out, ev)?
        }
        Effect::IfCondition { condition, effect } if crate::triggers::condition_holds(state, act.player, None, condition) => {
            run(state, act, effect, board, out, ev)?;
        }
        Effect::GainLife(crate::abilities::Amount::Fixed(n)) => crate::damage::gain_life(state, act.player, *n, ev),
        Effect::DamageToController(n) => {
            // Dealt by the source, so lifelink applies (CR 702.15b); characteristics don't
            // change within the ability, so the board of its mana serves.
            let board = ability_board(board, state);
            crate::damage::deal(state, board, Some(act.source), Target::Player(act.player), *n, ev);
        }
        _ => {}
    }
    Ok(())
}

/// The board one mana ability reads throughout: the caller's, else the state's kept board (the
/// same characteristics as computing them afresh, `layers::kept`, without recomputing them when
/// nothing they read changed: the fuzz profile's `add_mana` was a full computation each time).
fn ability_board<'a>(board: &'a mut Option<Cow<'_, Board>>, state: &GameState) -> &'a Board {
    board.get_or_insert_with(|| kept_board(state))
}

/// The state's kept board as an owned one (a copy of it: the state changes while it is read).
fn kept_board(state: &GameState) -> Cow<'static, Board> {
    Cow::Owned(std::sync::Arc::unwrap_or_clone(crate::layers::board_of(state)))
}

/// One "add mana" instruction: the raw mana, the chosen type, replacement effects, and then the
/// ability's spending restriction on everything produced (CR 106.6a).
fn add_mana(
    state: &mut GameState,
    act: &ManaActivation,
    spec: &crate::abilities::ManaSpec,
    restriction: Option<SpendRestriction>,
    board: &mut Option<Cow<'_, Board>>,
    produced: &mut Produced,
    ev: &mut Vec<Event>,
) -> Result<(), Rejection> {
    // Adding mana and damage to a player change no characteristics: one board serves the
    // whole ability.
    let board = ability_board(board, state);
    let out = production(state, act, spec, restriction, board, produced)?;
    add_to_pool(state, act.player, &out, act.source, ev);
    Ok(())
}

/// What one "add mana" instruction adds, changing nothing: the raw mana, the chosen type
/// (CR 106.5: undefined mana is none, and no choice), replacement effects in the player's order
/// (CR 106.12b, 616.1), the spending restriction (CR 106.6a). It reads only the battlefield and
/// the characteristics, which the instructions before it (adding mana, damage to a player)
/// don't change. Records the mana in `produced`.
fn production(
    state: &GameState,
    act: &ManaActivation,
    spec: &crate::abilities::ManaSpec,
    restriction: Option<SpendRestriction>,
    board: &Board,
    produced: &mut Produced,
) -> Result<ManaPool, Rejection> {
    // A real activation (no listing's cache) reads what is kept with the state now.
    let own;
    let cache = match act.cache {
        Some(c) => c,
        None => {
            own = ProductionCache::of(state);
            &own
        }
    };
    let reps = cache.reps(state);
    let raw = match spec {
        // The could-produce table is needed only by abilities that refer to it (CR 106.7).
        ManaSpec::CouldProduce { .. } => {
            let known = cache.raw.borrow().iter().find(|(p, s, _)| *p == act.player && s == spec).map(|(_, _, r)| r.clone());
            known.unwrap_or_else(|| {
                let r = raw_mana(state, board, cache.lands(state), act.player, Some(act.source), spec);
                cache.raw.borrow_mut().push((act.player, spec.clone(), r.clone()));
                r
            })
        }
        _ => raw_mana(state, board, &crate::could_produce::ProduceTable::new(), act.player, Some(act.source), spec),
    };
    let raw = match raw {
        RawMana::Fixed(p) => p,
        RawMana::OneOf(options) if options.is_empty() => {
            // CR 106.5: no type can be defined, so no mana; there is nothing to choose.
            if act.mana_choice.is_some() {
                return Err(Rejection::InvalidChoice(
                    "this ability produces no mana now (undefined mana, CR 106.5)".into(),
                ));
            }
            ManaPool::default()
        }
        RawMana::OneOf(options) => {
            let choice = match act.mana_choice {
                Some(c) => c,
                None if options.len() == 1 => {
                    options.iter().next().copied().ok_or_else(|| {
                        Rejection::MissingChoice("mana type".into())
                    })?
                }
                None => return Err(Rejection::MissingChoice("mana type to add".into())),
            };
            if !options.contains(&choice) {
                return Err(Rejection::InvalidManaChoice(choice));
            }
            produced.choice_used = true;
            ManaPool::single(choice)
        }
    };
    let ctx = ProductionContext {
        tapped_for_mana: act.tapped_for_mana,
        source_is_land: act.source_is_land,
        producer: act.player,
    };
    let mut out = replacement::apply_in_order(reps, &ctx, raw, act.order);
    if let Some(r) = restriction {
        out = out.with_restriction(r);
    }
    produced.mana.add_pool(&out);
    Ok(out)
}

/// What `run` produces, changing nothing (`production` of each instruction in order).
fn produce_all(state: &GameState, act: &ManaActivation, effect: &Effect, board: &Board, out: &mut Produced) -> Result<(), Rejection> {
    match effect {
        Effect::Sequence(v) => {
            for e in v {
                produce_all(state, act, e, board, out)?;
            }
        }
        Effect::AddMana(spec) => {
            production(state, act, spec, None, board, out)?;
        }
        Effect::AddRestrictedMana { spec, restriction } => {
            production(state, act, spec, Some(*restriction), board, out)?;
        }
        _ => {}
    }
    Ok(())
}

/// The one way resolving a mana ability fails: a mana choice it can't honour (none of the
/// types it may add now, CR 106.5, 605.3b; a type it doesn't produce when it has no choice).
fn check_choice(act: &ManaActivation, out: &Produced) -> Result<(), Rejection> {
    if !out.choice_used {
        // With no choice of its own, `mana_choice` may only name a type the activation made
        // available (it then picks the type for "any type that land produced" triggers).
        if let Some(c) = act.mana_choice {
            if !out.mana.types().contains(&c) {
                return Err(Rejection::InvalidManaChoice(c));
            }
        }
    }
    Ok(())
}

/// Whether `resolve` would succeed on `state` with `board`, changing nothing: the mana and
/// damage it makes change nothing its production reads, so this is `resolve` without the
/// mutations. Valid for the state as the cost left it; `activation` asks it before paying only
/// when paying changes neither the battlefield nor the characteristics.
pub(crate) fn check_resolution(state: &GameState, act: &ManaActivation, effect: &Effect, board: &Board) -> Result<(), Rejection> {
    let mut out = Produced::default();
    produce_all(state, act, effect, board, &mut out)?;
    check_choice(act, &out)
}

/// Resolves an activated mana ability whose costs have been paid.
/// `board`: the characteristics as they are now, if the caller has them (else computed here).
pub(crate) fn resolve(
    state: &mut GameState,
    act: &ManaActivation,
    effect: &Effect,
    board: Option<Cow<'_, Board>>,
    ev: &mut Vec<Event>,
) -> Result<(), Rejection> {
    let mut out = Produced::default();
    let mut board = board;
    run(state, act, effect, &mut board, &mut out, ev)?;
    check_choice(act, &out)?;
    let produced = out.mana;
    let types = produced.types();
    // CR 106.12a: a "tapped for mana" trigger needs a {T} mana ability (CR 106.12) that
    // resolved and produced mana.
    if !act.tapped_for_mana || produced.is_empty() {
        return Ok(());
    }
    let board = match board {
        Some(b) => b,
        None => kept_board(state),
    };
    // Each triggered mana ability whose event this is, with its controller and what it adds.
    let mut triggered: Vec<(ObjectId, PlayerId, &Effect)> = Vec::new();
    for obj in state.zone_objects(ZoneKind::Battlefield, None) {
        let Some(ch) = board.get(&obj.id) else { continue };
        for a in &ch.abilities {
            let Ability::Triggered(t) = &*a.ability else { continue };
            let Trigger::TappedForMana { tapper, permanent, basic, mana } = t.trigger else { continue };
            let whose = match tapper {
                Relation::Any => true,
                Relation::You => act.player == obj.controller,
                Relation::Opponent => act.player != obj.controller,
            };
            // "for mana of a specified type": the mana produced, after replacement effects.
            let of_type = match mana {
                ManaOfType::Any => true,
                ManaOfType::ChosenColor => obj.chosen_color.is_some_and(|c| types.contains(&c.mana_type())),
            };
            if whose && of_type && act.source_is(permanent) && (!basic || act.source_is_basic) && t.effect.adds_mana() {
                triggered.push((obj.id, obj.controller, &t.effect));
            }
        }
    }
    if triggered.is_empty() {
        return Ok(());
    }
    let own;
    let cache = match act.cache {
        Some(c) => c,
        None => {
            own = ProductionCache::of(state);
            &own
        }
    };
    let reps = cache.reps(state);
    // "one mana of any type that land produced": the player's `mana_choice` if it is one of
    // them, else the first in W U B R G C order.
    let pick = act.mana_choice.filter(|c| types.contains(c)).or_else(|| types.iter().next().copied());
    let mut adds: Vec<(ObjectId, PlayerId, PlayerId, ManaPool)> = Vec::new();
    for (src, controller, effect) in triggered {
        let (who, mana) = match effect {
            // "that player adds ...": the player who tapped the permanent.
            Effect::AddManaOfTypeProduced => match pick {
                Some(p) => (act.player, ManaPool::single(p)),
                None => continue,
            },
            // "add ...": the trigger's controller.
            Effect::AddMana(ManaSpec::Fixed(pool)) => (controller, pool.clone()),
            // "its controller adds ... of that color": the tapped permanent's controller.
            Effect::AddManaOfChosenColorToItsController => {
                let Some(c) = state.object(src).and_then(|o| o.chosen_color) else { continue };
                let its = state.object(act.source).map_or(act.player, |o| o.controller);
                (its, ManaPool::single(c.mana_type()))
            }
            _ => continue,
        };
        adds.push((src, controller, who, mana));
    }
    for (src, controller, who, mana) in adds {
        ev.push(Event::AbilityTriggered { source: src, controller, stack_id: None });
        // Not "tapping for mana" and not produced by the tapped permanent (CR 106.3: the source
        // is the trigger's), so tap-for-mana replacement effects don't apply.
        let ctx = ProductionContext { tapped_for_mana: false, source_is_land: false, producer: who };
        let out = replacement::apply_in_order(reps, &ctx, mana, &[]);
        add_to_pool(state, who, &out, src, ev);
    }
    Ok(())
}
