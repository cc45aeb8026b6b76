//! mtg-conformance adapter for manabrew-engine 0.13.1 (a Rust port of Forge's rules engine; older
//! releases through versions/).
//!
//! Speaks the JSON-lines protocol of `rulings/PROTOCOL.md` on stdin/stdout and only reports what
//! the engine did; the runner judges. Cards are Forge card scripts written for this adapter from
//! the Oracle text of `rulings/cards.toml` (folder `cards/`, read at start-up).
//!
//!     manabrew-adapter --cards adapters/manabrew/cards
//!
//! Licensed AGPL-3.0-or-later, like the engine it links.

mod cards;
mod driver;
mod observe;
mod seat;

use std::io::{BufRead, Write};
use std::path::PathBuf;

use serde_json::{json, Value};

const PROTOCOL_VERSION: u64 = 2;
const CORPUS_FORMAT: u64 = 1;
const ENGINE_NAME: &str = "manabrew-engine";
/// The manabrew-engine release built against: build.sh sets it for `--version V` builds
/// (versions/V/), the default is this manifest's.
const ENGINE_VERSION: &str = match option_env!("MANABREW_ENGINE_VERSION") {
    Some(v) => v,
    None => "0.13.1",
};

fn main() {
    let mut cards_dir = PathBuf::from("adapters/manabrew/cards");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--cards" => match args.next() {
                Some(p) => cards_dir = PathBuf::from(p),
                None => {
                    eprintln!("--cards needs a folder");
                    std::process::exit(2);
                }
            },
            other => {
                eprintln!("unknown argument {other:?}; usage: manabrew-adapter --cards DIR");
                std::process::exit(2);
            }
        }
    }
    let pool = match cards::CardPool::load(&cards_dir) {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("could not read the card scripts in {}: {e}", cards_dir.display());
            std::process::exit(2);
        }
    };
    // The engine's own panics become `errored` for that case; keep their message on stderr short.
    std::panic::set_hook(Box::new(|info| eprintln!("manabrew panicked: {info}")));

    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Value>(&line) {
            Ok(request) => reply_to(&pool, &request),
            Err(e) => json!({"type": "error", "message": format!("not JSON: {e}")}),
        };
        let stop = reply["type"] == "stopped";
        if writeln!(stdout, "{reply}").and_then(|()| stdout.flush()).is_err() || stop {
            break;
        }
    }
}

fn reply_to(pool: &cards::CardPool, request: &Value) -> Value {
    let seq = request.get("seq").cloned().unwrap_or(Value::Null);
    match request.get("type").and_then(Value::as_str) {
        Some("start") => {
            if request["protocol"] != PROTOCOL_VERSION || request["corpus_format"] != CORPUS_FORMAT {
                return json!({"type": "error", "seq": seq,
                              "message": format!("protocol {}, corpus format {}: this adapter speaks protocol {PROTOCOL_VERSION}, corpus format {CORPUS_FORMAT}",
                                                 request["protocol"], request["corpus_format"])});
            }
            json!({"type": "started", "seq": seq, "protocol": PROTOCOL_VERSION,
                   "name": ENGINE_NAME, "version": ENGINE_VERSION, "features": []})
        }
        Some("run") => {
            let case = &request["case"];
            let id = case.get("id").cloned().unwrap_or(Value::Null);
            let reply = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                driver::run_case(pool, case)
            })) {
                Ok(reply) => reply,
                Err(payload) => {
                    let msg = payload
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| "unknown panic".into());
                    json!({"status": "errored", "message": format!("manabrew panicked: {msg}")})
                }
            };
            json!({"type": "case", "seq": seq, "id": id, "reply": reply})
        }
        Some("stop") => json!({"type": "stopped", "seq": seq}),
        _ => json!({"type": "error", "seq": seq, "message": "unknown request type"}),
    }
}
