use super::*;
use crate::corpus::case::Case;
use crate::run::engine::{CaseReply, EngineInfo, Observation, StepReply};
use crate::run::protocol::CaseView;

/// The reference engine with one planted bug: `edit` rewrites each step reply it gives.
struct Planted {
    name: &'static str,
    edit: fn(&mut StepReply),
    engine: ReferenceEngine,
}

impl Planted {
    fn boxed(name: &'static str, edit: fn(&mut StepReply)) -> Box<dyn Engine + Send> {
        Box::new(Planted { name, edit, engine: ReferenceEngine::new() })
    }
}

impl Engine for Planted {
    fn info(&self) -> EngineInfo {
        EngineInfo { name: self.name.into(), version: "0".into(), features: vec![] }
    }
    fn run_case(&mut self, case: &CaseView) -> CaseReply {
        let mut reply = self.engine.run_case(case);
        if let CaseReply::Ran { steps } = &mut reply {
            steps.iter_mut().for_each(self.edit);
        }
        reply
    }
}

/// A creature's observed power ignores its +1/+1 counters (as if layer 7c were skipped).
fn ignores_plus_counters(s: &mut StepReply) {
    if let StepReply::Observed { observation: Observation::Object(o) } = s {
        let plus = o.counters.as_ref().and_then(|c| c.get("+1/+1")).copied().unwrap_or(0);
        if let Some(p) = o.power.as_mut() {
            *p -= plus;
        }
    }
}

/// Every zone's objects listed in reverse order.
fn reverses_zones(s: &mut StepReply) {
    if let StepReply::Observed { observation: Observation::Zone { objects } } = s {
        objects.reverse();
    }
}

fn planted() -> Box<dyn Engine + Send> {
    Planted::boxed("planted", ignores_plus_counters)
}

fn config(n: usize, jobs: usize) -> DiffConfig {
    DiffConfig { scenarios: Some(n), seed: 3, jobs, minimize_budget: 60, ..DiffConfig::default() }
}

#[test]
fn the_reference_agrees_with_itself() {
    let s = run(&config(60, 2), &reference_factory, false);
    assert!(s.harness_errors.is_empty(), "{:?}", s.harness_errors);
    assert_eq!((s.scenarios, s.compared, s.disagreements, s.rejected, s.skipped), (60, 60, 0, 0, 0));
    assert_eq!(s.closing_line(), "60 scenarios, 60 compared, 0 disagreements, 0 distinct (0 skipped, 0 rejected, 0 crashed)");
}

#[test]
fn a_planted_bug_is_found_minimized_and_written_as_a_candidate() {
    // Seed 2 with card pool v2 (seed 1's first power finding, on Nature's Revolt, keeps five
    // cards; with pool v1 it was seed 3's that didn't shrink).
    let s = run(&DiffConfig { minimize_budget: 60, seed: 2, ..config(80, 1) }, &planted, false);
    assert!(s.disagreements > 0, "{}", s.closing_line());
    assert_eq!(s.rejected, 0);
    let f = s.findings.iter().find(|f| f.mismatch.kind == "object.power").expect("a power finding");
    // Minimized: the subject card alone, no actions needed to show it.
    assert_eq!(refs(&f.script.setup).len(), 1, "{:?}", f.script);
    assert!(f.script.actions.is_empty(), "{:?}", f.script.actions);
    let (name, text) = triage::render(f, "planted 0", 3);
    assert!(name.starts_with("object-power-"), "{name}");
    assert!(text.contains("cite the rule that decides it"), "{text}");
    let parsed: toml::Value = toml::from_str(&text).expect("triage files are TOML");
    let case = parsed.get("case").and_then(|c| c.as_array()).and_then(|c| c.first()).expect("a case");
    assert_eq!(case.get("covers").and_then(|c| c.as_array()).map(Vec::len), Some(0));
}

#[test]
fn jobs_do_not_change_the_results() {
    let one = run(&config(40, 1), &planted, false);
    let two = run(&config(40, 2), &planted, false);
    assert_eq!(one.closing_line(), two.closing_line());
    let sigs = |s: &DiffSummary| s.findings.iter().map(|f| (f.signature.clone(), f.scenarios, f.first)).collect::<Vec<_>>();
    assert_eq!(sigs(&one), sigs(&two));
}

fn refs(setup: &crate::corpus::case::Setup) -> Vec<String> {
    script::refs(setup)
}

/// A case from TOML (one `[[case]]`).
fn case(text: &str) -> Case {
    toml::from_str::<crate::corpus::case::CasesFile>(text).expect("a case file").case.pop().expect("a case")
}

#[test]
fn a_battlefield_in_another_order_is_no_difference_a_library_is() {
    // Many boards with two or more permanents a player controls: the order is never a finding.
    let s = run(&config(40, 1), &|| Planted::boxed("reversed", reverses_zones), false);
    assert_eq!((s.disagreements, s.rejected), (0, 0), "{}", s.closing_line());
    // A library's order is part of the game (CR 401.2): reversed, it differs.
    let c = case(
        r#"[[case]]
id = "t/library"
title = "t"
covers = []
setup.active = "alice"
setup.step = "precombat_main"
setup.library = { alice = [{ ref = "a", card = "Forest" }, { ref = "b", card = "Island" }] }
setup.battlefield = [{ ref = "c", card = "Forest", controller = "alice" }, { ref = "d", card = "Island", controller = "alice" }]
step = [
  { expect = { zone = "battlefield", controller = "alice", count = { at_least = 0 } } },
  { expect = { zone = "library", owner = "alice", count = { at_least = 0 } } },
]
"#,
    );
    let r = ReferenceEngine::new().run_case(&CaseView::of(&c));
    let e = Planted::boxed("reversed", reverses_zones).run_case(&CaseView::of(&c));
    match compare(&c, &r, &e) {
        Outcome::Disagreed(m) => assert_eq!((m.step, m.kind.as_str()), (1, "zone.objects.name")),
        other => panic!("the library's order should differ: {other:?}"),
    }
}

#[test]
fn nothing_is_observed_or_done_after_the_game_ends() {
    // Alice's upkeep with an empty library: after both pass, she draws from it in her draw step
    // and loses as state-based actions are checked (CR 704.5b); the game is over (CR 104.2a).
    let c = case(
        r#"[[case]]
id = "t/over"
title = "t"
covers = []
setup.active = "alice"
setup.step = "upkeep"
setup.battlefield = [{ ref = "bears", card = "Grizzly Bears", controller = "alice" }]
step = [
  { do = "pass", by = "alice" },
  { do = "pass", by = "bob" },
  { do = "pass", by = "alice" },
]
"#,
    );
    let actions = written_actions(&c);
    assert_eq!(crate::run::reference::actions_until_game_over(&c), Some(2));
    let written = Script { setup: c.setup.clone(), actions }.to_case("t");
    let kinds: Vec<bool> = written.steps.iter().map(|s| matches!(s, crate::corpus::case::Step::Action(_))).collect();
    let per_round = kinds.iter().take_while(|a| !**a).count();
    assert!(per_round > 0);
    // Observations, pass, observations, pass (the one that ends the game), and nothing after.
    assert_eq!(kinds.len(), 2 * per_round + 2, "{kinds:?}");
    assert_eq!(kinds.iter().filter(|a| **a).count(), 2);
    assert_eq!(kinds.last(), Some(&true));
    // With a card in her library the game goes on: every action, each followed by observations.
    let mut setup = c.setup.clone();
    setup.library.alice =
        Some(vec![crate::corpus::case::CardEntry { ref_name: Some("top".into()), card: "Forest".into(), counters: Default::default(), commander: false }]);
    let alive = Script { setup, actions: written_actions(&c) }.to_case("t");
    assert_eq!(crate::run::reference::actions_until_game_over(&alive), None);
    assert_eq!(written_actions(&alive).len(), 3);
    assert!(matches!(alive.steps.last(), Some(crate::corpus::case::Step::Expect(_))));
}

fn written_actions(c: &Case) -> Vec<crate::corpus::case::Action> {
    c.steps.iter().filter_map(|s| if let crate::corpus::case::Step::Action(a) = s { Some(a.clone()) } else { None }).collect()
}

/// Two planted bugs, for runs with several groups: power without +1/+1 counters, and every
/// permanent reported untapped.
fn two_bugs(s: &mut StepReply) {
    ignores_plus_counters(s);
    if let StepReply::Observed { observation: Observation::Object(o) } = s {
        if o.tapped == Some(true) {
            o.tapped = Some(false);
        }
    }
}

/// The files of a `--out` directory (the marker aside), by name.
fn files(dir: &std::path::Path) -> std::collections::BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .expect("the directory")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n != crate::outdir::MARKER))
        .map(|p| (p.file_name().unwrap_or_default().to_string_lossy().into_owned(), std::fs::read_to_string(&p).expect("a file")))
        .collect()
}

/// Issue 31, item 6: N shards of a campaign plus `diff merge` give the groups, triage files and
/// counts one run on the same seed gives.
#[test]
fn shards_merged_are_one_run() {
    let factory = || Planted::boxed("planted", two_bugs);
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let whole_dir = tmp.path().join("whole");
    let whole = run(&DiffConfig { out: Some(whole_dir.clone()), ..config(45, 2) }, &factory, false);
    assert!(whole.findings.len() >= 2, "{}", whole.closing_line());
    let mut dirs = Vec::new();
    for k in 1..=3 {
        let dir = tmp.path().join(format!("shard-{k}"));
        let shard = crate::shard::Shard::new(k, 3).expect("a shard");
        let part = run(&DiffConfig { out: Some(dir.clone()), shard, ..config(45, 1) }, &factory, false);
        assert_eq!(part.scenarios, 15, "shard {k}");
        dirs.push(dir);
    }
    // A group's first scenario may be in any shard: the shards' findings alone aren't the run's.
    let merged_dir = tmp.path().join("merged");
    let merged = merge_into(&dirs, &merged_dir, &known::Known::default(), false).expect("the shards merge");
    assert_eq!(merged.closing_line(), whole.closing_line());
    let sigs = |s: &DiffSummary| s.findings.iter().map(|f| (f.signature.clone(), f.scenarios, f.first)).collect::<Vec<_>>();
    assert_eq!(sigs(&merged), sigs(&whole));
    let (mut a, mut b) = (files(&whole_dir), files(&merged_dir));
    // The records differ only in the shards they name.
    let (ra, rb) = (a.remove(record::RECORD).expect("a record"), b.remove(record::RECORD).expect("a record"));
    assert_eq!(ra.replace("shards = [\"1/1\"]", "shards = [\"1/3\", \"2/3\", \"3/3\"]"), rb);
    assert_eq!(a, b);
    // A shard merged twice, or a shard of another seed, is refused; nothing is written then.
    let twice = merge_into(&[dirs[0].clone(), dirs[0].clone()], &tmp.path().join("twice"), &known::Known::default(), false);
    assert!(twice.as_ref().is_err_and(|e| e.contains("merged twice")), "{twice:?}");
    let other = tmp.path().join("other-seed");
    run(&DiffConfig { out: Some(other.clone()), seed: 4, shard: crate::shard::Shard::new(2, 3).expect("a shard"), ..config(45, 1) }, &factory, false);
    let mixed = merge_into(&[dirs[0].clone(), other], &tmp.path().join("mixed"), &known::Known::default(), false);
    assert!(mixed.as_ref().is_err_and(|e| e.contains("the seed is 4")), "{mixed:?}");
    assert!(!tmp.path().join("twice").exists() && !tmp.path().join("mixed").exists());
}

fn kinds(s: &DiffSummary) -> Vec<String> {
    s.findings.iter().map(|f| f.mismatch.kind.clone()).collect()
}

/// Issue 31, item 5: `--ignore` looks past a difference to the next one in the same scenario;
/// `--known` reports classified differences apart and writes triage files for new ones only.
#[test]
fn ignored_differences_are_looked_past_and_known_ones_reported_apart() {
    let factory = || Planted::boxed("planted", two_bugs);
    let plain = run(&config(45, 1), &factory, false);
    assert!(kinds(&plain).iter().any(|k| k == "object.power"), "{:?}", kinds(&plain));
    assert!(kinds(&plain).iter().any(|k| k == "object.tapped"), "{:?}", kinds(&plain));
    // Past the power difference, the same scenarios still show the tapped one.
    let ignoring = run(&DiffConfig { ignore: vec![known::Pattern("object.power*".into())], ..config(45, 1) }, &factory, false);
    assert!(!kinds(&ignoring).iter().any(|k| k == "object.power"), "{:?}", kinds(&ignoring));
    let tapped = |s: &DiffSummary| s.findings.iter().filter(|f| f.mismatch.kind == "object.tapped").map(|f| f.scenarios).sum::<usize>();
    assert!(tapped(&ignoring) > tapped(&plain), "{} then {}", tapped(&plain), tapped(&ignoring));
    // Ignoring both planted bugs leaves the reference's own agreement.
    let both = vec![known::Pattern("object.power*".into()), known::Pattern("object.tapped*".into())];
    let none = run(&DiffConfig { ignore: both, ..config(45, 1) }, &factory, false);
    assert_eq!((none.disagreements, none.rejected), (0, 0), "{:?}", kinds(&none));

    let file = known::Known::parse("[[known]]\nclass = \"P1\"\ndifference = \"object.power (*\"\nrule = \"CR 613.4c\"\n").expect("a known file");
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let dir = tmp.path().join("out");
    let s = run(&DiffConfig { out: Some(dir.clone()), known: file.clone(), ..config(45, 1) }, &factory, false);
    let tally = file.tally(&s.findings);
    let power: usize = s.findings.iter().filter(|f| f.mismatch.kind == "object.power").map(|f| f.scenarios).sum();
    assert_eq!(tally.known, vec![("P1".to_string(), s.findings.iter().filter(|f| f.mismatch.kind == "object.power").count(), power)]);
    assert_eq!(tally.new, s.findings.len() - tally.known[0].1);
    assert!(tally.line().starts_with(&format!("known: P1 ×{power}; new: {} (", tally.new)), "{}", tally.line());
    let names: Vec<String> = files(&dir).into_keys().collect();
    assert!(!names.iter().any(|n| n.starts_with("object-power-")), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("object-tapped-")), "{names:?}");
    let all = tmp.path().join("all");
    run(&DiffConfig { out: Some(all.clone()), known: file, write_known: true, ..config(45, 1) }, &factory, false);
    assert!(files(&all).keys().any(|n| n.starts_with("object-power-")));
}
