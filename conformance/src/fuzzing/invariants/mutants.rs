//! Mutants: `mtg_engine::Game` wrapped so that it has exactly one known bug, reproduced through
//! the engine's public API only (a modified copy of the state through `Game::from_state`, or a
//! different answer from an observation). Each invariant has one, and a test shows the
//! invariant fails on it — so no invariant is vacuous — while the same script passes on the real
//! engine, so the failure is the bug's.
//!
//! Test support only (`cfg(test)` or the `mutants` feature); nothing here is used by `run`.

use std::collections::BTreeSet;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};

use mtg_engine::abilities::{Ability, Amount, Effect, ManaSpec, Relation, StaticAbility};
use mtg_engine::types::CardType;
use mtg_engine::costs::Cost;
use mtg_engine::layers::characteristics;
use mtg_engine::rng::Rng;
use mtg_engine::state::{Duration, StackEntryKind};
use mtg_engine::{
    cards, Action, Answers, Event, Game, GameSetup, GameState, ManaType, ObjectId, ObjectView, Rejection, SetupError,
    ZoneKind,
};

use super::chimeric_mass::CHIMERIC_MASS;
use super::counters::{CRYSTALLINE_GIANT, GIANT_KINDS};
use super::{added_types, Invariant, RulesGame};

/// One bug: which invariant it breaks, and the behaviours it changes (the defaults are the
/// engine's own).
pub trait Bug: 'static {
    const NAME: &'static str;
    const BREAKS: Invariant;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        game.apply(action)
    }
    fn legal_actions(game: &Game) -> Vec<Action> {
        game.legal_actions()
    }
    fn could_produce(game: &Game, permanent: ObjectId) -> BTreeSet<ManaType> {
        game.could_produce(permanent)
    }
    fn object_view(game: &Game, object: ObjectId) -> Option<ObjectView> {
        game.object_view(object)
    }
    fn layer_trace(game: &Game) -> mtg_engine::layers::LayerTrace {
        mtg_engine::layers::compute_traced(game.state()).1
    }
    fn save(game: &Game) -> Result<String, String> {
        serde_json::to_string(game.state()).map_err(|e| e.to_string())
    }
}

/// The engine with bug `B`.
pub struct Mutant<B> {
    game: Game,
    bug: PhantomData<fn() -> B>,
}

impl<B> Clone for Mutant<B> {
    fn clone(&self) -> Self {
        Mutant { game: self.game.clone(), bug: PhantomData }
    }
}

impl<B: Bug> RulesGame for Mutant<B> {
    fn new_game(setup: GameSetup) -> Result<Self, SetupError> {
        Game::new(setup).map(|game| Mutant { game, bug: PhantomData })
    }
    fn from_state(state: GameState) -> Self {
        Mutant { game: Game::from_state(state), bug: PhantomData }
    }
    fn state(&self) -> &GameState {
        self.game.state()
    }
    fn legal_actions(&self) -> Vec<Action> {
        B::legal_actions(&self.game)
    }
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, Rejection> {
        B::apply(&mut self.game, action)
    }
    fn could_produce(&self, permanent: ObjectId) -> BTreeSet<ManaType> {
        B::could_produce(&self.game, permanent)
    }
    fn object_view(&self, object: ObjectId) -> Option<ObjectView> {
        B::object_view(&self.game, object)
    }
    fn layer_trace(&self) -> mtg_engine::layers::LayerTrace {
        B::layer_trace(&self.game)
    }
    fn save(&self) -> Result<String, String> {
        B::save(&self.game)
    }
    fn reference(&self) -> &Game {
        &self.game
    }
}

// ---- helpers ----

fn activation_cost(state: &GameState, source: ObjectId, ability: usize) -> Option<Cost> {
    characteristics(state, source)?.activated().get(ability).map(|a| a.cost.clone())
}

/// Applies `action` to a copy of the state changed by `edit`, keeping the result if accepted:
/// the engine "forgets" to check what `edit` makes true.
fn apply_edited(game: &mut Game, action: Action, edit: impl FnOnce(&mut GameState)) -> Result<Vec<Event>, Rejection> {
    let mut s = game.state().clone();
    edit(&mut s);
    let mut g = Game::from_state(s);
    let events = g.apply(action)?;
    *game = g;
    Ok(events)
}

/// Applies `action`, then rewrites the resulting state with `fix(before, after, events)`.
fn apply_then(
    game: &mut Game,
    action: Action,
    fix: impl FnOnce(&GameState, &mut GameState, &[Event]),
) -> Result<Vec<Event>, Rejection> {
    let before = game.state().clone();
    let events = game.apply(action)?;
    let mut after = game.state().clone();
    fix(&before, &mut after, &events);
    *game = Game::from_state(after);
    Ok(events)
}

/// For an activation by `source`, whether `test(object, cost)` holds now.
fn activation_where(game: &Game, action: &Action, test: impl Fn(&mtg_engine::state::Object, &Cost) -> bool) -> Option<ObjectId> {
    let Action::ActivateAbility { source, ability, .. } = action else { return None };
    let obj = game.state().object(*source)?;
    let cost = activation_cost(game.state(), *source, *ability)?;
    test(obj, &cost).then_some(*source)
}

// ---- one bug per invariant ----

/// CR 107.5 broken: a tapped permanent pays {T} (the engine untaps it first, in effect).
pub struct TapsTappedPermanent;
impl Bug for TapsTappedPermanent {
    const NAME: &'static str = "lets a tapped permanent pay {T}";
    const BREAKS: Invariant = Invariant::TapSymbol;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        match activation_where(game, &action, |o, c| c.tap && o.tapped) {
            Some(id) => apply_edited(game, action, |s| {
                if let Some(o) = s.object_mut(id) {
                    o.tapped = false;
                }
            }),
            None => game.apply(action),
        }
    }
}

/// CR 107.6 broken: an untapped permanent pays {Q}.
pub struct UntapsUntappedPermanent;
impl Bug for UntapsUntappedPermanent {
    const NAME: &'static str = "lets an untapped permanent pay {Q}";
    const BREAKS: Invariant = Invariant::UntapSymbol;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        match activation_where(game, &action, |o, c| c.untap && !o.tapped) {
            Some(id) => apply_edited(game, action, |s| {
                if let Some(o) = s.object_mut(id) {
                    o.tapped = true;
                }
            }),
            None => game.apply(action),
        }
    }
}

/// CR 302.6 broken: summoning sickness is ignored for {T}/{Q} costs.
pub struct IgnoresSummoningSickness;
impl Bug for IgnoresSummoningSickness {
    const NAME: &'static str = "ignores summoning sickness for {T} and {Q}";
    const BREAKS: Invariant = Invariant::SummoningSickness;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        match activation_where(game, &action, |o, c| c.has_tap_or_untap() && o.summoning_sick) {
            Some(id) => apply_edited(game, action, |s| {
                if let Some(o) = s.object_mut(id) {
                    o.summoning_sick = false;
                }
            }),
            None => game.apply(action),
        }
    }
}

/// CR 106.5 broken: undefined mana becomes {C} (an activation that added nothing adds {C}).
pub struct UndefinedManaIsColorless;
impl Bug for UndefinedManaIsColorless {
    const NAME: &'static str = "undefined mana produces {C}";
    const BREAKS: Invariant = Invariant::UndefinedMana;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let mana_ability = match &action {
            Action::ActivateAbility { player, source, ability, .. } => characteristics(game.state(), *source)
                .and_then(|c| c.activated().get(*ability).map(|a| a.is_mana_ability()))
                .unwrap_or(false)
                .then_some(*player),
            _ => None,
        };
        let Some(player) = mana_ability else { return game.apply(action) };
        apply_then(game, action, |before, after, events| {
            if added_types(before, after, events, player).is_empty() {
                if let Some(p) = after.player_mut(player) {
                    p.mana_pool.add(ManaType::Colorless, 1);
                }
            }
        })
    }
}

/// CR 106.7 broken: "could produce" ignores replacement effects (it is computed as if no
/// permanent with a mana replacement effect were on the battlefield).
pub struct CouldProduceIgnoresReplacements;
impl Bug for CouldProduceIgnoresReplacements {
    const NAME: &'static str = "could produce ignores replacement effects";
    const BREAKS: Invariant = Invariant::CouldProduce;
    fn could_produce(game: &Game, permanent: ObjectId) -> BTreeSet<ManaType> {
        let mut s = game.state().clone();
        let replacers: Vec<ObjectId> = s
            .objects
            .values()
            .filter(|o| o.zone == ZoneKind::Battlefield)
            .filter(|o| {
                characteristics(game.state(), o.id)
                    .is_some_and(|c| c.statics().any(|(st, _)| matches!(st, StaticAbility::ManaReplacement(_))))
            })
            .map(|o| o.id)
            .collect();
        for id in replacers {
            if let Some(o) = s.object_mut(id) {
                o.zone = ZoneKind::Exile;
            }
        }
        Game::from_state(s).could_produce(permanent)
    }
}

/// The "could produce" references of `permanent`'s mana abilities: (whose lands, colors only).
fn references(game: &Game, permanent: ObjectId) -> Vec<(Relation, bool)> {
    let Some(ch) = characteristics(game.state(), permanent) else { return Vec::new() };
    ch.activated()
        .into_iter()
        .filter(|a| a.is_mana_ability())
        .filter_map(|a| match &a.effect {
            Effect::AddMana(ManaSpec::CouldProduce { lands_of, colors_only }) => Some((*lands_of, *colors_only)),
            _ => None,
        })
        .collect()
}

/// Lands on the battlefield other than `permanent`, of `relation` to its controller.
fn other_lands(game: &Game, permanent: ObjectId, relation: Relation) -> Vec<ObjectId> {
    let s = game.state();
    let Some(me) = s.object(permanent).map(|o| o.controller) else { return Vec::new() };
    s.zone_objects(ZoneKind::Battlefield, None)
        .into_iter()
        .filter(|o| o.id != permanent)
        .filter(|o| match relation {
            Relation::You => o.controller == me,
            Relation::Opponent => o.controller != me,
            Relation::Any => true,
        })
        .filter(|o| characteristics(s, o.id).is_some_and(|c| c.is(CardType::Land)))
        .map(|o| o.id)
        .collect()
}

/// A mana ability activation with a choice the broken `could` allows and the engine doesn't:
/// carried out with a choice the engine accepts, and the mana it added replaced by one mana of
/// the chosen type — so activations agree with the broken "could produce", as they would in
/// an engine whose one fixpoint serves both.
fn apply_consistently(game: &mut Game, action: Action, could: impl Fn(&Game, ObjectId) -> BTreeSet<ManaType>) -> Result<Vec<Event>, Rejection> {
    let Action::ActivateAbility { player, source, mana_choice: Some(t), .. } = &action else { return game.apply(action) };
    let (player, source, t) = (*player, *source, *t);
    if !could(game, source).contains(&t) || game.could_produce(source).contains(&t) {
        return game.apply(action);
    }
    for choice in std::iter::once(None).chain(ManaType::ALL.into_iter().map(Some)) {
        let mut a = action.clone();
        if let Action::ActivateAbility { mana_choice, .. } = &mut a {
            *mana_choice = choice;
        }
        let mut g = game.clone();
        if let Ok(events) = g.apply(a) {
            let before = game.state().player(player).map(|p| p.mana_pool.clone()).unwrap_or_default();
            let mut s = g.state().clone();
            if let Some(p) = s.player_mut(player) {
                p.mana_pool = before;
                p.mana_pool.add(t, 1);
            }
            *game = Game::from_state(s);
            return Ok(events);
        }
    }
    game.apply(action)
}

/// CR 106.7 broken in the fixpoint: permanents that read what other lands could produce count
/// each other as producing every type (a greatest instead of a least fixpoint), so two
/// Reflecting Pools alone "help each other" — consistently, in `could_produce` and in what
/// their abilities may add.
pub struct PoolsFeedEachOther;
impl PoolsFeedEachOther {
    fn broken(game: &Game, permanent: ObjectId) -> BTreeSet<ManaType> {
        let mut out = game.could_produce(permanent);
        for (relation, colors_only) in references(game, permanent) {
            if other_lands(game, permanent, relation).into_iter().any(|l| !references(game, l).is_empty()) {
                out.extend(ManaType::ALL.into_iter().filter(|t| !colors_only || t.is_color()));
            }
        }
        out
    }
}
impl Bug for PoolsFeedEachOther {
    const NAME: &'static str = "lands reading each other's \"could produce\" feed each other";
    const BREAKS: Invariant = Invariant::CouldProduceOracle;
    fn could_produce(game: &Game, permanent: ObjectId) -> BTreeSet<ManaType> {
        Self::broken(game, permanent)
    }
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_consistently(game, action, Self::broken)
    }
}

/// CR 106.7 broken in the fixpoint: "a land an opponent controls" also reads its controller's
/// own lands (Exotic Orchard sees its controller's lands), consistently.
pub struct OrchardSeesOwnLands;
impl OrchardSeesOwnLands {
    fn broken(game: &Game, permanent: ObjectId) -> BTreeSet<ManaType> {
        let mut out = game.could_produce(permanent);
        for (relation, colors_only) in references(game, permanent) {
            if relation == Relation::Opponent {
                for l in other_lands(game, permanent, Relation::You) {
                    out.extend(game.could_produce(l).into_iter().filter(|t| !colors_only || t.is_color()));
                }
            }
        }
        out
    }
}
impl Bug for OrchardSeesOwnLands {
    const NAME: &'static str = "\"a land an opponent controls\" includes its controller's lands";
    const BREAKS: Invariant = Invariant::CouldProduceOracle;
    fn could_produce(game: &Game, permanent: ObjectId) -> BTreeSet<ManaType> {
        Self::broken(game, permanent)
    }
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_consistently(game, action, Self::broken)
    }
}

/// Crystalline Giant rulings broken: the trigger chooses among all ten kinds, including kinds
/// it already has (a new kind it chose becomes one more counter of a kind it had).
pub struct GiantRepeatsKind;
impl Bug for GiantRepeatsKind {
    const NAME: &'static str = "Crystalline Giant gets a duplicate kind";
    const BREAKS: Invariant = Invariant::CrystallineGiant;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let giant = game.state().stack.last().and_then(|e| match &e.kind {
            StackEntryKind::Ability { source, .. } => Some(*source),
            _ => None,
        });
        let giant = giant.filter(|g| game.state().object(*g).is_some_and(|o| o.def == CRYSTALLINE_GIANT));
        let Some(giant) = giant else { return game.apply(action) };
        apply_then(game, action, |before, after, _| {
            let had = before.object(giant).map(|o| o.counters.clone()).unwrap_or_default();
            let Some(o) = after.object_mut(giant) else { return };
            let new_kind = GIANT_KINDS.iter().find(|k| had.get(**k).copied().unwrap_or(0) == 0 && o.counters.get(**k).copied().unwrap_or(0) > 0);
            let old_kind = GIANT_KINDS.iter().find(|k| had.get(**k).copied().unwrap_or(0) > 0);
            if let (Some(new), Some(old)) = (new_kind, old_kind) {
                o.counters.remove(*new);
                *o.counters.entry((*old).into()).or_insert(0) += 1;
            }
        })
    }
}

/// The top of the stack if it is a Crystalline Giant's trigger, and the Giant.
fn giant_trigger(game: &Game) -> Option<ObjectId> {
    let giant = game.state().stack.last().and_then(|e| match &e.kind {
        StackEntryKind::Ability { source, .. } => Some(*source),
        _ => None,
    });
    giant.filter(|g| game.state().object(*g).is_some_and(|o| o.def == CRYSTALLINE_GIANT && o.zone == ZoneKind::Battlefield))
}

/// The Giant's kinds among the ten (with a counter).
fn giant_kind_count(o: &mtg_engine::state::Object) -> usize {
    GIANT_KINDS.iter().filter(|k| o.counters.get(**k).copied().unwrap_or(0) > 0).count()
}

/// Crystalline Giant rulings broken: with all ten kinds, the trigger still adds a +1/+1
/// counter (it chooses among all ten when none is missing).
pub struct GiantAddsAtTen;
impl Bug for GiantAddsAtTen {
    const NAME: &'static str = "Crystalline Giant with all ten kinds gets another counter";
    const BREAKS: Invariant = Invariant::CrystallineGiant;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let Some(giant) = giant_trigger(game) else { return game.apply(action) };
        apply_then(game, action, |before, after, _| {
            let ten = before.object(giant).is_some_and(|o| giant_kind_count(o) == GIANT_KINDS.len());
            let resolved = !after.stack.iter().any(|e| before.stack.last().is_some_and(|t| t.id == e.id));
            if let (true, true, Some(o)) = (ten, resolved, after.object_mut(giant)) {
                *o.counters.entry("+1/+1".into()).or_insert(0) += 1;
            }
        })
    }
}

/// Crystalline Giant rulings broken: the trigger puts no counter on it (the "adds nothing" gap
/// of a check that only said "at most one").
pub struct GiantAddsNothing;
impl Bug for GiantAddsNothing {
    const NAME: &'static str = "Crystalline Giant's trigger adds nothing";
    const BREAKS: Invariant = Invariant::CrystallineGiant;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let Some(giant) = giant_trigger(game) else { return game.apply(action) };
        apply_then(game, action, |before, after, _| {
            let Some(had) = before.object(giant).map(|o| o.counters.clone()) else { return };
            if let Some(o) = after.object_mut(giant) {
                for k in GIANT_KINDS {
                    match had.get(k) {
                        Some(n) => {
                            o.counters.insert((*k).into(), *n);
                        }
                        None => {
                            o.counters.remove(k);
                        }
                    }
                }
            }
        })
    }
}

/// Crystalline Giant rulings broken: the trigger puts two counters of the kind it chose.
pub struct GiantAddsTwo;
impl Bug for GiantAddsTwo {
    const NAME: &'static str = "Crystalline Giant's trigger adds two counters";
    const BREAKS: Invariant = Invariant::CrystallineGiant;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let Some(giant) = giant_trigger(game) else { return game.apply(action) };
        apply_then(game, action, |before, after, _| {
            let had = before.object(giant).map(|o| o.counters.clone()).unwrap_or_default();
            let Some(o) = after.object_mut(giant) else { return };
            let new_kind = GIANT_KINDS.iter().find(|k| had.get(**k).copied().unwrap_or(0) == 0 && o.counters.get(**k).copied().unwrap_or(0) > 0);
            if let Some(k) = new_kind {
                *o.counters.entry((*k).into()).or_insert(0) += 1;
            }
        })
    }
}

/// Chimeric Mass ruling broken: the animated Mass's P/T counts every counter on it, not only
/// charge counters.
pub struct MassCountsEveryCounter;
impl Bug for MassCountsEveryCounter {
    const NAME: &'static str = "animated Chimeric Mass counts counters of every kind";
    const BREAKS: Invariant = Invariant::ChimericMassPt;
    fn object_view(game: &Game, object: ObjectId) -> Option<ObjectView> {
        let mut v = game.object_view(object)?;
        if v.name == CHIMERIC_MASS && v.types.iter().any(|t| t == "Creature") {
            let all = i32::try_from(v.counters.values().sum::<u32>()).unwrap_or(i32::MAX);
            v.power = Some(all);
            v.toughness = Some(all);
        }
        Some(v)
    }
}

/// Chimeric Mass ruling / CR 704.5f broken: an animated Mass with no charge counters survives
/// (the state-based action that put it into the graveyard is undone).
pub struct MassSurvivesAtZero;
impl Bug for MassSurvivesAtZero {
    const NAME: &'static str = "a 0/0 Chimeric Mass stays on the battlefield";
    const BREAKS: Invariant = Invariant::ChimericMassDies;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, events| {
            for e in events {
                let Event::ZoneChanged { old, new, from: ZoneKind::Battlefield, to: ZoneKind::Graveyard, card } = e else { continue };
                let sacrificed = events.iter().any(|x| matches!(x, Event::Sacrificed { object } if object == old));
                let Some(mass) = before.object(*old).filter(|o| o.def == CHIMERIC_MASS && !sacrificed) else { continue };
                after.objects.remove(new);
                after.objects.insert(*old, mass.clone());
                if let Some(rec) = card.and_then(|c| after.card_record_mut(c)) {
                    rec.object = Some(*old);
                }
            }
        })
    }
}

/// CR 107.3m broken: "enters with X counters" counts the mana spent on X ({X}{X}: twice X).
pub struct XFromManaSpent;
impl Bug for XFromManaSpent {
    const NAME: &'static str = "enters with the mana spent on X instead of X";
    const BREAKS: Invariant = Invariant::EntersWithX;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, events| {
            for e in events {
                let Event::ZoneChanged { old, new, from: ZoneKind::Stack, to: ZoneKind::Battlefield, .. } = e else { continue };
                let Some(x) = before.object(*old).and_then(|o| o.x) else { continue };
                let Some(o) = after.object_mut(*new) else { continue };
                let Some(def) = cards::card_def(&o.def) else { continue };
                let xs = def.mana_cost.as_ref().map(|c| c.x).unwrap_or(1);
                for a in &def.abilities {
                    if let Ability::Static(StaticAbility::EntersWithCounters { kind, amount: Amount::X }) = a {
                        o.counters.insert(kind.into(), x.saturating_mul(xs));
                    }
                }
            }
        })
    }
}

/// CR 611.2a / 514.2 broken: "until end of turn" effects never end.
pub struct EndOfTurnEffectsLinger;
impl Bug for EndOfTurnEffectsLinger {
    const NAME: &'static str = "\"until end of turn\" effects don't end";
    const BREAKS: Invariant = Invariant::Durations;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, _| {
            for e in &before.effects {
                if e.duration == Duration::EndOfTurn && !after.effects.iter().any(|a| a.timestamp == e.timestamp) {
                    after.effects.push(e.clone());
                }
            }
        })
    }
}

/// CR 611.2a broken: "until your next turn" effects (Crystalline Resonance's copy) never end.
pub struct NextTurnEffectsLinger;
impl Bug for NextTurnEffectsLinger {
    const NAME: &'static str = "\"until your next turn\" effects don't end";
    const BREAKS: Invariant = Invariant::Durations;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, _| {
            for e in &before.effects {
                if matches!(e.duration, Duration::UntilNextTurnOf(_)) && !after.effects.iter().any(|a| a.timestamp == e.timestamp) {
                    after.effects.push(e.clone());
                }
            }
        })
    }
}

/// CR 400.7 broken: a card that changes zones leaves its old object behind.
pub struct MovedCardLeavesGhost;
impl Bug for MovedCardLeavesGhost {
    const NAME: &'static str = "a moved card stays in its old zone too";
    const BREAKS: Invariant = Invariant::OneZone;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, events| {
            for e in events {
                if let Event::ZoneChanged { old, card: Some(_), .. } = e {
                    if let Some(o) = before.object(*old) {
                        after.objects.entry(*old).or_insert_with(|| o.clone());
                    }
                }
            }
        })
    }
}

/// CR 704.5a broken: a player at 0 life keeps playing.
pub struct LosersKeepPlaying;
impl Bug for LosersKeepPlaying {
    const NAME: &'static str = "a player with 0 or less life doesn't lose";
    const BREAKS: Invariant = Invariant::NoPendingSba;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let actor = action.player();
        apply_then(game, action, |before, after, _| {
            let mut undone = false;
            for (b, a) in before.players.iter().zip(after.players.iter_mut()) {
                if !b.lost && a.lost && a.life <= 0 {
                    a.lost = false;
                    undone = true;
                }
            }
            if undone && after.priority.is_none() {
                after.priority = Some(actor);
            }
        })
    }
}

/// CR 106.4 broken: mana stays in the pools from one step to the next.
pub struct PoolsKeepMana;
impl Bug for PoolsKeepMana {
    const NAME: &'static str = "mana pools don't empty";
    const BREAKS: Invariant = Invariant::PoolsEmpty;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, _| {
            if (before.step, before.turn) != (after.step, after.turn) {
                for (b, a) in before.players.iter().zip(after.players.iter_mut()) {
                    a.mana_pool = b.mana_pool.clone();
                }
            }
        })
    }
}

/// CR 733.1 broken: a rejected activation still taps its source.
pub struct RejectionTapsSource;
impl Bug for RejectionTapsSource {
    const NAME: &'static str = "a rejected activation taps its source anyway";
    const BREAKS: Invariant = Invariant::RejectionChangesNothing;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let source = match &action {
            Action::ActivateAbility { source, .. } => Some(*source),
            _ => None,
        };
        let r = game.apply(action);
        if let (Err(_), Some(id)) = (&r, source) {
            let mut s = game.state().clone();
            if let Some(o) = s.object_mut(id).filter(|o| o.zone == ZoneKind::Battlefield) {
                o.tapped = true;
            }
            *game = Game::from_state(s);
        }
        r
    }
}

/// Round trip broken: saving forgets the mana pools.
pub struct SaveForgetsPools;
impl Bug for SaveForgetsPools {
    const NAME: &'static str = "saving drops the mana pools";
    const BREAKS: Invariant = Invariant::RoundTrip;
    fn save(game: &Game) -> Result<String, String> {
        let mut s = game.state().clone();
        for p in &mut s.players {
            p.mana_pool = Default::default();
        }
        serde_json::to_string(&s).map_err(|e| e.to_string())
    }
}

/// Process-wide state outside the game: what makes [`RandomnessFromOutside`] nondeterministic.
static OUTSIDE: AtomicU64 = AtomicU64::new(1);

/// Determinism broken: the random generator is reseeded from outside the game (a clock, in a
/// real engine; a process-wide counter here) after every action.
pub struct RandomnessFromOutside;
impl Bug for RandomnessFromOutside {
    const NAME: &'static str = "randomness from outside the game state";
    const BREAKS: Invariant = Invariant::Deterministic;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |_, after, _| {
            after.rng = Rng::new(OUTSIDE.fetch_add(1, Ordering::Relaxed));
        })
    }
}

/// `legal_actions` broken: it also lists a pass by the player without priority.
pub struct ListsIllegalPass;
impl Bug for ListsIllegalPass {
    const NAME: &'static str = "legal_actions lists a pass by the player without priority";
    const BREAKS: Invariant = Invariant::LegalActionsAccepted;
    fn legal_actions(game: &Game) -> Vec<Action> {
        let mut v = game.legal_actions();
        if let Some(p) = game.state().priority {
            v.push(Action::PassPriority { player: p.opponent(), answers: Answers::default() });
        }
        v
    }
}

#[cfg(test)]
mod tests;

/// CR 603.10a broken: a "whenever a creature dies" ability of a permanent that left the
/// battlefield in the same step doesn't trigger (no look back in time).
pub struct DiesTriggersForgetLeavers;
impl Bug for DiesTriggersForgetLeavers {
    const NAME: &'static str = "\"whenever a creature dies\" abilities of permanents that left don't trigger";
    const BREAKS: Invariant = Invariant::TriggersOncePerEvent;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, _| {
            let board = mtg_engine::layers::board_of(before);
            let gone: Vec<ObjectId> = after
                .pending_triggers
                .iter()
                .map(|p| p.source)
                .filter(|s| after.object(*s).is_none_or(|o| o.zone != ZoneKind::Battlefield))
                .filter(|s| super::triggers::only_dies_watcher(&board, *s))
                .collect();
            after.pending_triggers.retain(|p| !gone.contains(&p.source));
            if after.pending_triggers.is_empty() {
                after.trigger_wait = None;
            }
        })
    }
}

/// CR 615.7 broken: prevention shields prevent the damage but are never used up.
pub struct ShieldsNeverUsedUp;
impl Bug for ShieldsNeverUsedUp {
    const NAME: &'static str = "prevention shields are never used up";
    const BREAKS: Invariant = Invariant::PreventionShieldUsed;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, events| {
            if !events.iter().any(|e| matches!(e, Event::DamageDealt { .. })) {
                return;
            }
            for s in &before.shields {
                after.shields.retain(|n| n.timestamp != s.timestamp);
                after.shields.push(s.clone());
            }
        })
    }
}

/// CR 601.3 broken: "can't cast spells with even mana values" is ignored.
pub struct IgnoresCantCast;
impl Bug for IgnoresCantCast {
    const NAME: &'static str = "\"can't cast\" restrictions are ignored";
    const BREAKS: Invariant = Invariant::ForbiddenActionRejected;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        if !matches!(action, Action::CastSpell { .. }) {
            return game.apply(action);
        }
        // Casts as if the restricting permanents weren't there, then puts them back.
        let board = mtg_engine::layers::board_of(game.state());
        let restricting: Vec<ObjectId> = game
            .state()
            .battlefield_ids()
            .into_iter()
            .filter(|id| {
                board.get(id).is_some_and(|c| c.statics().any(|(st, _)| matches!(st, StaticAbility::CantCastEvenManaValue { .. })))
            })
            .collect();
        if restricting.is_empty() {
            return game.apply(action);
        }
        let kept: Vec<mtg_engine::state::Object> =
            restricting.iter().filter_map(|id| game.state().object(*id).cloned()).collect();
        let mut s = game.state().clone();
        for id in &restricting {
            s.objects.remove(id);
        }
        let mut g = Game::from_state(s);
        let events = g.apply(action)?;
        let mut after = g.state().clone();
        for o in kept {
            after.objects.insert(o.id, o);
        }
        *game = Game::from_state(after);
        Ok(events)
    }
}

// ---- combat (issue 28) ----

fn began_combat_damage(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::StepBegan { step: mtg_engine::Step::CombatDamage, .. }))
}

/// CR 510.1a broken: an attacking creature deals its combat damage to the defending player
/// twice.
pub struct AttackersHitTwice;
impl Bug for AttackersHitTwice {
    const NAME: &'static str = "attackers deal their combat damage to the player twice";
    const BREAKS: Invariant = Invariant::CombatDamage;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let attackers = game.state().combat.attackers.clone();
        let mut events = game.apply(action)?;
        if !began_combat_damage(&events) {
            return Ok(events);
        }
        let mut state = game.state().clone();
        let extra: Vec<Event> = events
            .iter()
            .filter(|e| matches!(e, Event::DamageDealt { source: Some(s), target: mtg_engine::Target::Player(_), .. } if attackers.contains(s)))
            .cloned()
            .collect();
        for e in &extra {
            if let Event::DamageDealt { target: mtg_engine::Target::Player(p), amount, .. } = e {
                if let Some(pl) = state.player_mut(*p) {
                    pl.life = pl.life.saturating_sub(i32::try_from(*amount).unwrap_or(0));
                }
            }
        }
        events.extend(extra);
        *game = Game::from_state(state);
        Ok(events)
    }
}

/// CR 704.5h broken: deathtouch from keyword counters is ignored (the counters are gone while
/// the action is carried out, then put back).
pub struct DeathtouchCountersIgnored;
impl Bug for DeathtouchCountersIgnored {
    const NAME: &'static str = "deathtouch counters don't make damage lethal";
    const BREAKS: Invariant = Invariant::Deathtouch;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let mut stripped = game.state().clone();
        let mut had: Vec<(ObjectId, u32)> = Vec::new();
        for o in stripped.objects.values_mut() {
            if let Some(n) = o.counters.remove("deathtouch") {
                had.push((o.id, n));
            }
        }
        if had.is_empty() {
            return game.apply(action);
        }
        let mut g = Game::from_state(stripped);
        let events = g.apply(action)?;
        let mut after = g.state().clone();
        for (id, n) in had {
            if let Some(o) = after.object_mut(id) {
                o.counters.insert("deathtouch".into(), n);
            }
        }
        *game = Game::from_state(after);
        Ok(events)
    }
}

/// CR 510.4 broken: every combat gets a first-strike combat damage step.
pub struct AlwaysFirstStrikeStep;
impl Bug for AlwaysFirstStrikeStep {
    const NAME: &'static str = "a first-strike damage step without first strikers";
    const BREAKS: Invariant = Invariant::FirstStrikeStep;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, events| {
            if began_combat_damage(events) && before.combat.struck_first.is_empty() && !after.combat.attackers.is_empty() {
                after.combat.first_strike_step = true;
            }
        })
    }
}

/// CR 704.5g broken: a creature dealt lethal damage stays on the battlefield (the step is
/// carried out with an indestructible counter on each creature it would destroy that way,
/// taken off again afterwards).
pub struct LethalDamageSurvives;
impl Bug for LethalDamageSurvives {
    const NAME: &'static str = "a creature with lethal damage survives";
    const BREAKS: Invariant = Invariant::LethalDamage;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let mut trial = game.clone();
        let events = trial.apply(action.clone())?;
        // Lethal by the damage alone (not deathtouch's, CR 704.5h: another invariant's).
        let board = mtg_engine::layers::board_of(game.state());
        let damaged = |id: &ObjectId| {
            let dealt: u32 = events
                .iter()
                .filter_map(|e| match e {
                    Event::DamageDealt { target: mtg_engine::Target::Object(o), amount, .. } if o == id => Some(*amount),
                    _ => None,
                })
                .sum();
            let (Some(o), Some(ch)) = (game.state().object(*id), board.get(id)) else { return false };
            dealt > 0 && i64::from(o.damage.saturating_add(dealt)) >= i64::from(ch.toughness.unwrap_or(0))
        };
        let sacrificed = |id: &ObjectId| events.iter().any(|e| matches!(e, Event::Sacrificed { object } if object == id));
        let dying: Vec<ObjectId> = events
            .iter()
            .filter_map(|e| match e {
                Event::ZoneChanged { old, card: Some(_), from: ZoneKind::Battlefield, to: ZoneKind::Graveyard, .. } => Some(*old),
                _ => None,
            })
            .filter(|id| damaged(id) && !sacrificed(id))
            .collect();
        if dying.is_empty() {
            *game = trial;
            return Ok(events);
        }
        let mut s = game.state().clone();
        for id in &dying {
            if let Some(o) = s.object_mut(*id) {
                *o.counters.entry("indestructible".into()).or_insert(0) += 1;
            }
        }
        let mut g = Game::from_state(s);
        let events = g.apply(action)?;
        let mut after = g.state().clone();
        for id in &dying {
            if let Some(o) = after.object_mut(*id) {
                if let Some(n) = o.counters.remove("indestructible") {
                    if n > 1 {
                        o.counters.insert("indestructible".into(), n - 1);
                    }
                }
            }
        }
        *game = Game::from_state(after);
        Ok(events)
    }
}

/// A waiting trigger of `watcher`'s only triggered ability, as if it had triggered with `event`.
fn fake_trigger(before: &GameState, after: &mut GameState, watcher: ObjectId, event: mtg_engine::state::TriggerEvent) {
    let board = mtg_engine::layers::board_of(before);
    let Some(ch) = board.get(&watcher) else { return };
    let Some(t) = ch.abilities.iter().find_map(|a| match &*a.ability {
        Ability::Triggered(t) => Some(t.clone()),
        _ => None,
    }) else {
        return;
    };
    let Some(o) = before.object(watcher) else { return };
    let id = after.next_trigger_id.saturating_add(1000);
    after.next_trigger_id = id;
    after.pending_triggers.push(mtg_engine::state::PendingTrigger {
        source: watcher,
        source_card: o.card,
        controller: o.controller,
        effect: t.effect.clone(),
        source_counters: o.counters.clone(),
        timestamp: u64::from(id),
        x: None,
        id,
        target_specs: t.targets.clone(),
        ability: Some(Box::new(Ability::Triggered(t))),
        link: 0,
        event,
    });
}

/// CR 603.2g broken: an attacking creature's "whenever this deals damage" triggers even when
/// all its combat damage was prevented (for the damage it would have dealt).
pub struct PreventedDamageTriggers;
impl Bug for PreventedDamageTriggers {
    const NAME: &'static str = "prevented damage triggers \"whenever this deals damage\"";
    const BREAKS: Invariant = Invariant::DamageTriggersOnDealtDamage;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, events| {
            if !began_combat_damage(events) {
                return;
            }
            let board = mtg_engine::layers::board_of(before);
            for w in before.combat.attackers.clone() {
                let dealt = events.iter().any(|e| matches!(e, Event::DamageDealt { source: Some(s), .. } if *s == w));
                if dealt || !super::damage_triggers::only_damage_trigger(&board, w) {
                    continue;
                }
                let power = board.get(&w).and_then(|c| c.power).and_then(|p| u32::try_from(p).ok()).unwrap_or(0);
                if power > 0 {
                    fake_trigger(before, after, w, mtg_engine::state::TriggerEvent { player: None, object: None, amount: power });
                }
            }
        })
    }
}

/// CR 603.2e broken: a permanent entering the battlefield tapped "becomes tapped".
pub struct EnteringTappedBecomesTapped;
impl Bug for EnteringTappedBecomesTapped {
    const NAME: &'static str = "a permanent entering tapped triggers \"becomes tapped\"";
    const BREAKS: Invariant = Invariant::BecomesTappedTriggers;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, _| {
            let (board_before, board_after) = (mtg_engine::layers::board_of(before), mtg_engine::layers::board_of(after));
            let entered: Vec<(ObjectId, mtg_engine::PlayerId)> = after
                .zone_objects(ZoneKind::Battlefield, None)
                .iter()
                .filter(|o| before.object(o.id).is_none() && o.tapped)
                .map(|o| (o.id, o.controller))
                .collect();
            for w in before.zone_objects(ZoneKind::Battlefield, None) {
                let Some(trigger) = super::tapped_triggers::only_tapped_watcher(&board_before, w.id) else { continue };
                for (id, controller) in &entered {
                    if super::tapped_triggers::watched(&board_after, trigger, w.controller, *id, *controller) {
                        let event = mtg_engine::state::TriggerEvent { player: Some(*controller), object: Some(*id), amount: 0 };
                        fake_trigger(before, after, w.id, event);
                    }
                }
            }
        })
    }
}

/// CR 613.7 broken: continuous effects apply in the order the game lists them, not in
/// timestamp order (the listed order is given the timestamps, earliest first).
pub struct EffectsInListOrder;
impl Bug for EffectsInListOrder {
    const NAME: &'static str = "continuous effects apply in the order they are listed, not in timestamp order";
    const BREAKS: Invariant = Invariant::EffectsListingOrder;
    fn object_view(game: &Game, object: ObjectId) -> Option<ObjectView> {
        let state = game.state();
        let mut stamps: Vec<u64> = state.effects.iter().map(|e| e.timestamp).collect();
        stamps.sort_unstable();
        let list: Vec<mtg_engine::state::ContinuousEffect> = state
            .effects
            .iter()
            .zip(stamps)
            .map(|(e, timestamp)| mtg_engine::state::ContinuousEffect { timestamp, ..e.clone() })
            .collect();
        let mut s = state.clone();
        s.effects = mtg_engine::state::Effects::from(list);
        Game::from_state(s).object_view(object)
    }
}

/// CR 613.6 broken: an effect of a static ability reads its text again in each later layer it
/// applies in (here: on the board as every layer left it), instead of keeping the objects it
/// began applying to. March of the Machines' "each noncreature artifact" finds none left in
/// layer 7b, the artifacts having become creatures in layer 4.
pub struct FilterReadAgain;
impl Bug for FilterReadAgain {
    const NAME: &'static str = "a static ability's effect decides its objects again in each of its layers";
    const BREAKS: Invariant = Invariant::SameObjectsAcrossLayers;
    fn layer_trace(game: &Game) -> mtg_engine::layers::LayerTrace {
        let state = game.state();
        let (board, mut trace) = mtg_engine::layers::compute_traced(state);
        for e in &mut trace.effects {
            let Ability::Static(StaticAbility::Continuous { affected, .. }) = &*e.ability else { continue };
            let Some(first) = e.layers.first().map(|(l, _)| *l) else { continue };
            for (layer, objects) in &mut e.layers {
                if *layer != first {
                    *objects = mtg_engine::layers::affected_on(state, &board, e.source, affected);
                }
            }
        }
        trace
    }
}

/// CR 707.2 broken: a copy effect copies the original's characteristics as every layer leaves
/// them (counters, anthems and other non-copy effects included), and its exceptions are lost.
pub struct CopiesCurrentCharacteristics;
impl Bug for CopiesCurrentCharacteristics {
    const NAME: &'static str = "a copy copies the original's current characteristics, not its copiable values";
    const BREAKS: Invariant = Invariant::CopiableValuesCopied;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        apply_then(game, action, |before, after, _| {
            let board = mtg_engine::layers::board_of(before);
            let begun: Vec<u64> = super::copies::begun(before, after).iter().map(|e| e.timestamp).collect();
            let mut list: Vec<mtg_engine::state::ContinuousEffect> = after.effects.to_vec();
            for e in list.iter_mut().filter(|e| begun.contains(&e.timestamp)) {
                let Some(c) = e.copy_of.as_ref().and_then(|o| board.get(&o.original)) else { continue };
                let current = mtg_engine::layers::CopiableValues {
                    name: c.name.to_string(),
                    mana_cost: (*c.mana_cost).clone(),
                    colors: c.colors.iter().copied().collect(),
                    types: c.types.iter().copied().collect(),
                    subtypes: (*c.subtypes).clone(),
                    supertypes: (*c.supertypes).clone(),
                    power: c.power,
                    toughness: c.toughness,
                    loyalty: c.loyalty,
                    abilities: c.abilities.iter().map(|a| (*a.ability).clone()).collect(),
                };
                for m in &mut e.modifications {
                    if let mtg_engine::abilities::Modification::BecomeCopy(v) = m {
                        **v = current.clone();
                    }
                }
            }
            after.effects = mtg_engine::state::Effects::from(list);
        })
    }
}

/// CR 614.5 broken: a damage doubler applies again to the damage it already doubled (each
/// attacker under a doubler deals its doubled combat damage to the player once more).
pub struct DoublerAppliesTwice;
impl Bug for DoublerAppliesTwice {
    const NAME: &'static str = "a damage doubler applies twice to one event";
    const BREAKS: Invariant = Invariant::ReplacementOnce;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let before = game.state().clone();
        let board = mtg_engine::layers::board_of(&before);
        let mut events = game.apply(action)?;
        if !began_combat_damage(&events) {
            return Ok(events);
        }
        let doubled: Vec<ObjectId> =
            before.combat.attackers.iter().copied().filter(|a| super::replacement_once::doublers(&before, &board, *a) > 0).collect();
        let mut state = game.state().clone();
        for e in &mut events {
            if let Event::DamageDealt { source: Some(s), target: mtg_engine::Target::Player(p), amount } = e {
                if doubled.contains(s) {
                    if let Some(pl) = state.player_mut(*p) {
                        pl.life = pl.life.saturating_sub(i32::try_from(*amount).unwrap_or(0));
                    }
                    *amount = amount.saturating_mul(2);
                }
            }
        }
        *game = Game::from_state(state);
        Ok(events)
    }
}

/// CR 601.2f broken: cost reductions are ignored, so a reduced spell is paid in full (as long as
/// the pool holds the difference: the mutant takes one more unrestricted mana per reduced
/// generic mana after the cast).
pub struct ReductionsIgnored;
impl Bug for ReductionsIgnored {
    const NAME: &'static str = "cost reductions are ignored";
    const BREAKS: Invariant = Invariant::TotalCostPaid;
    fn apply(game: &mut Game, action: Action) -> Result<Vec<Event>, Rejection> {
        let cast = match &action {
            Action::CastSpell { player, card, .. } => Some((*player, *card)),
            _ => None,
        };
        apply_then(game, action, |before, after, _| {
            let Some((player, card)) = cast else { return };
            let board = mtg_engine::layers::board_of(before);
            let Some(generic) = board.get(&card).and_then(|c| c.mana_cost.as_ref()).map(|c| c.generic) else { return };
            let mut extra = super::total_cost::reductions(before, &board, player, card).min(generic);
            let Some(p) = after.player_mut(player) else { return };
            for t in ManaType::ALL {
                while extra > 0 && p.mana_pool.unrestricted_amount(t) > 0 {
                    match p.mana_pool.minus(&mtg_engine::mana::ManaPool::single(t)) {
                        Some(rest) => p.mana_pool = rest,
                        None => break,
                    }
                    extra -= 1;
                }
            }
        })
    }
}
