//! The invariants library: what must hold after every step of any game, checked by the property
//! tests and the fuzz targets alike.
//!
//! Two groups. *Rulings as invariants* restate a CR paragraph or an official ruling for every
//! board at once ({T} can't be paid by a tapped permanent, undefined mana adds nothing, ...).
//! *Game-wide* invariants hold for any correct engine (every object in one zone, no state-based
//! action pending when a player has priority, a rejected action changes nothing, ...).
//!
//! The invariants observe the game only through [`RulesGame`], which `mtg_engine::Game`
//! implements; the `mutants` module implements it with deliberately buggy wrappers, one per
//! invariant, so a test can show each invariant fails on an engine with the matching bug.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use mtg_engine::layers::Board;
use mtg_engine::{Action, Event, Game, GameSetup, GameState, ManaType, ObjectId, ObjectView, PlayerId, Rejection, SetupError};

mod chimeric_mass;
mod combat;
mod copies;
mod costs;
mod could_produce;
mod counters;
mod damage_triggers;
mod durations;
mod forbidden;
mod game_wide;
mod layers;
mod mana;
mod prevention;
mod replacement_once;
mod total_cost;
mod tapped_triggers;
mod triggers;
pub mod oracle;
#[cfg(any(test, feature = "mutants"))]
pub mod mutants;
#[cfg(feature = "arbitrary")]
pub mod regress;
#[cfg(feature = "arbitrary")]
mod script;

#[cfg(feature = "arbitrary")]
pub use script::{check, minimize, run, run_counting, Move, Run, Trace, TraceStep};

use crate::fuzzing::reach::Reach;

/// What the invariants need from an engine. `mtg_engine::Game` implements it directly; test
/// mutants wrap a `Game` and change one behaviour.
pub trait RulesGame: Clone + Sized {
    fn new_game(setup: GameSetup) -> Result<Self, SetupError>;
    /// A game in exactly this state (simulations run on modified copies).
    fn from_state(state: GameState) -> Self;
    fn state(&self) -> &GameState;
    fn legal_actions(&self) -> Vec<Action>;
    /// Transactional: on `Err` nothing changed.
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, Rejection>;
    /// `apply`, handing back on success the state before the action too (to undo a group of
    /// actions as one).
    fn apply_undoable(&mut self, action: Action) -> Result<(Vec<Event>, GameState), Rejection> {
        let before = self.state().clone();
        self.apply(action).map(|ev| (ev, before))
    }
    /// CR 106.7.
    fn could_produce(&self, permanent: ObjectId) -> BTreeSet<ManaType>;
    fn object_view(&self, object: ObjectId) -> Option<ObjectView>;
    /// What the board's computation did with the static abilities' effects, layer by layer
    /// (CR 613.6): the objects each applied to in each of its layers.
    fn layer_trace(&self) -> mtg_engine::layers::LayerTrace;
    /// The reference game underneath, for the read-only queries no mutant changes (whose turn
    /// and step, the stack, pending triggers, which object a card is).
    fn reference(&self) -> &Game;
    /// The saved game (JSON of the state).
    fn save(&self) -> Result<String, String> {
        serde_json::to_string(self.state()).map_err(|e| e.to_string())
    }
    fn load(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map(Self::from_state).map_err(|e| e.to_string())
    }
}

impl RulesGame for Game {
    fn new_game(setup: GameSetup) -> Result<Self, SetupError> {
        Game::new(setup)
    }
    fn from_state(state: GameState) -> Self {
        Game::from_state(state)
    }
    fn state(&self) -> &GameState {
        Game::state(self)
    }
    fn legal_actions(&self) -> Vec<Action> {
        Game::legal_actions(self)
    }
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, Rejection> {
        Game::apply(self, action)
    }
    fn apply_undoable(&mut self, action: Action) -> Result<(Vec<Event>, GameState), Rejection> {
        Game::apply_undoable(self, action)
    }
    fn could_produce(&self, permanent: ObjectId) -> BTreeSet<ManaType> {
        Game::could_produce(self, permanent)
    }
    fn object_view(&self, object: ObjectId) -> Option<ObjectView> {
        Game::object_view(self, object)
    }
    fn layer_trace(&self) -> mtg_engine::layers::LayerTrace {
        mtg_engine::layers::compute_traced(Game::state(self)).1
    }
    fn reference(&self) -> &Game {
        self
    }
}

/// Every invariant, with the source id (in `rulings/sources/`) of the rule it restates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Invariant {
    // ---- rulings as invariants ----
    /// CR 107.5: a tapped permanent can't pay {T}.
    TapSymbol,
    /// CR 107.6: an untapped permanent can't pay {Q}.
    UntapSymbol,
    /// CR 302.6: a creature that came under its controller's control this turn, without haste,
    /// can't pay {T} or {Q}.
    SummoningSickness,
    /// CR 106.5: an ability that would produce mana of an undefined type adds nothing, and its
    /// costs are still paid.
    UndefinedMana,
    /// CR 106.7: "could produce" agrees with what the permanent's mana abilities produce.
    CouldProduce,
    /// CR 106.7: "could produce" agrees with an independent reading of the rule over the card
    /// definitions (`oracle`), which shares no code with the engine's fixpoint.
    CouldProduceOracle,
    /// Crystalline Giant rulings (2020-04-17): its trigger adds one counter of a kind among the
    /// ten it doesn't have, and nothing when it has all ten.
    CrystallineGiant,
    /// Chimeric Mass ruling 2011-01-01-3: while animated and nothing else applies, its power and
    /// toughness are its number of charge counters.
    ChimericMassPt,
    /// Chimeric Mass ruling 2011-01-01-4 with CR 704.5f: animated with no charge counters, it is
    /// put into the graveyard before anyone gets priority.
    ChimericMassDies,
    /// CR 107.3m: "enters with X counters" uses the X of the spell it was.
    EntersWithX,
    /// CR 611.2a / 514.2: effects end when their duration says ("until end of turn" in the
    /// cleanup step; "until your next turn" as that player's next turn begins).
    Durations,
    /// CR 603.2c, 603.10a: a "whenever a creature dies" ability triggers once per death, and
    /// looks back in time when it leaves with the creatures.
    TriggersOncePerEvent,
    /// CR 615.7, 603.2g: a prevention shield is used by the next damage to what it protects; all
    /// damage prevented, no damage event.
    PreventionShieldUsed,
    /// CR 601.3, 101.2: a cast or land play an effect forbids is rejected and never listed.
    ForbiddenActionRejected,
    /// CR 510.1a: the combat damage an attacking creature deals in one step adds up to its
    /// power (less what protection prevents, CR 702.16e).
    CombatDamage,
    /// CR 704.5h: a creature dealt damage by a source with deathtouch is destroyed before a
    /// player gets priority (unless indestructible, CR 702.12b).
    Deathtouch,
    /// CR 510.4: a first-strike combat damage step happens only when a creature with first
    /// strike or double strike is in combat.
    FirstStrikeStep,
    /// CR 704.5f-g: a creature with toughness 0 or less or with lethal damage (and not
    /// indestructible) is put into its owner's graveyard before a player gets priority.
    LethalDamage,
    /// CR 603.2g: "whenever this deals damage" triggers on damage dealt (none if all of it is
    /// prevented), once per damage event, for that much.
    DamageTriggersOnDealtDamage,
    /// CR 603.2e: "becomes tapped" triggers once per permanent that changes from untapped to
    /// tapped on the battlefield; entering tapped isn't becoming tapped.
    BecomesTappedTriggers,
    /// CR 613.7, 613.8: within a layer effects apply in timestamp order (or as dependency
    /// orders them), so characteristics don't depend on the order the effects are listed in.
    EffectsListingOrder,
    /// CR 614.5, 616.1: a replacement effect applies at most once to an event (two damage
    /// doublers make 2 damage 8).
    ReplacementOnce,
    /// CR 601.2f-h: a cast spends exactly the spell's total cost (mana cost and X, plus
    /// increases, minus reductions, locked in before payment).
    TotalCostPaid,
    /// CR 613.6: an effect that starts to apply in one layer keeps applying to the same set of
    /// objects in its later layers, even if the ability generating it is removed meanwhile.
    SameObjectsAcrossLayers,
    /// CR 707.2, 707.9: a copy's copiable values are the original's copiable values with exactly
    /// the exceptions its copy effect states (CR 707.3 for a copy of a copy).
    CopiableValuesCopied,
    // ---- game-wide ----
    /// CR 400.1, 400.7: every card is exactly one object in exactly one zone; spells on the
    /// stack are objects in the stack zone.
    OneZone,
    /// CR 704.3, 117.5: no state-based action is pending when a player has priority.
    NoPendingSba,
    /// CR 106.4: mana pools are empty when a new step or phase begins.
    PoolsEmpty,
    /// CR 733.1: a rejected action is reversed entirely.
    RejectionChangesNothing,
    /// Every action `legal_actions` lists is accepted, and a game that isn't over has one.
    LegalActionsAccepted,
    /// Saving and loading gives the same game.
    RoundTrip,
    /// The same setup (seed) and the same actions give the same game.
    Deterministic,
    /// A repaired recipe builds a game.
    SetupBuilds,
}

impl Invariant {
    pub const ALL: [Invariant; 33] = [
        Invariant::TapSymbol,
        Invariant::UntapSymbol,
        Invariant::SummoningSickness,
        Invariant::UndefinedMana,
        Invariant::CouldProduce,
        Invariant::CouldProduceOracle,
        Invariant::CrystallineGiant,
        Invariant::ChimericMassPt,
        Invariant::ChimericMassDies,
        Invariant::EntersWithX,
        Invariant::Durations,
        Invariant::TriggersOncePerEvent,
        Invariant::PreventionShieldUsed,
        Invariant::ForbiddenActionRejected,
        Invariant::CombatDamage,
        Invariant::Deathtouch,
        Invariant::FirstStrikeStep,
        Invariant::LethalDamage,
        Invariant::DamageTriggersOnDealtDamage,
        Invariant::BecomesTappedTriggers,
        Invariant::EffectsListingOrder,
        Invariant::ReplacementOnce,
        Invariant::TotalCostPaid,
        Invariant::SameObjectsAcrossLayers,
        Invariant::CopiableValuesCopied,
        Invariant::OneZone,
        Invariant::NoPendingSba,
        Invariant::PoolsEmpty,
        Invariant::RejectionChangesNothing,
        Invariant::LegalActionsAccepted,
        Invariant::RoundTrip,
        Invariant::Deterministic,
        Invariant::SetupBuilds,
    ];

    /// The rulings-as-invariants group (each has a mutant test): the first fourteen of [`Self::ALL`].
    pub const RULINGS: &'static [Invariant] = Invariant::ALL.split_at(14).0;

    /// The save/load cost class, the checks that a game can be reproduced rather than that it
    /// follows the rules: a JSON save and load and a fresh board after every step (about two
    /// thirds of a scenario's cost when checked with the rest), and the replay of the whole
    /// script from the same setup at the end (a second `Game::new` and every step again, a
    /// third of what was left). The fuzz target `save_load` checks these on every input;
    /// `board_actions` checks every other invariant.
    pub const SAVE_LOAD: &'static [Invariant] = &[Invariant::RoundTrip, Invariant::Deterministic];

    /// A short stable name (used in reports and regression case ids).
    pub fn name(self) -> &'static str {
        match self {
            Invariant::TapSymbol => "tap-symbol",
            Invariant::UntapSymbol => "untap-symbol",
            Invariant::SummoningSickness => "summoning-sickness",
            Invariant::UndefinedMana => "undefined-mana",
            Invariant::CouldProduce => "could-produce",
            Invariant::CouldProduceOracle => "could-produce-oracle",
            Invariant::CrystallineGiant => "crystalline-giant",
            Invariant::ChimericMassPt => "chimeric-mass-pt",
            Invariant::ChimericMassDies => "chimeric-mass-dies",
            Invariant::EntersWithX => "enters-with-x",
            Invariant::Durations => "durations",
            Invariant::TriggersOncePerEvent => "triggers-once-per-event",
            Invariant::PreventionShieldUsed => "prevention-shield-used",
            Invariant::ForbiddenActionRejected => "forbidden-action-rejected",
            Invariant::CombatDamage => "combat-damage",
            Invariant::Deathtouch => "deathtouch",
            Invariant::FirstStrikeStep => "first-strike-step",
            Invariant::LethalDamage => "lethal-damage",
            Invariant::DamageTriggersOnDealtDamage => "damage-triggers-on-dealt-damage",
            Invariant::BecomesTappedTriggers => "becomes-tapped-triggers",
            Invariant::EffectsListingOrder => "effects-listing-order",
            Invariant::ReplacementOnce => "replacement-once",
            Invariant::TotalCostPaid => "total-cost-paid",
            Invariant::SameObjectsAcrossLayers => "same-objects-across-layers",
            Invariant::CopiableValuesCopied => "copiable-values-copied",
            Invariant::OneZone => "one-zone",
            Invariant::NoPendingSba => "no-pending-sba",
            Invariant::PoolsEmpty => "pools-empty",
            Invariant::RejectionChangesNothing => "rejection-changes-nothing",
            Invariant::LegalActionsAccepted => "legal-actions-accepted",
            Invariant::RoundTrip => "round-trip",
            Invariant::Deterministic => "deterministic",
            Invariant::SetupBuilds => "setup-builds",
        }
    }

    /// What the rule requires, in a sentence (for reports and regression cases).
    pub fn requirement(self) -> &'static str {
        match self {
            Invariant::TapSymbol => "a permanent that's already tapped can't be tapped again to pay {T}",
            Invariant::UntapSymbol => "a permanent that's already untapped can't be untapped again to pay {Q}",
            Invariant::SummoningSickness => "a creature's {T}/{Q} ability needs control since its controller's most recent turn began, or haste",
            Invariant::UndefinedMana => "an ability that would produce mana of an undefined type produces no mana, and its costs are paid",
            Invariant::CouldProduce => "\"could produce\" is exactly what the mana abilities would produce, ignoring costs",
            Invariant::CouldProduceOracle => "\"could produce\" is what CR 106.7 says, read independently over the card definitions",
            Invariant::CrystallineGiant => "Crystalline Giant gets one counter of a listed kind it doesn't have, none with all ten",
            Invariant::ChimericMassPt => "an animated Chimeric Mass has power and toughness equal to its charge counters",
            Invariant::ChimericMassDies => "an animated Chimeric Mass with no charge counters is put into the graveyard",
            Invariant::EntersWithX => "a permanent that enters with X counters gets the X of the spell it was",
            Invariant::Durations => "\"until end of turn\" effects end in the cleanup step, \"until your next turn\" effects as that turn begins",
            Invariant::TriggersOncePerEvent => "a \"whenever a creature dies\" ability triggers once for each creature that dies, looking back in time as it leaves with them",
            Invariant::PreventionShieldUsed => "a shield preventing the next damage to something is used by the next damage to it, and prevented damage is not dealt",
            Invariant::ForbiddenActionRejected => "an action an effect says can't be done is rejected and never listed as legal",
            Invariant::CombatDamage => "an attacking creature's combat damage in one step adds up to its power",
            Invariant::Deathtouch => "a creature dealt damage by a source with deathtouch is destroyed",
            Invariant::FirstStrikeStep => "a first-strike combat damage step happens only with a first or double striker in combat",
            Invariant::LethalDamage => "a creature with toughness 0 or less, or with lethal damage and not indestructible, is put into the graveyard before anyone gets priority",
            Invariant::DamageTriggersOnDealtDamage => "\"whenever this deals damage\" triggers only on damage dealt, not on damage all prevented, for that much",
            Invariant::BecomesTappedTriggers => "\"becomes tapped\" triggers once per permanent tapped on the battlefield, never for one entering tapped",
            Invariant::EffectsListingOrder => "within a layer effects apply in timestamp order, so an object's characteristics don't depend on the order its continuous effects are listed in",
            Invariant::ReplacementOnce => "a replacement effect applies at most once to an event: each damage doubler doubles a creature's damage once",
            Invariant::TotalCostPaid => "a cast spends exactly the spell's total cost: its mana cost and X, plus cost increases, minus cost reductions",
            Invariant::SameObjectsAcrossLayers => "an effect that starts to apply in one layer applies to the same set of objects in each of its later layers",
            Invariant::CopiableValuesCopied => "a copy's copiable values are the original's copiable values with the copy effect's exceptions, and nothing else of the original",
            Invariant::OneZone => "a card is one object in one zone; moving makes a new object",
            Invariant::NoPendingSba => "state-based actions are performed before a player gets priority",
            Invariant::PoolsEmpty => "mana pools empty at the end of each step and phase",
            Invariant::RejectionChangesNothing => "an illegal action is reversed entirely",
            Invariant::LegalActionsAccepted => "every action listed as legal is accepted",
            Invariant::RoundTrip => "a saved and loaded game is the same game",
            Invariant::Deterministic => "the same seed and actions give the same game",
            Invariant::SetupBuilds => "a repaired board builds a game",
        }
    }

    pub fn from_name(name: &str) -> Option<Invariant> {
        Invariant::ALL.into_iter().find(|i| i.name() == name)
    }

    /// The id of the source (in `rulings/sources/`) this invariant restates; `None` for the
    /// engine-contract invariants no rule states (round trip, determinism, ...).
    pub fn source(self) -> Option<&'static str> {
        Some(match self {
            Invariant::TapSymbol => "cr-107.5",
            Invariant::UntapSymbol => "cr-107.6",
            Invariant::SummoningSickness => "cr-302.6",
            Invariant::UndefinedMana => "cr-106.5",
            Invariant::CouldProduce | Invariant::CouldProduceOracle => "cr-106.7",
            Invariant::CrystallineGiant => "crystalline-giant-2020-04-17-1",
            Invariant::ChimericMassPt => "chimeric-mass-2011-01-01-3",
            Invariant::ChimericMassDies => "chimeric-mass-2011-01-01-4",
            Invariant::EntersWithX => "cr-107.3m",
            Invariant::Durations => "cr-611.2a",
            Invariant::TriggersOncePerEvent => "cr-603.10a",
            Invariant::PreventionShieldUsed => "cr-615.7",
            Invariant::ForbiddenActionRejected => "cr-601.3a-example-1",
            Invariant::CombatDamage => "cr-510.1a",
            Invariant::Deathtouch => "cr-704.5h",
            Invariant::FirstStrikeStep => "cr-510.4",
            Invariant::LethalDamage => "cr-704.5g",
            Invariant::DamageTriggersOnDealtDamage => "cr-603.2g-example-1",
            Invariant::BecomesTappedTriggers => "cr-603.2e-example-1",
            Invariant::EffectsListingOrder => "cr-613.7",
            Invariant::ReplacementOnce => "cr-614.5-example-1",
            Invariant::SameObjectsAcrossLayers => "cr-613.6",
            Invariant::CopiableValuesCopied => "cr-707.2",
            Invariant::TotalCostPaid => "cr-601.2h-example-1",
            Invariant::OneZone => "cr-400.7",
            Invariant::NoPendingSba => "cr-704.3",
            Invariant::PoolsEmpty => "cr-106.4",
            Invariant::RejectionChangesNothing => "cr-733.1",
            Invariant::LegalActionsAccepted
            | Invariant::RoundTrip
            | Invariant::Deterministic
            | Invariant::SetupBuilds => return None,
        })
    }
}

impl fmt::Display for Invariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.source() {
            Some(s) => write!(f, "{} ({s})", self.name()),
            None => f.write_str(self.name()),
        }
    }
}

/// Whether a permanent on the battlefield has copiable values a copy effect set (CR 707.2), for
/// `reach`'s count of the scenarios that meet a copy.
fn copy_on_battlefield(state: &GameState) -> bool {
    state.effects.iter().any(|e| {
        e.modifications.iter().any(|m| matches!(m, mtg_engine::abilities::Modification::BecomeCopy(_)))
            && e.affected.iter().any(|o| state.object(*o).is_some_and(|x| x.zone == mtg_engine::ZoneKind::Battlefield))
    })
}

/// Which invariants to check (all of them, or one to isolate a mutant's bug).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection(BTreeSet<Invariant>);

impl Selection {
    pub fn all() -> Selection {
        Selection(Invariant::ALL.into_iter().collect())
    }
    pub fn only(invariants: &[Invariant]) -> Selection {
        Selection(invariants.iter().copied().collect())
    }
    /// Every invariant but `left_out` (a fuzz target's cost class leaves out another's).
    pub fn all_but(left_out: &[Invariant]) -> Selection {
        Selection(Invariant::ALL.into_iter().filter(|i| !left_out.contains(i)).collect())
    }
    pub fn contains(&self, i: Invariant) -> bool {
        self.0.contains(&i)
    }
}

/// A broken invariant: which one, when (`pick`: after which pick; `None`: the starting position
/// or the whole script), and what was seen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Violation {
    pub invariant: Invariant,
    pub pick: Option<usize>,
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pick {
            Some(p) => write!(f, "invariant {} broken at pick {p}: {}", self.invariant, self.detail),
            None => write!(f, "invariant {} broken: {}", self.invariant, self.detail),
        }
    }
}

/// A broken invariant before it is placed in the script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub invariant: Invariant,
    pub detail: String,
}

impl Broken {
    fn new(invariant: Invariant, detail: impl Into<String>) -> Broken {
        Broken { invariant, detail: detail.into() }
    }
    pub fn at(self, pick: Option<usize>) -> Violation {
        Violation { invariant: self.invariant, pick, detail: self.detail }
    }
}

/// One step: the game before, the action, what `apply` answered, the game after, and the
/// characteristics of both (computed once per step and reused by every check).
pub struct Transition<'a, G> {
    pub before: &'a G,
    pub before_board: &'a Board,
    pub action: &'a Action,
    pub outcome: &'a Result<Vec<Event>, Rejection>,
    pub after: &'a G,
    pub after_board: &'a Board,
}

/// The invariants with the memory some of them keep between steps (so the 106.7 simulation runs
/// only when the battlefield changed), and the reach counts: how often each check ran and how
/// often its precondition held (see [`crate::fuzzing::reach`]).
pub struct Checker {
    selection: Selection,
    could_produce: could_produce::Cache,
    pub(crate) reach: Reach,
    /// What the last accepted action did, for the arming of the position's checks.
    moved_zones: bool,
    sba_like: bool,
}

impl Checker {
    pub fn new(selection: Selection) -> Checker {
        Checker {
            selection,
            could_produce: could_produce::Cache::default(),
            reach: Reach::default(),
            moved_zones: false,
            sba_like: false,
        }
    }

    /// The reach counts so far.
    pub fn reach(&self) -> &Reach {
        &self.reach
    }

    pub(crate) fn on(&self, i: Invariant) -> bool {
        self.selection.contains(i)
    }

    /// One check of `i` ran; `armed`: its precondition held.
    pub(crate) fn count(&mut self, i: Invariant, armed: bool) {
        if self.on(i) {
            self.reach.count(i, armed);
        }
    }

    /// Invariants of a position (checked at the start and after every accepted action).
    pub fn position<G: RulesGame>(&mut self, game: &G, board: &Board) -> Result<(), Broken> {
        let (moved, sba) = (std::mem::take(&mut self.moved_zones), std::mem::take(&mut self.sba_like));
        if self.on(Invariant::OneZone) {
            self.count(Invariant::OneZone, moved);
            game_wide::one_zone(game.state())?;
        }
        if self.on(Invariant::NoPendingSba) {
            self.count(Invariant::NoPendingSba, sba && game.state().priority.is_some());
            game_wide::no_pending_sba(game.state(), board)?;
        }
        if self.on(Invariant::RoundTrip) {
            self.count(Invariant::RoundTrip, true);
            game_wide::round_trip(game)?;
        }
        if self.on(Invariant::EffectsListingOrder) {
            let armed = layers::listing_order(game)?;
            self.count(Invariant::EffectsListingOrder, armed);
        }
        if self.on(Invariant::SameObjectsAcrossLayers) {
            let armed = layers::same_objects(game, board)?;
            self.count(Invariant::SameObjectsAcrossLayers, armed);
        }
        counters::giant_depth(game.state(), &mut self.reach);
        if self.on(Invariant::ChimericMassPt) || self.on(Invariant::ChimericMassDies) {
            let (pt, dies) = (self.on(Invariant::ChimericMassPt), self.on(Invariant::ChimericMassDies));
            // The "dies" half is armed by the step that animated or emptied a Mass (transition).
            let armed = chimeric_mass::check(game, board, pt, dies, &mut self.reach)?;
            self.count(Invariant::ChimericMassPt, armed);
        }
        if self.on(Invariant::CouldProduce) {
            if let Some(armed) = self.could_produce.check(game, board)? {
                self.count(Invariant::CouldProduce, armed);
            }
        }
        if self.on(Invariant::CouldProduceOracle) {
            if let Some(armed) = self.could_produce.check_oracle(game, board)? {
                self.count(Invariant::CouldProduceOracle, armed);
            }
        }
        Ok(())
    }

    /// Invariants of the actions `legal_actions` lists (checked whenever the list is computed).
    pub fn listed<G: RulesGame>(&mut self, game: &G, board: &Board, legal: &[Action]) -> Result<(), Broken> {
        if self.on(Invariant::LegalActionsAccepted) && legal.is_empty() && !game.state().is_over() {
            return Err(Broken::new(Invariant::LegalActionsAccepted, "a game that isn't over lists no legal action"));
        }
        let exposed = costs::exposed(game.state(), board);
        for (i, armed) in exposed {
            self.count(i, armed);
        }
        if self.on(Invariant::ForbiddenActionRejected) {
            for a in legal {
                let (_, armed) = forbidden::forbidden(game.state(), board, a);
                self.count(Invariant::ForbiddenActionRejected, armed);
                forbidden::check(game.state(), board, a, "listed as legal")?;
            }
        }
        for a in legal {
            if let Some(b) = costs::unpayable(game.state(), board, a) {
                if self.on(b.invariant) {
                    return Err(Broken { detail: format!("listed as legal: {}", b.detail), ..b });
                }
            }
        }
        Ok(())
    }

    /// Invariants of one step.
    pub fn transition<G: RulesGame>(&mut self, t: &Transition<'_, G>) -> Result<(), Broken> {
        for (i, armed) in costs::armed(t.before.state(), t.before_board, t.action) {
            self.count(i, armed);
        }
        if self.on(Invariant::ForbiddenActionRejected) {
            let (_, armed) = forbidden::forbidden(t.before.state(), t.before_board, t.action);
            self.count(Invariant::ForbiddenActionRejected, armed);
            if t.outcome.is_ok() {
                forbidden::check(t.before.state(), t.before_board, t.action, "accepted")?;
            }
        }
        let Ok(events) = t.outcome else {
            self.count(Invariant::RejectionChangesNothing, true);
            if self.on(Invariant::RejectionChangesNothing) {
                game_wide::rejection_changes_nothing(t)?;
            }
            return Ok(());
        };
        self.moved_zones = events.iter().any(|e| matches!(e, Event::ZoneChanged { .. }));
        self.sba_like = game_wide::sba_like(events);
        if let Some(b) = costs::unpayable(t.before.state(), t.before_board, t.action) {
            if self.on(b.invariant) {
                return Err(Broken { detail: format!("accepted: {}", b.detail), ..b });
            }
        }
        if self.on(Invariant::UndefinedMana) || self.on(Invariant::CouldProduce) {
            if let Some(armed) = mana::produced(t, self.on(Invariant::UndefinedMana), self.on(Invariant::CouldProduce))? {
                self.count(Invariant::UndefinedMana, armed.undefined);
                self.count(Invariant::CouldProduce, armed.could);
            }
        }
        if self.on(Invariant::PoolsEmpty) {
            let armed = mana::pools_empty(t)?;
            self.count(Invariant::PoolsEmpty, armed);
        }
        if self.on(Invariant::CrystallineGiant) {
            let armed = counters::crystalline_giant(t, &mut self.reach)?;
            self.count(Invariant::CrystallineGiant, armed);
        }
        if self.on(Invariant::EntersWithX) {
            let armed = counters::enters_with_x(t)?;
            self.count(Invariant::EntersWithX, armed);
        }
        if self.on(Invariant::Durations) {
            let armed = durations::check(t, &mut self.reach)?;
            self.count(Invariant::Durations, armed);
        }
        if self.on(Invariant::TriggersOncePerEvent) {
            let armed = triggers::check(t)?;
            self.count(Invariant::TriggersOncePerEvent, armed);
        }
        if self.on(Invariant::PreventionShieldUsed) {
            let armed = prevention::check(t)?;
            self.count(Invariant::PreventionShieldUsed, armed);
        }
        if self.on(Invariant::ChimericMassDies) {
            let armed = chimeric_mass::dies_armed(t);
            self.count(Invariant::ChimericMassDies, armed);
        }
        combat::reached(t, events, &mut self.reach);
        if events.iter().any(|e| matches!(e, mtg_engine::Event::PhasedOut { .. })) {
            self.reach.phasings += 1;
        }
        // The board after the step is the one the invariants above computed: kept, not recomputed.
        if mtg_engine::layers::dependency_ordered(t.after.state()) {
            self.reach.dependency_orders += 1;
        }
        if copy_on_battlefield(t.after.state()) {
            self.reach.copy_effects += 1;
        }
        // Before deathtouch: lethal damage is the basic rule, deathtouch the wider one.
        if self.on(Invariant::LethalDamage) {
            let armed = combat::lethal_damage(t, events)?;
            self.count(Invariant::LethalDamage, armed);
        }
        if self.on(Invariant::CombatDamage) {
            let armed = combat::damage_sums_to_power(t, events)?;
            self.count(Invariant::CombatDamage, armed);
        }
        if self.on(Invariant::Deathtouch) {
            let armed = combat::deathtouch_is_lethal(t, events)?;
            self.count(Invariant::Deathtouch, armed);
        }
        if self.on(Invariant::FirstStrikeStep) {
            let armed = combat::first_strike_step(t, events)?;
            self.count(Invariant::FirstStrikeStep, armed);
        }
        if self.on(Invariant::DamageTriggersOnDealtDamage) {
            let armed = damage_triggers::check(t)?;
            self.count(Invariant::DamageTriggersOnDealtDamage, armed);
        }
        if self.on(Invariant::BecomesTappedTriggers) {
            let armed = tapped_triggers::check(t)?;
            self.count(Invariant::BecomesTappedTriggers, armed);
        }
        if self.on(Invariant::ReplacementOnce) {
            let armed = replacement_once::check(t)?;
            self.count(Invariant::ReplacementOnce, armed);
        }
        if self.on(Invariant::TotalCostPaid) {
            let armed = total_cost::check(t)?;
            self.count(Invariant::TotalCostPaid, armed);
        }
        if self.on(Invariant::CopiableValuesCopied) {
            let armed = copies::check(t)?;
            self.count(Invariant::CopiableValuesCopied, armed);
        }
        Ok(())
    }
}

/// How much of each type a pool holds (restricted mana included, CR 106.6).
fn amounts(state: &GameState, player: PlayerId) -> BTreeMap<ManaType, u32> {
    state
        .player(player)
        .map(|p| ManaType::ALL.into_iter().map(|t| (t, p.mana_pool.amount(t))).collect())
        .unwrap_or_default()
}

/// The types whose amount grew in `player`'s pool between two states, plus the types of every
/// `ManaAdded` event for that player: what a step added, however the engine reports it.
fn added_types(before: &GameState, after: &GameState, events: &[Event], player: PlayerId) -> BTreeSet<ManaType> {
    let (b, a) = (amounts(before, player), amounts(after, player));
    let mut out: BTreeSet<ManaType> =
        ManaType::ALL.into_iter().filter(|t| a.get(t).copied().unwrap_or(0) > b.get(t).copied().unwrap_or(0)).collect();
    for e in events {
        if let Event::ManaAdded { player: p, mana, .. } = e {
            if *p == player {
                out.extend(ManaType::ALL.into_iter().filter(|t| mana.amount(*t) > 0));
            }
        }
    }
    out
}

/// What the abilities of `source` itself added (CR 106.7: "an ability of that permanent"): the
/// mana events naming it as their source, not a triggered mana ability of another permanent
/// that its tapping triggered (Leyline of Abundance on a land that is a creature); without any
/// mana event, what the pool gained (`added_types`).
pub(crate) fn produced_by(base: &GameState, after: &GameState, events: &[mtg_engine::Event], player: mtg_engine::PlayerId, source: ObjectId) -> BTreeSet<ManaType> {
    let reported = events.iter().any(|e| matches!(e, mtg_engine::Event::ManaAdded { .. }));
    if !reported {
        return added_types(base, after, events, player);
    }
    let mut out = BTreeSet::new();
    for e in events {
        if let mtg_engine::Event::ManaAdded { player: p, mana, source: s } = e {
            if *p == player && *s == Some(source) {
                out.extend(ManaType::ALL.into_iter().filter(|t| mana.amount(*t) > 0));
            }
        }
    }
    out
}
