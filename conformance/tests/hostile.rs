//! Hostile engines, hostile reports and careless users (issue 24): every tool stays bounded,
//! tells what it could not do, and replaces none of the user's files. In-process hostile
//! engines wrap the reference; out-of-process ones are tests/engines/hostile_engine.py.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use mtg_conformance::corpus::case::Case;
use mtg_conformance::fuzzing::diff::{self, DiffConfig};
use mtg_conformance::run::engine::{CaseReply, Engine, EngineInfo, Observation, StepReply};
use mtg_conformance::run::reference::ReferenceEngine;

const BIN: &str = env!("CARGO_BIN_EXE_mtg-conformance");

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}


fn bin(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap_or_else(|e| panic!("cannot run mtg-conformance: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn hostile(mode: &str) -> String {
    format!("exec python3 {} {mode}", manifest().join("tests/engines/hostile_engine.py").display())
}

/// The reference, except that every object it observes carries a counter whose name is new each
/// time: each scenario's difference names a kind of counter never seen before.
struct RandomCounters {
    engine: ReferenceEngine,
    next: Arc<AtomicUsize>,
    runs: Arc<AtomicUsize>,
}

impl Engine for RandomCounters {
    fn info(&self) -> EngineInfo {
        EngineInfo { name: "random-counters".into(), version: "0".into(), features: vec![] }
    }
    fn run_case(&mut self, case: &Case) -> CaseReply {
        self.runs.fetch_add(1, Ordering::SeqCst);
        let mut reply = self.engine.run_case(case);
        if let CaseReply::Ran { steps } = &mut reply {
            for s in steps {
                if let StepReply::Observed { observation: Observation::Object(o) } = s {
                    let n = self.next.fetch_add(1, Ordering::SeqCst);
                    o.counters.get_or_insert_with(Default::default).insert(format!("zz-hostile-{n}"), 1);
                }
            }
        }
        reply
    }
}

fn random_counters(runs: &Arc<AtomicUsize>) -> impl Fn() -> Box<dyn Engine + Send> + Sync + 'static {
    let next = Arc::new(AtomicUsize::new(0));
    let runs = runs.clone();
    move || Box::new(RandomCounters { engine: ReferenceEngine::new(), next: next.clone(), runs: runs.clone() })
}

/// Item 2: a signature holds no value only the engine under test supplied, so an engine naming a
/// new counter every time makes a handful of findings, not one per scenario.
#[test]
fn engine_supplied_values_do_not_split_findings() {
    let runs = Arc::new(AtomicUsize::new(0));
    let config = DiffConfig { scenarios: Some(40), seed: 5, jobs: 1, minimize_budget: 4, ..DiffConfig::default() };
    let s = diff::run(&config, &random_counters(&runs), false);
    assert!(s.disagreements >= 20, "{}", s.closing_line());
    for f in &s.findings {
        assert!(!f.signature.contains("zz-hostile"), "{}", f.signature);
        assert!(!f.mismatch.key().contains("zz-hostile"), "{}", f.mismatch.key());
    }
    assert!(s.findings.len() <= 3, "{:?}", s.findings.iter().map(|f| &f.signature).collect::<Vec<_>>());
}

/// Item 2: `--time` bounds minimization too: once the run's time is up, no minimization run
/// starts, and what was found is kept unminimized.
#[test]
fn no_minimization_run_starts_after_the_deadline() {
    let runs = Arc::new(AtomicUsize::new(0));
    let factory = random_counters(&runs);
    let mut reference = ReferenceEngine::new();
    let mut engine = factory();
    // A scenario the hostile engine disagrees on.
    let (script, mismatch) = (0..50)
        .find_map(|i| {
            let scenario = mtg_conformance::fuzzing::generate::scenario_from_bytes(&diff::scenario_bytes(1, i));
            let script = diff::script::script(&scenario).ok()?;
            match diff::diff_script(&mut reference, engine.as_mut(), &script, "t") {
                diff::Outcome::Disagreed(m) => Some((script, m)),
                _ => None,
            }
        })
        .expect("a disagreement");
    let before = runs.load(Ordering::SeqCst);
    let past = Some(Instant::now());
    let (kept, m) = diff::minimize::minimize(&mut reference, engine.as_mut(), script.clone(), mismatch.clone(), 200, past);
    assert_eq!(runs.load(Ordering::SeqCst), before, "no engine run after the deadline");
    assert_eq!((kept.actions.len(), m), (script.actions.len(), mismatch));
}

/// Item 2: with `--out`, a triage file is written for each finding as it is minimized, marked
/// when the time ran out before it was.
#[test]
fn triage_files_are_written_as_findings_are_ready() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("triage");
    let runs = Arc::new(AtomicUsize::new(0));
    let config = DiffConfig {
        scenarios: Some(10),
        seed: 5,
        jobs: 1,
        minimize_budget: 2,
        out: Some(out.clone()),
        ..DiffConfig::default()
    };
    let s = diff::run(&config, &random_counters(&runs), false);
    assert!(!s.findings.is_empty(), "{}", s.closing_line());
    assert_eq!(s.written.len(), s.findings.len());
    for path in &s.written {
        let t = fs::read_to_string(path).expect("a triage file");
        assert!(t.contains("minimized = true"), "{t}");
    }
}

/// Item 12: `--time 1e19` is a time the clock can't add: no deadline, not a panic.
#[test]
fn a_huge_time_is_no_panic() {
    let out = bin(&["diff", "--engine", &format!("exec {BIN} serve"), "--scenarios", "2", "--jobs", "1", "--time", "1e19"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("2 scenarios, 2 compared"), "{}", text(&out.stdout));
    let out = bin(&["diff", "--engine", "true", "--time=-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--time must be"), "{}", text(&out.stderr));
}

/// Item 12: stdout that can't be written (a full disk) fails `diff` with a message, no panic.
#[cfg(target_os = "linux")]
#[test]
fn diff_to_a_full_disk_fails_cleanly() {
    let full = fs::File::create("/dev/full").expect("/dev/full");
    let out = Command::new(BIN)
        .args(["diff", "--engine", &format!("exec {BIN} serve"), "--scenarios", "1", "--jobs", "1"])
        .stdout(Stdio::from(full))
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("cannot write to standard output"), "{}", text(&out.stderr));
}

/// Item 7: an engine that never starts compares nothing, and `--deny-disagreements` fails.
#[test]
fn nothing_compared_is_not_green() {
    let out = bin(&["diff", "--engine", "exit 3", "--scenarios", "2", "--jobs", "1", "--timeout", "5", "--deny-disagreements"]);
    assert_eq!(out.status.code(), Some(1), "{}{}", text(&out.stdout), text(&out.stderr));
    assert!(text(&out.stderr).contains("no scenario was compared"), "{}", text(&out.stderr));
}

/// Items 8 and 15: `diff --out` into a directory of the user's is refused before anything runs,
/// and the user's file is untouched.
#[test]
fn diff_refuses_a_foreign_out_directory_first() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mine = tmp.path().join("mine");
    fs::create_dir(&mine).expect("mkdir");
    fs::write(mine.join("notes.toml"), "mine").expect("write");
    // The engine would take 10 s to say it can't start; the refusal comes first.
    let out = bin(&["diff", "--engine", "sleep 10", "--scenarios", "1", "--out", &mine.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not written by mtg-conformance"), "{}", text(&out.stderr));
    assert!(text(&out.stdout).is_empty(), "{}", text(&out.stdout));
    assert_eq!(fs::read_to_string(mine.join("notes.toml")).ok().as_deref(), Some("mine"));
}

/// Item 9: `diff` prints an engine's text escaped, as `run` does.
#[test]
fn diff_prints_engine_text_escaped() {
    let out = bin(&["diff", "--engine", &hostile("escapes"), "--scenarios", "2", "--jobs", "1"]);
    let stdout = text(&out.stdout);
    assert!(!stdout.contains('\u{1b}') && !stdout.contains('\u{0}') && !stdout.contains('\u{7}'), "{stdout:?}");
    assert!(!stdout.contains('\u{202e}'), "{stdout:?}");
    assert!(stdout.contains("\\u{1b}"), "{stdout:?}");
}
