//! From a fuzz artifact to a readable corpus case (`mtg-conformance regress`).
//!
//! The artifact's bytes are decoded by the generator the fuzz target uses, played until the
//! first violation, minimized (structurally: fewer picks, fewer and simpler objects), and played
//! once more to get the trace. The case is the minimized board as `setup` (every card with a
//! `ref`), the accepted actions as steps (a rejected action changed nothing, so it is left out),
//! and a last step stating what the violated rule requires — `expect_illegal` for an action the
//! rule forbids, or the observation the rule implies — with `covers` naming the rule's source.
//! Expectations come from the rule, never from the engine: the engine's answers only decide
//! which actions were taken.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use mtg_engine::abilities::{Ability, Amount, StaticAbility};
use mtg_engine::types::CardType;
use mtg_engine::{cards, Action, CardId, GameSetup, ManaType, ObjectId, PlayerId, Step, Target, ZoneKind};

use super::costs::unpayable;
use super::counters::GIANT_KINDS;
use super::script::{minimize, minimize_keeping, run, Move, Trace};
use super::{Invariant, RulesGame, Selection, Violation};
use crate::fuzzing::generate::{scenario_from_bytes, BoardRecipe, Scenario};

/// Why an artifact gives no case.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RegressError {
    #[error("the artifact replays without a violation (fixed already, or not a board_actions input)")]
    NoViolation,
    #[error("invariant {0} has no corpus form yet: keep the artifact in fuzz/corpus/board_actions/ instead ({1})")]
    NotExpressible(Invariant, String),
}

/// A regression case, ready to be written to `rulings/regressions/<file_name>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Regression {
    pub id: String,
    pub file_name: String,
    pub toml: String,
    pub violation: Violation,
    /// The source the case covers (`None` never happens for expressible invariants).
    pub covers: &'static str,
}

/// FNV-1a: a short, stable name for an artifact.
fn fingerprint(bytes: &[u8]) -> String {
    let h = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3));
    format!("{:08x}", h >> 32)
}

/// The case for a `board_actions` artifact, replayed against `G` (the reference engine for the
/// command; a mutant in tests).
pub fn regress<G: RulesGame>(bytes: &[u8]) -> Result<Regression, RegressError> {
    let all = Selection::all();
    let scenario = scenario_from_bytes(bytes);
    let first = super::script::check::<G>(&scenario, &all).err().ok_or(RegressError::NoViolation)?;
    let only = Selection::only(&[first.invariant]);
    let artifact = fingerprint(bytes);
    let case_of = |small: Scenario| -> Result<Regression, RegressError> {
        let small = reachable(small, |s| super::script::check::<G>(s, &only).err().is_some_and(|v| v.invariant == first.invariant)).ok_or_else(|| {
            RegressError::NotExpressible(first.invariant, "it happens only in a step no game reaches without attackers (CR 508.8)".into())
        })?;
        let moves: Vec<Move> = small.picks.iter().map(Move::from).collect();
        let played = run::<G>(small.board.to_setup(), &moves, &only);
        let violation = played.violation.ok_or(RegressError::NoViolation)?;
        write_case::<G>(&played.trace, violation, &artifact)
    };
    match case_of(minimize::<G>(&scenario, &only, first.invariant)) {
        // The smallest scenario can lose what a case observes (a copy effect copying an
        // identical permanent ends unseen): shrink again, keeping only scenarios a case expresses.
        Err(RegressError::NotExpressible(..)) => {
            case_of(minimize_keeping::<G>(&scenario, &only, first.invariant, |s| case_of(s.clone()).is_ok()))
        }
        r => r,
    }
}

/// The corpus case of a played trace that ends in `violation` (`artifact`: the artifact's
/// fingerprint, for the case's name and comment).
pub fn write_case<G: RulesGame>(trace: &Trace, violation: Violation, artifact: &str) -> Result<Regression, RegressError> {
    let covers = specific_source(&violation)
        .or_else(|| violation.invariant.source())
        .ok_or_else(|| RegressError::NotExpressible(violation.invariant, "no rule states it".into()))?;
    let name = format!("{}-{artifact}", violation.invariant.name());
    let w = Writer::new(&trace.setup);
    let steps = w.steps::<G>(trace, &violation)?;
    let id = format!("regression/{name}");
    let mut toml = String::new();
    let _ = writeln!(toml, "# Found by the `board_actions` fuzz target (artifact {artifact}), minimized by `mtg-conformance regress`.");
    let _ = writeln!(toml, "# Invariant broken: {} — {}", violation.invariant, violation.detail.replace('\n', " "));
    let _ = writeln!(toml);
    let _ = writeln!(toml, "[[case]]");
    let _ = writeln!(toml, "id = {}", q(&id));
    let _ = writeln!(toml, "title = {}", q(&format!("Regression: {}", violation.invariant.name())));
    let _ = writeln!(toml, "covers = [{}]", q(covers));
    let _ = writeln!(toml, "features = [{}]", features_of(covers, &w, &steps).join(", "));
    let _ = writeln!(toml, "note = {}", q(&format!("The rule: {}. The last step states what it requires here.", violation.invariant.requirement())));
    toml.push_str(&w.setup());
    let _ = writeln!(toml, "step = [");
    for s in steps {
        let _ = writeln!(toml, "  {s},");
    }
    let _ = writeln!(toml, "]");
    Ok(Regression { file_name: format!("{name}.toml"), id, toml, violation, covers })
}

/// A setup can't declare attackers, and without attackers the declare blockers and combat
/// damage steps are skipped (CR 508.8): a scenario starting in one of them is moved to the
/// first step with priority where it still `breaks` (`None`: nowhere else).
fn reachable(scenario: Scenario, breaks: impl Fn(&Scenario) -> bool) -> Option<Scenario> {
    let unreachable = |s: &Scenario| matches!(s.board.to_setup().step, Step::DeclareBlockers | Step::CombatDamage);
    if !unreachable(&scenario) {
        return Some(scenario);
    }
    (0..=u8::MAX).map(|step| Scenario { board: BoardRecipe { step, ..scenario.board.clone() }, ..scenario.clone() }).find(|c| !unreachable(c) && breaks(c))
}

/// `mtg-conformance regress`: reads the artifact, writes `<corpus>/regressions/<name>.toml` (or
/// prints it), and says which source the case covers and whether the corpus has it. Returns the
/// exit status: 0 written, 1 no case (no violation, or not expressible), 2 I/O or usage error.
pub fn command(artifact: &std::path::Path, target: &str, corpus: &std::path::Path, print_only: bool) -> u8 {
    if target != "board_actions" {
        eprintln!("error: only `board_actions` artifacts become cases; a `{target}` artifact is a case file or text already");
        return 2;
    }
    let bytes = match std::fs::read(artifact) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {}: {e}", artifact.display());
            return 2;
        }
    };
    let r = match regress::<mtg_engine::Game>(&bytes) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    eprintln!("{}", r.violation);
    if print_only {
        use std::io::Write as _;
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        if let Err(e) = out.write_all(r.toml.as_bytes()).and_then(|()| out.flush()) {
            eprintln!("error: cannot write to standard output: {e}");
            return 2;
        }
        return 0;
    }
    let path = match write_new_case(corpus, &r.file_name, &r.toml) {
        Ok(path) => path,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    // The case is written: what follows only tells about it (and can't fail the command).
    use std::io::Write as _;
    let mut out = std::io::stdout();
    let _ = writeln!(out, "wrote {} (case {}, covers {})", path.display(), r.id, r.covers);
    let known = crate::corpus::Corpus::load(corpus)
        .map(|l| l.corpus.sources.iter().any(|s| s.item.id == r.covers))
        .unwrap_or(false);
    if !known {
        let _ = writeln!(out, "note: source `{}` is not in {}/sources/ yet: add it (exact rule text) to sources/invariants.toml", r.covers, corpus.display());
    }
    0
}

/// Writes a regression case as `corpus/regressions/<file_name>`, never over a file that is there
/// (it may be a case someone edited since); returns its path.
pub fn write_new_case(corpus: &std::path::Path, file_name: &str, toml: &str) -> Result<std::path::PathBuf, String> {
    use std::io::Write as _;
    let dir = corpus.join("regressions");
    let path = dir.join(file_name);
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(&path)?;
        f.write_all(toml.as_bytes())
    });
    match written {
        Ok(()) => Ok(path),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(format!("{} exists: not replaced (remove it, or --print the case)", path.display()))
        }
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// A TOML basic string.
fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn player(p: PlayerId) -> &'static str {
    if p.0 == 0 {
        "alice"
    } else {
        "bob"
    }
}

fn mana(t: ManaType) -> &'static str {
    t.symbol()
}

struct Writer<'a> {
    setup: &'a GameSetup,
    refs: Vec<String>,
}

impl<'a> Writer<'a> {
    fn new(setup: &'a GameSetup) -> Writer<'a> {
        let refs = setup
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let slug: String = c.name.to_lowercase().chars().map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '-' }).collect();
                format!("{}-{i}", slug.split('-').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-"))
            })
            .collect();
        Writer { setup, refs }
    }

    fn card_ref(&self, card: CardId) -> Option<&str> {
        self.refs.get(usize::try_from(card.0).ok()?).map(String::as_str)
    }

    /// The `[case.setup]` keys, dotted so `step` can follow.
    fn setup(&self) -> String {
        let s = self.setup;
        let mut out = String::new();
        let _ = writeln!(out, "setup.active = {}", q(player(s.active_player)));
        let _ = writeln!(out, "setup.step = {}", q(s.step.name()));
        let _ = writeln!(out, "setup.turn = {}", s.turn_number);
        let _ = writeln!(out, "setup.seed = {}", s.seed);
        let lives: Vec<String> = s.players.iter().enumerate().map(|(i, p)| format!("{} = {}", player(PlayerId(i as u8)), p.life)).collect();
        let _ = writeln!(out, "setup.life = {{ {} }}", lives.join(", "));
        let pools: Vec<String> = s
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.mana_pool.is_empty())
            .map(|(i, p)| format!("{} = {}", player(PlayerId(i as u8)), q(&p.mana_pool.to_symbols())))
            .collect();
        if !pools.is_empty() {
            let _ = writeln!(out, "setup.mana_pool = {{ {} }}", pools.join(", "));
        }
        let entry = |i: usize| -> String {
            let c = &s.cards[i];
            let mut f = vec![format!("ref = {}", q(&self.refs[i])), format!("card = {}", q(&c.name))];
            if c.zone == ZoneKind::Battlefield {
                let controller = c.controller.unwrap_or(c.owner);
                f.push(format!("controller = {}", q(player(controller))));
                if controller != c.owner {
                    f.push(format!("owner = {}", q(player(c.owner))));
                }
                if c.tapped {
                    f.push("tapped = true".into());
                }
                if c.summoning_sick {
                    f.push("sick = true".into());
                }
                if let Some(t) = c.attached_to.and_then(|t| self.card_ref(t)) {
                    f.push(format!("attached_to = {}", q(t)));
                }
            }
            let mut counters: Vec<String> = c
                .counters
                .iter()
                .filter(|(k, n)| **n > 0 && k.as_str() != "loyalty")
                .map(|(k, n)| format!("{} = {n}", q(k)))
                .collect();
            // The corpus states a planeswalker's loyalty counters (rulings/README.md): the count
            // given, or the printed loyalty it entered with (CR 306.5b), as `GameSetup` does.
            if let Some(n) = loyalty(c) {
                counters.push(format!("loyalty = {n}"));
            } else if let Some(n) = c.counters.get("loyalty").filter(|n| **n > 0) {
                counters.push(format!("loyalty = {n}"));
            }
            if !counters.is_empty() {
                f.push(format!("counters = {{ {} }}", counters.join(", ")));
            }
            if c.commander {
                f.push("commander = true".into());
            }
            format!("{{ {} }}", f.join(", "))
        };
        let battlefield: Vec<String> =
            (0..s.cards.len()).filter(|i| s.cards[*i].zone == ZoneKind::Battlefield).map(entry).collect();
        if !battlefield.is_empty() {
            let _ = writeln!(out, "setup.battlefield = [\n  {},\n]", battlefield.join(",\n  "));
        }
        for zone in [ZoneKind::Hand, ZoneKind::Library, ZoneKind::Graveyard, ZoneKind::Exile, ZoneKind::Command] {
            let mut by_owner: BTreeMap<&str, Vec<String>> = BTreeMap::new();
            for (i, c) in s.cards.iter().enumerate().filter(|(_, c)| c.zone == zone) {
                by_owner.entry(player(c.owner)).or_default().push(entry(i));
            }
            if !by_owner.is_empty() {
                let owners: Vec<String> = by_owner.iter().map(|(p, v)| format!("{p} = [ {} ]", v.join(", "))).collect();
                let _ = writeln!(out, "setup.{} = {{ {} }}", zone.name(), owners.join(", "));
            }
        }
        out
    }

    /// The ref of the card an object is in `state`.
    fn obj_ref(&self, state: &mtg_engine::GameState, id: ObjectId, inv: Invariant) -> Result<String, RegressError> {
        state
            .object(id)
            .and_then(|o| o.card)
            .and_then(|c| self.card_ref(c))
            .map(str::to_string)
            .ok_or_else(|| RegressError::NotExpressible(inv, format!("{id:?} is not a card (a token or an ability)")))
    }

    /// Targets as a corpus array: refs, or `"alice"`/`"bob"`.
    fn targets(&self, state: &mtg_engine::GameState, ts: &[Target], inv: Invariant) -> Result<String, RegressError> {
        let v: Result<Vec<String>, RegressError> = ts
            .iter()
            .map(|t| match t {
                Target::Player(p) => Ok(q(player(*p))),
                Target::Object(o) => self.obj_ref(state, *o, inv).map(|r| q(&r)),
            })
            .collect();
        Ok(format!("[{}]", v?.join(", ")))
    }

    /// The answers a pass carries, as the corpus's `choose` table (rulings/README.md); the
    /// answers it has no key for (a discard, the cards replaced draws return, several random outcomes, counters divided
    /// among players) are refused.
    fn choose(&self, state: &mtg_engine::GameState, a: &mtg_engine::Answers, inv: Invariant) -> Result<String, RegressError> {
        let not = |why: &str| RegressError::NotExpressible(inv, why.to_string());
        let r = |o: ObjectId| self.obj_ref(state, o, inv).map(|r| q(&r));
        let mut f = Vec::new();
        match a.random.as_slice() {
            [] => {}
            [one] => f.push(format!("random = {}", q(one))),
            _ => return Err(not("a pass with several random outcomes")),
        }
        if !a.distribute.is_empty() {
            let v: Result<Vec<String>, RegressError> = a
                .distribute
                .iter()
                .map(|(t, n)| match t {
                    Target::Object(o) => r(*o).map(|k| format!("{k} = {n}")),
                    Target::Player(_) => Err(not("counters divided among players")),
                })
                .collect();
            f.push(format!("distribute = {{ {} }}", v?.join(", ")));
        }
        if let Some(s) = &a.sacrifice {
            let v: Result<Vec<String>, RegressError> = s.iter().map(|o| r(*o)).collect();
            f.push(format!("sacrifice = [{}]", v?.join(", ")));
        }
        if let Some(p) = a.pay {
            f.push(format!("pay = {p}"));
        }
        if let Some(o) = a.copy {
            f.push(format!("copy = {}", r(o)?));
        }
        if let Some(o) = a.copy_again {
            f.push(format!("copy_again = {}", r(o)?));
        }
        if let Some(t) = a.mana {
            f.push(format!("mana = {}", q(mana(t))));
        }
        if !a.colors.is_empty() {
            return Err(not("a pass choosing a color for each token entering"));
        }
        if a.find.is_some() || a.pick.is_some() {
            return Err(not("a pass with the cards a search finds or a card picked"));
        }
        if a.exile.is_some() {
            return Err(not("a pass with the cards exiled as a permanent enters"));
        }
        if a.new_targets.is_some() {
            return Err(not("a pass with new targets for a spell"));
        }
        if a.piles.is_some() || a.pile.is_some() {
            return Err(not("a pass with piles"));
        }
        if a.discard.is_some() {
            return Err(not("a pass with a discard"));
        }
        if !a.returned.is_empty() {
            return Err(not("a pass choosing the cards a replaced draw returns"));
        }
        if let Some(c) = &a.counter {
            f.push(format!("counter = {}", q(c)));
        }
        if let Some(m) = a.may {
            f.push(format!("may = {m}"));
        }
        if let Some(o) = a.keep {
            f.push(format!("keep = {}", r(o)?));
        }
        if !a.keep_tapped.is_empty() {
            let v: Result<Vec<String>, RegressError> = a.keep_tapped.iter().map(|o| r(*o)).collect();
            f.push(format!("keep_tapped = [{}]", v?.join(", ")));
        }
        Ok(format!("{{ {} }}", f.join(", ")))
    }

    /// Triggered abilities put on the stack (`put`, taken in `state`) as the `trigger_order` and
    /// `triggers` keys of the step before, which is how the corpus states them: the runner puts
    /// waiting triggers on the stack right after each step, ordered by the sources the step
    /// lists (top first, the others after in the engine's default order) and targeted by source.
    /// Refused when those keys can't say it (two triggers of one source put apart or targeted
    /// differently, a token's trigger).
    fn fold_triggers(&self, state: &mtg_engine::GameState, put: &Action, step: Option<&mut StepOut>, inv: Invariant) -> Result<(), RegressError> {
        let not = |why: &str| RegressError::NotExpressible(inv, why.to_string());
        let Action::PutTriggers { order, targets, .. } = put else { return Err(not("not a trigger step")) };
        let Some(StepOut::Action { order: refs, triggers, .. }) = step else {
            return Err(not("triggered abilities waiting before the first action"));
        };
        let pending = mtg_engine::Game::from_state(state.clone()).pending_triggers();
        let source = |id: u32| -> Result<String, RegressError> {
            pending
                .iter()
                .find(|p| p.id == id)
                .and_then(|p| p.source_card)
                .and_then(|c| self.card_ref(c))
                .map(str::to_string)
                .ok_or_else(|| not("a triggered ability whose source is not a card"))
        };
        for id in order {
            let r = source(*id)?;
            if !refs.contains(&r) {
                refs.push(r);
            }
        }
        // The order the runner will make from these refs must be the order taken.
        let mut remade: Vec<u32> = Vec::new();
        for r in refs.iter() {
            for p in &pending {
                if source(p.id).ok().as_ref() == Some(r) && !remade.contains(&p.id) {
                    remade.push(p.id);
                }
            }
        }
        remade.extend(pending.iter().map(|p| p.id).filter(|id| !remade.contains(id)).collect::<Vec<_>>());
        if remade != *order {
            return Err(not("triggered abilities of one source put on the stack apart"));
        }
        let given = |id: u32| targets.iter().find(|(t, _)| *t == id).map(|(_, ts)| self.targets(state, ts, inv)).transpose();
        for p in &pending {
            if let Some(ts) = given(p.id)? {
                let r = source(p.id)?;
                if triggers.get(&r).is_some_and(|old| *old != ts) {
                    return Err(not("triggered abilities of one source with different targets"));
                }
                triggers.insert(r, ts);
            }
        }
        // The runner gives a source's targets to each of its triggers.
        for p in &pending {
            if let Ok(r) = source(p.id) {
                if triggers.get(&r).is_some_and(|ts| given(p.id).ok().flatten().as_ref() != Some(ts)) {
                    return Err(not("triggered abilities of one source, targeted differently"));
                }
            }
        }
        Ok(())
    }

    /// One action as a corpus step (`extra`: more keys, such as `expect_illegal`).
    fn action(&self, state: &mtg_engine::GameState, a: &Action, inv: Invariant, extra: &str) -> Result<String, RegressError> {
        let by = format!("by = {}", q(player(a.player())));
        let targets = |ts: &[Target]| -> Result<String, RegressError> { Ok(format!("targets = {}", self.targets(state, ts, inv)?)) };
        let mut f = match a {
            Action::PassPriority { answers, .. } => {
                let mut f = vec!["do = \"pass\"".to_string(), by];
                if *answers != mtg_engine::Answers::default() {
                    f.push(format!("choose = {}", self.choose(state, answers, inv)?));
                }
                f
            }
            Action::PlayLand { card, pay, .. } => {
                let mut f = vec!["do = \"play_land\"".into(), format!("card = {}", q(&self.obj_ref(state, *card, inv)?)), by];
                if let Some(p) = pay {
                    f.push(format!("choose = {{ pay = {p} }}"));
                }
                f
            }
            Action::CastSpell { card, x, targets: ts, kicked, modes, splice, costs, .. } => {
                let mut f = vec!["do = \"cast\"".into(), format!("card = {}", q(&self.obj_ref(state, *card, inv)?)), by];
                if let Some(x) = x {
                    f.push(format!("x = {x}"));
                }
                if !ts.is_empty() {
                    f.push(targets(ts)?);
                }
                let mut announced = Vec::new();
                if !kicked.is_empty() {
                    let ks: Vec<String> = kicked.iter().map(|k| k.saturating_add(1).to_string()).collect();
                    announced.push(format!("kicked = [{}]", ks.join(", ")));
                }
                if !modes.is_empty() {
                    let ms: Vec<String> = modes.iter().map(|m| m.saturating_add(1).to_string()).collect();
                    announced.push(format!("modes = [{}]", ms.join(", ")));
                }
                if !splice.is_empty() {
                    let ss = splice.iter().map(|id| self.obj_ref(state, *id, inv).map(|r| q(&r))).collect::<Result<Vec<String>, _>>()?;
                    announced.push(format!("splice = [{}]", ss.join(", ")));
                }
                if !costs.convoke.is_empty() {
                    // CR 702.51a: each creature tapped for convoke, with what it pays.
                    let mut taps = Vec::new();
                    for (id, pays) in &costs.convoke {
                        let what = pays.map_or("{1}".to_string(), |t| t.symbol().to_string());
                        taps.push(format!("{} = {}", self.obj_ref(state, *id, inv)?, q(&what)));
                    }
                    announced.push(format!("convoke = {{ {} }}", taps.join(", ")));
                }
                if !costs.reveal.is_empty() {
                    let rs = costs.reveal.iter().map(|id| self.obj_ref(state, *id, inv).map(|r| q(&r))).collect::<Result<Vec<String>, _>>()?;
                    announced.push(format!("reveal = [{}]", rs.join(", ")));
                }
                if costs.additional_cost {
                    announced.push("pay = true".into());
                }
                if !costs.waterbend.is_empty() {
                    let v: Result<Vec<String>, RegressError> = costs.waterbend.iter().map(|o| self.obj_ref(state, *o, inv).map(|r| q(&r))).collect();
                    announced.push(format!("waterbend = [{}]", v?.join(", ")));
                }
                if !announced.is_empty() {
                    f.push(format!("choose = {{ {} }}", announced.join(", ")));
                }
                f
            }
            Action::ActivateAbility { source, ability, x, targets: ts, mana_choice, replacement_order, tap, .. } => {
                let mut f = vec![
                    "do = \"activate\"".into(),
                    format!("source = {}", q(&self.obj_ref(state, *source, inv)?)),
                    format!("ability = {}", ability.saturating_add(1)),
                    by,
                ];
                if let Some(x) = x {
                    f.push(format!("x = {x}"));
                }
                if !ts.is_empty() {
                    f.push(targets(ts)?);
                }
                if let Some(t) = mana_choice {
                    f.push(format!("mana = {}", q(mana(*t))));
                }
                if !replacement_order.is_empty() {
                    let v: Result<Vec<String>, RegressError> =
                        replacement_order.iter().map(|o| self.obj_ref(state, *o, inv).map(|r| q(&r))).collect();
                    f.push(format!("order = [{}]", v?.join(", ")));
                }
                if !tap.is_empty() {
                    let v: Result<Vec<String>, RegressError> = tap.iter().map(|o| self.obj_ref(state, *o, inv).map(|r| q(&r))).collect();
                    f.push(format!("choose = {{ tap = [{}] }}", v?.join(", ")));
                }
                f
            }
            // Expressed by the `triggers`/`trigger_order` keys of the preceding step (`Steps::push`).
            Action::PutTriggers { .. } => {
                return Err(RegressError::NotExpressible(inv, "triggered abilities put on the stack with a step's own keys".into()))
            }
            Action::DeclareAttackers { attackers, .. } => {
                let v: Result<Vec<String>, RegressError> = attackers.iter().map(|o| self.obj_ref(state, *o, inv).map(|r| q(&r))).collect();
                vec!["do = \"attack\"".into(), format!("attackers = [{}]", v?.join(", ")), by]
            }
            Action::DeclareBlockers { blocks, .. } => {
                let v: Result<Vec<String>, RegressError> = blocks
                    .iter()
                    .map(|(b, a)| Ok(format!("{} = {}", q(&self.obj_ref(state, *b, inv)?), q(&self.obj_ref(state, *a, inv)?))))
                    .collect();
                vec!["do = \"block\"".into(), format!("blockers = {{ {} }}", v?.join(", ")), by]
            }
        };
        if !extra.is_empty() {
            f.push(extra.to_string());
        }
        Ok(format!("{{ {} }}", f.join(", ")))
    }

    /// The accepted actions, then what the violated rule requires.
    fn steps<G: RulesGame>(&self, trace: &Trace, v: &Violation) -> Result<Vec<String>, RegressError> {
        let mut out: Vec<StepOut> = Vec::new();
        let inv = v.invariant;
        let not = |why: &str| RegressError::NotExpressible(inv, why.to_string());
        let mut game = G::new_game(trace.setup.clone()).map_err(|e| not(&e.to_string()))?;
        let n = trace.steps.len();
        // The step the violation is about: the last one taken (a listed action that broke a cost
        // rule was never taken; it is found again below).
        let last_taken = v.pick.is_some() && n > 0 && !listed_violation(inv, &v.detail);
        let replay_until = if last_taken { n - 1 } else { n };
        for s in trace.steps.iter().take(replay_until) {
            let state = game.state().clone();
            if game.apply(s.action.clone()).is_ok() {
                self.push(&mut out, &state, &s.action, inv, "")?;
            }
        }
        let before = game.state().clone();
        let last = if last_taken { trace.steps.last().map(|s| s.action.clone()) } else { None };
        match inv {
            Invariant::TapSymbol | Invariant::UntapSymbol | Invariant::SummoningSickness | Invariant::RejectionChangesNothing => {
                let action = match last {
                    Some(a) => a,
                    None => {
                        let board = mtg_engine::layers::compute_all(&before);
                        game.legal_actions()
                            .into_iter()
                            .find(|a| unpayable(&before, &board, a).is_some_and(|b| b.invariant == inv))
                            .ok_or_else(|| not("the offending listed action is gone"))?
                    }
                };
                let class = match inv {
                    Invariant::SummoningSickness => "\"summoning_sickness\"",
                    Invariant::RejectionChangesNothing => "true",
                    _ => "\"cost\"",
                };
                self.push(&mut out, &before, &action, inv, &format!("expect_illegal = {class}"))?;
            }
            Invariant::UndefinedMana => {
                let a = last.ok_or_else(|| not("no activation"))?;
                self.push(&mut out, &before, &a, inv, "")?;
                let Action::ActivateAbility { player: p, source, .. } = &a else { return Err(not("not an activation")) };
                // CR 106.5: nothing is added, so the pool is what it was; {T} was paid.
                let pool = before.player(*p).map(|pl| pl.mana_pool.to_symbols()).unwrap_or_default();
                out.push(StepOut::Raw(format!("{{ expect = {{ player = {}, mana_pool = {} }} }}", q(player(*p)), q(&pool))));
                out.push(StepOut::Raw(format!("{{ expect = {{ object = {}, tapped = true }} }}", q(&self.obj_ref(&before, *source, inv)?))));
            }
            Invariant::PoolsEmpty => {
                let a = last.ok_or_else(|| not("no step change"))?;
                self.push(&mut out, &before, &a, inv, "")?;
                for p in ["alice", "bob"] {
                    out.push(StepOut::Raw(format!("{{ expect = {{ player = {}, mana_pool = \"\" }} }}", q(p))));
                }
            }
            Invariant::EntersWithX => {
                let a = last.ok_or_else(|| not("no resolution"))?;
                self.push(&mut out, &before, &a, inv, "")?;
                // The spell on the stack and its X; it resolves into a permanent with X counters.
                let spell = before.stack.last().and_then(|e| before.object(e.id)).ok_or_else(|| not("no spell"))?;
                let x = spell.x.unwrap_or(0);
                let r = self.obj_ref(&before, spell.id, inv)?;
                let def = cards::card_def(&spell.def).ok_or_else(|| not("unknown card"))?;
                for ab in &def.abilities {
                    if let Ability::Static(StaticAbility::EntersWithCounters { kind, amount: Amount::X }) = ab {
                        out.push(StepOut::Raw(format!("{{ expect = {{ object = {}, zone = \"battlefield\", counters = {{ {} = {x} }} }} }}", q(&r), q(kind))));
                    }
                }
            }
            Invariant::ChimericMassPt | Invariant::ChimericMassDies | Invariant::NoPendingSba | Invariant::LethalDamage => {
                if let Some(a) = &last {
                    self.push(&mut out, &before, a, inv, "")?;
                }
                let after = {
                    let mut g = G::from_state(before.clone());
                    if let Some(a) = last {
                        let _ = g.apply(a);
                    }
                    g.state().clone()
                };
                let board = mtg_engine::layers::compute_all(&after);
                let mut any = false;
                for o in after.zone_objects(ZoneKind::Battlefield, None) {
                    let Some(ch) = board.get(&o.id) else { continue };
                    let Some(card) = o.card.and_then(|c| self.card_ref(c)) else { continue };
                    let charge = o.counters.get("charge").copied().unwrap_or(0);
                    let zero_toughness = ch.is(mtg_engine::types::CardType::Creature) && ch.toughness.unwrap_or(0) <= 0;
                    // CR 704.5g: lethal damage destroys a creature that isn't indestructible.
                    let lethal = super::game_wide::toughness_or_lethal_damage(o, ch).is_some();
                    if inv == Invariant::ChimericMassPt && ch.name == super::chimeric_mass::CHIMERIC_MASS {
                        // Ruling 2011-01-01-3: P/T equal to its charge counters.
                        out.push(StepOut::Raw(format!("{{ expect = {{ object = {}, power = {charge}, toughness = {charge} }} }}", q(card))));
                        any = true;
                    } else if inv != Invariant::ChimericMassPt && (zero_toughness || lethal) {
                        // CR 704.5f-g: a creature with toughness 0 or less, or with lethal
                        // damage, is put into the graveyard.
                        out.push(StepOut::Raw(format!("{{ expect = {{ object = {}, zone = \"graveyard\" }} }}", q(card))));
                        any = true;
                    }
                }
                if inv == Invariant::NoPendingSba && v.detail.contains("704.5j") {
                    // CR 704.5j: of two or more legendary permanents with the same name, their
                    // controller keeps one; the others go to the graveyard.
                    for p in [PlayerId(0), PlayerId(1)] {
                        let mut names: Vec<String> = after
                            .zone_objects(ZoneKind::Battlefield, Some(p))
                            .iter()
                            .filter_map(|o| board.get(&o.id))
                            .map(|c| (c.name.to_string(), c.supertypes.iter().any(|s| s == "Legendary")))
                            .fold(Vec::<(String, bool)>::new(), |mut acc, (n, legendary)| {
                                if !(legendary && acc.iter().any(|(m, _)| *m == n)) {
                                    acc.push((n, legendary));
                                }
                                acc
                            })
                            .into_iter()
                            .map(|(n, _)| q(&n))
                            .collect();
                        names.sort();
                        if after.zone_objects(ZoneKind::Battlefield, Some(p)).len() != names.len() {
                            out.push(StepOut::Raw(format!(
                                "{{ expect = {{ zone = \"battlefield\", controller = {}, names = {{ unordered = [{}] }} }} }}",
                                q(player(p)),
                                names.join(", ")
                            )));
                            any = true;
                        }
                    }
                }
                if inv == Invariant::NoPendingSba && v.detail.contains("704.5a") {
                    // CR 704.5a, 104.3b: a player with 0 or less life loses; in a two-player
                    // game the game is over, so nobody passes any more.
                    out.push(StepOut::Raw("{ do = \"pass\", expect_illegal = true }".into()));
                    any = true;
                }
                if !any {
                    return Err(not(&v.detail));
                }
            }
            Invariant::CrystallineGiant => {
                let a = last.ok_or_else(|| not("no resolution"))?;
                self.push(&mut out, &before, &a, inv, "")?;
                let giant = before
                    .zone_objects(ZoneKind::Battlefield, None)
                    .into_iter()
                    .find(|o| o.def == super::counters::CRYSTALLINE_GIANT)
                    .ok_or_else(|| not("no Giant"))?;
                let r = self.obj_ref(&before, giant.id, inv)?;
                // Rulings 2020-04-17: one counter of a kind it doesn't have, or none with all ten.
                let missing: Vec<&str> = GIANT_KINDS.iter().copied().filter(|k| giant.counters.get(*k).copied().unwrap_or(0) == 0).collect();
                let options: Vec<String> = if missing.is_empty() {
                    vec![table(&giant.counters)]
                } else {
                    missing
                        .iter()
                        .map(|k| {
                            let mut c = giant.counters.clone();
                            c.insert((*k).into(), 1);
                            table(&c)
                        })
                        .collect()
                };
                out.push(StepOut::Raw(format!("{{ expect = {{ object = {}, counters = {{ one_of = [{}] }} }} }}", q(&r), options.join(", "))));
            }
            Invariant::Durations => {
                let a = last.ok_or_else(|| not("no turn change"))?;
                self.push(&mut out, &before, &a, inv, "")?;
                let mut g = G::from_state(before.clone());
                g.apply(a).map_err(|e| not(&e.to_string()))?;
                let after = g.state().clone();
                // CR 611.2a: the effects whose duration ended with this turn change are gone, so
                // every card looks as it does without them.
                let mut ended = after.clone();
                ended.effects.retain(|e| !before.effects.iter().any(|b| b.timestamp == e.timestamp && super::durations::ends(b, &after)));
                let (lingering, gone) = (G::from_state(after.clone()), G::from_state(ended));
                let mut any = false;
                for o in after.zone_objects(ZoneKind::Battlefield, None) {
                    let (Some(card), Some(now), Some(want)) = (o.card.and_then(|c| self.card_ref(c)), lingering.object_view(o.id), gone.object_view(o.id)) else { continue };
                    let fields = view_differences(&now, &want);
                    if !fields.is_empty() {
                        out.push(StepOut::Raw(format!("{{ expect = {{ object = {}, {} }} }}", q(card), fields.join(", "))));
                        any = true;
                    }
                }
                if !any {
                    return Err(not("the ended effect changes nothing a case observes"));
                }
            }
            // Combat findings need the damage assignments of the step that begins combat
            // damage, which the script writer doesn't carry yet.
            Invariant::CombatDamage | Invariant::Deathtouch | Invariant::FirstStrikeStep | Invariant::ReplacementOnce => {
                return Err(not(&v.detail))
            }
            // Written by hand as corpus cases so far (CR 603.10a, 615.7, 601.3, 603.2g, 603.2e
            // Examples).
            Invariant::TriggersOncePerEvent
            | Invariant::DamageTriggersOnDealtDamage
            | Invariant::BecomesTappedTriggers
            | Invariant::EffectsListingOrder
            | Invariant::SameObjectsAcrossLayers
            | Invariant::CopiableValuesCopied
            | Invariant::PreventionShieldUsed
            | Invariant::ForbiddenActionRejected
            | Invariant::TotalCostPaid
            | Invariant::CouldProduce
            | Invariant::CouldProduceOracle
            | Invariant::OneZone
            | Invariant::LegalActionsAccepted
            | Invariant::RoundTrip
            | Invariant::Deterministic
            | Invariant::SetupBuilds => return Err(not(&v.detail)),
        }
        Ok(out.into_iter().map(StepOut::render).collect())
    }

    /// Adds action `a` (taken in `state`) to the case: a step of its own, or the trigger keys of
    /// the step before when it put triggered abilities on the stack.
    fn push(&self, out: &mut Vec<StepOut>, state: &mtg_engine::GameState, a: &Action, inv: Invariant, extra: &str) -> Result<(), RegressError> {
        if matches!(a, Action::PutTriggers { .. }) && extra.is_empty() {
            return self.fold_triggers(state, a, out.last_mut(), inv);
        }
        out.push(StepOut::Action { text: self.action(state, a, inv, extra)?, order: Vec::new(), triggers: BTreeMap::new() });
        Ok(())
    }
}

/// A step of the case being written: an action with the triggered abilities put on the stack
/// right after it (`trigger_order`: source refs, top first; `triggers`: targets by source
/// ref), or a step written whole.
enum StepOut {
    Action { text: String, order: Vec<String>, triggers: BTreeMap<String, String> },
    Raw(String),
}

impl StepOut {
    fn render(self) -> String {
        match self {
            StepOut::Raw(s) => s,
            StepOut::Action { text, order, triggers } => {
                let mut keys = Vec::new();
                if !order.is_empty() {
                    keys.push(format!("trigger_order = [{}]", order.iter().map(|r| q(r)).collect::<Vec<_>>().join(", ")));
                }
                if !triggers.is_empty() {
                    let t: Vec<String> = triggers.iter().map(|(r, ts)| format!("{} = {ts}", q(r))).collect();
                    keys.push(format!("triggers = {{ {} }}", t.join(", ")));
                }
                match (keys.is_empty(), text.strip_suffix(" }")) {
                    (false, Some(head)) => format!("{head}, {} }}", keys.join(", ")),
                    _ => text,
                }
            }
        }
    }
}

/// The state-based action a pending-SBA violation names (`(CR 704.5j)` → `cr-704.5j`), when
/// the corpus has that paragraph as a source (else the case covers CR 704.3 itself).
fn specific_source(v: &Violation) -> Option<&'static str> {
    if !matches!(v.invariant, Invariant::NoPendingSba | Invariant::LethalDamage) {
        return None;
    }
    let known = |id: &str| crate::corpus::Corpus::embedded().corpus.sources.iter().any(|s| s.item.id == id);
    ["704.5a", "704.5b", "704.5d", "704.5f", "704.5g", "704.5i", "704.5j", "704.5m", "704.5q"]
        .into_iter()
        .find(|p| v.detail.contains(&format!("CR {p}")))
        .map(|p| match p {
            "704.5a" => "cr-704.5a",
            "704.5b" => "cr-704.5b",
            "704.5d" => "cr-704.5d",
            "704.5f" => "cr-704.5f",
            "704.5g" => "cr-704.5g",
            "704.5i" => "cr-704.5i",
            "704.5j" => "cr-704.5j",
            "704.5m" => "cr-704.5m",
            _ => "cr-704.5q",
        })
        .filter(|id| known(id))
}

/// The loyalty counters of a planeswalker set up on the battlefield: as given, else its printed
/// loyalty (`None` for anything else).
fn loyalty(c: &mtg_engine::CardSetup) -> Option<u32> {
    let def = cards::card_def(&c.name).filter(|d| c.zone == ZoneKind::Battlefield && d.types.contains(&CardType::Planeswalker))?;
    c.counters.get("loyalty").copied().or_else(|| def.loyalty.and_then(|l| u32::try_from(l).ok()))
}

/// Whether a cost violation was about a listed action (not taken) rather than an accepted one.
fn listed_violation(inv: Invariant, detail: &str) -> bool {
    matches!(inv, Invariant::TapSymbol | Invariant::UntapSymbol | Invariant::SummoningSickness) && detail.starts_with("listed as legal")
}

/// The observable fields in which `want` differs from `now`, as corpus `expect` fields with
/// `want`'s values (the characteristics a continuous effect can change, CR 613.1).
fn view_differences(now: &mtg_engine::view::ObjectView, want: &mtg_engine::view::ObjectView) -> Vec<String> {
    let list = |v: &[String]| format!("[{}]", v.iter().map(|s| q(s)).collect::<Vec<_>>().join(", "));
    let mut f = Vec::new();
    if now.name != want.name {
        f.push(format!("name = {}", q(&want.name)));
    }
    for (key, n, w) in [("power", now.power, want.power), ("toughness", now.toughness, want.toughness)] {
        if let (true, Some(w)) = (n != w, w) {
            f.push(format!("{key} = {w}"));
        }
    }
    for (key, n, w) in [
        ("types", &now.types, &want.types),
        ("subtypes", &now.subtypes, &want.subtypes),
        ("colors", &now.colors, &want.colors),
        ("keywords", &now.keywords, &want.keywords),
    ] {
        let sorted = |v: &Vec<String>| {
            let mut v = v.clone();
            v.sort();
            v
        };
        if sorted(n) != sorted(w) {
            f.push(format!("{key} = {}", if key == "subtypes" || key == "colors" { format!("{{ unordered = {} }}", list(w)) } else { list(w) }));
        }
    }
    f
}

fn table(counters: &mtg_engine::Counters<u32>) -> String {
    let v: Vec<String> = counters.iter().filter(|(_, n)| **n > 0).map(|(k, n)| format!("{} = {n}", q(k))).collect();
    format!("{{ {} }}", v.join(", "))
}

/// The feature tags of a regression case (rulings/README.md, "Feature tags"): the area of the
/// rule it covers, and every tag its setup and steps imply.
fn features_of(covers: &str, w: &Writer<'_>, steps: &[String]) -> Vec<String> {
    let area = [
        ("cr-106", "mana"),
        ("cr-605", "mana"),
        ("cr-107.3", "x"),
        ("cr-107.5", "costs"),
        ("cr-107.6", "costs"),
        ("cr-302", "costs"),
        ("cr-122", "counters"),
        ("cr-613", "layers"),
        ("cr-704", "sba"),
        ("cr-903", "commander"),
    ]
    .iter()
    .find(|(prefix, _)| covers.starts_with(prefix))
    .map(|(_, tag)| *tag);
    // Parse the case as written so far, to derive the implied tags exactly as lint does.
    let mut text = String::from("[[case]]\nid = \"x\"\ntitle = \"x\"\n");
    text.push_str(&w.setup());
    text.push_str("step = [\n");
    for s in steps {
        text.push_str(&format!("  {s},\n"));
    }
    text.push_str("]\n");
    let mut tags: std::collections::BTreeSet<&str> = toml::from_str::<crate::corpus::case::CasesFile>(&text)
        .ok()
        .and_then(|f| f.case.into_iter().next())
        .map(|c| crate::corpus::features::implied(&c))
        .unwrap_or_default();
    tags.extend(area);
    crate::corpus::features::FEATURES
        .iter()
        .filter(|(t, _)| tags.contains(t))
        .map(|(t, _)| q(t))
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::corpus::Corpus;
    use crate::fuzzing::invariants::mutants::{Bug, Mutant, TapsTappedPermanent, XFromManaSpent};
    use crate::run::judge::Verdict;
    use crate::run::reference::ReferenceEngine;
    use crate::run::runner::run_case;
    /// An artifact for bug `B`, as the fuzzer would find it (seeded bytes that break it).
    fn artifact<B: Bug>(budget: u64) -> Option<Vec<u8>> {
        crate::fuzzing::reach::hunt::<Mutant<B>>(B::BREAKS, 1, budget, crate::fuzzing::reach::DEFAULT_BYTES).map(|(_, b, _)| b)
    }

    /// The case `r` as the corpus loader reads it.
    fn loaded_case(r: &Regression) -> crate::corpus::case::Case {
        let loaded = Corpus::from_texts(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../rulings"),
            [(PathBuf::from("regressions/test.toml"), r.toml.clone())],
        );
        let case = loaded.corpus.cases.first().map(|c| c.item.clone());
        let Some(case) = case else { panic!("no case in\n{}", r.toml) };
        case
    }

    /// The case fails on the engine `G` whose bug it was written from: it would catch the bug
    /// in an engine run through the corpus, not only hold on the reference.
    pub(crate) fn assert_fails_on<G: RulesGame>(r: &Regression) {
        let case = loaded_case(r);
        let reply = crate::run::reference::run_case_on::<G>(
            &crate::run::protocol::CaseView::of(&case),
            crate::run::protocol::reply_budget(&case.id),
        );
        let verdict = crate::run::judge::judge(&case, &reply);
        assert!(matches!(verdict, Verdict::Failed(_)), "the case does not fail on the engine it came from: {verdict:?}\n{}", r.toml);
    }

    /// The case parses, lints clean and passes on the real engine (which has no such bug).
    pub(crate) fn assert_good_case(r: &Regression) {
        let loaded = Corpus::from_texts(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../rulings"),
            [(PathBuf::from("regressions/test.toml"), r.toml.clone())],
        );
        assert!(loaded.problems.is_empty(), "{:?}\n{}", loaded.problems, r.toml);
        let lints: Vec<_> = crate::corpus::lint::lint(&loaded)
            .into_iter()
            // The corpus here is this one file: its sources are checked against the real corpus below.
            .filter(|p| p.path.ends_with("regressions/test.toml") && !p.message.contains("unknown source"))
            .collect();
        assert!(lints.is_empty(), "{lints:?}\n{}", r.toml);
        let case = loaded.corpus.cases.first().map(|c| c.item.clone());
        let Some(case) = case else { panic!("no case in\n{}", r.toml) };
        assert_eq!(case.covers, vec![r.covers.to_string()]);
        let real = Corpus::load(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../rulings")));
        let Ok(real) = real else { panic!("the corpus doesn't load") };
        assert!(real.corpus.sources.iter().any(|s| s.item.id == r.covers), "`{}` is not a source of rulings/", r.covers);
        let verdict = run_case(&mut ReferenceEngine::new(), &case);
        assert!(matches!(verdict, Verdict::Passed), "{verdict:?}\n{}", r.toml);
    }

    #[test]
    fn a_tap_symbol_artifact_becomes_an_expect_illegal_case() {
        let Some(bytes) = artifact::<TapsTappedPermanent>(400) else { panic!("no artifact") };
        let r = regress::<Mutant<TapsTappedPermanent>>(&bytes);
        let Ok(r) = r else { panic!("{r:?}") };
        assert_eq!(r.violation.invariant, Invariant::TapSymbol);
        assert!(r.toml.contains("expect_illegal = \"cost\""), "{}", r.toml);
        assert!(r.id.starts_with("regression/tap-symbol-"));
        assert_good_case(&r);
        assert_fails_on::<Mutant<TapsTappedPermanent>>(&r);
    }

    /// The seeded search's first X finding (seed 1) becomes a counters case.
    #[test]
    fn an_enters_with_x_witness_becomes_a_counters_case() {
        // Hangarback Walker in hand, {C}{C}{C}{C}: bytes are hard to hand-write, so search.
        let Some(bytes) = artifact::<XFromManaSpent>(2900) else { panic!("no artifact") };
        let r = regress::<Mutant<XFromManaSpent>>(&bytes);
        let Ok(r) = r else { panic!("{r:?}") };
        assert_eq!(r.covers, "cr-107.3m");
        assert!(r.toml.contains("counters = {"), "{}", r.toml);
        assert_good_case(&r);
        assert_fails_on::<Mutant<XFromManaSpent>>(&r);
    }

    fn empty_board(step: u8) -> Scenario {
        Scenario { board: BoardRecipe { seed: 0, bob_active: false, step, turn: 0, life: [20, 20], pools: [[0; 6]; 2], palette: Vec::new(), library: [0; 2], objects: Vec::new() }, picks: Vec::new() }
    }

    #[test]
    fn a_scenario_in_a_step_no_game_reaches_moves_to_one_it_still_breaks_in() {
        let at = |s: &Scenario| s.board.to_setup().step;
        let blockers = (0..=u8::MAX).map(empty_board).find(|s| at(s) == Step::DeclareBlockers).map(|s| s.board.step);
        let Some(blockers) = blockers else { panic!("no byte gives declare_blockers") };
        let moved = reachable(empty_board(blockers), |s| at(s) == Step::EndOfCombat);
        assert_eq!(moved.map(|s| at(&s)), Some(Step::EndOfCombat));
        // Breaking only where no game goes: no case.
        let nowhere = reachable(empty_board(blockers), |s| matches!(at(s), Step::DeclareBlockers | Step::CombatDamage));
        assert_eq!(nowhere, None);
        // A reachable step stays.
        let main = (0..=u8::MAX).map(empty_board).find(|s| at(s) == Step::PrecombatMain).unwrap_or_else(|| empty_board(0));
        assert_eq!(reachable(main.clone(), |_| false), Some(main));
    }

    #[test]
    fn a_planeswalker_is_written_with_its_loyalty_counters() {
        let mut setup = empty_board(0).board.to_setup();
        let walker = "Tevesh Szat, Doom of Fools";
        setup.cards.push(mtg_engine::CardSetup::new(walker, PlayerId(0), ZoneKind::Battlefield));
        let mut zero = mtg_engine::CardSetup::new(walker, PlayerId(1), ZoneKind::Battlefield);
        zero.counters.insert("loyalty".into(), 0);
        setup.cards.push(zero);
        let mut in_hand = mtg_engine::CardSetup::new(walker, PlayerId(0), ZoneKind::Hand);
        in_hand.counters.insert("loyalty".into(), 0);
        setup.cards.push(in_hand);
        let text = Writer::new(&setup).setup();
        assert!(text.contains("card = \"Tevesh Szat, Doom of Fools\", controller = \"alice\", counters = { loyalty = 4 }"), "{text}");
        assert!(text.contains("controller = \"bob\", counters = { loyalty = 0 }"), "{text}");
        assert!(text.contains("setup.hand = { alice = [ { ref = \"tevesh-szat-doom-of-fools-2\", card = \"Tevesh Szat, Doom of Fools\" } ] }"), "{text}");
    }

    /// Triggered abilities put on the stack become the `trigger_order`/`triggers` keys of the
    /// step before, and a pass with answers a `pass` with `choose`: Crystalline Resonance's
    /// trigger on cycling, targeting bob's Bears, answered "yes".
    #[test]
    fn triggers_and_answers_are_written_as_step_keys() {
        use mtg_engine::{Answers, CardSetup, Game, GameSetup, ManaPool, PlayerSetup};
        let (alice, bob) = (PlayerId(0), PlayerId(1));
        let mut cards = vec![
            CardSetup::new("Crystalline Resonance", alice, ZoneKind::Battlefield),
            CardSetup::new("Grizzly Bears", bob, ZoneKind::Battlefield),
            CardSetup::new("Indatha Crystal", alice, ZoneKind::Hand),
        ];
        for p in [alice, bob] {
            cards.extend((0..3).map(|_| CardSetup::new("Island", p, ZoneKind::Library)));
        }
        let player = |name: &str, pool: &str| PlayerSetup { name: name.into(), life: 20, mana_pool: ManaPool::parse(pool).unwrap_or_default() };
        let setup = GameSetup {
            seed: 3,
            players: vec![player("alice", "{C}{C}"), player("bob", "")],
            active_player: alice,
            priority_player: None,
            step: Step::PrecombatMain,
            turn_number: 3,
            cards,
        };
        let game = Game::new(setup.clone()).unwrap_or_else(|e| panic!("{e}"));
        let object = |i: u32| game.object_of_card(CardId(i)).unwrap_or(ObjectId(0));
        let cycle = Action::ActivateAbility {
            player: alice,
            source: object(2),
            ability: 1,
            x: None,
            targets: Vec::new(),
            mana_choice: None,
            payment: None,
            replacement_order: Vec::new(),
            tap: Vec::new(),
        };
        let mut g = game.clone();
        g.apply(cycle.clone()).unwrap_or_else(|e| panic!("{e}"));
        let pending: Vec<u32> = g.pending_triggers().iter().map(|t| t.id).collect();
        let put = Action::PutTriggers { player: alice, order: pending.clone(), targets: pending.iter().map(|id| (*id, vec![Target::Object(object(1))])).collect() };
        let may = Answers { may: Some(true), ..Answers::default() };
        let mut moves = vec![Move::Exact(cycle), Move::Exact(put)];
        moves.extend([alice, bob].map(|p| Move::Exact(Action::PassPriority { player: p, answers: may.clone() })));
        // The cycling ability resolves, then the main phase ends.
        moves.extend(std::iter::repeat_n(Move::Pass, 4));
        let played = run::<Game>(setup, &moves, &Selection::all());
        assert_eq!(played.violation, None);
        assert_eq!(played.trace.steps.len(), moves.len());
        // The last pass began a step: written with the pools-empty expectation (CR 106.4).
        let v = Violation { invariant: Invariant::PoolsEmpty, pick: Some(moves.len() - 1), detail: "test".into() };
        let r = write_case::<Game>(&played.trace, v, "test").unwrap_or_else(|e| panic!("{e}"));
        assert!(r.toml.contains("trigger_order = [\"crystalline-resonance-0\"], triggers = { \"crystalline-resonance-0\" = [\"grizzly-bears-1\"] }"), "{}", r.toml);
        assert!(r.toml.contains("do = \"pass\", by = \"alice\", choose = { may = true }"), "{}", r.toml);
        assert!(!r.toml.contains("PutTriggers"), "{}", r.toml);
        assert_good_case(&r);
        assert!(r.toml.contains("expect = { player = \"alice\", mana_pool = \"\" }"), "{}", r.toml);
    }

    #[test]
    fn an_artifact_without_a_violation_is_refused() {
        assert_eq!(regress::<mtg_engine::Game>(&[]), Err(RegressError::NoViolation));
    }
}
