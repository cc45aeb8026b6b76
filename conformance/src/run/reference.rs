//! The built-in reference engine (crate `mtg-engine`) behind the [`Engine`] trait.
//!
//! A thin adapter, as every engine's should be: it builds the engine's setup from the case,
//! translates each step into engine actions (refs to the objects their cards are now, CR 400.7),
//! and reports what the engine observed. It never compares anything with an expectation.

use std::collections::BTreeMap;

use mtg_engine::{
    Action, Answers, CardId, CardSetup, Game, GameSetup, ManaPool, ManaType, ObjectId, ObjectView, PlayerId,
    PlayerSetup, SetupError, StackAbilityKind, StackItemKind, Step as EngineStep, Target as EngineTarget, ZoneKind,
};

use crate::fuzzing::invariants::RulesGame;
use crate::corpus::case::{AbilityKind, Action as CaseAction, Case, Choice, ConvokePays, Mana, Player, Setup, Step, Target, TurnStep, Verb, Zone};
use crate::run::protocol::{json_len, reply_budget, CaseView, StepView, Subject};
use crate::run::engine::{
    CaseReply, Engine, EngineInfo, ObjectObservation, Observation, PlayerObservation, StackItemObservation, StepReply,
};

/// How many priority passes `resolve` and `advance` may take before the step is declared stuck.
/// Two players and a dozen steps a turn need far fewer; the bound only turns a loop into a failure.
const MAX_PASSES: usize = 200;

/// The reference engine as an [`Engine`].
#[derive(Debug, Default)]
pub struct ReferenceEngine {
    check_listing: bool,
}

impl ReferenceEngine {
    pub fn new() -> Self {
        ReferenceEngine { check_listing: false }
    }

    /// The reference engine checking its own `legal_actions` at every engine action
    /// ([`crate::run::listing_check`]): a case where the listing leaves out an accepted action, or
    /// lists a refused one, is `errored`. The corpus test runs this way; `run` doesn't (the
    /// listing is the slowest question the engine answers).
    pub fn checking_listing() -> Self {
        ReferenceEngine { check_listing: true }
    }
}

impl Engine for ReferenceEngine {
    fn info(&self) -> EngineInfo {
        EngineInfo {
            name: "mtg-engine".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            // Every tag: the reference engine runs the whole corpus.
            features: crate::corpus::features::FEATURES
                .iter()
                .map(|(tag, _)| (*tag).to_string())
                .collect(),
        }
    }

    /// Bounded as `serve` bounds it ([`reply_budget`]), so a case gets the same verdict in
    /// process and through the protocol.
    fn run_case(&mut self, case: &CaseView) -> CaseReply {
        self.run_case_within(case, reply_budget(&case.id))
    }

    fn run_case_within(&mut self, case: &CaseView, max_bytes: usize) -> CaseReply {
        run_case_checked::<Game>(case, max_bytes, self.check_listing)
    }
}

/// Runs `case` on any [`RulesGame`]: the reference engine, or a mutant of it (so a test can
/// show that a case written from a fuzz finding fails on the engine with the bug).
#[cfg(test)]
pub(crate) fn run_case_on<G: RulesGame>(case: &CaseView, max_bytes: usize) -> CaseReply {
    run_case_checked::<G>(case, max_bytes, false)
}

fn run_case_checked<G: RulesGame>(case: &CaseView, max_bytes: usize, check_listing: bool) -> CaseReply {
    let mut session = match Session::<G>::start(&case.setup) {
        Ok(s) => Session { check_listing, ..s },
        Err(SetupFailure::Unsupported(reason)) => return CaseReply::Skipped { reason },
        Err(SetupFailure::Error(message)) => return CaseReply::Errored { message },
    };
    // Each step reply is measured as it is made (as JSON, with its comma), so a case observing a
    // large board many times stops at the bound instead of building a reply of any size.
    let mut steps = Vec::new();
    let mut size = 0usize;
    for (i, step) in case.steps.iter().enumerate() {
        let reply = session.step(step);
        size = size.saturating_add(json_len(&reply).saturating_add(1));
        if size > max_bytes {
            return CaseReply::Errored {
                message: format!(
                    "the reply would be over {max_bytes} bytes by step {} of {} (the protocol's \
                     line limit, rulings/PROTOCOL.md); the case was not run further",
                    i + 1,
                    case.steps.len()
                ),
            };
        }
        steps.push(reply);
        if let Some(problem) = session.listing_problem.take() {
            return CaseReply::Errored { message: format!("step {} of {}: {problem}", i + 1, case.steps.len()) };
        }
    }
    CaseReply::Ran { steps }
}

/// How many of `case`'s action steps the reference takes before the game is over (CR 104.2a:
/// in a two-player game, the game ends as a player loses), or `None` if it doesn't end. The
/// expect steps are not run; a rejected action counts (it changes nothing).
pub fn actions_until_game_over(case: &Case) -> Option<usize> {
    let mut session = Session::<Game>::start(&case.setup).ok()?;
    let mut taken = 0;
    for step in &case.steps {
        if session.game.reference().is_over() {
            return Some(taken);
        }
        if let Step::Action(a) = step {
            session.within_limits(|s| s.act(a));
            taken += 1;
        }
    }
    session.game.reference().is_over().then_some(taken)
}

enum SetupFailure {
    Unsupported(String),
    Error(String),
}

/// One case in progress: the game and the mapping between the case's refs and the engine's cards.
struct Session<G: RulesGame> {
    game: G,
    refs: BTreeMap<String, CardId>,
    names: BTreeMap<CardId, String>,
    /// The `triggers` and `trigger_order` of the action step being run.
    triggers: BTreeMap<String, Vec<Target>>,
    trigger_order: Vec<String>,
    /// The game as the action step being run found it, kept from its first engine action on
    /// (`engine_apply`): a later rejection undoes the whole step.
    step_start: Option<mtg_engine::state::GameState>,
    /// Which of the engine's limits the case went past, once it did.
    limit: Option<String>,
    /// The steps that began during the engine actions since `advance` last cleared it, with
    /// whose turn it was: a step can follow a step of the same name (an additional upkeep
    /// phase, CR 500.10).
    began: Vec<(mtg_engine::turn::Step, mtg_engine::ids::PlayerId)>,
    /// Whether each engine action is checked against the listing before it ([`crate::run::listing_check`]),
    /// and the first problem found.
    check_listing: bool,
    listing_problem: Option<String>,
}

/// The engine's power and toughness are 32-bit and saturate: a value at either end may be past
/// it, so it is not given as an answer.
fn saturated(observation: &Observation) -> Option<String> {
    let objects: Vec<&ObjectObservation> = match observation {
        Observation::Object(o) => vec![o],
        Observation::Zone { objects } => objects.iter().collect(),
        _ => Vec::new(),
    };
    let ends = [i64::from(i32::MAX), i64::from(i32::MIN)];
    objects.iter().flat_map(|o| [o.power, o.toughness]).flatten().find(|v| ends.contains(v)).map(|v| {
        format!("{LIMIT_PREFIX}power and toughness are 32-bit, and saturate; this one reached {v}")
    })
}

/// How a step reply names a limit of the reference engine (a case past it has no answer from
/// the reference; `diff` skips such a scenario rather than call it a harness error).
pub const LIMIT_PREFIX: &str = "past the reference engine's limit: ";

fn player_id(p: Player) -> PlayerId {
    match p {
        Player::Alice => PlayerId(0),
        Player::Bob => PlayerId(1),
    }
}

fn player_name(p: PlayerId) -> String {
    match p.0 {
        0 => Player::Alice.as_str().to_string(),
        1 => Player::Bob.as_str().to_string(),
        n => format!("player{n}"),
    }
}

fn zone_kind(z: Zone) -> Option<ZoneKind> {
    ZoneKind::from_name(z.as_str())
}

fn engine_step(s: TurnStep) -> Option<EngineStep> {
    EngineStep::from_name(s.as_str())
}

fn pool(m: &Mana) -> Result<ManaPool, String> {
    ManaPool::parse(m.as_str()).map_err(|e| format!("mana `{}`: {e}", m.as_str()))
}

/// A mana string naming exactly one mana, as `mana = "{R}"` does.
fn one_mana(m: &Mana) -> Result<ManaType, String> {
    let p = pool(m)?;
    let types: Vec<ManaType> = p.types().into_iter().collect();
    match (p.total(), types.as_slice()) {
        (1, [t]) => Ok(*t),
        _ => Err(format!("`{}` is not exactly one mana", m.as_str())),
    }
}

impl<G: RulesGame> Session<G> {
    fn start(s: &Setup) -> Result<Self, SetupFailure> {
        let mut cards = Vec::new();
        let mut refs = BTreeMap::new();
        let mut attachments = Vec::new();
        let add_ref = |refs: &mut BTreeMap<String, CardId>, r: &Option<String>, id: usize| {
            if let Some(r) = r {
                refs.insert(r.clone(), CardId(id as u32));
            }
        };
        for p in &s.battlefield {
            let id = cards.len();
            add_ref(&mut refs, &p.ref_name, id);
            if let Some(target) = &p.attached_to {
                attachments.push((id, target.clone()));
            }
            cards.push(CardSetup {
                name: p.card.clone(),
                owner: player_id(p.owner()),
                controller: Some(player_id(p.controller)),
                zone: ZoneKind::Battlefield,
                tapped: p.tapped,
                counters: p.counters.clone(),
                summoning_sick: p.sick,
                commander: p.commander,
                attached_to: None,
            });
        }
        for zone in [Zone::Library, Zone::Hand, Zone::Graveyard, Zone::Exile, Zone::Command] {
            let kind = zone_kind(zone).ok_or_else(|| SetupFailure::Error(format!("no engine zone for {zone}")))?;
            for player in Player::ALL {
                for e in s.zone(zone, *player) {
                    let id = cards.len();
                    add_ref(&mut refs, &e.ref_name, id);
                    let mut c = CardSetup::new(&e.card, player_id(*player), kind);
                    c.counters = e.counters.clone();
                    c.commander = e.commander;
                    cards.push(c);
                }
            }
        }
        for (id, target) in attachments {
            let to = refs
                .get(&target)
                .copied()
                .ok_or_else(|| SetupFailure::Error(format!("attached_to names unknown ref `{target}`")))?;
            if let Some(c) = cards.get_mut(id) {
                c.attached_to = Some(to);
            }
        }
        let players = Player::ALL
            .iter()
            .map(|p| {
                Ok(PlayerSetup {
                    name: p.as_str().to_string(),
                    life: i32::try_from(s.life_of(*p)).map_err(|_| SetupFailure::Error("life out of range".into()))?,
                    mana_pool: pool(&s.pool_of(*p)).map_err(SetupFailure::Error)?,
                })
            })
            .collect::<Result<Vec<_>, SetupFailure>>()?;
        let step = engine_step(s.step).ok_or_else(|| SetupFailure::Unsupported(format!("step {}", s.step)))?;
        let setup = GameSetup {
            seed: s.seed,
            players,
            active_player: player_id(s.active),
            priority_player: Some(player_id(s.priority_player())),
            step,
            turn_number: s.turn,
            cards,
        };
        let game = G::new_game(setup).map_err(|e| match e {
            // A card missing from the pool is a corpus mistake (lint reports it), not something
            // the engine declares it can't do.
            SetupError::UnknownCard(_) => SetupFailure::Error(e.to_string()),
            other => SetupFailure::Error(other.to_string()),
        })?;
        let names = refs.iter().map(|(r, c)| (*c, r.clone())).collect();
        Ok(Session { game, refs, names, triggers: BTreeMap::new(), trigger_order: Vec::new(), step_start: None, limit: None, began: Vec::new(), check_listing: false, listing_problem: None })
    }

    fn step(&mut self, step: &StepView) -> StepReply {
        self.within_limits(|s| match step {
            StepView::Action(a) => s.act(a),
            StepView::Observe(subject) => match s.observe(subject) {
                Ok(observation) => match saturated(&observation) {
                    Some(message) => StepReply::Failed { message },
                    None => StepReply::Observed { observation },
                },
                Err(message) => StepReply::Failed { message },
            },
        })
    }

    /// Runs one step unless the game is past one of the engine's limits: past it the game is
    /// not the rules' answer, so every step from there fails, saying which limit, rather than
    /// answer wrongly.
    fn within_limits(&mut self, step: impl FnOnce(&mut Self) -> StepReply) -> StepReply {
        if let Some(message) = &self.limit {
            return StepReply::Failed { message: message.clone() };
        }
        let reply = step(self);
        match &self.limit {
            Some(message) if !matches!(reply, StepReply::Rejected { .. }) => StepReply::Failed { message: message.clone() },
            _ => reply,
        }
    }

    fn act(&mut self, a: &CaseAction) -> StepReply {
        // A step is one unit: if any engine action inside it is rejected, the whole step
        // is undone, so "rejected leaves the game unchanged" holds for multi-pass steps too.
        // Before its first engine action nothing has changed (a rejected action undoes
        // itself); after it, `step_start` holds the game as the step found it.
        self.step_start = None;
        let result = self.action(a);
        let start = self.step_start.take();
        if result.is_err() {
            if let Some(start) = start {
                self.game = G::from_state(start);
            }
        }
        match result {
            Ok(()) => StepReply::Done,
            Err(StepError::Rejected { class, message }) => StepReply::Rejected { class, message },
            Err(StepError::Failed(message)) => StepReply::Failed { message },
        }
    }

    // ---- actions ------------------------------------------------------------------------------

    fn object(&self, r: &str) -> Result<ObjectId, StepError> {
        let card = self.refs.get(r).ok_or_else(|| StepError::Failed(format!("unknown ref `{r}`")))?;
        self.game
            .reference().object_of_card(*card)
            .ok_or_else(|| StepError::Failed(format!("the card `{r}` is no longer in the game")))
    }

    fn target(&self, t: &Target) -> Result<EngineTarget, StepError> {
        Ok(match t {
            Target::Player(p) => EngineTarget::Player(player_id(*p)),
            Target::Object(r) => EngineTarget::Object(self.object(r)?),
            Target::Ability { source: r, kind } => {
                let card = self.refs.get(r).ok_or_else(|| StepError::Failed(format!("unknown ref `{r}`")))?;
                let wanted = kind.map(|k| match k {
                    AbilityKind::Activated => StackAbilityKind::Activated,
                    AbilityKind::Triggered => StackAbilityKind::Triggered,
                });
                let item = self
                    .game
                    .reference().stack_view()
                    .into_iter()
                    .find(|item| {
                        item.kind == StackItemKind::Ability
                            && item.source_card == Some(*card)
                            && wanted.is_none_or(|k| item.ability_kind == Some(k))
                    })
                    // The format's rejection class `object`: no such ability where the action says.
                    .ok_or_else(|| StepError::Rejected {
                        class: Some("object".into()),
                        message: format!("no ability of `{r}` is on the stack"),
                    })?;
                EngineTarget::Object(item.id)
            }
        })
    }

    fn actor(&self, a: &CaseAction) -> Result<PlayerId, StepError> {
        match a.by {
            Some(p) => Ok(player_id(p)),
            None => self
                .game
                .reference().priority_player()
                .ok_or_else(|| StepError::Rejected { class: Some("timing".into()), message: "no player has priority".into() }),
        }
    }

    fn answers(&self, c: Option<&Choice>) -> Result<Answers, StepError> {
        let mut out = Answers::default();
        let Some(c) = c else { return Ok(out) };
        out.random = c.random.iter().cloned().collect();
        if let Some(d) = &c.distribute {
            for (r, n) in d {
                out.distribute.push((EngineTarget::Object(self.object(r)?), *n));
            }
        }
        if let Some(s) = &c.sacrifice {
            out.sacrifice = Some(s.iter().map(|r| self.object(r)).collect::<Result<_, _>>()?);
        }
        out.pay = c.pay;
        if let Some(r) = &c.copy {
            out.copy = Some(self.object(r)?);
        }
        if let Some(r) = &c.copy_again {
            out.copy_again = Some(self.object(r)?);
        }
        if let Some(m) = &c.mana {
            out.mana = Some(one_mana(m).map_err(StepError::Failed)?);
        }
        out.counter = c.counter.clone();
        out.color = c.color.and_then(|c| mtg_engine::types::Color::ALL.into_iter().find(|k| k.letter() == c.as_str()));
        out.creature_type = c.creature_type.clone();
        if let Some(colors) = &c.colors {
            out.colors = colors
                .iter()
                .filter_map(|c| mtg_engine::types::Color::ALL.into_iter().find(|k| k.letter() == c.as_str()))
                .collect();
        }
        out.may = c.may;
        if let Some(r) = &c.keep {
            out.keep = Some(self.object(r)?);
        }
        if let Some(refs) = &c.keep_tapped {
            out.keep_tapped = refs.iter().map(|r| self.object(r)).collect::<Result<_, _>>()?;
        }
        if let Some(refs) = &c.find {
            out.find = Some(refs.iter().map(|r| self.object(r)).collect::<Result<_, _>>()?);
        }
        if let Some(r) = &c.pick {
            out.pick = Some(self.object(r)?);
        }
        if let Some(refs) = &c.exile {
            out.exile = Some(refs.iter().map(|r| self.object(r)).collect::<Result<_, _>>()?);
        }
        if let Some(ts) = &c.new_targets {
            out.new_targets = Some(ts.iter().map(|t| self.target(t)).collect::<Result<_, _>>()?);
        }
        if let Some(piles) = &c.piles {
            out.piles = Some(
                piles
                    .iter()
                    .map(|pile| pile.iter().map(|r| self.object(r)).collect::<Result<Vec<_>, _>>())
                    .collect::<Result<_, _>>()?,
            );
        }
        // 1-based in the corpus; 0 (no such pile) stays out of range.
        if let Some(n) = c.pile {
            out.pile = Some(usize::try_from(n).unwrap_or(usize::MAX).checked_sub(1).unwrap_or(usize::MAX));
        }
        if let Some(d) = &c.damage {
            let mut all = Vec::new();
            for (source, recipients) in d {
                let mut v = Vec::new();
                for (r, n) in recipients {
                    v.push((self.target(&match Player::parse(r) { Some(p) => Target::Player(p), None => Target::Object(r.clone()) })?, *n));
                }
                all.push((self.object(source)?, v));
            }
            out.damage = Some(all);
        }
        Ok(out)
    }

    fn apply(&mut self, action: Action) -> Result<(), StepError> {
        self.engine_apply(action).map_err(|r| StepError::Rejected {
            class: Some(r.class().to_string()),
            message: self.rejection_message(&r),
        })?;
        self.put_triggers()
    }

    /// One engine action of the step being run; the first one's undo copy is kept as the
    /// step's start.
    fn engine_apply(&mut self, action: Action) -> Result<(), mtg_engine::rejection::Rejection> {
        if self.check_listing && self.listing_problem.is_none() {
            let listed = self.game.legal_actions();
            let result = self.game.apply_undoable(action.clone());
            let resolved = result
                .as_ref()
                .is_ok_and(|(events, _)| events.iter().any(|e| matches!(e, mtg_engine::events::Event::Resolved { .. })));
            self.listing_problem = crate::run::listing_check::problem(&listed, &action, result.is_ok(), resolved);
            return self.applied(result?);
        }
        let applied = self.game.apply_undoable(action)?;
        self.applied(applied)
    }

    fn applied(&mut self, (events, before): (Vec<mtg_engine::events::Event>, mtg_engine::state::GameState)) -> Result<(), mtg_engine::rejection::Rejection> {
        self.began.extend(events.iter().filter_map(|e| match e {
            mtg_engine::events::Event::StepBegan { step, active, .. } => Some((*step, *active)),
            _ => None,
        }));
        if self.limit.is_none() {
            self.limit = events.iter().find_map(|e| match e {
                mtg_engine::events::Event::LimitReached { what, asked, limit } => {
                    Some(format!("{LIMIT_PREFIX}at most {limit} {what}; this one asked for {asked}"))
                }
                _ => None,
            });
        }
        if self.step_start.is_none() {
            self.step_start = Some(before);
        }
        Ok(())
    }

    /// While triggered abilities wait for their controller (CR 603.3b, 603.3d), puts them on the
    /// stack as the step's `triggers` (targets by source ref) and `trigger_order` (top first;
    /// unnamed ones after, in the engine's default order) say.
    fn put_triggers(&mut self) -> Result<(), StepError> {
        for _ in 0..MAX_PASSES {
            let pending = self.game.reference().pending_triggers();
            let Some(player) = pending.first().map(|t| t.controller) else { return Ok(()) };
            let source_ref = |card: Option<CardId>| card.and_then(|c| self.names.get(&c).cloned());
            let mut order: Vec<u32> = Vec::new();
            for r in &self.trigger_order {
                for t in &pending {
                    if source_ref(t.source_card).as_ref() == Some(r) && !order.contains(&t.id) {
                        order.push(t.id);
                    }
                }
            }
            order.extend(pending.iter().map(|t| t.id).filter(|id| !order.contains(id)).collect::<Vec<_>>());
            let mut targets = Vec::new();
            // A triggered ability with no target takes none (CR 603.3d): of a source's several
            // abilities, only those that target get the source's listed targets.
            for t in pending.iter().filter(|t| t.needs_targets) {
                if let Some(ts) = source_ref(t.source_card).and_then(|r| self.triggers.get(&r)) {
                    let ts = ts.iter().map(|x| self.target(x)).collect::<Result<Vec<_>, _>>()?;
                    targets.push((t.id, ts));
                }
            }
            self.engine_apply(Action::PutTriggers { player, order, targets }).map_err(|r| StepError::Rejected {
                class: Some(r.class().to_string()),
                message: r.to_string(),
            })?;
        }
        Err(StepError::Failed("triggered abilities kept waiting to be put on the stack".into()))
    }

    fn action(&mut self, a: &CaseAction) -> Result<(), StepError> {
        self.triggers = a.triggers.clone();
        self.trigger_order = a.trigger_order.clone();
        let player = self.actor(a)?;
        let targets = a.targets.iter().map(|t| self.target(t)).collect::<Result<Vec<_>, _>>()?;
        let payment = a.pay.as_ref().map(pool).transpose().map_err(StepError::Failed)?;
        match &a.verb {
            Verb::Activate { source, ability } => {
                let source = self.object(source)?;
                let ability = usize::try_from(*ability)
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .ok_or_else(|| StepError::Failed("abilities are numbered from 1".into()))?;
                let mana_choice = a.mana.as_ref().map(one_mana).transpose().map_err(StepError::Failed)?;
                let replacement_order = a.order.iter().map(|r| self.object(r)).collect::<Result<_, _>>()?;
                // "Tap another untapped creature you control" is paid as it is activated (CR
                // 702.184a, 602.2b).
                let tap = match a.choose.as_ref().and_then(|c| c.tap.as_ref()) {
                    Some(t) => t.iter().map(|r| self.object(r)).collect::<Result<_, _>>()?,
                    None => Vec::new(),
                };
                self.apply(Action::ActivateAbility {
                    player,
                    source,
                    ability,
                    x: a.x,
                    targets,
                    mana_choice,
                    payment,
                    replacement_order,
                    tap,
                })
            }
            Verb::Cast { card } => {
                let card = self.object(card)?;
                // An additional cost's sacrifice is chosen as the spell is cast (CR 601.2b).
                let sacrifice = match a.choose.as_ref().and_then(|c| c.sacrifice.as_ref()) {
                    Some(s) => s.iter().map(|r| self.object(r)).collect::<Result<_, _>>()?,
                    None => Vec::new(),
                };
                // Kicker and modes are announced as the spell is cast (CR 601.2b, 702.33a, 700.2a).
                let kicked = match a.choose.as_ref().and_then(|c| c.kicked.as_ref()) {
                    Some(k) => k.costs().ok_or_else(|| StepError::Failed("kicker costs are numbered from 1".into()))?,
                    None => Vec::new(),
                };
                let modes = match a.choose.as_ref().and_then(|c| c.modes.as_ref()) {
                    Some(m) => m
                        .iter()
                        .map(|n| usize::try_from(*n).ok().and_then(|n| n.checked_sub(1)))
                        .collect::<Option<Vec<usize>>>()
                        .ok_or_else(|| StepError::Failed("modes are numbered from 1".into()))?,
                    None => Vec::new(),
                };
                // The cards spliced onto it are revealed as it is cast (CR 601.2b, 702.47a).
                let splice = match a.choose.as_ref().and_then(|c| c.splice.as_ref()) {
                    Some(s) => s.iter().map(|r| self.object(r)).collect::<Result<_, _>>()?,
                    None => Vec::new(),
                };
                                // Creatures tapped for convoke, each with what it pays (CR 702.51a).
                let mut costs = mtg_engine::actions::CastCosts::default();
                for (r, pays) in a.choose.as_ref().and_then(|c| c.convoke.as_ref()).into_iter().flatten() {
                    let mana = match pays {
                        ConvokePays::Generic => None,
                        ConvokePays::W => Some(ManaType::White),
                        ConvokePays::U => Some(ManaType::Blue),
                        ConvokePays::B => Some(ManaType::Black),
                        ConvokePays::R => Some(ManaType::Red),
                        ConvokePays::G => Some(ManaType::Green),
                    };
                    costs.convoke.push((self.object(r)?, mana));
                }
                // The cards revealed for an additional cost (CR 601.2b, 701.20a).
                for r in a.choose.as_ref().and_then(|c| c.reveal.as_ref()).into_iter().flatten() {
                    costs.reveal.push(self.object(r)?);
                }
                // An optional additional cost (CR 601.2b) and the permanents tapped for a
                // waterbend cost's generic mana (CR 701.67a).
                costs.additional_cost = a.choose.as_ref().and_then(|c| c.pay).unwrap_or(false);
                for r in a.choose.as_ref().and_then(|c| c.waterbend.as_ref()).into_iter().flatten() {
                    costs.waterbend.push(self.object(r)?);
                }
                self.apply(Action::CastSpell { player, card, x: a.x, targets, payment, sacrifice, kicked, modes, splice, costs })
            }
            Verb::PlayLand { card } => {
                let card = self.object(card)?;
                // "As this land enters, you may pay N life" (CR 614.1c): `choose.pay`.
                let pay = a.choose.as_ref().and_then(|c| c.pay);
                self.apply(Action::PlayLand { player, card, pay })
            }
            Verb::Pass => {
                let answers = self.answers(a.choose.as_ref())?;
                self.apply(Action::PassPriority { player, answers })
            }
            Verb::Resolve => self.resolve(a),
            Verb::Advance { to, turn } => {
                let answers = self.answers(a.choose.as_ref())?;
                self.advance(*to, *turn, answers)
            }
            Verb::Attack { attackers } => {
                let attackers = attackers.iter().map(|r| self.object(r)).collect::<Result<_, _>>()?;
                self.apply(Action::DeclareAttackers { player, attackers })
            }
            Verb::Block { blockers } => {
                let mut blocks = Vec::new();
                for (b, attackers) in blockers {
                    for a in attackers {
                        blocks.push((self.object(b)?, self.object(a)?));
                    }
                }
                self.apply(Action::DeclareBlockers { player, blocks })
            }
            Verb::Choose => Err(StepError::Failed(
                "the reference engine takes each choice with the action that needs it (`choose` on `resolve` or `pass`)"
                    .into(),
            )),
        }
    }

    /// Every player passes in turn until the object now on top of the stack has left it
    /// (CR 117.4). The choices go with every pass; the engine uses them on the one that resolves.
    fn resolve(&mut self, a: &CaseAction) -> Result<(), StepError> {
        let top = self
            .game
            .reference().stack_view()
            .first()
            .map(|item| item.id)
            .ok_or_else(|| StepError::Failed("`resolve` with an empty stack".into()))?;
        let mut answers = self.answers(a.choose.as_ref())?;
        // CR 616.1: the order in which the affected player applies replacement effects.
        answers.replacement_order = a.order.iter().map(|r| self.object(r)).collect::<Result<_, _>>()?;
        for _ in 0..MAX_PASSES {
            if !self.game.reference().stack_view().iter().any(|item| item.id == top) {
                return Ok(());
            }
            let player = self.actor(&CaseAction { by: None, ..a.clone() })?;
            self.apply(Action::PassPriority { player, answers: answers.clone() })?;
        }
        Err(StepError::Failed(format!("the top of the stack did not resolve within {MAX_PASSES} passes")))
    }

    /// Players pass with an empty stack until step `to` begins (on `turn`'s turn, if given).
    /// The step's `choose` answers go with every pass: the one that ends a step uses those its
    /// turn-based actions need (combat damage assignments, CR 510.1; discarding, CR 514.1).
    fn advance(&mut self, to: TurnStep, turn: Option<Player>, answers: Answers) -> Result<(), StepError> {
        let to = engine_step(to).ok_or_else(|| StepError::Failed(format!("the engine has no step {to}")))?;
        let whose = turn.map(player_id);
        // "Until step `to` begins": a pass that leaves the game in the step it started in (the
        // other player now has priority) is not the step beginning; one that begins a step of
        // the same name is (an additional upkeep phase after an upkeep, CR 500.10).
        for _ in 0..MAX_PASSES {
            if !self.game.reference().stack_view().is_empty() {
                return Err(StepError::Failed("`advance`: something was put on the stack on the way".into()));
            }
            let player = self
                .game
                .reference().priority_player()
                .ok_or_else(|| StepError::Failed("`advance`: no player has priority (is the game over?)".into()))?;
            self.began.clear();
            self.apply(Action::PassPriority { player, answers: answers.clone() })?;
            // The step the game is in now began during this pass (it may have begun and ended:
            // only the one the game stopped in counts).
            let began = self.began.last().is_some_and(|(st, _)| *st == self.game.reference().step());
            if began && self.game.reference().step() == to && whose.is_none_or(|p| self.game.reference().active_player() == p) {
                return Ok(());
            }
        }
        Err(StepError::Failed(format!("step {} not reached within {MAX_PASSES} passes", to.name())))
    }

    // ---- observations -------------------------------------------------------------------------

    /// A rejection in the case's terms: its refs for the engine's object ids, and abilities
    /// numbered from 1 as the case numbers them (the engine counts from 0).
    fn rejection_message(&self, r: &mtg_engine::Rejection) -> String {
        let name = |obj: ObjectId| self.ref_of(obj).map_or_else(|| format!("{obj:?}"), |r| format!("`{r}`"));
        match r {
            mtg_engine::Rejection::NoSuchAbility { object, index } => {
                format!("{} has no activated ability number {}", name(*object), index + 1)
            }
            mtg_engine::Rejection::NoSuchObject(obj) => format!("no such object {}", name(*obj)),
            mtg_engine::Rejection::WrongObject { object, reason } => {
                format!("{} is not where the action needs it: {reason}", name(*object))
            }
            other => other.to_string(),
        }
    }

    fn ref_of(&self, obj: ObjectId) -> Option<String> {
        self.game.reference().card_of_object(obj).and_then(|c| self.names.get(&c).cloned())
    }

    fn object_observation(&self, v: &ObjectView) -> ObjectObservation {
        ObjectObservation {
            name: Some(v.name.clone()),
            zone: Some(v.zone.name().to_string()),
            controller: Some(player_name(v.controller)),
            owner: Some(player_name(v.owner)),
            tapped: Some(v.tapped),
            power: v.power.map(i64::from),
            toughness: v.toughness.map(i64::from),
            loyalty: v.loyalty.map(i64::from),
            types: Some(v.types.clone()),
            subtypes: Some(v.subtypes.clone()),
            supertypes: Some(v.supertypes.clone()),
            colors: Some(v.colors.clone()),
            keywords: Some(v.keywords.clone()),
            counters: Some(v.counters.iter().map(|(k, n)| (k.clone(), i64::from(*n))).collect()),
            mana_value: Some(i64::from(v.mana_value)),
            damage: Some(i64::from(v.damage)),
            attached_to: Some(match v.attached_to {
                None => String::new(),
                Some(o) => self
                    .ref_of(o)
                    .or_else(|| self.game.object_view(o).map(|v| v.name))
                    .unwrap_or_default(),
            }),
            commander: Some(v.commander),
            color_identity: Some(v.color_identity.clone()),
            revealed: Some(v.revealed),
        }
    }

    fn observe(&self, subject: &Subject) -> Result<Observation, String> {
        match subject {
            Subject::Object { object } => {
                let card = self.refs.get(object).ok_or_else(|| format!("unknown ref `{object}`"))?;
                let obj = self.game.reference().object_of_card(*card).ok_or_else(|| format!("`{object}` is no longer in the game"))?;
                let view = self.game.object_view(obj).ok_or_else(|| format!("no view of `{object}`"))?;
                Ok(Observation::Object(self.object_observation(&view)))
            }
            Subject::Player { player } => {
                let v = self
                    .game
                    .reference().player_view(player_id(*player))
                    .ok_or_else(|| format!("no player {player}"))?;
                Ok(Observation::Player(PlayerObservation {
                    life: Some(i64::from(v.life)),
                    mana_pool: Some(v.mana_pool.to_symbols()),
                    hand_size: Some(i64::from(v.hand_size)),
                    library_size: Some(i64::from(v.library_size)),
                    lost: Some(v.lost),
                    poison: Some(i64::from(v.poison)),
                    shuffles: Some(i64::from(v.shuffles)),
                }))
            }
            Subject::Stack {} => Ok(Observation::Stack {
                items: self
                    .game
                    .reference().stack_view()
                    .iter()
                    .map(|item| StackItemObservation {
                        kind: match item.kind {
                            StackItemKind::Spell => "spell".into(),
                            StackItemKind::Ability => "ability".into(),
                        },
                        source: item.source_card.and_then(|c| self.names.get(&c).cloned()),
                        targets: item
                            .targets
                            .iter()
                            .map(|t| match t {
                                EngineTarget::Player(p) => player_name(*p),
                                EngineTarget::Object(o) => self.ref_of(*o).unwrap_or_default(),
                            })
                            .collect(),
                    })
                    .collect(),
            }),
            Subject::Zone { zone, owner, controller } => {
                let zone = zone_kind(*zone).ok_or_else(|| format!("no engine zone for {zone}"))?;
                let player = owner
                    .or(*controller)
                    .ok_or_else(|| "a zone query names an owner or a controller".to_string())?;
                let objects = self
                    .game
                    .reference().zone_view(zone, player_id(player))
                    .iter()
                    .map(|v| self.object_observation(v))
                    .collect();
                Ok(Observation::Zone { objects })
            }
        }
    }
}

enum StepError {
    Rejected { class: Option<String>, message: String },
    Failed(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::Corpus;
    use std::path::PathBuf;

    /// The replies to the steps of the one case in `case`, with the cards of `cards`.
    fn run_one(cards: &str, case: &str) -> Vec<StepReply> {
        let loaded = Corpus::from_texts(
            "r",
            [
                (PathBuf::from("cards.toml"), cards.to_string()),
                (PathBuf::from("rules/a.toml"), case.to_string()),
            ],
        );
        let Some(case) = loaded.corpus.cases.first() else { panic!("{:?}", loaded.problems) };
        let reply = ReferenceEngine::new().run_case(&CaseView::of(&case.item));
        let CaseReply::Ran { steps } = reply else { panic!("{reply:?}") };
        steps
    }

    /// A `resolve` step is several passes: when the last one is rejected, the whole step is
    /// undone (CR 733.2), so priority is back with the player who had it before the first pass.
    #[test]
    fn a_rejected_resolve_undoes_its_earlier_passes() {
        let case = "[[case]]\nid = \"a/1\"\ntitle = \"t\"\ncovers = [\"x\"]\nfeatures = [\"triggers\"]\n\
                    step = [\n\
                      { do = \"advance\", to = \"beginning_of_combat\" },\n\
                      { do = \"resolve\", choose = { random = \"no such kind\" } },\n\
                      { do = \"pass\", by = \"bob\" },\n\
                    ]\n\
                    [case.setup]\nactive = \"alice\"\nstep = \"precombat_main\"\n\
                    battlefield = [ { ref = \"giant\", card = \"Crystalline Giant\", controller = \"alice\" } ]\n";
        let steps = run_one(include_str!("../../../rulings/cards.toml"), case);
        assert_eq!(steps.first(), Some(&StepReply::Done));
        // Alice passed, then Bob's pass resolved the trigger with a kind it can't choose.
        assert!(matches!(steps.get(1), Some(StepReply::Rejected { .. })), "{steps:?}");
        // Undone: Alice has priority again, so Bob can't pass.
        let Some(StepReply::Rejected { class, .. }) = steps.get(2) else { panic!("{steps:?}") };
        assert_eq!(class.as_deref(), Some("priority"));
    }

    /// A rejection names the case's ref and counts abilities from 1, as the case does (item 7).
    #[test]
    fn a_missing_ability_is_named_in_the_cases_terms() {
        let cards = "[[card]]\nname = \"Forest\"\ntypes = [\"Land\"]\noracle = \"({T}: Add {G}.)\"\n";
        let case = "[[case]]\nid = \"a/1\"\ntitle = \"t\"\ncovers = [\"x\"]\nfeatures = [\"mana\"]\n\
                    step = [ { do = \"activate\", source = \"forest\", ability = 3 } ]\n\
                    [case.setup]\nactive = \"alice\"\nstep = \"precombat_main\"\n\
                    battlefield = [ { ref = \"forest\", card = \"Forest\", controller = \"alice\" } ]\n";
        let steps = run_one(cards, case);
        assert_eq!(
            steps.first(),
            Some(&StepReply::Rejected {
                class: steps.first().and_then(|s| match s {
                    StepReply::Rejected { class, .. } => class.clone(),
                    _ => None,
                }),
                message: "`forest` has no activated ability number 3".into(),
            })
        );
    }
}
