//! JSON Schemas (draft 2020-12) of everything that leaves this crate as JSON: a corpus case,
//! the protocol's requests and replies, a line of the JSON report and a line of the export.
//! They are derived from the Rust types (schemars) and checked in under `rulings/schema/`; the
//! test `schemas` fails when a checked-in file is stale, and `UPDATE_SCHEMAS=1 cargo test -p
//! mtg-conformance --test schemas` rewrites them.
//!
//! Most types derive their schema. The case model's steps and expectations have hand-written
//! serde (one flat table per step, patterns wherever a value goes), so their schemas are written
//! here, from the same vocabularies (`ObjectField::ALL`, `Shape`, ...) the reader uses.

mod case;

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema};
use serde_json::Value;

use crate::corpus::case::Case;
use crate::corpus::export::ExportRecord;
use crate::run::protocol::{Reply, Request};
use crate::report::json::Record;

/// Where the schemas live, relative to the repository root.
pub const SCHEMA_DIR: &str = "rulings/schema";

/// Every schema: `(file name, schema)`.
pub fn all() -> Vec<(&'static str, Schema)> {
    vec![
        ("case.schema.json", schema_of::<Case>("A case of the rulings corpus (rulings/README.md), as JSON.")),
        (
            "protocol-request.schema.json",
            schema_of::<Request>("A request from the runner to an engine (rulings/PROTOCOL.md): one JSON object per line, at most 4 MiB. Every object is closed (additionalProperties: false): an engine answers a request with an unknown key with `error`."),
        ),
        (
            "protocol-reply.schema.json",
            schema_of::<Reply>("A reply from an engine to the runner (rulings/PROTOCOL.md): one JSON object per line, at most 4 MiB. Every object is closed (additionalProperties: false) at every depth, the reply, each step reply, an observation, a stack item, except an observation's `counters`, keyed by counter kind: a reply with an unknown key anywhere is not valid, and the case gets the verdict `protocol`."),
        ),
        (
            "report.schema.json",
            schema_of::<Record>("One line of `mtg-conformance run --format json`: a header, one record per case, a footer."),
        ),
        (
            "export.schema.json",
            schema_of::<ExportRecord>("One line of `mtg-conformance export`: a header, then one line per case."),
        ),
    ]
}

/// A schema as the checked-in file's text: pretty JSON and a final newline.
pub fn to_text(schema: &Schema) -> String {
    let mut text = serde_json::to_string_pretty(schema).unwrap_or_default();
    text.push('\n');
    text
}

fn schema_of<T: JsonSchema>(description: &str) -> Schema {
    let mut schema = SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>();
    schema.insert("description".into(), Value::String(description.into()));
    schema
}
