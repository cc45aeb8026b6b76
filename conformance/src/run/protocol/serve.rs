//! The engine side of the protocol: any in-process [`Engine`] as a JSON-lines server. This is
//! what `mtg-conformance serve` runs for the reference engine, and the model for an adapter.

use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use thiserror::Error;

use super::lines::{read_line_bounded, Line};
use super::{reply_budget, Reply, Request, MAX_LINE_BYTES, PROTOCOL_VERSION};
use crate::corpus::case::FORMAT_VERSION;
use crate::run::engine::{CaseReply, Engine};

/// Why serving stopped other than by `stop` or the end of the input.
#[derive(Debug, Error)]
pub enum ServeError {
    #[error("reading a request: {0}")]
    Read(io::Error),
    #[error("writing a reply: {0}")]
    Write(io::Error),
}

/// Answers requests from `input` on `output` until `stop` or the end of the input. A request it
/// can't read is answered with an `error` reply, and serving goes on.
pub fn serve(
    engine: &mut dyn Engine,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<(), ServeError> {
    loop {
        let line = match read_line_bounded(input, MAX_LINE_BYTES).map_err(ServeError::Read)? {
            Line::Eof => return Ok(()),
            Line::TooLong => {
                send(
                    output,
                    &error(None, format!("a request over {MAX_LINE_BYTES} bytes")),
                )?;
                continue;
            }
            Line::Text(line) => line,
        };
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let request = match serde_json::from_slice::<Request>(&line) {
            Ok(request) => request,
            Err(e) => {
                // Echo the sequence number if the line has one, so the runner can tell which
                // request this answers.
                let seq = serde_json::from_slice::<serde_json::Value>(&line)
                    .ok()
                    .and_then(|v| v.get("seq").and_then(serde_json::Value::as_u64));
                send(output, &error(seq, format!("not a valid request: {e}")))?;
                continue;
            }
        };
        let reply = match request {
            Request::Start {
                seq,
                protocol,
                corpus_format,
            } => start(engine, seq, protocol, corpus_format),
            Request::Run { seq, case } => {
                // The engine stops building a reply that would not fit on a line (memory), and
                // `send` never writes one that doesn't (the protocol).
                let budget = reply_budget(&case.id);
                let reply = catch_unwind(AssertUnwindSafe(|| engine.run_case_within(&case, budget)))
                    .unwrap_or_else(|_| CaseReply::Errored {
                        message: "the engine panicked".into(),
                    });
                Reply::Case {
                    seq,
                    id: case.id,
                    reply,
                }
            }
            Request::Stop { seq } => {
                send(output, &Reply::Stopped { seq })?;
                return Ok(());
            }
        };
        send(output, &reply)?;
    }
}

fn start(engine: &dyn Engine, seq: u64, protocol: u32, corpus_format: u32) -> Reply {
    if protocol != PROTOCOL_VERSION {
        return error(
            Some(seq),
            format!(
                "protocol version {protocol} is not supported; this engine speaks protocol version \
                 {PROTOCOL_VERSION} (rulings/PROTOCOL.md)"
            ),
        );
    }
    if corpus_format != FORMAT_VERSION {
        return error(
            Some(seq),
            format!("corpus format {corpus_format} is not supported; this engine reads {FORMAT_VERSION}"),
        );
    }
    let info = engine.info();
    Reply::Started {
        seq,
        protocol: PROTOCOL_VERSION,
        name: info.name,
        version: info.version,
        features: info.features,
    }
}

/// `reply` as JSON, if it fits on a line: encoding stops at the limit, so an over-long reply
/// costs no more than the limit.
fn encode(reply: &Reply) -> Option<Vec<u8>> {
    struct Bounded(Vec<u8>);
    impl Write for Bounded {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if self.0.len().saturating_add(bytes.len()) > MAX_LINE_BYTES {
                return Err(io::Error::other("over the line limit"));
            }
            self.0.extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut out = Bounded(Vec::new());
    serde_json::to_writer(&mut out, reply).ok()?;
    Some(out.0)
}

fn error(seq: Option<u64>, message: String) -> Reply {
    Reply::Error { seq, message }
}

/// Writes `reply` on one line. A reply over the line limit is never written: a `case` reply is
/// replaced by `errored` (or, if even that would not fit, its id being that long, by `error`).
fn send(output: &mut impl Write, reply: &Reply) -> Result<(), ServeError> {
    let over = || format!("the reply would be over the protocol's line limit of {MAX_LINE_BYTES} bytes (rulings/PROTOCOL.md); not sent");
    let mut line = match encode(reply) {
        Some(line) => line,
        None => {
            let (seq, id) = match reply {
                Reply::Case { seq, id, .. } => (Some(*seq), Some(id.clone())),
                Reply::Started { seq, .. } | Reply::Stopped { seq } => (Some(*seq), None),
                Reply::Error { seq, .. } => (*seq, None),
            };
            let errored = id.map(|id| Reply::Case {
                seq: seq.unwrap_or_default(),
                id,
                reply: CaseReply::Errored { message: over() },
            });
            errored
                .as_ref()
                .and_then(encode)
                .or_else(|| encode(&error(seq, over())))
                .ok_or_else(|| ServeError::Write(io::Error::other("a reply that can't be encoded")))?
        }
    };
    line.push(b'\n');
    output.write_all(&line).map_err(ServeError::Write)?;
    // One reply per request: the runner waits for it, so it must not sit in a buffer.
    output.flush().map_err(ServeError::Write)
}
