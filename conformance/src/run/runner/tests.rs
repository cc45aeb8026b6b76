use std::path::Path;

use super::*;
use crate::run::engine::{CaseReply, ObjectObservation, Observation, StepReply};
use crate::run::testing::CannedEngine;

fn corpus() -> Corpus {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    Corpus::load(dir).map(|l| l.corpus).unwrap_or_default()
}

const MASS: &str = "chimeric-mass/reactivate-sets-anew";
const TAP: &str = "cr-107.5/tapped-land-cannot-tap-again";
const SICK: &str = "cr-302.6/sick-elves-cannot-tap";

fn ids(runner: &Runner<'_>, corpus: &Corpus) -> Vec<String> {
    runner
        .selected()
        .into_iter()
        .map(|i| corpus.cases[i].item.id.clone())
        .collect()
}

#[test]
fn filters_select_by_exact_id_or_substring() {
    let c = corpus();
    assert_eq!(ids(&Runner::new(&c), &c), vec![MASS, TAP, SICK]);
    assert_eq!(ids(&Runner::new(&c).filter(""), &c), vec![MASS, TAP, SICK]);
    assert_eq!(ids(&Runner::new(&c).filter("cr-"), &c), vec![TAP, SICK]);
    assert_eq!(ids(&Runner::new(&c).filter("tap"), &c), vec![TAP, SICK]);
    assert_eq!(ids(&Runner::new(&c).filter(TAP), &c), vec![TAP]);
    assert_eq!(
        ids(&Runner::new(&c).filter("nothing"), &c),
        Vec::<String>::new()
    );
}

/// `run --shard K/N`: the shards select every case exactly once, each with its filter.
#[test]
fn shards_partition_the_selection() {
    let loaded = Corpus::load(Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulings")).expect("the corpus");
    let c = loaded.corpus;
    for filter in ["", "cr-"] {
        let all = ids(&Runner::new(&c).filter(filter), &c);
        let mut parts: Vec<String> = Vec::new();
        for k in 1..=4 {
            let shard = crate::shard::Shard::new(k, 4).expect("a shard");
            let part = ids(&Runner::new(&c).filter(filter).shard(shard), &c);
            // Hashing spreads hundreds of cases: no shard is empty or holds most of them.
            assert!(part.len() > all.len() / 8 && part.len() < all.len() / 2, "shard {shard}: {} of {}", part.len(), all.len());
            parts.extend(part);
        }
        parts.sort();
        let mut all = all;
        all.sort();
        assert_eq!(parts, all, "filter {filter:?}");
    }
}

fn tap_replies() -> CaseReply {
    let pool = crate::run::engine::PlayerObservation {
        mana_pool: Some(String::new()),
        ..Default::default()
    };
    let forest = ObjectObservation {
        tapped: Some(true),
        ..Default::default()
    };
    CaseReply::Ran {
        steps: vec![
            StepReply::Rejected {
                class: Some("cost".into()),
                message: "already tapped".into(),
            },
            StepReply::Observed {
                observation: Observation::Player(pool),
            },
            StepReply::Observed {
                observation: Observation::Object(forest),
            },
        ],
    }
}

#[test]
fn runs_and_counts() {
    let c = corpus();
    let mut engine = CannedEngine::new()
        .reply(TAP, tap_replies())
        .reply(
            SICK,
            CaseReply::Ran {
                steps: vec![StepReply::Done],
            },
        )
        .reply(
            MASS,
            CaseReply::Skipped {
                reason: "no X".into(),
            },
        );
    let mut seen = Vec::new();
    let summary = Runner::new(&c).run_with(&mut engine, &mut |o| seen.push(o.id.clone()));
    assert_eq!(engine.seen, vec![MASS, TAP, SICK]);
    assert_eq!(seen, vec![MASS, TAP, SICK]);
    let verdicts: Vec<&str> = summary.outcomes.iter().map(|o| o.verdict.label()).collect();
    assert_eq!(verdicts, vec!["skipped", "passed", "failed"]);
    assert_eq!(
        summary.counts(),
        Counts {
            passed: 1,
            failed: 1,
            skipped: 1,
            errored: 0,
            ..Counts::default()
        }
    );
    assert_eq!(summary.counts().total(), 3);
    assert!(!summary.success());
    assert!(summary
        .closing_line()
        .starts_with("1 passed, 1 failed, 1 skipped, 0 errored (3 cases in "));
    let only_tap = Runner::new(&c)
        .filter(TAP)
        .run(&mut CannedEngine::new().reply(TAP, tap_replies()));
    assert!(only_tap.success());
    assert_eq!(only_tap.outcomes[0].index, 1);
}

#[test]
fn a_panicking_engine_errors_the_case_and_the_run_goes_on() {
    let c = corpus();
    let mut engine = CannedEngine::new().reply(TAP, tap_replies());
    engine.panic_on = Some(MASS.to_string());
    let summary = Runner::new(&c).run(&mut engine);
    assert_eq!(
        summary.outcomes[0].verdict,
        Verdict::Errored {
            step: None,
            message: format!("the engine panicked: canned panic on {MASS}")
        }
    );
    assert_eq!(summary.outcomes[1].verdict, Verdict::Passed);
    assert_eq!(
        summary.outcomes[2].verdict,
        Verdict::Errored {
            step: None,
            message: format!("no canned reply for {SICK}")
        }
    );
}

#[test]
fn features_select_cases_tagged_with_any_of_them() {
    let c = corpus();
    assert_eq!(ids(&Runner::new(&c).features(["mana"]), &c), vec![MASS, TAP]);
    assert_eq!(
        ids(&Runner::new(&c).features(["nothing", "stack"]), &c),
        vec![MASS]
    );
    assert_eq!(
        ids(&Runner::new(&c).features(["nothing"]), &c),
        Vec::<String>::new()
    );
    assert_eq!(
        ids(&Runner::new(&c).features(Vec::<String>::new()), &c),
        vec![MASS, TAP, SICK]
    );
}

#[test]
fn expectations_skip_cases_without_running_them() {
    let c = corpus();
    let expectations =
        crate::run::expectations::Expectations::parse("[[skip]]\nid = \"cr-\"\nreason = \"not yet\"\n")
            .unwrap_or_default();
    let mut engine = CannedEngine::new();
    let summary = Runner::new(&c).expectations(&expectations).run(&mut engine);
    assert_eq!(engine.seen, vec![MASS.to_string()]);
    assert_eq!(
        summary.outcomes[1].verdict,
        Verdict::Skipped {
            reason: "expectations: skip id `cr-`: not yet".into()
        }
    );
}
