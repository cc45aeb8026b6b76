use std::io::Cursor;
use std::path::Path;

use super::*;
use crate::corpus::Corpus;
use crate::run::engine::Engine;
use crate::run::reference::ReferenceEngine;
use crate::run::testing::CannedEngine;

fn corpus(dir: &str) -> Corpus {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    Corpus::load(root.join(dir))
        .map(|l| l.corpus)
        .unwrap_or_default()
}

/// Serves `input` with `engine` and parses every reply line.
fn served(engine: &mut dyn crate::run::engine::Engine, input: &str) -> Vec<Reply> {
    let mut output = Vec::new();
    let result = serve(engine, &mut Cursor::new(input.as_bytes()), &mut output);
    assert!(result.is_ok(), "{result:?}");
    String::from_utf8_lossy(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn line(request: &Request) -> String {
    serde_json::to_string(request).unwrap_or_default() + "\n"
}

#[test]
fn every_case_survives_the_trip_through_json() {
    // The engine side of the protocol rebuilds the case from JSON: it must be the same case.
    for dir in ["tests/data/corpus", "../rulings"] {
        let c = corpus(dir);
        assert!(!c.cases.is_empty(), "{dir}");
        for case in &c.cases {
            let json = serde_json::to_string(&case.item).unwrap_or_default();
            let back: Result<crate::corpus::case::Case, _> = serde_json::from_str(&json);
            assert_eq!(
                back.as_ref().ok(),
                Some(&case.item),
                "{}: {back:?}",
                case.item.id
            );
        }
    }
}

#[test]
fn serve_answers_start_run_and_stop_with_their_sequence_numbers() {
    let c = corpus("tests/data/corpus");
    let case = c.cases[1].item.clone();
    let id = case.id.clone();
    let input = line(&Request::Start {
        seq: 1,
        protocol: PROTOCOL_VERSION,
        corpus_format: crate::corpus::case::FORMAT_VERSION,
    }) + "\n"
        + &line(&Request::Run { seq: 2, case: CaseView::of(&case) })
        + &line(&Request::Stop { seq: 3 })
        + &line(&Request::Stop { seq: 4 });
    let replies = served(&mut ReferenceEngine::new(), &input);
    assert_eq!(replies.len(), 3, "{replies:?}");
    let info = ReferenceEngine::new().info();
    assert_eq!(replies[0].engine_info(), Some(info));
    let Reply::Case {
        seq: 2,
        id: got,
        reply: crate::run::engine::CaseReply::Ran { steps },
    } = &replies[1]
    else {
        panic!("{:?}", replies[1]);
    };
    assert_eq!((got, steps.len()), (&id, c.cases[1].item.steps.len()));
    // Nothing after `stop` is read.
    assert_eq!(replies[2], Reply::Stopped { seq: 3 });
}

#[test]
fn serve_refuses_another_protocol_or_format_version() {
    let replies = served(
        &mut CannedEngine::new(),
        &(line(&Request::Start {
            seq: 5,
            protocol: PROTOCOL_VERSION + 1,
            corpus_format: crate::corpus::case::FORMAT_VERSION,
        }) + &line(&Request::Start {
            seq: 6,
            protocol: PROTOCOL_VERSION,
            corpus_format: 99,
        })),
    );
    assert!(
        matches!(&replies[..], [Reply::Error { seq: Some(5), message: a }, Reply::Error { seq: Some(6), message: b }]
            if a.contains("protocol version 3") && a.contains("speaks protocol version 2") && b.contains("corpus format 99")),
        "{replies:?}"
    );
}

#[test]
fn serve_answers_a_bad_request_with_an_error_and_goes_on() {
    let replies = served(
        &mut CannedEngine::new(),
        "not json\n{\"type\":\"run\",\"seq\":9,\"case\":{\"id\":1}}\n{\"type\":\"stop\",\"seq\":10}\n",
    );
    assert!(
        matches!(
            &replies[..],
            [
                Reply::Error { seq: None, .. },
                Reply::Error { seq: Some(9), .. },
                Reply::Stopped { seq: 10 }
            ]
        ),
        "{replies:?}"
    );
}

#[test]
fn serve_answers_an_over_long_request_with_an_error() {
    let huge = "x".repeat(MAX_LINE_BYTES + 1) + "\n{\"type\":\"stop\",\"seq\":1}\n";
    let replies = served(&mut CannedEngine::new(), &huge);
    assert!(
        matches!(&replies[..], [Reply::Error { seq: None, message }, Reply::Stopped { seq: 1 }] if message.contains("over")),
        "{replies:?}"
    );
}

#[test]
fn a_panicking_engine_is_answered_as_errored() {
    let c = corpus("tests/data/corpus");
    let case = c.cases[0].item.clone();
    let mut engine = CannedEngine::new();
    engine.panic_on = Some(case.id.clone());
    let replies = served(&mut engine, &line(&Request::Run { seq: 1, case: CaseView::of(&case) }));
    assert!(
        matches!(
            &replies[..],
            [Reply::Case {
                reply: crate::run::engine::CaseReply::Errored { .. },
                ..
            }]
        ),
        "{replies:?}"
    );
}

#[test]
fn the_run_line_is_the_run_request() {
    let c = corpus("tests/data/corpus");
    for (seq, case) in [(2, &c.cases[0].item), (12_345_678_901, &c.cases[2].item)] {
        let json = serde_json::to_vec(&CaseView::of(case)).unwrap_or_default();
        let line = run_line(seq, &json);
        let owned = serde_json::to_vec(&Request::Run {
            seq,
            case: CaseView::of(case),
        })
        .unwrap_or_default();
        assert!(!owned.is_empty());
        assert_eq!(String::from_utf8_lossy(&line), String::from_utf8_lossy(&owned));
    }
}

/// Unknown keys are errors on both sides (PROTOCOL.md), at every depth of a reply: the case
/// reply, a step reply, an observation and its items (item 6).
#[test]
fn unknown_keys_anywhere_in_a_reply_are_refused() {
    let ok = r#"{"type":"case","seq":2,"id":"a","reply":{"status":"ran","steps":[{"result":"observed","observation":{"subject":"object","tapped":true}},{"result":"observed","observation":{"subject":"stack","items":[{"kind":"spell"}]}}]}}"#;
    assert!(serde_json::from_str::<Reply>(ok).is_ok(), "the base reply is valid");
    for (where_, bad) in [
        ("reply", ok.replace(r#""status":"ran","#, r#""status":"ran","extra":1,"#)),
        ("step", ok.replace(r#""result":"observed","#, r#""result":"observed","why":"x","#)),
        ("observation", ok.replace(r#""tapped":true"#, r#""tapped":true,"taped":true"#)),
        ("stack item", ok.replace(r#"{"kind":"spell"}"#, r#"{"kind":"spell","cmc":1}"#)),
        (
            "started",
            r#"{"type":"started","seq":1,"protocol":1,"name":"e","version":"1","colour":"x"}"#.to_string(),
        ),
    ] {
        assert_ne!(bad, ok, "{where_}: the edit applies");
        assert!(serde_json::from_str::<Reply>(&bad).is_err(), "{where_}: {bad}");
    }
}

/// The engine side is as strict: a request with an unknown key, even deep in its case, is
/// answered with `error` (carrying the request's `seq`), and the server goes on.
#[test]
fn serve_answers_an_unknown_key_in_a_request_with_an_error() {
    let c = corpus("tests/data/corpus");
    let good = line(&Request::Run {
        seq: 4,
        case: CaseView::of(&c.cases[0].item),
    });
    let bad = good.replacen("\"setup\":{", "\"setup\":{\"weather\":\"rain\",", 1);
    assert_ne!(bad, good, "the edit applies");
    let replies = served(
        &mut CannedEngine::new(),
        &(bad + "{\"type\":\"stop\",\"seq\":5,\"colour\":1}\n" + &line(&Request::Stop { seq: 6 })),
    );
    assert!(
        matches!(
            &replies[..],
            [Reply::Error { seq: Some(4), message: a }, Reply::Error { seq: Some(5), .. }, Reply::Stopped { seq: 6 }]
                if a.contains("weather")
        ),
        "{replies:?}"
    );
}

/// Every key under `value`, with the path of the object holding it.
fn keys(value: &serde_json::Value, path: &str, out: &mut Vec<(String, String)>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                out.push((path.to_string(), k.clone()));
                keys(v, &format!("{path}/{k}"), out);
            }
        }
        serde_json::Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                keys(v, &format!("{path}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// Protocol 2 (issue 24, item 1): a `run` request shows an engine the setup, the actions and the
/// subject of each observation, never what the case expects: no expected field or pattern, no
/// `expect_illegal`, no title, note, covers or features. And the engine side reads back exactly
/// what the runner sent.
#[test]
fn a_run_request_carries_no_expectation_and_reads_back() {
    let subject_keys = ["subject", "object", "player", "zone", "owner", "controller"];
    let mut expects = 0;
    for dir in ["tests/data/corpus", "../rulings"] {
        let c = corpus(dir);
        assert!(!c.cases.is_empty(), "{dir}");
        for case in &c.cases {
            let request = Request::Run { seq: 2, case: CaseView::of(&case.item) };
            let text = serde_json::to_string(&request).unwrap_or_default();
            let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
            let mut found = Vec::new();
            keys(&json, "", &mut found);
            let top: Vec<&str> = found.iter().filter(|(p, _)| p == "/case").map(|(_, k)| k.as_str()).collect();
            assert_eq!(top, ["id", "setup", "step"], "{}", case.item.id);
            for (path, key) in &found {
                assert_ne!(key, "expect_illegal", "{}: {path}", case.item.id);
                if path.ends_with("/expect") {
                    expects += 1;
                    assert!(subject_keys.contains(&key.as_str()), "{}: `{key}` in {path}", case.item.id);
                }
            }
            let back: Result<Request, _> = serde_json::from_str(&text);
            assert_eq!(back.as_ref().ok(), Some(&request), "{}: {back:?}", case.item.id);
        }
    }
    assert!(expects > 1000, "the corpus's observations were looked at: {expects}");
}

/// A version-1 `run` request (an expected value, `expect_illegal`) is not a protocol-2 request:
/// `serve` answers `error` naming what is wrong, and goes on.
#[test]
fn serve_refuses_the_expectations_of_a_version_1_request() {
    let c = corpus("tests/data/corpus");
    let case = &c.cases[0].item;
    let setup = serde_json::to_string(&case.setup).unwrap_or_default();
    let run = |seq: u32, step: &str| {
        format!("{{\"type\":\"run\",\"seq\":{seq},\"case\":{{\"id\":\"a\",\"setup\":{setup},\"step\":[{step}]}}}}\n")
    };
    let input = run(1, r#"{"do":"pass","expect_illegal":true}"#)
        + &run(2, r#"{"expect":{"subject":"object","object":"x","tapped":true}}"#)
        + &run(3, r#"{"expect":{"object":"x"}}"#)
        + &run(4, r#"{"expect":{"subject":"stack"}}"#);
    let replies = served(&mut CannedEngine::new(), &input);
    let messages: Vec<String> = replies
        .iter()
        .map(|r| match r {
            Reply::Error { message, .. } => message.clone(),
            other => format!("{other:?}"),
        })
        .collect();
    assert!(messages[0].contains("`expect_illegal` is not part of protocol 2"), "{messages:?}");
    assert!(messages[1].contains("tapped"), "{messages:?}");
    assert!(messages[2].contains("subject"), "{messages:?}");
    assert!(matches!(replies.get(3), Some(Reply::Case { seq: 4, .. })), "{replies:?}");
}
