//! Characteristics are always derived, never stored (CR 613): printed values of the card or
//! token definition, then continuous effects layer by layer — 1 copy (each copy effect carries
//! the copiable values it locked in when it began, CR 707.2, 707.2b, 707.3, with its exceptions,
//! CR 707.9a; a later one overwrites an earlier one; abilities a copy effect gives are linked
//! through it, CR 607.5, 707.7), 4 type, 5 color,
//! 6 abilities (keyword counters included, CR 613.1f, 122.1b), 7a CDA, 7b set, 7c modify
//! (+1/+1 and -1/-1 counters included, CR 613.4c), 7d switch — each in timestamp order
//! (CR 613.7; a counter's is when its kind was last put on, CR 613.7c) with
//! characteristic-defining abilities first (CR 613.3). Layer 2 (control, CR 613.1b) is kept in
//! `Object::controller` by `apply_control`, since the controller is read everywhere.
//! Within a layer, an effect that depends on another applies after it (CR 613.8, `dependency`);
//! a static ability's effect keeps applying, in its later layers, to the objects it began
//! applying to (CR 613.6).

use std::collections::BTreeSet;
use std::sync::{Arc, LazyLock};

use serde::{Deserialize, Serialize};

use crate::abilities::{
    Ability, ActivatedAbility, Affected, Effect, Keyword, Layer, ManaSpec, Modification, Relation,
    StaticAbility,
};
use crate::cards::CardDef;
use crate::costs::Cost;
use crate::ids::{ObjectId, PlayerId};
use crate::mana::{ManaCost, ManaPool, ManaType};
use crate::shared::Shared;
use crate::state::{GameState, Object, ZoneKind};
use crate::types::{is_creature_type, is_land_type, CardType, Color};

/// An ability an object has, with the timestamp its static effects use (CR 613.7a).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbilityInstance {
    /// Shared with the card definition (or the effect) it comes from: never modified in place.
    pub ability: Arc<Ability>,
    pub timestamp: u64,
    /// Which set of linked abilities it belongs to (CR 607.5, 707.7): 0 for abilities printed
    /// on the object, else the timestamp of the copy effect that gave it the ability.
    #[serde(default)]
    pub link: u64,
}

/// The copiable values of an object (CR 707.2): what a copy effect locks in when it begins
/// (CR 707.2b), with its exceptions applied (CR 707.9).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CopiableValues {
    pub name: String,
    pub mana_cost: Option<ManaCost>,
    pub colors: Vec<Color>,
    pub types: Vec<CardType>,
    pub subtypes: Vec<String>,
    pub supertypes: Vec<String>,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub loyalty: Option<i32>,
    pub abilities: Vec<Ability>,
}

/// Where a copy effect's copiable values come from: the object copied, whose copiable values it
/// locked in as it began (CR 707.2, 707.2b; a copy's own are what it copies, CR 707.3), and the
/// exceptions its text states, applied to them (CR 707.9; [`apply_exceptions`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CopyOrigin {
    pub original: ObjectId,
    #[serde(default)]
    pub exceptions: Vec<crate::abilities::CopyException>,
}

/// The current characteristics of an object (CR 109.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
///
/// Everything but the abilities is `Shared` with the printed characteristics it starts from
/// (copied only when a layer changes it), so computing the board allocates little per object.
pub struct Characteristics {
    pub name: Shared<String>,
    pub mana_cost: Shared<Option<ManaCost>>,
    pub colors: Shared<BTreeSet<Color>>,
    pub types: Shared<BTreeSet<CardType>>,
    pub subtypes: Shared<Vec<String>>,
    pub supertypes: Shared<Vec<String>>,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub loyalty: Option<i32>,
    pub abilities: Vec<AbilityInstance>,
}

/// Characteristics of every object, computed together because static abilities of one object
/// affect others.
pub type Board = crate::idmap::IdMap<Characteristics>;

impl Characteristics {
    pub(crate) fn printed(def: &CardDef, timestamp: u64) -> Characteristics {
        let colors = match &def.colors {
            Some(c) => c.iter().copied().collect(),
            // CR 202.2: an object's colors are the colors of the mana symbols in its cost.
            None => def
                .mana_cost
                .as_ref()
                .map(|c| c.colors().into_iter().filter_map(Color::from_mana_type).collect())
                .unwrap_or_default(),
        };
        Characteristics {
            name: def.name.clone().into(),
            mana_cost: def.mana_cost.clone().into(),
            colors: Shared::new(colors),
            types: def.types.iter().copied().collect(),
            subtypes: def.subtypes.clone().into(),
            supertypes: def.supertypes.clone().into(),
            power: def.power,
            toughness: def.toughness,
            loyalty: def.loyalty,
            abilities: def
                .abilities
                .iter()
                .map(|a| AbilityInstance { ability: Arc::new(a.clone()), timestamp, link: 0 })
                .collect(),
        }
    }

    /// Characteristics from copiable values: the abilities get the copying object's timestamp
    /// and the copy effect's link (CR 707.7).
    fn from_copiable(v: &CopiableValues, timestamp: u64, link: u64) -> Characteristics {
        Characteristics {
            name: v.name.clone().into(),
            mana_cost: v.mana_cost.clone().into(),
            colors: v.colors.iter().copied().collect(),
            types: v.types.iter().copied().collect(),
            subtypes: v.subtypes.clone().into(),
            supertypes: v.supertypes.clone().into(),
            power: v.power,
            toughness: v.toughness,
            loyalty: v.loyalty,
            abilities: v
                .abilities
                .iter()
                .map(|a| AbilityInstance { ability: Arc::new(a.clone()), timestamp, link })
                .collect(),
        }
    }

    fn to_copiable(&self) -> CopiableValues {
        CopiableValues {
            name: self.name.to_string(),
            mana_cost: (*self.mana_cost).clone(),
            colors: self.colors.iter().copied().collect(),
            types: self.types.iter().copied().collect(),
            subtypes: (*self.subtypes).clone(),
            supertypes: (*self.supertypes).clone(),
            power: self.power,
            toughness: self.toughness,
            loyalty: self.loyalty,
            abilities: self.abilities.iter().map(|a| (*a.ability).clone()).collect(),
        }
    }

    pub fn is(&self, t: CardType) -> bool {
        self.types.contains(&t)
    }

    pub fn is_permanent(&self) -> bool {
        self.types.iter().any(|t| t.is_permanent_type())
    }

    /// Mana value with the given X (CR 202.3; X is 0 outside the stack, CR 107.3g).
    pub fn mana_value(&self, x: u32) -> u32 {
        self.mana_cost.as_ref().map(|c| c.mana_value(x)).unwrap_or(0)
    }

    pub fn has_keyword(&self, k: Keyword) -> bool {
        self.abilities.iter().any(|a| *a.ability == Ability::Keyword(k))
    }

    /// The total toxic value: the sum of the N of every toxic N it has (CR 702.164b).
    pub fn total_toxic(&self) -> u32 {
        self.abilities
            .iter()
            .map(|a| match *a.ability {
                Ability::Keyword(Keyword::Toxic(n)) => n,
                _ => 0,
            })
            .fold(0, u32::saturating_add)
    }

    pub fn keywords(&self) -> Vec<Keyword> {
        let mut v: Vec<Keyword> = self
            .abilities
            .iter()
            .filter_map(|a| match *a.ability {
                Ability::Keyword(k) => Some(k),
                _ => None,
            })
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// The names of every keyword ability it has (CR 702), each once: what an observer sees.
    /// The plain keywords come first, in `keywords()` order; then, by name, the keyword abilities
    /// the rules build from other primitives (enchant, cycling, cumulative upkeep).
    pub fn keyword_names(&self) -> Vec<&'static str> {
        let mut built: Vec<&'static str> = self
            .abilities
            .iter()
            .filter(|a| !matches!(*a.ability, Ability::Keyword(_)))
            .filter_map(|a| a.ability.keyword_name())
            .collect();
        built.sort_unstable();
        built.dedup();
        self.keywords().into_iter().map(Keyword::name).chain(built).collect()
    }

    /// Activated abilities in order (the index of `Action::ActivateAbility`).
    pub fn activated(&self) -> Vec<&ActivatedAbility> {
        self.abilities
            .iter()
            .filter_map(|a| match &*a.ability {
                Ability::Activated(x) => Some(x),
                _ => None,
            })
            .collect()
    }

    pub fn statics(&self) -> impl Iterator<Item = (&StaticAbility, u64)> {
        self.abilities.iter().filter_map(|a| match &*a.ability {
            Ability::Static(s) => Some((s, a.timestamp)),
            _ => None,
        })
    }
}

/// The printed characteristics of the object's definition with the object's timestamp: a
/// copy of the registry's precomputed ones, whose ability data is shared, not deep-copied.
fn printed_shared(obj: &Object) -> Option<Characteristics> {
    // A card object names a card of the pool; a token one a token definition, or the card
    // whose name it was created by (CR 111.11).
    let base = obj.def.printed().filter(|_| obj.is_token || !obj.def.is_token_def())?;
    let mut ch = base.clone();
    for a in &mut ch.abilities {
        a.timestamp = obj.timestamp;
    }
    Some(ch)
}

/// Copiable values (CR 707.2, 613.2a): printed values, then the copy effects on the object in
/// timestamp order, each replacing the values with the ones it locked in (a later copy effect
/// overwrites an earlier one; CR 613.7). A copy of a copy already locked in what the copied
/// object was copying (CR 707.3).
fn copiable(state: &GameState, id: ObjectId) -> Option<Characteristics> {
    let obj = state.object(id)?;
    let mut ch = printed_shared(obj)?;
    let mut copies: Vec<(u64, &CopiableValues)> = state
        .effects
        .iter()
        .filter(|e| e.affected.contains(&id))
        .flat_map(|e| {
            e.modifications.iter().filter_map(move |m| match m {
                Modification::BecomeCopy(v) => Some((e.timestamp, v.as_ref())),
                _ => None,
            })
        })
        .collect();
    copies.sort_by_key(|(ts, _)| *ts);
    for (ts, v) in copies {
        ch = Characteristics::from_copiable(v, obj.timestamp, ts);
    }
    Some(ch)
}

impl CopiableValues {
    /// Applies a copy exception that modifies the copiable values as part of the copying
    /// process (CR 707.9a, 707.9b, 707.9d); the others are done by [`apply_exceptions`].
    pub fn except(&mut self, e: &crate::abilities::CopyException) {
        use crate::abilities::CopyException;
        match e {
            CopyException::AddTypes(types) => {
                for t in types {
                    if !self.types.contains(t) {
                        self.types.push(*t);
                    }
                }
            }
            CopyException::AddSubtypes(subtypes) => {
                let kindred = self.types.contains(&CardType::Creature) || self.types.contains(&CardType::Kindred);
                for t in subtypes {
                    if !self.subtypes.contains(t) && (kindred || !is_creature_type(t)) {
                        self.subtypes.push(t.clone());
                    }
                }
            }
            CopyException::AddSupertypes(supertypes) => {
                for t in supertypes {
                    if !self.supertypes.contains(t) {
                        self.supertypes.push(t.clone());
                    }
                }
            }
            CopyException::AddAbility(a) => self.abilities.push((**a).clone()),
            CopyException::SetPt { power, toughness } => {
                self.power = Some(*power);
                self.toughness = Some(*toughness);
                // CR 707.9d: a characteristic-defining ability that would define them isn't copied.
                self.abilities.retain(|a| {
                    !matches!(a, Ability::Static(StaticAbility::Continuous { modification, cda: true, .. })
                        if modification.parts().iter().any(|p| p.layer(true) == Layer::PtCda))
                });
            }
            // Not modifications of the copiable values (`apply_exceptions`).
            CopyException::EntersWithCounters { .. } | CopyException::IfCreature(_) => {}
        }
    }
}

/// Applies a copy ability's exceptions to the copiable values it locked in (CR 707.9): first
/// the unconditional ones, then those that apply "if it's a creature", decided on the values
/// the others left (CR 707.9f). Returns the counters the additional effects among them put on
/// the permanent as it enters (CR 707.9e); `x` is the X of "X additional counters".
pub fn apply_exceptions(values: &mut CopiableValues, exceptions: &[crate::abilities::CopyException], x: u32) -> Vec<(String, u32)> {
    use crate::abilities::{Amount, CopyException};
    let mut counters = Vec::new();
    let mut conditional = Vec::new();
    for e in exceptions {
        match e {
            CopyException::IfCreature(inner) => conditional.push(inner),
            CopyException::EntersWithCounters { kind, amount } => {
                let n = match amount {
                    Amount::Fixed(n) => *n,
                    Amount::X => x,
                    _ => 0,
                };
                counters.push((kind.clone(), n));
            }
            other => values.except(other),
        }
    }
    // CR 707.9f: whether the copy would be a creature with the other exceptions applied.
    if values.types.contains(&CardType::Creature) {
        for inner in conditional {
            counters.extend(apply_exceptions(values, inner, x));
        }
    }
    counters.retain(|(_, n)| *n > 0);
    counters
}

/// The copiable values of an object now (CR 707.2), for a copy effect to lock in.
pub fn copiable_values(state: &GameState, id: ObjectId) -> Option<CopiableValues> {
    copiable(state, id).map(|c| c.to_copiable())
}

fn relation_holds(rel: Relation, you: PlayerId, other: PlayerId) -> bool {
    match rel {
        Relation::You => you == other,
        Relation::Opponent => you != other,
        Relation::Any => true,
    }
}

fn clamp_i32(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// CR 305.6: "{T}: Add [symbol]" of each basic land type, built once and shared by every land
/// of that type (the board is computed many times per action).
static INTRINSIC: LazyLock<[(&str, Arc<Ability>); 5]> = LazyLock::new(|| {
    [
        ("Plains", ManaType::White),
        ("Island", ManaType::Blue),
        ("Swamp", ManaType::Black),
        ("Mountain", ManaType::Red),
        ("Forest", ManaType::Green),
    ]
    .map(|(sub, t)| {
        let ability = Ability::Activated(ActivatedAbility {
            cost: Cost { tap: true, ..Cost::default() },
            targets: Vec::new(),
            effect: Effect::AddMana(ManaSpec::Fixed(ManaPool::single(t))),
            sorcery_speed: false,
            cycling: false,
            from_graveyard: false,
            once_each_turn: false,
        });
        (sub, Arc::new(ability))
    })
});

/// CR 305.6: "{T}: Add [symbol]" for each basic land type of a land.
fn intrinsic_mana_abilities(ch: &Characteristics, timestamp: u64) -> Vec<AbilityInstance> {
    if !ch.is(CardType::Land) {
        return Vec::new();
    }
    INTRINSIC
        .iter()
        .filter(|(sub, _)| ch.subtypes.iter().any(|s| s == sub))
        .map(|(_, ability)| AbilityInstance { ability: Arc::clone(ability), timestamp, link: 0 })
        .collect()
}

struct Application {
    cda_first: u8,
    timestamp: u64,
    seq: usize,
    affected: Vec<ObjectId>,
    modification: Modification,
    /// A static ability's effect beginning in this layer: its source and ability (its objects
    /// are decided when it is applied).
    starting: Option<(ObjectId, Arc<Ability>)>,
    /// A static ability's effect begun in an earlier layer: its index in `started`.
    begun: Option<usize>,
}

/// A static ability's effect that has begun to apply, and the objects it applies to (CR 613.6).
struct Started {
    source: ObjectId,
    ability: Arc<Ability>,
    timestamp: u64,
    affected: Vec<ObjectId>,
}

/// The objects a static ability of `source` affects on `board` as it stands (CR 611.3a).
fn affected_now(state: &GameState, board: &Board, battlefield: &[ObjectId], source: ObjectId, affected: &Affected) -> Vec<ObjectId> {
    let Some(obj) = state.object(source) else { return Vec::new() };
    match affected {
        Affected::This => vec![source],
        // CR 721.2a-b: a station symbol's abilities, while it has N or more charge counters.
        Affected::ThisWithCountersAtLeast { kind, n } => {
            if obj.counters.get(kind).copied().unwrap_or(0) >= *n {
                vec![source]
            } else {
                Vec::new()
            }
        }
        Affected::ThisWhileDevotionBelow { color, n } => {
            if crate::devotion::devotion(state, board, obj.controller, &[*color]) < *n {
                vec![source]
            } else {
                Vec::new()
            }
        }
        // CR 303.4m: whatever the source is attached to, if it is on the battlefield.
        Affected::EnchantedObject => obj
            .attached_to
            .filter(|t| state.object(*t).is_some_and(|o| o.on_battlefield()))
            .into_iter()
            .collect(),
        Affected::EnchantedObjectWith(f) => obj
            .attached_to
            .filter(|t| {
                let (Some(c), Some(x)) = (board.get(t), state.object(*t)) else { return false };
                x.on_battlefield() && filter_holds(f, c, x, source, obj)
            })
            .into_iter()
            .collect(),
        Affected::Permanents { types, controller } => battlefield
            .iter()
            .copied()
            .filter(|o| {
                let ok_type = board.get(o).is_some_and(|c| types.iter().any(|t| c.types.contains(t)));
                let ok_ctrl = state
                    .object(*o)
                    .is_some_and(|x| relation_holds(*controller, obj.controller, x.controller));
                ok_type && ok_ctrl
            })
            .collect(),
        // CR 113.12: abilities as layer 6 left them (this applies in layer 7c).
        Affected::CreaturesWithNoAbilities => battlefield
            .iter()
            .copied()
            .filter(|o| board.get(o).is_some_and(|c| c.is(CardType::Creature) && c.abilities.is_empty()))
            .collect(),
        // The colors as the earlier layers left them (layer 5 applies before 7).
        Affected::PermanentsOfChosenColor { types } => match obj.chosen_color {
            None => Vec::new(),
            Some(color) => battlefield
                .iter()
                .copied()
                .filter(|o| {
                    board
                        .get(o)
                        .is_some_and(|c| types.iter().any(|t| c.types.contains(t)) && c.colors.contains(&color))
                })
                .collect(),
        },
        Affected::Where(f) => battlefield
            .iter()
            .copied()
            .filter(|o| {
                let (Some(c), Some(x)) = (board.get(o), state.object(*o)) else { return false };
                filter_holds(f, c, x, source, obj)
            })
            .collect(),
        Affected::CardsInYourGraveyard { types } => state
            .zone_objects(ZoneKind::Graveyard, Some(obj.controller))
            .iter()
            .map(|o| o.id)
            .filter(|o| board.get(o).is_some_and(|c| types.iter().any(|t| c.types.contains(t))))
            .collect(),
        Affected::EveryObject => board.keys().copied().collect(),
    }
}

/// The objects `app` applies to on `board`: its locked-in set, or for a static ability's effect
/// beginning now, what its text says now; `None` if that ability no longer exists (its source
/// lost it earlier in this layer, CR 613.8a).
fn objects_of(state: &GameState, board: &Board, battlefield: &[ObjectId], app: &Application) -> Option<Vec<ObjectId>> {
    let Some((source, ability)) = &app.starting else { return Some(app.affected.clone()) };
    let exists = board
        .get(source)
        .is_some_and(|c| c.abilities.iter().any(|a| Arc::ptr_eq(&a.ability, ability)));
    let Ability::Static(StaticAbility::Continuous { affected, .. }) = &**ability else { return None };
    exists.then(|| affected_now(state, board, battlefield, *source, affected))
}

/// Applies `app` to the board (recording a static ability's effect as begun). Returns, for a
/// static ability's effect, its index in `started` and the objects it was applied to.
fn apply_application(
    state: &GameState,
    board: &mut Board,
    battlefield: &[ObjectId],
    app: &Application,
    started: &mut Vec<Started>,
) -> Option<(usize, Vec<ObjectId>)> {
    let objects = objects_of(state, board, battlefield, app)?;
    // An amount read from other objects' values in this same layer is read as it applies,
    // after the effects it depends on (CR 613.8a): "the total power of the exiled cards".
    let late = match &app.starting {
        Some((source, ability)) => match &**ability {
            Ability::Static(StaticAbility::Continuous { modification, .. }) if reads_linked_exiled(modification) => {
                Some(for_source(&Modification::SetPtToTotalOfLinkedExiled, state.object(*source), state, board))
            }
            _ => None,
        },
        None => None,
    };
    let modification = late.as_ref().unwrap_or(&app.modification);
    for id in &objects {
        if let (Some(ch), Some(obj)) = (board.get_mut(id), state.object(*id)) {
            apply(ch, modification, app.timestamp, obj);
        }
    }
    if let Some((source, ability)) = &app.starting {
        let k = match started.iter().position(|s| s.source == *source && Arc::ptr_eq(&s.ability, ability)) {
            Some(k) => k,
            None => {
                started.push(Started { source: *source, ability: Arc::clone(ability), timestamp: app.timestamp, affected: objects.clone() });
                started.len() - 1
            }
        };
        return Some((k, objects));
    }
    app.begun.map(|k| (k, objects))
}

/// Whether `m` counts the power and toughness of the cards its source's abilities exiled.
fn reads_linked_exiled(m: &Modification) -> bool {
    m.parts().contains(&Modification::SetPtToTotalOfLinkedExiled)
}

/// Records in `trace` that the effect `started[k]` applied to `objects` in `layer`.
fn record(trace: &mut LayerTrace, started: &[Started], k: usize, layer: Layer, objects: Vec<ObjectId>) {
    // `started` only grows, so entry k of the trace is entry k of `started`.
    while trace.effects.len() <= k {
        let Some(s) = started.get(trace.effects.len()) else { return };
        trace.effects.push(TracedEffect { source: s.source, ability: Arc::clone(&s.ability), layers: Vec::new() });
    }
    if let Some(e) = trace.effects.get_mut(k) {
        e.layers.push((layer, objects));
    }
}

/// CR 613.8a: `apps[a]` depends on `apps[b]` if applying `b` would change whether `a` exists
/// or what it applies to. (What it does to them is fixed by its text here: no effect of the
/// pool changes another's amounts within a layer.) Only an effect whose objects aren't decided
/// yet can depend on another, and only through the objects `b` changes: each is changed on a
/// copy of its characteristics and asked again.
fn depends(state: &GameState, board: &Board, battlefield: &[ObjectId], apps: &[Application], _started: &[Started], a: usize, b: usize) -> bool {
    let (first, other) = (&apps[a], &apps[b]);
    let Some((source, ability)) = &first.starting else { return false };
    if part_of(other, *source, ability) {
        return false;
    }
    let Ability::Static(StaticAbility::Continuous { affected, modification, .. }) = &**ability else { return false };
    let Some(source_obj) = state.object(*source) else { return false };
    let Some(changed) = objects_of(state, board, battlefield, other) else { return false };
    if changes_linked_exiled(state, *source, modification, &changed) {
        return true;
    }
    for o in changed {
        let (Some(ch), Some(obj)) = (board.get(&o), state.object(o)) else { continue };
        let mut after = ch.clone();
        apply(&mut after, &other.modification, other.timestamp, obj);
        if o == *source {
            let has = |c: &Characteristics| c.abilities.iter().any(|x| Arc::ptr_eq(&x.ability, ability));
            if has(ch) != has(&after) {
                return true;
            }
        }
        if obj.on_battlefield()
            && member(ch, obj, *source, source_obj, affected) != member(&after, obj, *source, source_obj, affected)
        {
            return true;
        }
    }
    false
}

/// Whether `app` is a part of the effect of `source`'s `ability` (another part of it in this
/// layer): one effect, which doesn't depend on itself.
fn part_of(app: &Application, source: ObjectId, ability: &Arc<Ability>) -> bool {
    app.starting.as_ref().is_some_and(|(s, x)| *s == source && Arc::ptr_eq(x, ability))
}

/// Whether `modification` of `source` reads "the total power of the exiled cards" and an
/// effect changing `changed` in this layer changes one of them: what it does changes (CR
/// 613.8a; a characteristic-defining ability of an exiled card applies in exile, Sutured Ghoul
/// ruling 2011-09-22).
fn changes_linked_exiled(state: &GameState, source: ObjectId, modification: &Modification, changed: &[ObjectId]) -> bool {
    reads_linked_exiled(modification)
        && changed.iter().any(|o| state.linked_exiles.iter().any(|l| l.source == source && l.exiled == *o))
}

/// Whether `obj`, with characteristics `c`, is among the permanents `affected` describes for a
/// static ability of `source` (for the kinds decided by characteristics; `false` otherwise).
fn member(c: &Characteristics, obj: &Object, source: ObjectId, source_obj: &Object, affected: &Affected) -> bool {
    match affected {
        Affected::This
        | Affected::EnchantedObject
        | Affected::ThisWhileDevotionBelow { .. }
        | Affected::ThisWithCountersAtLeast { .. } => false,
        // Whether the object the source is attached to passes the filter.
        Affected::EnchantedObjectWith(f) => source_obj.attached_to == Some(obj.id) && filter_holds(f, c, obj, source, source_obj),
        Affected::Permanents { types, controller } => {
            types.iter().any(|t| c.types.contains(t)) && relation_holds(*controller, source_obj.controller, obj.controller)
        }
        Affected::CreaturesWithNoAbilities => c.is(CardType::Creature) && c.abilities.is_empty(),
        Affected::PermanentsOfChosenColor { types } => source_obj
            .chosen_color
            .is_some_and(|color| types.iter().any(|t| c.types.contains(t)) && c.colors.contains(&color)),
        Affected::Where(f) => filter_holds(f, c, obj, source, source_obj),
        // Cards in a graveyard, never a permanent.
        Affected::CardsInYourGraveyard { .. } => false,
        Affected::EveryObject => true,
    }
}

/// The permanents on the battlefield that `f` describes now, for an effect of `source` (a
/// resolving spell or ability; "you" is its controller).
pub(crate) fn permanents_matching(state: &GameState, board: &Board, f: &crate::abilities::PermanentFilter, source: ObjectId, controller: PlayerId) -> Vec<ObjectId> {
    let Some(mut source_obj) = state.object(source).cloned() else { return Vec::new() };
    source_obj.controller = controller;
    state
        .battlefield_ids()
        .into_iter()
        .filter(|id| {
            let (Some(c), Some(x)) = (board.get(id), state.object(*id)) else { return false };
            filter_holds(f, c, x, source, &source_obj)
        })
        .collect()
}

/// Whether the permanent `obj` (characteristics `c`) is one `f` describes for a condition of
/// `controller`'s ("if you control a ..."): no source, so `other` and "of the chosen type" don't
/// apply.
pub(crate) fn permanent_matches(f: &crate::abilities::PermanentFilter, c: &Characteristics, obj: &Object, controller: PlayerId) -> bool {
    let mut you = obj.clone();
    you.controller = controller;
    filter_holds(&crate::abilities::PermanentFilter { other: false, of_chosen_type: false, ..f.clone() }, c, obj, obj.id, &you)
}

/// Whether `obj`, with characteristics `c`, is among the permanents `f` describes for a static
/// ability of `source`.
fn filter_holds(f: &crate::abilities::PermanentFilter, c: &Characteristics, obj: &Object, source: ObjectId, source_obj: &Object) -> bool {
    let typed = f.types.is_empty() || f.types.iter().any(|t| c.types.contains(t));
    let subtyped = f.subtypes.is_empty() || f.subtypes.iter().any(|t| c.subtypes.contains(t));
    let colored = f.colors.is_empty() || f.colors.iter().any(|k| c.colors.contains(k));
    typed
        && subtyped
        && colored
        && !f.not_types.iter().any(|t| c.types.contains(t))
        && !f.not_subtypes.iter().any(|t| c.subtypes.contains(t))
        && !f.not_supertypes.iter().any(|t| c.supertypes.contains(t))
        && f.supertypes.iter().all(|t| c.supertypes.contains(t))
        && (!f.other || obj.id != source)
        && (!f.of_chosen_type || source_obj.chosen_type.as_ref().is_some_and(|t| c.subtypes.contains(t)))
        && relation_holds(f.controller, source_obj.controller, obj.controller)
        && f.with_keyword.as_ref().is_none_or(|k| c.keyword_names().contains(&k.as_str()))
}

/// `part` as the static ability of `source` means it on `board` as the earlier layers left it:
/// the chosen color named (CR 614.12), the number counted (CR 604.3).
fn for_source(part: &Modification, source: Option<&Object>, state: &GameState, board: &Board) -> Modification {
    match part {
        Modification::AddChosenColor => {
            Modification::AddColors(source.and_then(|o| o.chosen_color).into_iter().collect())
        }
        Modification::AddChosenCreatureType => Modification::AddTypes {
            types: Vec::new(),
            subtypes: source.and_then(|o| o.chosen_type.clone()).into_iter().collect(),
        },
        Modification::SetPtToCardTypesInGraveyards { toughness_plus } => {
            // Card types as layer 4 left them (this applies in 7a).
            let mut kinds = BTreeSet::new();
            // Cards only: a token isn't a card (CR 111.1), even in the graveyard for a moment.
            for o in state.objects.values().filter(|o| o.zone == ZoneKind::Graveyard && !o.is_token) {
                if let Some(c) = board.get(&o.id) {
                    kinds.extend(c.types.iter().copied());
                }
            }
            let n = i32::try_from(kinds.len()).unwrap_or(i32::MAX);
            Modification::SetPt { power: n, toughness: n.saturating_add(*toughness_plus) }
        }
        Modification::SetPtToCardsInHand => {
            let n = source.map_or(0, |o| state.zone_objects(ZoneKind::Hand, Some(o.controller)).len());
            let n = i32::try_from(n).unwrap_or(i32::MAX);
            Modification::SetPt { power: n, toughness: n }
        }
        Modification::SetPtToCreatureCardsInYourGraveyard => {
            // Creature cards as layer 4 left them (this applies in 7a or 7b); "your" graveyard
            // is the graveyard of the source's controller.
            let you = source.map(|o| o.controller);
            let n = state
                .objects
                .values()
                .filter(|o| o.zone == ZoneKind::Graveyard && Some(o.owner) == you && !o.is_token)
                .filter(|o| board.get(&o.id).is_some_and(|c| c.is(CardType::Creature)))
                .count();
            let n = i32::try_from(n).unwrap_or(i32::MAX);
            Modification::SetPt { power: n, toughness: n }
        }
        Modification::SetPtToTotalOfLinkedExiled => {
            // CR 607.2a: the cards this object exiled that are still those objects in exile
            // (CR 400.7), with the power and toughness the earlier layers left them.
            let (mut power, mut toughness) = (0i32, 0i32);
            if let Some(src) = source {
                for l in state.linked_exiles.iter().filter(|l| l.source == src.id) {
                    if state.object(l.exiled).is_none_or(|o| o.zone != ZoneKind::Exile) {
                        continue;
                    }
                    if let Some(c) = board.get(&l.exiled) {
                        power = power.saturating_add(c.power.unwrap_or(0));
                        toughness = toughness.saturating_add(c.toughness.unwrap_or(0));
                    }
                }
            }
            Modification::SetPt { power, toughness }
        }
        other => other.clone(),
    }
}

fn apply(ch: &mut Characteristics, m: &Modification, timestamp: u64, obj: &Object) {
    match m {
        Modification::BecomeCopy(_) | Modification::GainControl(_) => {}
        Modification::SetCreatureTypes(subtypes) => {
            if ch.is(CardType::Creature) || ch.is(CardType::Kindred) {
                ch.subtypes.retain(|s| !is_creature_type(s));
                for s in subtypes {
                    if !ch.subtypes.contains(s) {
                        ch.subtypes.push(s.clone());
                    }
                }
            }
        }
        Modification::RemoveCardType(t) => {
            ch.types.remove(t);
            if *t == CardType::Creature {
                ch.subtypes.retain(|s| !is_creature_type(s));
            }
        }
        Modification::AllCreatureTypes => {
            // CR 205.3d: only a creature or kindred has creature types.
            if ch.is(CardType::Creature) || ch.is(CardType::Kindred) {
                let mut subtypes: Vec<String> = ch.subtypes.iter().filter(|s| !is_creature_type(s)).cloned().collect();
                subtypes.extend(crate::types::CREATURE_TYPES.iter().map(|t| t.to_string()));
                ch.subtypes = subtypes.into();
            }
        }
        Modification::SetTypes { types, subtypes } => {
            ch.types = types.iter().copied().collect();
            ch.subtypes = subtypes.clone().into();
        }
        Modification::AddTypes { types, subtypes } => {
            ch.types.extend(types.iter().copied());
            for s in subtypes {
                if !ch.subtypes.contains(s) {
                    ch.subtypes.push(s.clone());
                }
            }
        }
        Modification::SetLandTypes(subtypes) => {
            // CR 305.7: only a land is affected; it keeps its card types, supertypes and
            // non-land subtypes. In layer 4 its abilities are still those of its rules text
            // (granted abilities come in layer 6, intrinsic ones after this layer), so all go.
            if ch.is(CardType::Land) {
                ch.subtypes.retain(|s| !is_land_type(s));
                for s in subtypes {
                    if !ch.subtypes.contains(s) {
                        ch.subtypes.push(s.clone());
                    }
                }
                ch.abilities.clear();
            }
        }
        Modification::SetColors(c) => ch.colors = c.iter().copied().collect(),
        Modification::AddColors(c) => {
            for k in c {
                if !ch.colors.contains(k) {
                    ch.colors.insert(*k);
                }
            }
        }
        // Resolved against its source by `for_source` before it is applied.
        Modification::AddChosenColor
        | Modification::AddChosenCreatureType
        | Modification::SetPtToCardTypesInGraveyards { .. }
        | Modification::SetPtToCardsInHand
        | Modification::SetPtToCreatureCardsInYourGraveyard
        | Modification::SetPtToTotalOfLinkedExiled => {}
        Modification::AddAbility(a) => ch.abilities.push(AbilityInstance {
            ability: Arc::new((**a).clone()),
            timestamp: timestamp.max(obj.timestamp),
            link: 0,
        }),
        Modification::RemoveAllAbilities => ch.abilities.clear(),
        Modification::RemoveKeyword(k) => ch.abilities.retain(|a| !matches!(&*a.ability, Ability::Keyword(x) if x == k)),
        Modification::SetPt { power, toughness } => {
            ch.power = Some(*power);
            ch.toughness = Some(*toughness);
        }
        // Applied part by part, in each part's layer (`Modification::parts`).
        Modification::Parts(_) => {}
        Modification::SetPtToManaValue => {
            let mv = clamp_i32(ch.mana_value(0));
            ch.power = Some(mv);
            ch.toughness = Some(mv);
        }
        Modification::SetPtToCounters { kind } => {
            let n = clamp_i32(obj.counters.get(kind).copied().unwrap_or(0));
            ch.power = Some(n);
            ch.toughness = Some(n);
        }
        Modification::ModifyPt { power, toughness } => {
            ch.power = ch.power.map(|p| p.saturating_add(*power));
            ch.toughness = ch.toughness.map(|t| t.saturating_add(*toughness));
        }
        Modification::SwitchPt => {
            if let (Some(p), Some(t)) = (ch.power, ch.toughness) {
                ch.power = Some(t);
                ch.toughness = Some(p);
            }
        }
    }
}

/// Characteristics of every object in the game, as [`compute_all`] computes them, kept with the
/// state until its objects or continuous effects next change (`revision`): the engine asks many
/// questions of one unchanged state (a listing and the activation it leads to, each observation
/// of a case, a state-based action check that finds nothing and the next one).
pub fn board_of(state: &GameState) -> Arc<Board> {
    Arc::clone(&kept(state).board)
}

/// The board kept with the state (computed now if none is kept for its objects and effects as
/// they are), with what is derived from it (`revision::Kept`).
pub(crate) fn kept(state: &GameState) -> Arc<crate::revision::Kept> {
    let key = (state.objects.revision(), state.effects.revision());
    if let Some(kept) = state.board_cache.get(key, &state.objects) {
        return kept;
    }
    let mut orders = 0;
    let board = compute(state, &mut orders, None);
    let kept = Arc::new(crate::revision::Kept::new(board, crate::revision::LayerInputs::of(&state.objects), orders));
    state.board_cache.put(key, Arc::clone(&kept));
    kept
}

/// `board` if the caller has it, else the state's kept board (held in `slot`, so the reference
/// outlives this call while the state changes).
pub(crate) fn given_or_kept<'a>(board: Option<&'a Board>, state: &GameState, slot: &'a mut Option<Arc<Board>>) -> &'a Board {
    match board {
        Some(b) => b,
        None => slot.insert(board_of(state)),
    }
}

/// Whether applying `m` can give an object a static ability.
fn grants_static(m: &Modification) -> bool {
    matches!(m, Modification::AddAbility(a) if matches!(**a, Ability::Static(_)))
}

/// Adds to `apps` the effects beginning in `layer` of the static abilities on `board` that
/// `apps` doesn't have yet and that haven't begun in an earlier layer (`started`): their
/// objects are decided as each is applied (CR 613.8c).
fn begin_in_layer(state: &GameState, board: &Board, objs: &[&Object], layer: Layer, started: &[Started], apps: &mut Vec<Application>) {
    for ((id, ch), obj) in board.iter().zip(objs) {
        for inst in &ch.abilities {
            let Ability::Static(StaticAbility::Continuous { modification, cda, .. }) = &*inst.ability else {
                continue;
            };
            if !modification.parts().iter().any(|p| p.layer(*cda) == layer) {
                continue;
            }
            // CR 604.2 / 604.3: static abilities work on the battlefield; CDAs everywhere. A
            // phased-out permanent is treated as though it doesn't exist (CR 702.26b).
            if !*cda && !obj.on_battlefield() {
                continue;
            }
            let same = |s: &ObjectId, a: &Arc<Ability>| s == id && Arc::ptr_eq(a, &inst.ability);
            if started.iter().any(|s| same(&s.source, &s.ability))
                || apps.iter().any(|a| a.starting.as_ref().is_some_and(|(s, x)| same(s, x)))
            {
                continue;
            }
            for part in modification.parts().iter().filter(|p| p.layer(*cda) == layer) {
                apps.push(Application {
                    cda_first: if *cda { 0 } else { 1 },
                    timestamp: inst.timestamp,
                    seq: apps.len(),
                    affected: Vec::new(),
                    modification: for_source(part, Some(obj), state, board),
                    starting: Some((*id, Arc::clone(&inst.ability))),
                    begun: None,
                });
            }
        }
    }
}

/// A static ability granted in layer 6 whose effect applies in layer 6 exists only once the
/// effect `apps[applied]` has applied: it depends on that effect (CR 613.8a) and applies after it, in
/// timestamp order with the rest (its timestamp is the later of its object's and the granting
/// effect's, CR 613.7a). Adds its application to `apps` and `remaining`.
#[allow(clippy::too_many_arguments)]
fn begin_granted(
    state: &GameState,
    board: &Board,
    objs: &[&Object],
    layer: Layer,
    applied: usize,
    started: &[Started],
    apps: &mut Vec<Application>,
    remaining: &mut Vec<usize>,
) {
    if layer != Layer::Ability || !grants_static(&apps[applied].modification) {
        return;
    }
    let before = apps.len();
    begin_in_layer(state, board, objs, layer, started, apps);
    if apps.len() > before {
        remaining.extend(before..apps.len());
        remaining.sort_by_key(|&x| (apps[x].cda_first, apps[x].timestamp, apps[x].seq));
    }
}

/// CR 122.1b, 613.1f: each keyword counter grants its keyword, in timestamp order with the other
/// layer-6 effects (so a later "loses all abilities" removes it, and a counter put on after that
/// effect grants it again).
fn keyword_counter_applications(state: &GameState, apps: &mut Vec<Application>) {
    for obj in state.objects.values() {
        for (kind, n) in &obj.counters {
            let Some(k) = Keyword::from_counter_kind(kind).filter(|_| *n > 0) else { continue };
            apps.push(Application {
                cda_first: 1,
                timestamp: obj.counter_timestamps.get(kind).copied().unwrap_or(obj.timestamp),
                seq: apps.len(),
                affected: vec![obj.id],
                modification: Modification::AddAbility(Box::new(Ability::Keyword(k))),
                starting: None,
                begun: None,
            });
        }
    }
}

/// The effect of `same` (one group of a layer's remaining effects, in timestamp order) to
/// apply next, counting in `orders` a pick out of timestamp order. Only an effect whose objects
/// aren't decided yet can depend on another (CR 613.8a): the others are locked in (CR 611.2c,
/// 613.6), and their existence is settled; so with fewer than two effects, or none of a static
/// ability's, it's the first.
fn next_by_dependency(
    state: &GameState,
    board: &Board,
    battlefield: &[ObjectId],
    apps: &[Application],
    started: &[Started],
    same: &[usize],
    orders: &mut u32,
) -> Option<usize> {
    if same.len() < 2 || !same.iter().any(|&i| apps[i].starting.is_some()) {
        return same.first().copied();
    }
    let pick = crate::dependency::next(same, |a, b| depends(state, board, battlefield, apps, started, a, b));
    if pick != same.first().copied() {
        *orders = orders.saturating_add(1);
    }
    pick
}

/// Whether the state's board applied some effect out of timestamp order, after an effect it
/// depends on (CR 613.8b): how `reach` measures how often generated games need dependency.
pub fn dependency_ordered(state: &GameState) -> bool {
    kept(state).dependency_orders > 0
}

/// Characteristics of every object in the game, computed afresh.
pub fn compute_all(state: &GameState) -> Board {
    compute(state, &mut 0, None)
}

/// What a computation of the board did with the effects of static abilities, layer by layer:
/// the objects each one applied to in each layer it applied in, in the order applied (CR
/// 613.6: once begun, an effect keeps applying to the same objects in its later layers). Built
/// only on request ([`compute_traced`]): the board itself doesn't need it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LayerTrace {
    pub effects: Vec<TracedEffect>,
}

/// One static ability's effect in a [`LayerTrace`].
#[derive(Clone, Debug, PartialEq)]
pub struct TracedEffect {
    /// The object whose static ability generates the effect.
    pub source: ObjectId,
    pub ability: Arc<Ability>,
    /// Each application of a part of the effect: its layer and the objects it applied to.
    pub layers: Vec<(Layer, Vec<ObjectId>)>,
}

/// [`compute_all`] with the trace of what the static abilities' effects applied to, layer by
/// layer (CR 613.6).
pub fn compute_traced(state: &GameState) -> (Board, LayerTrace) {
    let mut trace = LayerTrace::default();
    let board = compute(state, &mut 0, Some(&mut trace));
    (board, trace)
}

/// The objects a static ability of `source` with this `affected` applies to on `board` as it
/// stands (CR 611.3a): what its text says now, for an observer re-reading an effect.
pub fn affected_on(state: &GameState, board: &Board, source: ObjectId, affected: &Affected) -> Vec<ObjectId> {
    affected_now(state, board, &state.battlefield_ids(), source, affected)
}

/// [`compute_all`], counting in `orders` the effects dependency applied before an earlier one,
/// and recording in `trace` (if asked) what each static ability's effect applied to.
fn compute(state: &GameState, orders: &mut u32, mut trace: Option<&mut LayerTrace>) -> Board {
    // Printed values and layer 1 (CR 613.1, 613.2).
    let mut board = Board::with_capacity(state.objects.len());
    // The object of each board entry, in the same (id) order: the loops below walk both together
    // instead of looking each object up again in every layer.
    let mut objs: Vec<&Object> = Vec::with_capacity(state.objects.len());
    for obj in state.objects.values() {
        if let Some(c) = copiable(state, obj.id) {
            board.insert(obj.id, c);
            objs.push(obj);
        }
    }
    let battlefield: Vec<ObjectId> = state.battlefield_ids();
    let layers = [
        Layer::Type,
        Layer::Color,
        Layer::Ability,
        Layer::PtCda,
        Layer::PtSet,
        Layer::PtModify,
        Layer::PtSwitch,
    ];
    // Static abilities whose effects have begun to apply, with the objects they apply to: the
    // effect keeps applying to them in its later layers, even if the ability is gone by then
    // (CR 613.6). Keyed by source and ability (the `Arc` is the ability's identity here).
    let mut started: Vec<Started> = Vec::new();
    for layer in layers {
        let mut apps: Vec<Application> = Vec::new();
        for e in &state.effects {
            for m in &e.modifications {
                for part in m.parts().iter().filter(|p| p.layer(false) == layer) {
                    apps.push(Application {
                        cda_first: 1,
                        timestamp: e.timestamp,
                        seq: apps.len(),
                        affected: e.affected.clone(),
                        modification: part.clone(),
                        starting: None,
                        begun: None,
                    });
                }
            }
        }
        if layer == Layer::Ability {
            keyword_counter_applications(state, &mut apps);
        }
        // Effects of static abilities begun in an earlier layer: the same objects (CR 613.6).
        for (k, st) in started.iter().enumerate() {
            let Ability::Static(StaticAbility::Continuous { modification, cda, .. }) = &*st.ability else { continue };
            for part in modification.parts().iter().filter(|p| p.layer(*cda) == layer) {
                apps.push(Application {
                    cda_first: if *cda { 0 } else { 1 },
                    timestamp: st.timestamp,
                    seq: apps.len(),
                    affected: st.affected.clone(),
                    modification: for_source(part, state.object(st.source), state, &board),
                    starting: None,
                    begun: Some(k),
                });
            }
        }
        // Static abilities whose effects begin in this layer: which objects they apply to is
        // decided as each is applied (after the effects applied before it, CR 613.8c).
        begin_in_layer(state, &board, &objs, layer, &started, &mut apps);
        apps.sort_by_key(|a| (a.cda_first, a.timestamp, a.seq));
        let mut remaining: Vec<usize> = (0..apps.len()).collect();
        while !remaining.is_empty() {
            let group = apps[remaining[0]].cda_first;
            let same: Vec<usize> = remaining.iter().copied().filter(|&i| apps[i].cda_first == group).collect();
            let pick = next_by_dependency(state, &board, &battlefield, &apps, &started, &same, orders);
            let Some(i) = pick else { break };
            remaining.retain(|&x| x != i);
            let applied = apply_application(state, &mut board, &battlefield, &apps[i], &mut started);
            if let (Some(t), Some((k, objects))) = (trace.as_deref_mut(), applied) {
                record(t, &started, k, layer, objects);
            }
            begin_granted(state, &board, &objs, layer, i, &started, &mut apps, &mut remaining);
        }
        if layer == Layer::Type {
            // CR 305.6 / 305.7: the intrinsic mana abilities follow the land's current types.
            for ((_, ch), obj) in board.iter_mut().zip(&objs) {
                let mut intrinsic = intrinsic_mana_abilities(ch, obj.timestamp);
                if !intrinsic.is_empty() {
                    intrinsic.append(&mut ch.abilities);
                    ch.abilities = intrinsic;
                }
            }
        }
        if layer == Layer::PtModify {
            // CR 613.4c, 122.1a: +1/+1 and -1/-1 counters.
            for ((_, ch), obj) in board.iter_mut().zip(&objs) {
                let plus = clamp_i32(obj.counters.get("+1/+1").copied().unwrap_or(0));
                let minus = clamp_i32(obj.counters.get("-1/-1").copied().unwrap_or(0));
                let d = plus.saturating_sub(minus);
                ch.power = ch.power.map(|p| p.saturating_add(d));
                ch.toughness = ch.toughness.map(|t| t.saturating_add(d));
            }
        }
    }
    // CR 306.5c: a planeswalker's loyalty on the battlefield is its number of loyalty counters.
    for ((_, ch), obj) in board.iter_mut().zip(&objs) {
        if obj.zone == ZoneKind::Battlefield && ch.is(CardType::Planeswalker) {
            ch.loyalty = Some(clamp_i32(obj.counters.get("loyalty").copied().unwrap_or(0)));
        }
    }
    board
}

/// The loyalty a planeswalker enters with (CR 306.5b): its printed loyalty, as copy effects
/// leave it (CR 707.2).
pub(crate) fn printed_loyalty(state: &GameState, id: ObjectId) -> Option<i32> {
    copiable(state, id).and_then(|c| c.loyalty)
}

/// Layer 2 (CR 613.1b): each permanent's controller is the player it entered under, changed by
/// the control effects that affect it in timestamp order. A permanent whose controller changes
/// hasn't been under its new controller's control since the turn began (CR 302.6).
pub(crate) fn apply_control(state: &mut GameState) {
    let mut control: Vec<(u64, &[ObjectId], PlayerId)> = state
        .effects
        .iter()
        .flat_map(|e| {
            e.modifications.iter().filter_map(move |m| match m {
                Modification::GainControl(p) => Some((e.timestamp, e.affected.as_slice(), *p)),
                _ => None,
            })
        })
        .collect();
    control.sort_by_key(|(ts, _, _)| *ts);
    let mut changes = Vec::new();
    for obj in state.objects.values().filter(|o| o.on_battlefield()) {
        let mut c = obj.base_controller;
        for (_, affected, p) in &control {
            if affected.contains(&obj.id) {
                c = *p;
            }
        }
        if c != obj.controller {
            changes.push((obj.id, c));
        }
    }
    for (id, c) in changes {
        if let Some(o) = state.object_mut(id) {
            o.controller = c;
            o.summoning_sick = true;
            o.new_since_upkeep = true;
        }
    }
}

/// CR 611.2b: "for as long as [a player] controls [a source]" effects whose source has left the
/// battlefield or is controlled by someone else end, and control is recomputed, until none
/// ends (ending one can end another whose source it controlled). Returns how many ended.
pub(crate) fn end_control_durations(state: &mut GameState) -> usize {
    let mut count = 0;
    // Each round removes at least one effect, so this stops.
    loop {
        let held: std::collections::BTreeSet<(ObjectId, PlayerId)> = state
            .objects
            .values()
            .filter(|o| o.on_battlefield())
            .map(|o| (o.id, o.controller))
            .collect();
        let before = state.effects.len();
        state.effects.retain(|e| match e.duration {
            crate::state::Duration::WhileControls { source, player } => held.contains(&(source, player)),
            _ => true,
        });
        if state.effects.len() == before {
            return count;
        }
        count += before - state.effects.len();
        apply_control(state);
    }
}

/// Characteristics of one object.
pub fn characteristics(state: &GameState, id: ObjectId) -> Option<Characteristics> {
    board_of(state).get(&id).cloned()
}

/// Printed characteristics of a definition (for objects that are about to exist).
pub fn printed(def: &CardDef) -> Characteristics {
    Characteristics::printed(def, 0)
}
