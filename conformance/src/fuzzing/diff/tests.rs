use super::*;
use crate::corpus::case::Case;
use crate::run::engine::{CaseReply, EngineInfo, Observation, StepReply};

/// The reference engine with one planted bug: a creature's observed power ignores its +1/+1
/// counters (as if layer 7c were skipped).
struct IgnoresPlusCounters(ReferenceEngine);

impl Engine for IgnoresPlusCounters {
    fn info(&self) -> EngineInfo {
        EngineInfo { name: "planted".into(), version: "0".into(), features: vec![] }
    }
    fn run_case(&mut self, case: &Case) -> CaseReply {
        let mut reply = self.0.run_case(case);
        if let CaseReply::Ran { steps } = &mut reply {
            for s in steps {
                if let StepReply::Observed { observation: Observation::Object(o) } = s {
                    let plus = o.counters.as_ref().and_then(|c| c.get("+1/+1")).copied().unwrap_or(0);
                    if let Some(p) = o.power.as_mut() {
                        *p -= plus;
                    }
                }
            }
        }
        reply
    }
}

fn planted() -> Box<dyn Engine + Send> {
    Box::new(IgnoresPlusCounters(ReferenceEngine::new()))
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
    // Seed 1: with card pool v1, seed 3's first power finding doesn't shrink to its one card.
    let s = run(&DiffConfig { minimize_budget: 60, seed: 1, ..config(80, 1) }, &planted, false);
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
    let sigs = |s: &DiffSummary| s.findings.iter().map(|f| (f.signature.clone(), f.scenarios.clone())).collect::<Vec<_>>();
    assert_eq!(sigs(&one), sigs(&two));
}

fn refs(setup: &crate::corpus::case::Setup) -> Vec<String> {
    script::refs(setup)
}
