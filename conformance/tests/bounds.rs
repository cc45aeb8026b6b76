//! Bounds on what a request can make `serve` do and on what `diff` accepts as an answer
//! (issue 24, items 5 and 10): hostile requests and replies, as the protocol tests use.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

use mtg_conformance::fuzzing::diff::{self, DiffConfig};
use mtg_conformance::run::engine::{CaseReply, Engine, EngineInfo, StepReply};
use mtg_conformance::run::protocol::{CaseView, Reply, MAX_LINE_BYTES};
use mtg_conformance::run::reference::ReferenceEngine;

const BIN: &str = env!("CARGO_BIN_EXE_mtg-conformance");

/// A case of `forests` Forests, their battlefield observed `looks` times: a request of tens of
/// KB whose reply, unbounded, is about `forests × looks × 250` bytes.
fn hostile_case(forests: usize, looks: usize) -> Value {
    let battlefield: Vec<Value> = (0..forests)
        .map(|i| json!({ "ref": format!("f{i}"), "card": "Forest", "controller": "alice" }))
        .collect();
    let steps: Vec<Value> = (0..looks)
        .map(|_| json!({ "expect": { "subject": "zone", "zone": "battlefield", "controller": "alice" } }))
        .collect();
    json!({
        "id": "hostile/big-reply",
        "setup": { "active": "alice", "step": "precombat_main", "battlefield": battlefield },
        "step": steps,
    })
}

/// The peak resident memory of process `pid` in KiB (Linux), if it can be read.
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `serve` with `lines` as its input: its reply lines (each read whole, however long) and its
/// peak memory, read after the last reply and before `stop`.
fn serve(lines: &[String]) -> (Vec<String>, Option<u64>) {
    let mut child = Command::new(BIN)
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("serve: {e}"));
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let mut stdout = BufReader::new(child.stdout.take().unwrap_or_else(|| panic!("no stdout")));
    let mut replies = Vec::new();
    for line in lines {
        stdin.write_all(line.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
        stdin.write_all(b"\n").unwrap_or_else(|e| panic!("{e}"));
        stdin.flush().unwrap_or_else(|e| panic!("{e}"));
        let mut reply = String::new();
        stdout.read_line(&mut reply).unwrap_or_else(|e| panic!("{e}"));
        replies.push(reply.trim_end().to_string());
    }
    let peak = peak_kib(child.id());
    let _ = stdin.write_all(b"{\"type\":\"stop\",\"seq\":99}\n");
    drop(stdin);
    let _ = child.wait();
    (replies, peak)
}

/// Item 5: a request of about 60 KB whose reply would be about 50 MB (12 times the line limit)
/// is answered `errored` on a line within the limit, `serve` goes on answering, its memory stays
/// near what a small case costs (it stops building the reply at the limit), and the in-process
/// reference gives the same verdict.
#[test]
fn serve_answers_errored_instead_of_an_over_long_reply_and_stays_bounded() {
    let start = r#"{"type":"start","seq":1,"protocol":2,"corpus_format":1}"#.to_string();
    let hostile = hostile_case(400, 500);
    let request = json!({ "type": "run", "seq": 2, "case": hostile }).to_string();
    assert!(request.len() < 100_000, "a small request: {} bytes", request.len());
    let small = json!({ "type": "run", "seq": 3, "case": hostile_case(400, 1) }).to_string();

    let (replies, peak) = serve(&[start.clone(), request, small.clone()]);
    assert!(replies[1].len() <= MAX_LINE_BYTES, "a reply of {} bytes", replies[1].len());
    let reply: Reply = serde_json::from_str(&replies[1]).unwrap_or_else(|e| panic!("{e}"));
    let Reply::Case { seq: 2, id, reply: CaseReply::Errored { message } } = reply else { panic!("{reply:?}") };
    assert_eq!(id, "hostile/big-reply");
    assert!(message.contains("over") && message.contains("line limit"), "{message}");
    let next: Reply = serde_json::from_str(&replies[2]).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(next, Reply::Case { seq: 3, reply: CaseReply::Ran { .. }, .. }), "{next:?}");

    // Memory: against serve answering only the small case (the same board, observed once).
    let (_, baseline) = serve(&[start, small]);
    if let (Some(peak), Some(baseline)) = (peak, baseline) {
        assert!(
            peak < baseline + 48 * 1024,
            "serve peaked at {peak} KiB, {baseline} KiB for the small case alone"
        );
    }

    // In process, the reference answers the same.
    let case: CaseView = serde_json::from_value(hostile_case(400, 500)).unwrap_or_else(|e| panic!("{e}"));
    let reply = ReferenceEngine::new().run_case(&case);
    assert!(matches!(&reply, CaseReply::Errored { message } if message.contains("line limit")), "{reply:?}");
}

/// The reference with one more step reply than the case has steps.
struct OneReplyTooMany(ReferenceEngine);

impl Engine for OneReplyTooMany {
    fn info(&self) -> EngineInfo {
        EngineInfo { name: "one-reply-too-many".into(), version: "0".into(), features: vec![] }
    }
    fn run_case(&mut self, case: &CaseView) -> CaseReply {
        let mut reply = self.0.run_case(case);
        if let CaseReply::Ran { steps } = &mut reply {
            steps.push(StepReply::Done);
        }
        reply
    }
}

/// Item 10: `run` errors a reply with more step replies than the case has steps; `diff` did count
/// it as agreeing with the reference. Now no scenario is compared, each is counted as an error.
#[test]
fn diff_errors_a_reply_with_more_step_replies_than_steps() {
    let factory = || -> Box<dyn Engine + Send> { Box::new(OneReplyTooMany(ReferenceEngine::new())) };
    let config = DiffConfig { scenarios: Some(20), seed: 3, jobs: 1, ..DiffConfig::default() };
    let s = diff::run(&config, &factory, false);
    assert_eq!(s.scenarios, 20, "{}", s.closing_line());
    assert_eq!(s.compared, 0, "{}", s.closing_line());
    assert_eq!(s.skipped + s.harness_error_count, 20, "{}", s.closing_line());
    assert!(s.skipped > 0, "{}", s.closing_line());
    assert!(
        s.skip_reasons.keys().all(|r| r.contains("answered") || r.contains("limit")),
        "{:?}",
        s.skip_reasons
    );
}
