//! Out-of-process engines: the reference engine behind `mtg-conformance serve` gives the same
//! verdicts as in process; misbehaving engines (tests/engines/fake_engine.py) are classified
//! as crash, timeout or protocol error and the run goes on; the reports (JSON lines, JUnit) and
//! expectations files work end to end; the Python skeleton adapter runs clean.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use serde_json::Value;

use mtg_conformance::corpus::Corpus;
use mtg_conformance::run::judge::Verdict;
use mtg_conformance::run::protocol::{ExternalConfig, ExternalEngine};
use mtg_conformance::run::reference::ReferenceEngine;
use mtg_conformance::run::runner::{RunSummary, Runner};

const BIN: &str = env!("CARGO_BIN_EXE_mtg-conformance");

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn test_corpus() -> PathBuf {
    manifest().join("tests/data/corpus")
}

fn load(dir: &Path) -> Corpus {
    Corpus::load(dir).unwrap_or_else(|e| panic!("{e}")).corpus
}

/// The fake engine in `mode`, as a command line. `exec` so that the engine, not `sh`, holds the
/// pipes (see rulings/PROTOCOL.md).
fn fake(mode: &str) -> String {
    format!(
        "exec python3 {} {mode}",
        manifest().join("tests/engines/fake_engine.py").display()
    )
}

/// Runs the three cases of the test corpus against the fake engine in `mode`, with `secs` per
/// case (starting a process has its own, larger allowance).
fn run_fake_within(mode: &str, secs: u64) -> RunSummary {
    let corpus = load(&test_corpus());
    let config = ExternalConfig::new(fake(mode)).timeout(Duration::from_secs(secs));
    let mut engine = ExternalEngine::new(config);
    Runner::new(&corpus).run(&mut engine)
}

/// [`run_fake_within`] with a timeout generous enough never to fire on a busy machine, for the
/// tests that are not about timeouts.
fn run_fake(mode: &str) -> RunSummary {
    run_fake_within(mode, 30)
}

/// `(label, message)` per case: the skip reason, or the fault's message.
fn classes(summary: &RunSummary) -> Vec<(String, String, String)> {
    summary
        .outcomes
        .iter()
        .map(|o| {
            let (message, stderr) = match &o.verdict {
                Verdict::Skipped { reason } => (reason.clone(), String::new()),
                Verdict::Faulted {
                    message, stderr, ..
                } => (message.clone(), stderr.clone()),
                Verdict::Errored { message, .. } => (message.clone(), String::new()),
                other => (format!("{other:?}"), String::new()),
            };
            (o.verdict.label().to_string(), message, stderr)
        })
        .collect()
}

fn labels(summary: &RunSummary) -> Vec<String> {
    classes(summary).into_iter().map(|(l, _, _)| l).collect()
}

/// The fake's pid, from its skip reason `fake pid N`.
fn pid(reason: &str) -> &str {
    reason.strip_prefix("fake pid ").unwrap_or("?")
}

/// Runs the binary. A `run` uses one engine process (`--jobs 1`): the fake engines misbehave on
/// the n-th case of a process, so the cases' outcomes depend on how they are shared out.
fn bin(args: &[&str]) -> Output {
    let mut all: Vec<&str> = args.to_vec();
    if args.first() == Some(&"run") && !args.contains(&"--jobs") {
        all.extend(["--jobs", "1"]);
    }
    Command::new(BIN)
        .args(&all)
        .env("NO_COLOR", "1")
        .output()
        .unwrap_or_else(|e| panic!("cannot run mtg-conformance: {e}"))
}

#[test]
fn serve_gives_the_same_verdicts_as_the_in_process_run() {
    let corpus = load(&manifest().join("../rulings"));
    let runner = Runner::new(&corpus);
    let inside = runner.run(&mut ReferenceEngine::new());
    let config = ExternalConfig::new(format!("exec {BIN} serve")).timeout(Duration::from_secs(10));
    let mut external = ExternalEngine::new(config);
    let outside = runner.run(&mut external);
    let verdicts = |s: &RunSummary| -> Vec<(String, Verdict)> {
        s.outcomes
            .iter()
            .map(|o| (o.id.clone(), o.verdict.clone()))
            .collect()
    };
    assert!(inside.counts().passed > 0);
    assert_eq!(verdicts(&outside), verdicts(&inside));
    let info = mtg_conformance::run::engine::Engine::info(&external);
    assert_eq!(info.name, "mtg-engine");
}

#[test]
fn a_well_behaved_engine_keeps_one_process() {
    let summary = run_fake("ok");
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["skipped", "skipped", "skipped"]);
    assert!(pid(&c[0].1) == pid(&c[2].1) && pid(&c[0].1) != "?", "{c:?}");
}

#[test]
fn a_crash_at_start_is_a_crash_and_the_engine_is_given_up_after_three_tries() {
    let summary = run_fake("crash-at-start");
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["crash", "crash", "crash"]);
    assert!(c[0].1.contains("exited (exit status: 3)"), "{c:?}");
    assert!(c[0].2.contains("boom at start"), "{c:?}");
    // Three starts failed (cases 1 to 3 each tried one); a fourth case would not start one.
    let corpus = load(&test_corpus());
    let config = ExternalConfig::new(fake("crash-at-start")).timeout(Duration::from_secs(1));
    let mut engine = ExternalEngine::new(config);
    let _ = engine.start();
    let summary = Runner::new(&corpus).run(&mut engine);
    let c = classes(&summary);
    assert!(
        c[2].1
            .starts_with("not run: the engine failed to start 3 times"),
        "{c:?}"
    );
}

#[test]
fn a_crash_mid_run_is_a_crash_with_stderr_and_the_engine_restarts() {
    let summary = run_fake("crash-mid-run");
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["skipped", "crash", "skipped"]);
    assert!(c[1].2.contains("dying on cr-107.5"), "{c:?}");
    assert_ne!(pid(&c[0].1), pid(&c[2].1), "{c:?}");
}

#[test]
fn a_hang_is_a_timeout() {
    let summary = run_fake_within("hang", 1);
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["skipped", "timeout", "skipped"]);
    assert_eq!(c[1].1, "no answer within 1.0s");
    assert_ne!(pid(&c[0].1), pid(&c[2].1), "{c:?}");
}

#[test]
fn a_start_slower_than_a_case_timeout_is_not_a_timeout() {
    // The fake sleeps 2 s before `started`, twice the 1 s per-case timeout: starting has its own
    // allowance, so a slow interpreter start (a loaded machine) does not fail the case.
    let summary = run_fake_within("slow-start", 1);
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["skipped", "skipped", "skipped"], "{c:?}");
}

#[test]
fn a_start_that_never_answers_is_a_timeout_after_the_start_allowance() {
    let corpus = load(&test_corpus());
    let config = ExternalConfig::new(fake("slow-start"))
        .timeout(Duration::from_secs(1))
        .start_timeout(Duration::from_millis(100));
    let mut engine = ExternalEngine::new(config);
    let summary = Runner::new(&corpus).run(&mut engine);
    let c = classes(&summary);
    assert_eq!(labels(&summary)[0], "timeout", "{c:?}");
    // The larger of the two allowances applies to `start`.
    assert_eq!(c[0].1, "while starting: no answer within 1.0s", "{c:?}");
}

#[test]
fn closing_stdout_is_a_crash_not_a_timeout() {
    assert_eq!(
        labels(&run_fake("close-stdout")),
        ["skipped", "crash", "skipped"]
    );
}

#[test]
fn garbage_a_wrong_sequence_number_or_case_are_protocol_errors() {
    for (mode, says) in [
        ("garbage", "not a valid reply"),
        ("wrong-seq", "sequence number"),
        ("wrong-id", "not `cr-107.5"),
        ("faulted-reply", "recorded by the runner"),
    ] {
        let summary = run_fake(mode);
        let c = classes(&summary);
        assert_eq!(
            labels(&summary),
            ["skipped", "protocol", "skipped"],
            "{mode}"
        );
        assert!(c[1].1.contains(says), "{mode}: {c:?}");
        assert_ne!(pid(&c[0].1), pid(&c[2].1), "{mode}: restarted");
    }
}

#[test]
fn a_huge_line_is_a_protocol_error() {
    let summary = run_fake("huge-line");
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["skipped", "protocol", "skipped"]);
    assert!(c[1].1.starts_with("a line over"), "{c:?}");
}

/// A reply over the line limit with no newline after it is a protocol error as soon as the limit
/// is passed, not a timeout (issue 15, item 6): the engine then waits, and the case allowance
/// (30 s) would classify it `timeout` had the runner waited for the newline.
#[test]
fn a_huge_line_without_a_newline_is_a_protocol_error_not_a_timeout() {
    let summary = run_fake("huge-no-newline");
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["skipped", "protocol", "skipped"], "{c:?}");
    assert!(c[1].1.starts_with("a line over"), "{c:?}");
}

#[test]
fn an_error_reply_is_a_protocol_error_and_keeps_the_process() {
    let summary = run_fake("error-reply");
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["skipped", "protocol", "skipped"]);
    assert_eq!(pid(&c[0].1), pid(&c[2].1), "{c:?}");
}

#[test]
fn stderr_spam_neither_blocks_nor_floods_the_report() {
    assert_eq!(
        labels(&run_fake("stderr-spam")),
        ["skipped", "skipped", "skipped"]
    );
    let summary = run_fake("spam-then-crash");
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["skipped", "crash", "skipped"]);
    assert!(c[1].2.len() <= 2048, "{}", c[1].2.len());
    assert!(c[1].2.ends_with("last words\n"), "{:?}", &c[1].2);
}

#[test]
fn an_engine_that_ignores_stop_is_ended_and_a_wrong_protocol_is_refused() {
    assert_eq!(
        labels(&run_fake("ignore-stop")),
        ["skipped", "skipped", "skipped"]
    );
    let summary = run_fake("wrong-protocol");
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["protocol", "protocol", "protocol"]);
    assert!(c[0].1.contains("speaks protocol version 99"), "{c:?}");
}

/// A protocol-1 engine (issue 24, item 1), whether its `started` says 1 or it refuses `start`
/// for protocol 2, gets a clear error naming both versions on every case, and the run goes on
/// to the end. One whose `started` names another version is not started again: it would answer
/// the same.
#[test]
fn a_version_1_engine_gets_an_error_naming_both_versions() {
    let summary = run_fake("protocol-1");
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["protocol", "protocol", "protocol"]);
    for (_, message, _) in &c {
        assert!(
            message.contains("the engine speaks protocol version 1, this runner protocol version 2"),
            "{c:?}"
        );
    }
    assert!(c[1].1.starts_with("not run: the engine failed to start 3 times"), "started once: {c:?}");
    let summary = run_fake("v1-refuses");
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["protocol", "protocol", "protocol"]);
    for (_, message, _) in &c {
        assert!(
            message.contains("refused to start with protocol version 2")
                && message.contains("this engine speaks 1"),
            "{c:?}"
        );
    }
}

/// The echo adapter (issue 24, item 1): an engine that knows no rules and echoes what its
/// requests give it (tests/engines/echo_engine.py). Given protocol-1 requests, which carried
/// every expected value and `expect_illegal`, it passes every case of the corpus (checked here
/// by sending it such requests directly); through the runner, which speaks protocol 2, it passes
/// none: each case checks at least one field of an object or a player, which the echo can't
/// know. The bound leaves room for a case made only of checks an empty answer meets (an empty
/// stack, a zone with none of some names) should the corpus get one.
#[test]
fn the_echo_adapter_fails_the_corpus() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;

    let corpus = load(&manifest().join("../rulings"));
    let total = corpus.cases.len();
    let echo = format!(
        "exec python3 {}",
        manifest().join("tests/engines/echo_engine.py").display()
    );

    // Protocol 1's requests: the whole case, expectations included.
    let mut child = Command::new("sh")
        .args(["-c", &echo])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut input = String::from("{\"type\":\"start\",\"seq\":1,\"protocol\":1,\"corpus_format\":1}\n");
    for (i, case) in corpus.cases.iter().enumerate() {
        let case = serde_json::to_string(&case.item).unwrap_or_default();
        input.push_str(&format!("{{\"type\":\"run\",\"seq\":{},\"case\":{case}}}\n", i + 2));
    }
    input.push_str(&format!("{{\"type\":\"stop\",\"seq\":{}}}\n", total + 2));
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    let replies: Vec<mtg_conformance::run::protocol::Reply> = BufReader::new(stdout)
        .lines()
        .map(|l| serde_json::from_str(&l.unwrap_or_default()).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    assert!(matches!(writer.join(), Ok(Ok(()))));
    let _ = child.wait();
    let mut passed_v1 = 0;
    for (case, reply) in corpus.cases.iter().zip(&replies[1..]) {
        let mtg_conformance::run::protocol::Reply::Case { reply, .. } = reply else { panic!("{reply:?}") };
        if mtg_conformance::run::judge::judge(&case.item, reply) == Verdict::Passed {
            passed_v1 += 1;
        }
    }
    assert_eq!(passed_v1, total, "under protocol 1 the echo passes everything");

    // Protocol 2, through the runner.
    let config = ExternalConfig::new(echo).timeout(Duration::from_secs(30));
    let summary = Runner::new(&corpus).run(&mut ExternalEngine::new(config));
    let counts = summary.counts();
    let passed: Vec<&str> = summary
        .outcomes
        .iter()
        .filter(|o| o.verdict == Verdict::Passed)
        .map(|o| o.id.as_str())
        .collect();
    assert!(total > 300, "{total}");
    assert!(passed.len() <= 3, "the echo adapter passes {} cases: {passed:?}", passed.len());
    assert_eq!(counts.failed + passed.len(), total, "every other case fails (not errors)");
}

#[test]
fn a_command_that_does_not_exist_is_a_crash() {
    let corpus = load(&test_corpus());
    let config = ExternalConfig::new("exec /no/such/engine").timeout(Duration::from_secs(1));
    let summary = Runner::new(&corpus).run(&mut ExternalEngine::new(config));
    assert_eq!(labels(&summary), ["crash", "crash", "crash"]);
}

fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn report_validator() -> jsonschema::Validator {
    let path = manifest().join("../rulings/schema/report.schema.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_json_report_validates_against_its_schema() {
    let validator = report_validator();
    let corpus = test_corpus().display().to_string();
    for engine in [None, Some(fake("crash-mid-run")), Some(fake("xml-hostile"))] {
        let mut args = vec![
            "run",
            "--corpus",
            &corpus,
            "--format",
            "json",
            "--timeout",
            "30",
        ];
        if let Some(e) = &engine {
            args.extend(["--engine", e]);
        }
        let out = bin(&args);
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 5, "{engine:?}: header, 3 cases, footer");
        assert_eq!(lines[0]["type"], "header");
        assert_eq!(lines[4]["type"], "footer");
        assert_eq!(
            lines[4]["success"].as_bool(),
            Some(out.status.success()),
            "{engine:?}"
        );
        for line in &lines {
            let errors: Vec<String> = validator.iter_errors(line).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{line}: {errors:?}");
        }
    }
    // A record that breaks the schema is caught (the validation is not vacuous).
    assert!(!validator.is_valid(&serde_json::json!({ "type": "case", "id": "x" })));
}

/// Checks that `text` is well-formed XML; returns the `name` of every `<testcase>`.
fn testcases(text: &str) -> Vec<String> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(text);
    reader.config_mut().check_end_names = true;
    let mut names = Vec::new();
    loop {
        match reader.read_event() {
            Ok(Event::Eof) => return names,
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) if e.name().as_ref() == b"testcase" => {
                for attr in e.attributes() {
                    let attr = attr.unwrap_or_else(|e| panic!("attribute: {e}"));
                    if attr.key.as_ref() == b"name" {
                        let value = attr
                            .unescape_value()
                            .unwrap_or_else(|e| panic!("attribute value: {e}"));
                        names.push(value.into_owned());
                    }
                }
            }
            Ok(Event::Text(t)) => {
                t.decode().unwrap_or_else(|e| panic!("text: {e}"));
            }
            // References in text come as their own events: each must name a character.
            Ok(Event::GeneralRef(r)) => {
                let named =
                    ["amp", "lt", "gt", "quot", "apos"].contains(&&*r.decode().unwrap_or_default());
                let char_ref = r.resolve_char_ref().ok().flatten().is_some();
                assert!(named || char_ref, "bad reference {r:?}");
            }
            Ok(_) => {}
            Err(e) => panic!(
                "not well-formed at {}: {e}\n{text}",
                reader.buffer_position()
            ),
        }
    }
}

#[test]
fn the_junit_report_is_well_formed_xml_with_one_testcase_per_case() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let corpus = test_corpus().display().to_string();
    for (i, engine) in [
        None,
        Some(fake("xml-hostile")),
        Some(fake("spam-then-crash")),
    ]
    .iter()
    .enumerate()
    {
        let path = dir.path().join(format!("junit-{i}.xml"));
        let path_text = path.display().to_string();
        let mut args = vec![
            "run",
            "--corpus",
            &corpus,
            "--junit",
            &path_text,
            "--timeout",
            "30",
        ];
        if let Some(e) = engine {
            args.extend(["--engine", e]);
        }
        let _ = bin(&args);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            testcases(&text),
            [
                "chimeric-mass/reactivate-sets-anew",
                "cr-107.5/tapped-land-cannot-tap-again",
                "cr-302.6/sick-elves-cannot-tap"
            ],
            "{engine:?}"
        );
        if i == 1 {
            assert!(text.contains("<error type=\"errored\""), "{text}");
        }
    }
    // The check is not vacuous: a broken document is refused.
    let broken =
        std::panic::catch_unwind(|| testcases("<testsuites><testcase name=\"a\"></testsuites>"));
    assert!(broken.is_err());
}

#[test]
fn expectations_turn_known_failures_green_and_surprises_red() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let corpus = test_corpus().display().to_string();
    let saved = dir.path().join("saved.toml").display().to_string();
    let engine = fake("crash-mid-run");
    let base = [
        "run",
        "--corpus",
        &corpus,
        "--timeout",
        "30",
        "--engine",
        &engine,
    ];

    let first = bin(&[&base[..], &["--save-expectations", &saved]].concat());
    assert_eq!(first.status.code(), Some(1));
    let text = std::fs::read_to_string(&saved).unwrap_or_default();
    assert!(
        text.contains("id = \"cr-107.5/tapped-land-cannot-tap-again\"")
            && text.contains("class = \"crash\""),
        "{text}"
    );

    let again = bin(&[&base[..], &["--expectations", &saved]].concat());
    let stdout = String::from_utf8_lossy(&again.stdout);
    assert_eq!(again.status.code(), Some(0), "{stdout}");
    // The expected crash is counted once, under `xfailed` only.
    assert!(
        stdout.contains("0 passed, 0 failed, 2 skipped, 0 errored, 1 xfailed (3 cases in "),
        "{stdout}"
    );

    // The same failure expected in another class fails the run.
    let other = dir.path().join("other.toml");
    std::fs::write(
        &other,
        text.replace("class = \"crash\"", "class = \"timeout\""),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = bin(&[&base[..], &["--expectations", &other.display().to_string()]].concat());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("XFAIL MISMATCH"));

    // An xfail on a case that passes fails the run.
    let xpass = dir.path().join("xpass.toml");
    std::fs::write(
        &xpass,
        "[[xfail]]\nid = \"cr-107.5/tapped-land-cannot-tap-again\"\nclass = \"failed\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = bin(&[
        "run",
        "--corpus",
        &corpus,
        "--expectations",
        &xpass.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("XPASS"));

    // Unknown ids are an error of the file, not of the engine.
    let unknown = dir.path().join("unknown.toml");
    std::fs::write(&unknown, "[[skip]]\nid = \"no-such-\"\n").unwrap_or_else(|e| panic!("{e}"));
    let out = bin(&[
        "run",
        "--corpus",
        &corpus,
        "--expectations",
        &unknown.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no case id starts with `no-such-`"));
}

#[test]
fn the_skeleton_adapter_skips_everything_and_the_run_passes() {
    let skeleton = manifest()
        .join("examples/skeleton.py")
        .display()
        .to_string();
    let engine = format!("python3 {skeleton}");
    let out = bin(&["run", "--engine", &engine]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let cases = load(&manifest().join("../rulings")).cases.len();
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "\n0 passed, 0 failed, {cases} skipped, 0 errored ({cases} cases in "
        )),
        "{stdout}"
    );
    assert!(stdout.starts_with("engine: my-engine 0.0.0\n"), "{stdout}");
}

#[test]
fn features_filter_and_export_from_the_command_line() {
    let corpus = test_corpus().display().to_string();
    let out = bin(&[
        "run",
        "--corpus",
        &corpus,
        "--feature",
        "costs",
        "--format",
        "json",
    ]);
    let ids: Vec<Value> = json_lines(&out)
        .into_iter()
        .filter(|l| l["type"] == "case")
        .map(|l| l["id"].clone())
        .collect();
    assert_eq!(ids, [Value::from("cr-302.6/sick-elves-cannot-tap")]);
    let out = bin(&["run", "--corpus", &corpus, "--feature", "nothing"]);
    assert_eq!(out.status.code(), Some(1));

    let out = bin(&["export", "--corpus", &corpus]);
    assert!(out.status.success());
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0],
        serde_json::json!({ "type": "header", "format": 1, "protocol": 2, "cases": 3 })
    );
    let tap = &lines[2];
    assert_eq!(tap["case"]["id"], "cr-107.5/tapped-land-cannot-tap-again");
    assert_eq!(tap["file"], "rules/107.5-tap-symbol.toml");
    assert_eq!(tap["sources"][0]["id"], "cr-107.5");
    assert_eq!(tap["cards"][0]["name"], "Forest");
}

/// The reference engine advertises (in `serve`'s `started` reply) exactly the feature tags the
/// corpus in `rulings/` uses, and those are exactly the documented list lint checks against
/// (`FEATURES`, itself tested against rulings/README.md): a tag the corpus uses that the engine
/// doesn't advertise, a tag advertised or documented that no case carries, fails (issue 15).
#[test]
fn the_reference_engine_advertises_the_tags_the_corpus_uses() {
    use std::collections::BTreeSet;
    use std::io::Write;
    use std::process::Stdio;

    let mut child = Command::new(BIN)
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("serve: {e}"));
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(b"{\"type\":\"start\",\"seq\":1,\"protocol\":2,\"corpus_format\":1}\n")
            .unwrap_or_else(|e| panic!("write: {e}"));
    } // dropped: end of input, serve exits
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("serve: {e}"));
    let started: Value = serde_json::from_slice(
        out.stdout.split(|b| *b == b'\n').next().unwrap_or_default(),
    )
    .unwrap_or_else(|e| panic!("started: {e}: {}", String::from_utf8_lossy(&out.stdout)));
    assert_eq!(started["type"], "started", "{started}");
    let advertised: BTreeSet<String> = started["features"]
        .as_array()
        .unwrap_or_else(|| panic!("no features: {started}"))
        .iter()
        .filter_map(|t| t.as_str().map(str::to_string))
        .collect();

    let corpus = load(&manifest().parent().unwrap_or(manifest()).join("rulings"));
    assert!(corpus.cases.len() > 100, "{} cases", corpus.cases.len());
    let used: BTreeSet<String> = corpus
        .cases
        .iter()
        .flat_map(|c| c.item.features.iter().cloned())
        .collect();
    let documented: BTreeSet<String> = mtg_conformance::corpus::features::FEATURES
        .iter()
        .map(|(tag, _)| (*tag).to_string())
        .collect();

    let missing: Vec<_> = used.difference(&advertised).collect();
    assert!(missing.is_empty(), "the corpus uses tags the reference engine doesn't advertise: {missing:?}");
    let unused: Vec<_> = advertised.difference(&used).collect();
    assert!(unused.is_empty(), "the reference engine advertises tags no case carries: {unused:?}");
    let undocumented: Vec<_> = used.difference(&documented).collect();
    assert!(undocumented.is_empty(), "the corpus uses tags the documented list lacks: {undocumented:?}");
    let uncarried: Vec<_> = documented.difference(&used).collect();
    assert!(uncarried.is_empty(), "documented tags no case carries: {uncarried:?}");
}

/// A case whose `run` request would be over the protocol's 4 MiB line limit is not sent: it is
/// `errored` with the reason, the engine keeps its process and the run goes on (issue 15, item 6).
#[test]
fn a_case_over_the_line_limit_is_not_sent_and_the_engine_is_not_blamed() {
    let root = test_corpus();
    let tap = std::fs::read_to_string(root.join("rules/107.5-tap-symbol.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let first = tap.split("\n[[case]]").next().unwrap_or_default().to_string();
    // A counter kind in the setup: the title, note and expectations are not sent (protocol 2).
    let huge = first
        .replace("cr-107.5/tapped-land-cannot-tap-again", "huge/title")
        .replacen(
            "controller = \"alice\", tapped = true }",
            &format!("controller = \"alice\", tapped = true, counters = {{ \"{}\" = 1 }} }}", "x".repeat(5 << 20)),
            1,
        );
    assert!(huge.len() > 5 << 20, "the edit applies");
    let mut files: Vec<(PathBuf, String)> = ["cards.toml", "sources/cr.toml", "cards/chimeric-mass.toml"]
        .iter()
        .map(|rel| (PathBuf::from(rel), std::fs::read_to_string(root.join(rel)).unwrap_or_default()))
        .collect();
    files.push((PathBuf::from("rules/huge.toml"), huge.clone()));
    files.push((PathBuf::from("rules/107.5-tap-symbol.toml"), tap));
    let loaded = Corpus::from_texts(&root, files);
    assert_eq!(loaded.problems, vec![]);
    let corpus = loaded.corpus;
    let config = ExternalConfig::new(fake("ok")).timeout(Duration::from_secs(30));
    let summary = Runner::new(&corpus).run(&mut ExternalEngine::new(config));
    let c = classes(&summary);
    assert_eq!(labels(&summary), ["skipped", "errored", "skipped", "skipped"], "{c:?}");
    assert!(
        c[1].1.starts_with("not sent to the engine: its `run` request is ")
            && c[1].1.contains("over the protocol's line limit of 4194304 bytes"),
        "{}",
        c[1].1
    );
    // One process throughout: the engine was neither sent the case nor restarted.
    assert!(pid(&c[0].1) != "?" && pid(&c[0].1) == pid(&c[2].1) && pid(&c[2].1) == pid(&c[3].1), "{c:?}");

    // From the command line: the run completes, the reason is shown and the title clipped.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for rel in ["cards.toml", "sources/cr.toml", "rules/107.5-tap-symbol.toml"] {
        let to = dir.path().join(rel);
        std::fs::create_dir_all(to.parent().unwrap_or(dir.path())).unwrap_or_else(|e| panic!("{e}"));
        std::fs::copy(root.join(rel), to).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(dir.path().join("rules/huge.toml"), &huge).unwrap_or_else(|e| panic!("{e}"));
    let corpus_dir = dir.path().display().to_string();
    let out = bin(&["run", "--corpus", &corpus_dir, "--engine", &fake("ok"), "--timeout", "30"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("not sent to the engine"), "{}", &stdout[..stdout.len().min(2000)]);
    assert!(stdout.len() < 100_000, "the report stays readable: {} bytes", stdout.len());
    assert!(stdout.contains("2 skipped, 1 errored"), "{}", &stdout[..stdout.len().min(2000)]);
}
