//! Hostile engines, hostile reports and careless users (issue 24): every tool stays bounded,
//! tells what it could not do, and replaces none of the user's files. In-process hostile
//! engines wrap the reference; out-of-process ones are tests/engines/hostile_engine.py.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use mtg_conformance::corpus::case::Case;
use mtg_conformance::run::protocol::CaseView;
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
    fn run_case(&mut self, case: &CaseView) -> CaseReply {
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
    // At most one finding per zone the counters were compared in (the signature names the zone;
    // card pool v2 reaches four of them in these 40 scenarios), not one per scenario.
    assert!(s.findings.len() <= 7, "{:?}", s.findings.iter().map(|f| &f.signature).collect::<Vec<_>>());
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
            match diff::diff_script(&mut reference, engine.as_mut(), &script, "t", &[]) {
                diff::Outcome::Disagreed(m) => Some((script, m)),
                _ => None,
            }
        })
        .expect("a disagreement");
    let before = runs.load(Ordering::SeqCst);
    let past = Some(Instant::now());
    let (kept, m) = diff::minimize::minimize(&mut reference, engine.as_mut(), script.clone(), mismatch.clone(), 200, past, &[]);
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

fn corpus_arg() -> String {
    manifest().join("tests/data/corpus").display().to_string()
}

const TAP: &str = "cr-107.5/tapped-land-cannot-tap-again";
const SICK: &str = "cr-302.6/sick-elves-cannot-tap";
const MASS: &str = "chimeric-mass/reactivate-sets-anew";

/// Item 3: `--save-expectations` onto the `--expectations` file, with a FILTER, keeps every
/// entry outside the selection; an entry whose case ended in its class keeps its hand-written
/// reason and comment; one that ended in another class gets the new class.
#[test]
fn saving_onto_the_expectations_file_merges() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let file = tmp.path().join("expectations.toml");
    let original = format!(
        "# Our engine's known failures.\n\n[[skip]]\nid = \"{MASS}\"\nreason = \"no counters yet\"\n\n\
         # Tapping: see issue 12.\n[[xfail]]\nid = \"{TAP}\"\nclass = \"errored\"\nreason = \"hand-written reason\"\n\n\
         [[xfail]]\nid = \"{SICK}\"\nclass = \"failed\"\nreason = \"sickness, hand-written\"\n"
    );
    fs::write(&file, &original).expect("write");
    let f = file.display().to_string();
    let corpus = corpus_arg();
    let engine = hostile("errored");
    // Only TAP runs: SICK's entry is outside the selection and must stay as it is.
    let out = bin(&["run", "--corpus", &corpus, "--engine", &engine, "--jobs", "1", "--expectations", &f, "--save-expectations", &f, "cr-107.5"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(fs::read_to_string(&file).expect("read"), original, "nothing changed for the selection: the file is as it was");
    // The whole corpus: SICK now ends `errored`, not `failed`: its class and reason are new;
    // TAP's reason and comment stay.
    let out = bin(&["run", "--corpus", &corpus, "--engine", &engine, "--jobs", "1", "--expectations", &f, "--save-expectations", &f]);
    assert_eq!(out.status.code(), Some(1), "SICK ended in another class: {}", text(&out.stdout));
    let saved = fs::read_to_string(&file).expect("read");
    for kept in ["# Our engine's known failures.", "# Tapping: see issue 12.", "hand-written reason", "no counters yet"] {
        assert!(saved.contains(kept), "{kept:?} lost:\n{saved}");
    }
    assert!(!saved.contains("sickness, hand-written"), "{saved}");
    let parsed: toml::Value = toml::from_str(&saved).expect("TOML");
    let xfails = parsed.get("xfail").and_then(|x| x.as_array()).expect("xfails");
    let classes: Vec<(&str, &str)> = xfails
        .iter()
        .filter_map(|x| Some((x.get("id")?.as_str()?, x.get("class")?.as_str()?)))
        .collect();
    assert_eq!(classes, vec![(TAP, "errored"), (SICK, "errored")]);
    // Now green with the saved file.
    let out = bin(&["run", "--corpus", &corpus, "--engine", &engine, "--jobs", "1", "--expectations", &f]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

/// Item 7: a skip entry with an empty id (every id starts with it) is refused, not a green run
/// of nothing.
#[test]
fn an_empty_skip_id_is_refused() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let file = tmp.path().join("e.toml");
    fs::write(&file, "[[skip]]\nid = \"\"\nreason = \"everything\"\n").expect("write");
    let out = bin(&["run", "--corpus", &corpus_arg(), "--expectations", &file.display().to_string()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("would skip every case"), "{}", text(&out.stderr));
}

/// Items 7 and 20: a report to a full disk fails the command with a message (`run` and `export`).
#[cfg(target_os = "linux")]
#[test]
fn reports_to_a_full_disk_fail() {
    for args in [vec!["run", "--format", "json"], vec!["run"], vec!["export"]] {
        let full = fs::File::create("/dev/full").expect("/dev/full");
        let corpus = corpus_arg();
        let mut all = args.clone();
        all.extend(["--corpus", &corpus]);
        let out = Command::new(BIN).args(&all).stdout(Stdio::from(full)).output().expect("run");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("cannot write"), "{args:?}: {}", text(&out.stderr));
    }
}

/// Item 15: `--junit` and `--save-expectations` into a directory that doesn't exist are refused
/// before the run, not after it.
#[test]
fn output_paths_are_checked_first() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let bad = tmp.path().join("no/such/dir/out.xml").display().to_string();
    for flag in ["--junit", "--save-expectations"] {
        // The engine would take 10 s to fail to start: the refusal comes before it.
        let out = bin(&["run", "--corpus", &corpus_arg(), "--engine", "sleep 10", "--timeout", "1", flag, &bad]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(text(&out.stderr).contains(flag), "{flag}: {}", text(&out.stderr));
        assert!(text(&out.stdout).is_empty(), "{flag}: nothing ran: {}", text(&out.stdout));
    }
}

/// Item 20: a timeout too short for the clock is refused, not rounded to zero.
#[test]
fn a_timeout_below_a_millisecond_is_refused() {
    let out = bin(&["run", "--corpus", &corpus_arg(), "--engine", "true", "--timeout", "1e-12"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("at least 0.001 seconds"), "{}", text(&out.stderr));
}

/// A case of the reference engine from TOML text (one `[[case]]`).
fn case_from(text: &str) -> Case {
    let mut file: mtg_conformance::corpus::case::CasesFile = toml::from_str(text).expect("a case file");
    file.case.pop().expect("a case")
}

/// Hangarback Walker with `counters` +1/+1 counters destroyed by Disenchant: its dies ability
/// makes that many Thopters; then the battlefield is observed. As an engine is shown it.
fn destroyed_walker(counters: u64) -> CaseView {
    CaseView::of(&case_from(&format!(
        r#"[[case]]
id = "t/limit"
title = "t"
covers = []
setup.active = "alice"
setup.step = "precombat_main"
setup.mana_pool = {{ alice = "{{W}}{{W}}" }}
setup.battlefield = [ {{ ref = "walker", card = "Hangarback Walker", controller = "alice", counters = {{ "+1/+1" = {counters} }} }} ]
setup.hand = {{ alice = [ {{ ref = "d", card = "Disenchant" }} ] }}
step = [
  {{ expect = {{ object = "walker", zone = "battlefield" }} }},
  {{ do = "cast", card = "d", targets = ["walker"] }},
  {{ do = "resolve" }},
  {{ do = "resolve" }},
  {{ expect = {{ zone = "battlefield", controller = "alice", count = 0 }} }},
]
"#
    )))
}

fn steps_of(reply: CaseReply) -> Vec<StepReply> {
    match reply {
        CaseReply::Ran { steps } => steps,
        other => panic!("{other:?}"),
    }
}

/// Item 18: past the reference engine's limit of 100 tokens per effect, the case gets no answer
/// (its steps fail, naming the limit) rather than a wrong one (100 Thopters for 150).
#[test]
fn past_the_token_limit_the_reference_gives_no_answer() {
    use mtg_conformance::run::reference::LIMIT_PREFIX;
    // Within the limit every step is answered: three Thopters.
    let steps = steps_of(ReferenceEngine::new().run_case(&destroyed_walker(3)));
    match steps.last() {
        Some(StepReply::Observed { observation: Observation::Zone { objects } }) => assert_eq!(objects.len(), 3),
        other => panic!("{other:?}"),
    }
    let steps = steps_of(ReferenceEngine::new().run_case(&destroyed_walker(150)));
    // The Walker's power is answered (150 is no limit); the resolution that would make 150
    // Thopters fails, and so does everything after it.
    assert!(matches!(steps[0], StepReply::Observed { .. }), "{steps:?}");
    for s in &steps[3..] {
        match s {
            StepReply::Failed { message } => {
                assert!(message.starts_with(LIMIT_PREFIX) && message.contains("asked for 150"), "{message}")
            }
            other => panic!("past the limit, no answer: {other:?}"),
        }
    }
}

/// Item 18: power and toughness saturate at the ends of 32 bits: a value there is not given.
#[test]
fn a_saturated_power_is_not_an_answer() {
    let steps = steps_of(ReferenceEngine::new().run_case(&destroyed_walker(3_000_000_000)));
    match &steps[0] {
        StepReply::Failed { message } => assert!(message.contains("32-bit"), "{message}"),
        other => panic!("a saturated power is no answer: {other:?}"),
    }
}

/// A JSON report of `run` on the test corpus (the reference engine).
fn reference_report(dir: &Path) -> PathBuf {
    let run = bin(&["run", "--corpus", &corpus_arg(), "--format", "json"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let path = dir.join("reference.jsonl");
    fs::write(&path, &run.stdout).expect("write");
    path
}

fn site(out: &Path, reports: &[&Path]) -> Output {
    let corpus = corpus_arg();
    let out = out.display().to_string();
    let reports: Vec<String> = reports.iter().map(|p| p.display().to_string()).collect();
    let mut args = vec!["report", "--corpus", &corpus, "--html", &out];
    args.extend(reports.iter().map(String::as_str));
    bin(&args)
}

/// Item 8: `report --html` into a directory of the user's replaces nothing; a site it wrote is
/// rebuilt; a linked `cases/` is refused and its target untouched.
#[test]
fn the_site_is_written_only_into_its_own_directory() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let report = reference_report(tmp.path());
    let mine = tmp.path().join("mine");
    fs::create_dir_all(mine.join("cases")).expect("mkdir");
    fs::write(mine.join("index.html"), "my page").expect("write");
    fs::write(mine.join("cases/notes.html"), "my notes").expect("write");
    let out = site(&mine, &[&report]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("not written by mtg-conformance"), "{}", text(&out.stderr));
    assert_eq!(fs::read_to_string(mine.join("index.html")).ok().as_deref(), Some("my page"));
    assert_eq!(fs::read_to_string(mine.join("cases/notes.html")).ok().as_deref(), Some("my notes"));
    // A new directory: built, and built again.
    let ours = tmp.path().join("site");
    assert_eq!(site(&ours, &[&report]).status.code(), Some(0));
    assert_eq!(site(&ours, &[&report]).status.code(), Some(0));
    assert!(ours.join("index.html").is_file());
    #[cfg(unix)]
    {
        let elsewhere = tmp.path().join("elsewhere");
        fs::create_dir(&elsewhere).expect("mkdir");
        fs::write(elsewhere.join("keep.html"), "keep").expect("write");
        fs::remove_dir_all(ours.join("cases")).expect("rm");
        std::os::unix::fs::symlink(&elsewhere, ours.join("cases")).expect("symlink");
        let out = site(&ours, &[&report]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
        assert!(text(&out.stderr).contains("symbolic link"), "{}", text(&out.stderr));
        assert_eq!(fs::read_to_string(elsewhere.join("keep.html")).ok().as_deref(), Some("keep"));
    }
}

/// A report of the test corpus's three cases, each line as `edit` makes it.
fn hostile_report(dir: &Path, name: &str, edit: impl Fn(&mut serde_json::Value)) -> PathBuf {
    let run = bin(&["run", "--corpus", &corpus_arg(), "--format", "json"]);
    let mut lines = String::new();
    for line in text(&run.stdout).lines() {
        let mut v: serde_json::Value = serde_json::from_str(line).expect("a record");
        edit(&mut v);
        lines.push_str(&v.to_string());
        lines.push('\n');
    }
    let path = dir.join(name);
    fs::write(&path, lines).expect("write");
    path
}

/// Items 4 and 13: a failure whose expected and observed lines are long (a quadratic diff would
/// need 10^10 cells) is shown in bounded memory; noncharacters and bidi controls in it are
/// escaped, so every page stays well-formed XML.
#[test]
fn a_huge_diff_and_hostile_characters_make_a_bounded_well_formed_page() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let expected: Vec<String> = (0..100_000).map(|i| format!("e{i}")).collect();
    let observed: Vec<String> = (0..100_000).map(|i| format!("o{i}\u{fffe}\u{202e}")).collect();
    let report = hostile_report(tmp.path(), "hostile.jsonl", |v| {
        if v["type"] == "case" && v["id"] == TAP {
            v["verdict"] = "failed".into();
            v["step"] = 2.into();
            v["message"] = "bad\u{ffff}\u{202e}".into();
            v["expected"] = expected.clone().into();
            v["observed"] = observed.clone().into();
        }
    });
    let out_dir = tmp.path().join("site");
    let out = site(&out_dir, &[&report]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let page = fs::read_to_string(out_dir.join("cases/cr-107.5_2Ftapped-land-cannot-tap-again.html")).expect("page");
    for c in ['\u{fffe}', '\u{ffff}', '\u{202e}'] {
        assert!(!page.contains(c), "{c:?} unescaped");
    }
    assert!(page.contains("<del>- e99999</del>") && page.contains("<ins>+ o99999"), "every line shown");
    let mut reader = quick_xml::Reader::from_str(&page);
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!("not well-formed at {}: {e}", reader.buffer_position()),
        }
    }
}

/// Item 11: a case id of 33 Japanese characters (297 bytes once encoded) gets a page name short
/// enough for the file system, the same on every build.
#[test]
fn a_long_id_gets_a_short_stable_page_name() {
    let long = "カ".repeat(33);
    let name = mtg_conformance::report::html::page::case_file(&long);
    assert!(name.len() <= 200, "{} bytes: {name}", name.len());
    assert_eq!(name, mtg_conformance::report::html::page::case_file(&long));
    assert_ne!(name, mtg_conformance::report::html::page::case_file(&format!("{long}x")));
    let tmp = tempfile::tempdir().expect("tempdir");
    let report = hostile_report(tmp.path(), "long.jsonl", |v| {
        if v["type"] == "case" && v["id"] == TAP {
            v["id"] = long.clone().into();
        }
    });
    let out = site(&tmp.path().join("site"), &[&report]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(tmp.path().join("site/cases").join(&name).is_file());
}

/// Items 17 and 19: the site shows why an engine never started (the header's `engine_error`),
/// and a report whose last line is cut off is read as cut short, not refused.
#[test]
fn the_site_shows_a_failed_start_and_reads_a_cut_report() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let broken = tmp.path().join("broken.jsonl");
    let run = bin(&["run", "--corpus", &corpus_arg(), "--engine", "echo nope >&2; exit 3", "--timeout", "5", "--format", "json"]);
    fs::write(&broken, &run.stdout).expect("write");
    let full = reference_report(tmp.path());
    let cut = tmp.path().join("cut.jsonl");
    let t = fs::read_to_string(&full).expect("read");
    // Cut in the middle of the second case record.
    let at = t.match_indices('\n').nth(1).map(|(i, _)| i + 20).expect("three lines");
    fs::write(&cut, &t[..at]).expect("write");
    let out_dir = tmp.path().join("site");
    let out = site(&out_dir, &[&broken, &cut]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let index = fs::read_to_string(out_dir.join("index.html")).expect("index");
    assert!(index.contains("the engine did not start") && index.contains("nope"), "{index}");
    assert!(index.contains("cut off"), "{index}");
}

/// Item 14: a corpus file that is a FIFO or a link to a device is a problem, not a hang or an
/// endless read; a report that is a device is refused.
#[cfg(unix)]
#[test]
fn devices_and_fifos_are_not_read() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path().join("rulings");
    let data = manifest().join("tests/data/corpus");
    for rel in ["cards.toml", "sources/cr.toml", "rules/107.5-tap-symbol.toml"] {
        fs::create_dir_all(root.join(rel).parent().expect("parent")).expect("mkdir");
        fs::copy(data.join(rel), root.join(rel)).expect("copy");
    }
    std::os::unix::fs::symlink("/dev/zero", root.join("rules/zero.toml")).expect("symlink");
    let fifo = Command::new("mkfifo").arg(root.join("rules/fifo.toml")).status().expect("mkfifo");
    assert!(fifo.success());
    let root_arg = root.display().to_string();
    let out = bin(&["lint", "--corpus", &root_arg]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("zero.toml") && stdout.contains("fifo.toml") && stdout.contains("not a regular file"), "{stdout}");
    let out = bin(&["report", "--corpus", &corpus_arg(), "--html", &tmp.path().join("site").display().to_string(), "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not a regular file"), "{}", text(&out.stderr));
}

/// Item 16: `regress` never replaces a case file that is there, and without `--corpus` or a
/// `rulings/` here or above it writes nowhere (not into the checkout it was built from).
#[test]
fn regress_replaces_nothing_and_writes_only_where_pointed() {
    use mtg_conformance::fuzzing::invariants::regress::write_new_case;
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = write_new_case(tmp.path(), "x.toml", "first").expect("a new file");
    let e = write_new_case(tmp.path(), "x.toml", "second").expect_err("an existing file");
    assert!(e.contains("not replaced"), "{e}");
    assert_eq!(fs::read_to_string(path).ok().as_deref(), Some("first"));
    let artifact = tmp.path().join("artifact");
    fs::write(&artifact, [0u8; 64]).expect("write");
    let out = Command::new(BIN).arg("regress").arg(&artifact).current_dir(tmp.path()).output().expect("run");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("no rulings/"), "{}", text(&out.stderr));
}

/// Item 12: `report`, `lint` and `coverage` with a stdout that fails (a full disk) exit 2 with a
/// message, not a panic (101).
#[cfg(target_os = "linux")]
#[test]
fn report_lint_and_coverage_to_a_full_disk_fail_cleanly() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let report = reference_report(tmp.path());
    let site_dir = tmp.path().join("site").display().to_string();
    let corpus = corpus_arg();
    let report_arg = report.display().to_string();
    let commands: [Vec<&str>; 3] = [
        vec!["report", "--corpus", &corpus, "--html", &site_dir, &report_arg],
        vec!["lint", "--corpus", &corpus],
        vec!["coverage", "--corpus", &corpus],
    ];
    for args in commands {
        let full = fs::File::create("/dev/full").expect("/dev/full");
        let out = Command::new(BIN).args(&args).stdout(Stdio::from(full)).output().expect("run");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("cannot write to standard output"), "{args:?}: {}", text(&out.stderr));
    }
}
