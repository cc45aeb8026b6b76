//! The JSON Schemas in `rulings/schema/` are the ones the Rust types give (regenerate with
//! `UPDATE_SCHEMAS=1 cargo test -p mtg-conformance --test schemas`), and what the crate writes
//! validates against them: every corpus case, every export line, every protocol message.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use mtg_conformance::corpus::Corpus;
use mtg_conformance::schema;

fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

fn checked_in(name: &str) -> Value {
    let path = root().join(schema::SCHEMA_DIR).join(name);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn validator(name: &str) -> jsonschema::Validator {
    jsonschema::validator_for(&checked_in(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn assert_valid(validator: &jsonschema::Validator, instance: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect();
    assert!(errors.is_empty(), "{what}: {}", errors.join("\n"));
}

#[test]
fn checked_in_schemas_are_up_to_date() {
    let dir = root().join(schema::SCHEMA_DIR);
    let update = std::env::var_os("UPDATE_SCHEMAS").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    for (name, schema) in schema::all() {
        let path = dir.join(name);
        let want = schema::to_text(&schema);
        if fs::read_to_string(&path).ok().as_deref() == Some(want.as_str()) {
            continue;
        }
        if update {
            fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            fs::write(&path, want).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        } else {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "stale schemas in {}: {stale:?}; run `UPDATE_SCHEMAS=1 cargo test -p mtg-conformance --test schemas`",
        dir.display()
    );
}

#[test]
fn every_corpus_case_and_export_line_validates() {
    let case = validator("case.schema.json");
    let export = validator("export.schema.json");
    for dir in [
        root().join("rulings"),
        root().join("conformance/tests/data/corpus"),
    ] {
        let loaded = Corpus::load(&dir).unwrap_or_else(|e| panic!("{e}"));
        assert!(!loaded.corpus.cases.is_empty());
        for c in &loaded.corpus.cases {
            let json = serde_json::to_value(&c.item).unwrap_or_default();
            assert_valid(&case, &json, &c.item.id);
        }
        for line in mtg_conformance::corpus::export::render(&loaded.corpus).lines() {
            let json: Value = serde_json::from_str(line).unwrap_or_default();
            assert_valid(&export, &json, "export line");
        }
    }
}

#[test]
fn the_case_schema_rejects_what_the_loader_rejects() {
    let case = validator("case.schema.json");
    let good: Value = serde_json::json!({
        "id": "x/y", "title": "t", "covers": ["s"],
        "setup": { "active": "alice", "step": "precombat_main" },
        "step": [
            { "do": "activate", "source": "forest", "ability": 1 },
            { "expect": { "object": "forest", "tapped": true, "power": { "at_least": 1 } } },
            { "expect": { "zone": "battlefield", "controller": "alice", "names": { "unordered": ["Forest"] } } },
        ],
    });
    assert!(case.is_valid(&good));
    for (pointer, bad) in [
        ("/step/0/do", serde_json::json!("tap")),
        ("/step/0/ability", serde_json::json!(0)),
        ("/step/1/expect/tapped", serde_json::json!("yes")),
        (
            "/step/1/expect/power",
            serde_json::json!({ "unordered": [1] }),
        ),
        ("/step/1/expect/colour", serde_json::json!(["G"])),
        ("/setup/active", serde_json::json!("carol")),
        ("/setup/mana_pool", serde_json::json!({ "alice": "{Q}" })),
    ] {
        let mut instance = good.clone();
        match instance.pointer_mut(pointer) {
            Some(slot) => *slot = bad,
            None => {
                // A key that is not there: add it to its parent object.
                let (parent, key) = pointer.rsplit_once('/').unwrap_or_default();
                if let Some(Value::Object(map)) = instance.pointer_mut(parent) {
                    map.insert(key.to_string(), bad);
                }
            }
        }
        assert!(!case.is_valid(&instance), "accepted {pointer}");
    }
}

/// The reply schema is as strict as the runner (rulings/PROTOCOL.md, "Unknown keys"): an unknown
/// key at any depth of a reply is invalid, an observation's `counters` take any counter kind.
#[test]
fn the_reply_schema_refuses_unknown_keys_at_every_depth() {
    let reply = validator("protocol-reply.schema.json");
    let ok = r#"{"type":"case","seq":2,"id":"a","reply":{"status":"ran","steps":[{"result":"done"},{"result":"observed","observation":{"subject":"object","tapped":true,"counters":{"charge":2,"+1/+1":1}}},{"result":"observed","observation":{"subject":"stack","items":[{"kind":"spell"}]}}]}}"#;
    let parse = |text: &str| -> Value { serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}")) };
    assert!(reply.is_valid(&parse(ok)), "the base reply is valid");
    assert!(serde_json::from_str::<mtg_conformance::run::protocol::Reply>(ok).is_ok(), "and the runner reads it");
    for (where_, bad) in [
        ("message", ok.replace(r#""id":"a","#, r#""id":"a","note":1,"#)),
        ("reply", ok.replace(r#""status":"ran","#, r#""status":"ran","extra":1,"#)),
        ("step", ok.replace(r#"{"result":"done"}"#, r#"{"result":"done","why":"x"}"#)),
        ("observation", ok.replace(r#""tapped":true"#, r#""tapped":true,"taped":true"#)),
        ("stack item", ok.replace(r#"{"kind":"spell"}"#, r#"{"kind":"spell","cmc":1}"#)),
        (
            "started",
            r#"{"type":"started","seq":1,"protocol":1,"name":"e","version":"1","colour":"x"}"#.to_string(),
        ),
    ] {
        assert_ne!(bad, ok, "{where_}: the edit applies");
        assert!(!reply.is_valid(&parse(&bad)), "the schema accepts an unknown key in the {where_}: {bad}");
        assert!(
            serde_json::from_str::<mtg_conformance::run::protocol::Reply>(&bad).is_err(),
            "the runner accepts an unknown key in the {where_}: {bad}"
        );
    }
}

/// Every case's `run` request (protocol 2) validates against the request schema, and the schema
/// refuses what protocol 1 sent: an expected value beside a subject, `expect_illegal`, a title
/// (issue 24, item 1).
#[test]
fn every_run_request_validates_and_the_schema_refuses_expectations() {
    use mtg_conformance::run::protocol::{CaseView, Request};
    let request = validator("protocol-request.schema.json");
    let loaded = Corpus::load(root().join("rulings")).unwrap_or_else(|e| panic!("{e}"));
    for c in &loaded.corpus.cases {
        let json = serde_json::to_value(Request::Run { seq: 2, case: CaseView::of(&c.item) }).unwrap_or_default();
        assert_valid(&request, &json, &c.item.id);
    }
    let good: Value = serde_json::json!({
        "type": "run", "seq": 2,
        "case": {
            "id": "x/y",
            "setup": { "active": "alice", "step": "precombat_main" },
            "step": [
                { "do": "activate", "source": "forest", "ability": 1 },
                { "expect": { "subject": "object", "object": "forest" } },
                { "expect": { "subject": "zone", "zone": "battlefield", "controller": "alice" } },
                { "expect": { "subject": "stack" } },
            ],
        },
    });
    assert_valid(&request, &good, "the base request");
    for (pointer, bad) in [
        ("/case/step/0/expect_illegal", serde_json::json!("cost")),
        ("/case/step/1/expect/tapped", serde_json::json!(true)),
        ("/case/step/2/expect/names", serde_json::json!({ "unordered": ["Forest"] })),
        ("/case/step/3/expect/items", serde_json::json!([])),
        ("/case/title", serde_json::json!("A tapped Forest can't be tapped again")),
        ("/case/covers", serde_json::json!(["cr-107.5"])),
    ] {
        let mut instance = good.clone();
        let (parent, key) = pointer.rsplit_once('/').unwrap_or_default();
        if let Some(Value::Object(map)) = instance.pointer_mut(parent) {
            map.insert(key.to_string(), bad);
        }
        assert_ne!(instance, good, "{pointer}: the edit applies");
        assert!(!request.is_valid(&instance), "accepted {pointer}");
        assert!(serde_json::from_value::<Request>(instance).is_err(), "serve accepts {pointer}");
    }
}
