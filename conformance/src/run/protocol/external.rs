//! The runner side of the protocol: an engine in another process, behind the [`Engine`] trait,
//! so the same [`crate::run::runner::Runner`] and reports serve it.
//!
//! One long-lived process answers case after case. Whatever it does wrong is a verdict on the
//! case at hand, never the end of the run: if it exits or closes its output, hangs past the
//! timeout, or answers something that is not the reply to the request, it is killed (with its
//! process group), the case is recorded as a crash, a timeout or a protocol error with the end
//! of its stderr, and the next case starts a new process.

use std::time::{Duration, Instant};

/// The longest timeout kept (a year): a longer one waits as long.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(365 * 24 * 3600);

/// The least time a process gets to answer `start`: launching an interpreter (Python, a JVM)
/// on a loaded machine can take longer than a case should, and a slow start says nothing about
/// the engine's rules.
pub const START_TIMEOUT: Duration = Duration::from_secs(30);

/// `now + timeout`, or the latest representable instant near it (never overflows).
fn deadline_after(timeout: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(timeout)
        .or_else(|| now.checked_add(MAX_TIMEOUT))
        .unwrap_or(now)
}

use super::process::{Output, Process, Wait};
use super::{CaseView, Reply, Request, MAX_LINE_BYTES, PROTOCOL_VERSION};
use crate::corpus::case::FORMAT_VERSION;
use crate::run::engine::{CaseReply, Engine, EngineInfo, Fault};

/// How an external engine is started and how long it may take.
#[derive(Clone, Debug)]
pub struct ExternalConfig {
    /// A shell command line, run as `sh -c "<command>"`.
    pub command: String,
    /// How long the engine may take to answer one case.
    pub timeout: Duration,
    /// How long a new process may take to answer `start`; the larger of this and `timeout`
    /// applies (by default [`START_TIMEOUT`]).
    pub start_timeout: Duration,
    /// The longest line accepted from the engine, in bytes.
    pub max_line: usize,
    /// How many bytes at the end of the engine's stderr a fault reports.
    pub stderr_tail: usize,
    /// After this many starts in a row that fail, the remaining cases are recorded as crashes
    /// without starting the engine again (an engine that can't start would cost a timeout per
    /// case otherwise).
    pub max_failed_starts: usize,
}

impl ExternalConfig {
    pub fn new(command: impl Into<String>) -> ExternalConfig {
        ExternalConfig {
            command: command.into(),
            timeout: Duration::from_secs(5),
            start_timeout: START_TIMEOUT,
            max_line: MAX_LINE_BYTES,
            stderr_tail: 2048,
            max_failed_starts: 3,
        }
    }

    /// At most [`MAX_TIMEOUT`]: a deadline further away could not be represented as an instant.
    pub fn timeout(mut self, timeout: Duration) -> ExternalConfig {
        self.timeout = timeout.min(MAX_TIMEOUT);
        self
    }

    /// At most [`MAX_TIMEOUT`], like [`ExternalConfig::timeout`].
    pub fn start_timeout(mut self, timeout: Duration) -> ExternalConfig {
        self.start_timeout = timeout.min(MAX_TIMEOUT);
        self
    }
}

/// A fault, before it becomes a [`CaseReply::Faulted`].
struct Faulty {
    fault: Fault,
    message: String,
    /// Whether the process is beyond use (all faults but a well-formed `error` reply).
    kill: bool,
    /// The engine speaks another protocol version: starting it again would answer the same.
    version: bool,
}

impl Faulty {
    fn new(fault: Fault, message: impl Into<String>) -> Faulty {
        Faulty {
            fault,
            message: message.into(),
            kill: true,
            version: false,
        }
    }
}

/// An engine in a child process, speaking the JSON-lines protocol.
pub struct ExternalEngine {
    config: ExternalConfig,
    process: Option<Process>,
    info: Option<EngineInfo>,
    seq: u64,
    failed_starts: usize,
    /// The class and message of the last failed start, repeated for the cases not run after
    /// too many failed starts.
    last_start_fault: Option<(Fault, String)>,
}

impl ExternalEngine {
    /// An engine that starts on first use (or on [`ExternalEngine::start`]).
    pub fn new(config: ExternalConfig) -> ExternalEngine {
        ExternalEngine {
            config,
            process: None,
            info: None,
            seq: 0,
            failed_starts: 0,
            last_start_fault: None,
        }
    }

    /// Starts the process and shakes hands, if it isn't running; returns who it is.
    pub fn start(&mut self) -> Result<EngineInfo, CaseReply> {
        if let (Some(_), Some(info)) = (&self.process, &self.info) {
            return Ok(info.clone());
        }
        if self.failed_starts >= self.config.max_failed_starts {
            let (fault, last) = self
                .last_start_fault
                .clone()
                .unwrap_or((Fault::Crash, String::new()));
            return Err(CaseReply::Faulted {
                fault,
                message: format!(
                    "{NOT_RUN} {} times in a row; the last time: {last}",
                    self.failed_starts
                ),
                stderr: String::new(),
            });
        }
        let process = Process::spawn(
            &self.config.command,
            self.config.max_line,
            self.config.stderr_tail,
        )
        .map_err(|e| {
            let message = format!("{WHILE_STARTING}cannot run `sh -c {:?}`: {e}", self.config.command);
            self.failed_starts += 1;
            self.last_start_fault = Some((Fault::Crash, message.clone()));
            CaseReply::Faulted {
                fault: Fault::Crash,
                message,
                stderr: String::new(),
            }
        })?;
        self.process = Some(process);
        self.seq = 0;
        let seq = self.next_seq();
        let request = Request::Start {
            seq,
            protocol: PROTOCOL_VERSION,
            corpus_format: FORMAT_VERSION,
        };
        let allowance = self.config.start_timeout.max(self.config.timeout);
        let result =
            self.exchange(&request, seq, allowance)
                .and_then(|reply| {
                    match reply {
            Reply::Started { protocol, .. } if protocol != PROTOCOL_VERSION => Err(Faulty {
                version: true,
                ..Faulty::new(Fault::Protocol, version_mismatch(&protocol.to_string()))
            }),
            Reply::Started { .. } => reply.engine_info().ok_or_else(|| {
                Faulty::new(Fault::Protocol, "a `started` reply without an identity")
            }),
            Reply::Error { message, .. } => Err(Faulty::new(
                Fault::Protocol,
                format!(
                    "the engine refused to start with protocol version {PROTOCOL_VERSION} \
                     (rulings/PROTOCOL.md): {message}"
                ),
            )),
            other => Err(unexpected(&other, "started")),
        }
                });
        match result {
            Ok(info) => {
                self.failed_starts = 0;
                self.info = Some(info.clone());
                Ok(info)
            }
            Err(mut f) => {
                self.failed_starts += 1;
                if f.version {
                    // Another version answers the same every time: don't start it again.
                    self.failed_starts = self.failed_starts.max(self.config.max_failed_starts);
                }
                f.kill = true;
                let fault = f.fault;
                let mut reply = self.fault(f);
                if let CaseReply::Faulted {
                    message, stderr, ..
                } = &mut reply
                {
                    // The one line that usually says why (`sh: 1: foo: not found`, a Python
                    // exception), so the message is the whole story on its own.
                    *message = match last_line(stderr) {
                        Some(line) => format!("{WHILE_STARTING}{message}; stderr: {line}"),
                        None => format!("{WHILE_STARTING}{message}"),
                    };
                    self.last_start_fault = Some((fault, message.clone()));
                }
                Err(reply)
            }
        }
    }

    /// Asks the engine to stop, waits for it to exit (a short while), then ends it regardless.
    pub fn stop(&mut self) {
        let Some(process) = &mut self.process else {
            return;
        };
        let seq = self.seq + 1;
        self.seq = seq;
        if let Ok(mut line) = serde_json::to_vec(&Request::Stop { seq }) {
            line.push(b'\n');
            process.send(line);
        }
        let deadline = deadline_after(self.config.timeout.min(Duration::from_secs(1)));
        // Whatever the engine answers, only its exit matters now.
        while process.next_line(deadline).is_ok() {}
        process.close_stdin();
        let left = deadline.saturating_duration_since(Instant::now());
        let _ = process.exit_status(left);
        if let Some(process) = self.process.take() {
            process.kill();
        }
    }

    /// The `seq` the next `run` request will carry: the next one of a running process, else 2
    /// (a new process gets `start` as 1).
    fn next_run_seq(&self) -> u64 {
        match (&self.process, &self.info) {
            (Some(_), Some(_)) => self.seq + 1,
            _ => 2,
        }
    }

    fn next_seq(&mut self) -> u64 {
        self.seq += 1;
        self.seq
    }

    /// Sends one request and waits for the reply carrying its `seq`.
    fn exchange<T: serde::Serialize>(
        &mut self,
        request: &T,
        seq: u64,
        timeout: Duration,
    ) -> Result<Reply, Faulty> {
        let line = serde_json::to_vec(request)
            .map_err(|e| Faulty::new(Fault::Protocol, format!("cannot encode the request: {e}")))?;
        self.exchange_line(line, seq, timeout)
    }

    /// Sends one encoded request (without its newline) and waits for the reply carrying `seq`.
    fn exchange_line(&mut self, mut line: Vec<u8>, seq: u64, timeout: Duration) -> Result<Reply, Faulty> {
        let Some(process) = &mut self.process else {
            return Err(Faulty::new(Fault::Crash, "the engine is not running"));
        };
        line.push(b'\n');
        process.send(line);
        let deadline = deadline_after(timeout);
        let text = loop {
            match process.next_line(deadline) {
                Ok(Output::Line(text)) if text.iter().all(u8::is_ascii_whitespace) => continue,
                Ok(Output::Line(text)) => break text,
                Ok(Output::TooLong) => {
                    return Err(Faulty::new(
                        Fault::Protocol,
                        format!("a line over {} bytes", self.config.max_line),
                    ))
                }
                Ok(Output::Closed(why)) | Err(Wait::Closed(why)) => {
                    let status = process.exit_status(Duration::from_millis(200));
                    let mut how = match status {
                        Some(s) => format!("the engine exited ({s}) before answering"),
                        None => "the engine closed its output before answering".to_string(),
                    };
                    if let Some(why) = why {
                        how.push_str(&format!(" (reading its output: {why})"));
                    }
                    return Err(Faulty::new(Fault::Crash, how));
                }
                Err(Wait::TimedOut) => {
                    return Err(Faulty::new(
                        Fault::Timeout,
                        format!("no answer within {:.1}s", timeout.as_secs_f64()),
                    ))
                }
            }
        };
        let reply: Reply = serde_json::from_slice(&text).map_err(|e| {
            Faulty::new(
                Fault::Protocol,
                format!("not a valid reply ({e}): {}", excerpt(&text)),
            )
        })?;
        let got = match &reply {
            Reply::Started { seq, .. } | Reply::Case { seq, .. } | Reply::Stopped { seq } => {
                Some(*seq)
            }
            Reply::Error { seq, .. } => *seq,
        };
        if got != Some(seq) {
            let got = got.map_or("none".to_string(), |s| s.to_string());
            return Err(Faulty::new(
                Fault::Protocol,
                format!("a reply with sequence number {got} to request {seq}"),
            ));
        }
        Ok(reply)
    }

    /// Records a fault: kills the process if it is beyond use, and turns the fault into a reply
    /// with the end of the engine's stderr.
    fn fault(&mut self, f: Faulty) -> CaseReply {
        let stderr = if f.kill {
            self.process.take().map(Process::kill).unwrap_or_default()
        } else {
            self.process
                .as_ref()
                .map(Process::stderr_tail)
                .unwrap_or_default()
        };
        CaseReply::Faulted {
            fault: f.fault,
            message: f.message,
            stderr,
        }
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The `run` request line (without its newline) around an encoded case: the bytes [`Request::Run`]
/// serializes to, built from the case's JSON so that the case is encoded once and its size known
/// before anything is sent.
pub(crate) fn run_line(seq: u64, case_json: &[u8]) -> Vec<u8> {
    let head = format!("{{\"type\":\"run\",\"seq\":{seq},\"case\":");
    let mut line = Vec::with_capacity(head.len() + case_json.len() + 1);
    line.extend_from_slice(head.as_bytes());
    line.extend_from_slice(case_json);
    line.push(b'}');
    line
}

/// The message for an engine whose `started` names protocol version `theirs`.
fn version_mismatch(theirs: &str) -> String {
    format!(
        "the engine speaks protocol version {theirs}, this runner protocol version \
         {PROTOCOL_VERSION} (rulings/PROTOCOL.md; version 2 sends no expected values): update the adapter"
    )
}

/// How the message of a fault while starting a process begins.
const WHILE_STARTING: &str = "while starting: ";

/// How the message of a case not sent after too many failed starts begins.
const NOT_RUN: &str = "not run: the engine failed to start";

/// The longest stderr line a start failure's message quotes.
const CAUSE_MAX: usize = 300;

/// The last line of `stderr` with something on it, trimmed and clipped to [`CAUSE_MAX`]
/// characters.
fn last_line(stderr: &str) -> Option<String> {
    let line = stderr.lines().map(str::trim).rfind(|l| !l.is_empty())?;
    let mut out: String = line.chars().take(CAUSE_MAX).collect();
    if out.len() < line.len() {
        out.push('…');
    }
    Some(out)
}

/// If a fault's message says the engine could not be started (this case's start failed, or it
/// was not sent after too many failed starts), why: the message of the failed start, without
/// `while starting:`. Reports group such faults instead of repeating a block per case.
pub fn start_failure_cause(message: &str) -> Option<&str> {
    if let Some(rest) = message.strip_prefix(WHILE_STARTING) {
        return Some(rest);
    }
    let rest = message.strip_prefix(NOT_RUN)?;
    let last = rest.split_once("; the last time: ").map_or(rest, |(_, last)| last);
    Some(last.strip_prefix(WHILE_STARTING).unwrap_or(last))
}

fn unexpected(reply: &Reply, wanted: &str) -> Faulty {
    let got = match reply {
        Reply::Started { .. } => "started",
        Reply::Case { .. } => "case",
        Reply::Stopped { .. } => "stopped",
        Reply::Error { .. } => "error",
    };
    Faulty::new(
        Fault::Protocol,
        format!("a `{got}` reply where `{wanted}` was due"),
    )
}

/// The start of a line the engine wrote, for a message.
fn excerpt(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    let mut out: String = text.chars().take(120).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

impl Engine for ExternalEngine {
    fn info(&self) -> EngineInfo {
        self.info.clone().unwrap_or_else(|| EngineInfo {
            name: self.config.command.clone(),
            version: "unknown".into(),
            features: Vec::new(),
        })
    }

    fn run_case(&mut self, case: &CaseView) -> CaseReply {
        // The case is encoded once, and its size checked before the engine is started or asked:
        // a request over the line limit would break the protocol on the runner's side, so it is
        // not sent and the engine is not blamed.
        // Protocol 2: the engine is shown the case's setup and steps, never what it expects.
        let case_json = match serde_json::to_vec(case) {
            Ok(json) => json,
            Err(e) => {
                return CaseReply::Errored {
                    message: format!("not sent to the engine: the case can't be encoded as JSON: {e}"),
                }
            }
        };
        let size = run_line(self.next_run_seq(), &case_json).len();
        if size > self.config.max_line {
            return CaseReply::Errored {
                message: format!(
                    "not sent to the engine: its `run` request is {size} bytes, over the protocol's \
                     line limit of {} bytes (rulings/PROTOCOL.md); the engine was not asked",
                    self.config.max_line
                ),
            };
        }
        if let Err(reply) = self.start() {
            return reply;
        }
        let seq = self.next_seq();
        let line = run_line(seq, &case_json);
        let reply = self.exchange_line(line, seq, self.config.timeout);
        let result = reply.and_then(|reply| match reply {
            Reply::Case { id, .. } if id != case.id => Err(Faulty::new(
                Fault::Protocol,
                format!("the reply is for case `{id}`, not `{}`", case.id),
            )),
            Reply::Case {
                reply: CaseReply::Faulted { .. },
                ..
            } => Err(Faulty::new(
                Fault::Protocol,
                "`faulted` is recorded by the runner; an engine answers ran, skipped or errored",
            )),
            Reply::Case { reply, .. } => Ok(reply),
            // A well-formed refusal: the process is still in step, so it is kept.
            Reply::Error { message, .. } => Err(Faulty {
                kill: false,
                ..Faulty::new(
                    Fault::Protocol,
                    format!("the engine could not read the request: {message}"),
                )
            }),
            other => Err(unexpected(&other, "case")),
        });
        result.unwrap_or_else(|f| self.fault(f))
    }
}
