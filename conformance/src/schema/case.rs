//! Schemas of the case-model types whose serde is written by hand: the closed vocabularies, mana
//! strings, targets, steps and expectations. Each follows the reader in `crate::corpus::case` (the
//! loader is stricter still: it also checks which keys each verb takes, and cross-references).

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde_json::{json, Map, Value};

use crate::run::protocol::{StepView, Subject};
use crate::corpus::case::{
    Choice, Color, Expect, Mana, ManaCost, ObjectField, Player, PlayerField, RejectionClass, Shape,
    SourceKind, StackField, StackKind, Step, Target, TextKind, TurnStep, VerbName, Zone,
    COUNT_SHAPE, NAMES_SHAPE,
};

/// A string-valued vocabulary: `{ "type": "string", "enum": [...] }`.
macro_rules! vocabulary {
    ($($t:ty, $name:literal, $description:literal;)+) => {$(
        impl JsonSchema for $t {
            fn schema_name() -> Cow<'static, str> {
                $name.into()
            }
            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                let values: Vec<&str> = <$t>::ALL.iter().map(|v| v.as_str()).collect();
                json_schema!({ "type": "string", "enum": values, "description": $description })
            }
        }
    )+};
}

vocabulary! {
    Player, "Player", "One of the two players; turn order is alice, then bob.";
    TurnStep, "TurnStep", "A step of the turn.";
    Zone, "Zone", "A zone.";
    RejectionClass, "RejectionClass", "Why an action is illegal.";
    StackKind, "StackKind", "What a stack item is.";
    SourceKind, "SourceKind", "What a source is: a CR paragraph or a dated ruling.";
    Color, "Color", "A color, by its letter.";
    VerbName, "Verb", "The verb of an action step.";
}

impl JsonSchema for Mana {
    fn schema_name() -> Cow<'static, str> {
        "Mana".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^(\\{[WUBRGC]\\})*$",
            "description": "Mana written with the six type symbols, e.g. \"{G}{G}{C}\"; \"\" is none.",
        })
    }
}

impl JsonSchema for ManaCost {
    fn schema_name() -> Cow<'static, str> {
        "ManaCost".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^(\\{[^{}]+\\})*$",
            "description": "A mana cost as printed, e.g. \"{X}{1}{G}\".",
        })
    }
}

impl JsonSchema for Target {
    fn schema_name() -> Cow<'static, str> {
        "Target".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A ref, \"alice\"/\"bob\", or { \"ability\": ref } for the topmost ability on the stack from that source (with \"kind\": of that kind).",
            "anyOf": [
                { "type": "string", "minLength": 1 },
                {
                    "type": "object",
                    "properties": {
                        "ability": { "type": "string", "minLength": 1 },
                        "kind": { "type": "string", "enum": ["activated", "triggered"] },
                    },
                    "required": ["ability"],
                    "additionalProperties": false,
                },
            ],
        })
    }
}

/// The keys an action takes besides the choice keys, with their schemas.
fn action_keys(g: &mut SchemaGenerator) -> Map<String, Value> {
    let r = |s: Schema| s.to_value();
    let target = r(g.subschema_for::<Target>());
    let mut keys = Map::new();
    let mut put = |k: &str, v: Value| {
        keys.insert(k.to_string(), v);
    };
    put("do", r(g.subschema_for::<VerbName>()));
    put("by", r(g.subschema_for::<Player>()));
    put("x", json!({ "type": "integer", "minimum": 0 }));
    put(
        "targets",
        json!({ "type": "array", "items": target.clone() }),
    );
    put("mana", r(g.subschema_for::<Mana>()));
    put(
        "pay",
        json!({ "anyOf": [r(g.subschema_for::<Mana>()), { "type": "boolean" }] }),
    );
    put(
        "order",
        json!({ "type": "array", "items": { "type": "string" } }),
    );
    put("choose", r(g.subschema_for::<Choice>()));
    put(
        "expect_illegal",
        json!({ "anyOf": [{ "type": "boolean" }, r(g.subschema_for::<RejectionClass>())] }),
    );
    put("source", json!({ "type": "string", "minLength": 1 }));
    put("ability", json!({ "type": "integer", "minimum": 1 }));
    put("card", json!({ "type": "string", "minLength": 1 }));
    put("to", r(g.subschema_for::<TurnStep>()));
    put("turn", r(g.subschema_for::<Player>()));
    put(
        "attackers",
        json!({ "type": "array", "items": { "type": "string" } }),
    );
    put(
        "blockers",
        json!({
            "type": "object",
            "additionalProperties": {
                "anyOf": [
                    { "type": "string", "minLength": 1 },
                    { "type": "array", "items": { "type": "string", "minLength": 1 }, "minItems": 1 },
                ],
            },
        }),
    );
    put(
        "triggers",
        json!({ "type": "object", "additionalProperties": { "type": "array", "items": target } }),
    );
    put(
        "trigger_order",
        json!({ "type": "array", "items": { "type": "string" } }),
    );
    keys
}

/// The schema of an action step: every action key, or (`sent`: as a protocol-2 `run` request
/// carries it) every key but `expect_illegal`.
fn action_schema(g: &mut SchemaGenerator, sent: bool) -> Value {
    let mut keys = action_keys(g);
    if sent {
        keys.remove("expect_illegal");
    }
    // `do = "choose"` carries the choice keys on the step itself: take them from `Choice`.
    let choice_keys = g
        .definitions()
        .get("Choice")
        .and_then(|c| c.get("properties"))
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    for (k, v) in choice_keys {
        keys.entry(k).or_insert(v);
    }
    let needs = |verb: &str, required: &[&str]| {
        json!({
            "if": { "properties": { "do": { "const": verb } }, "required": ["do"] },
            "then": { "required": required },
        })
    };
    json!({
        "title": "Action",
        "type": "object",
        "properties": keys,
        "required": ["do"],
        "additionalProperties": false,
        "allOf": [
            needs("activate", &["source", "ability"]),
            needs("cast", &["card"]),
            needs("play_land", &["card"]),
            needs("advance", &["to"]),
            needs("attack", &["attackers"]),
            needs("block", &["blockers"]),
        ],
    })
}

impl JsonSchema for Step {
    fn schema_name() -> Cow<'static, str> {
        "Step".into()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let action = action_schema(g, false);
        let expect = g.subschema_for::<Expect>().to_value();
        json_schema!({
            "description": "One step: an action ({ \"do\": verb, ... }) or an observation ({ \"expect\": { ... } }).",
            "oneOf": [
                action,
                {
                    "title": "Observation",
                    "type": "object",
                    "properties": { "expect": expect },
                    "required": ["expect"],
                    "additionalProperties": false,
                },
            ],
        })
    }
}

impl JsonSchema for StepView {
    fn schema_name() -> Cow<'static, str> {
        "StepSent".into()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let action = action_schema(g, true);
        let subject = g.subschema_for::<Subject>().to_value();
        json_schema!({
            "description": "One step as a `run` request carries it (protocol 2): an action without `expect_illegal`, or { \"expect\": subject }, the subject of an observation without the fields the case expects.",
            "oneOf": [
                action,
                {
                    "title": "Observation",
                    "type": "object",
                    "properties": { "expect": subject },
                    "required": ["expect"],
                    "additionalProperties": false,
                },
            ],
        })
    }
}

fn shape_name(shape: Shape) -> String {
    match shape {
        Shape::Int => "ExpectedInt".into(),
        Shape::Bool => "ExpectedBool".into(),
        Shape::Counters => "ExpectedCounters".into(),
        Shape::Text(k) => format!("ExpectedText{k:?}"),
        Shape::List(k) => format!("ExpectedList{k:?}"),
        Shape::Set(k) => format!("ExpectedSet{k:?}"),
    }
}

fn text_schema(g: &mut SchemaGenerator, kind: TextKind) -> Value {
    match kind {
        TextKind::Free | TextKind::RefOrNone => json!({ "type": "string" }),
        TextKind::Ref | TextKind::Target => json!({ "type": "string", "minLength": 1 }),
        TextKind::Player => g.subschema_for::<Player>().to_value(),
        TextKind::Zone => g.subschema_for::<Zone>().to_value(),
        TextKind::Mana => g.subschema_for::<Mana>().to_value(),
        TextKind::StackKind => g.subschema_for::<StackKind>().to_value(),
        TextKind::Color => g.subschema_for::<Color>().to_value(),
    }
}

/// The schema of an expected value of `shape` (the value itself, or a pattern over it), kept
/// once in `$defs` and referred to.
fn expected(g: &mut SchemaGenerator, shape: Shape) -> Value {
    let name = shape_name(shape);
    let reference = json!({ "$ref": format!("#{}/{name}", g.settings().definitions_path) });
    if g.definitions().contains_key(&name) {
        return reference;
    }
    let value = match shape {
        Shape::Int => json!({ "type": "integer" }),
        Shape::Bool => json!({ "type": "boolean" }),
        Shape::Text(k) => text_schema(g, k),
        Shape::List(k) | Shape::Set(k) => json!({ "type": "array", "items": text_schema(g, k) }),
        Shape::Counters => {
            json!({ "type": "object", "additionalProperties": { "type": "integer" } })
        }
    };
    let pattern = |key: &str, schema: Value| {
        json!({
            "type": "object",
            "properties": { key: schema },
            "required": [key],
            "additionalProperties": false,
        })
    };
    let mut any = vec![
        value.clone(),
        pattern(
            "one_of",
            json!({ "type": "array", "items": value, "minItems": 1 }),
        ),
    ];
    let elements =
        |g: &mut SchemaGenerator, k| json!({ "type": "array", "items": text_schema(g, k) });
    match shape {
        Shape::List(k) | Shape::Set(k) => {
            any.push(pattern("unordered", elements(g, k)));
            any.push(pattern("contains", elements(g, k)));
            any.push(pattern("excludes", elements(g, k)));
        }
        Shape::Counters => {
            any.push(pattern("contains", elements(g, TextKind::Free)));
            any.push(pattern("excludes", elements(g, TextKind::Free)));
        }
        Shape::Int => {
            any.push(pattern("at_least", json!({ "type": "integer" })));
            any.push(pattern("at_most", json!({ "type": "integer" })));
        }
        Shape::Bool | Shape::Text(_) => {}
    }
    g.definitions_mut().insert(name, json!({ "anyOf": any }));
    reference
}

impl JsonSchema for Expect {
    fn schema_name() -> Cow<'static, str> {
        "Expect".into()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let mut object = Map::new();
        object.insert("object".into(), json!({ "type": "string", "minLength": 1 }));
        for f in ObjectField::ALL {
            object.insert(f.as_str().into(), expected(g, f.shape()));
        }
        let mut player = Map::new();
        player.insert("player".into(), g.subschema_for::<Player>().to_value());
        for f in PlayerField::ALL {
            player.insert(f.as_str().into(), expected(g, f.shape()));
        }
        let mut item = Map::new();
        for f in StackField::ALL {
            item.insert(f.as_str().into(), expected(g, f.shape()));
        }
        let who = g.subschema_for::<Player>().to_value();
        let zone = g.subschema_for::<Zone>().to_value();
        let subject = |title: &str, properties: Map<String, Value>, key: &str| {
            json!({
                "title": title,
                "type": "object",
                "properties": properties,
                "required": [key],
                "additionalProperties": false,
            })
        };
        let mut stack = Map::new();
        stack.insert(
            "stack".into(),
            json!({
                "type": "array",
                "description": "Top of the stack first; [] means empty.",
                "items": { "type": "object", "properties": item, "additionalProperties": false },
            }),
        );
        let mut query = Map::new();
        query.insert("zone".into(), zone);
        query.insert("owner".into(), who.clone());
        query.insert("controller".into(), who);
        query.insert("names".into(), expected(g, NAMES_SHAPE));
        query.insert("count".into(), expected(g, COUNT_SHAPE));
        let mut zone_query = subject("Zone query", query, "zone");
        if let Some(map) = zone_query.as_object_mut() {
            map.insert(
                "anyOf".into(),
                json!([{ "required": ["names"] }, { "required": ["count"] }]),
            );
        }
        json_schema!({
            "description": "An observation: one subject (object, player, stack or zone query) and the fields to compare, each a value or a pattern.",
            "oneOf": [
                subject("Object", object, "object"),
                subject("Player", player, "player"),
                subject("Stack", stack, "stack"),
                zone_query,
            ],
        })
    }
}

impl<T: JsonSchema> JsonSchema for crate::corpus::case::PerPlayer<T> {
    fn schema_name() -> Cow<'static, str> {
        format!("PerPlayer_{}", T::schema_name()).into()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let value = g.subschema_for::<T>().to_value();
        json_schema!({
            "description": "A value per player; a player not named takes the default.",
            "type": "object",
            "properties": { "alice": value.clone(), "bob": value },
            "additionalProperties": false,
        })
    }
}
