use std::path::Path;
use std::time::Duration;

use super::*;
use crate::run::engine::Fault;
use crate::run::judge::Failure;

fn corpus() -> Corpus {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    Corpus::load(dir).map(|l| l.corpus).unwrap_or_default()
}

const TAP: &str = "cr-107.5/tapped-land-cannot-tap-again";
const SICK: &str = "cr-302.6/sick-elves-cannot-tap";

fn outcome(id: &str, verdict: Verdict) -> CaseOutcome {
    CaseOutcome {
        index: 0,
        id: id.into(),
        verdict,
        elapsed: Duration::ZERO,
    }
}

fn failed() -> Verdict {
    Verdict::Failed(Failure {
        step: 2,
        reason: "the engine accepted an action that must be rejected\nmore".into(),
        expected: vec![],
        observed: vec![],
    })
}

fn timeout() -> Verdict {
    Verdict::Faulted {
        fault: Fault::Timeout,
        message: "no answer within 1.0s".into(),
        stderr: String::new(),
    }
}

#[test]
fn parse_rejects_malformed_entries() {
    let err = |text: &str| Expectations::parse(text).err().unwrap_or_default();
    assert!(err("[[skip]]\nfeature = \"a\"\nid = \"b\"\n").contains("exactly one of"));
    assert!(err("[[skip]]\nreason = \"none\"\n").contains("exactly one of"));
    assert!(err("[[xfail]]\nid = \"a\"\nclass = \"passed\"\n").contains("unknown class `passed`"));
    assert!(err("[[xfail]]\nid = \"a\"\nclass = \"failed\"\nwhy = \"typo\"\n").contains("why"));
    assert!(err("[[xfail]]\nclass = \"failed\"\n").contains("id"));
}

#[test]
fn check_reports_every_entry_naming_nothing() {
    let c = corpus();
    let e = Expectations::parse(&format!(
        "[[skip]]\nfeature = \"mana\"\n[[skip]]\nfeature = \"layers\"\n[[skip]]\nid = \"cr-1\"\n\
         [[skip]]\nid = \"zz\"\n[[xfail]]\nid = \"{TAP}\"\nclass = \"failed\"\n\
         [[xfail]]\nid = \"cr-107.5\"\nclass = \"failed\"\n[[xfail]]\nid = \"{TAP}\"\nclass = \"crash\"\n"
    ));
    let Ok(e) = e else {
        panic!("parse: {e:?}");
    };
    assert_eq!(
        e.check(&c),
        vec![
            "skip: no case has the feature `layers`".to_string(),
            "skip: no case id starts with `zz`".to_string(),
            "xfail: unknown case id `cr-107.5`".to_string(),
            format!("xfail: `{TAP}` is listed twice"),
        ]
    );
}

#[test]
fn load_fails_on_unknown_ids_and_names_the_file() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("expect.toml");
    std::fs::write(&path, "[[xfail]]\nid = \"nope\"\nclass = \"failed\"\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let err = Expectations::load(&path, &corpus())
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        err,
        Some(format!("{}: xfail: unknown case id `nope`", path.display()))
    );
}

#[test]
fn skip_matches_by_feature_or_id_prefix() {
    let c = corpus();
    let e = Expectations::parse(
        "[[skip]]\nfeature = \"stack\"\nreason = \"no stack\"\n[[skip]]\nid = \"cr-302\"\n",
    )
    .unwrap_or_default();
    let reasons: Vec<Option<String>> = c.cases.iter().map(|x| e.skip_reason(&x.item)).collect();
    assert_eq!(
        reasons,
        vec![
            Some("expectations: skip feature `stack`: no stack".into()),
            None,
            Some("expectations: skip id `cr-302`".into()),
        ]
    );
}

#[test]
fn assessments_of_each_verdict_with_and_without_an_xfail() {
    let e = Expectations::parse(&format!(
        "[[xfail]]\nid = \"{TAP}\"\nclass = \"timeout\"\nreason = \"slow\"\n"
    ))
    .unwrap_or_default();
    let none = Expectations::default();
    assert_eq!(
        none.assess(&outcome(TAP, Verdict::Passed)),
        Assessment::Fine
    );
    assert_eq!(
        none.assess(&outcome(TAP, Verdict::Skipped { reason: "x".into() })),
        Assessment::Fine
    );
    assert_eq!(none.assess(&outcome(TAP, failed())), Assessment::Unexpected);
    assert_eq!(
        none.assess(&outcome(TAP, timeout())),
        Assessment::Unexpected
    );
    assert_eq!(
        e.assess(&outcome(TAP, timeout())),
        Assessment::XFailed {
            reason: "slow".into()
        }
    );
    assert_eq!(
        e.assess(&outcome(TAP, Verdict::Passed)),
        Assessment::XPassed {
            class: "timeout".into()
        }
    );
    assert_eq!(
        e.assess(&outcome(TAP, failed())),
        Assessment::OtherClass {
            class: "timeout".into()
        }
    );
    // Another case is not covered by the entry.
    assert_eq!(e.assess(&outcome(SICK, timeout())), Assessment::Unexpected);
    assert!(!Assessment::XFailed {
        reason: String::new()
    }
    .fails_run());
    assert!(Assessment::XPassed {
        class: String::new()
    }
    .fails_run());
}

#[test]
fn saved_expectations_make_the_same_run_green_and_read_back() {
    let summary = RunSummary {
        outcomes: vec![
            outcome(TAP, failed()),
            outcome(SICK, timeout()),
            outcome("x", Verdict::Passed),
        ],
        elapsed: Duration::ZERO,
    };
    assert!(!Expectations::default().run_ok(&summary));
    let saved = Expectations::default().from_run(&summary);
    assert!(saved.run_ok(&summary));
    assert_eq!(
        saved.xfail,
        vec![
            Xfail {
                id: TAP.into(),
                class: "failed".into(),
                reason: "step 3: the engine accepted an action that must be rejected".into(),
                link: None,
                since: None,
            },
            Xfail {
                id: SICK.into(),
                class: "timeout".into(),
                reason: "no answer within 1.0s".into(),
                link: None,
                since: None,
            },
        ]
    );
    assert_eq!(Expectations::parse(&saved.to_toml()), Ok(saved));
}
