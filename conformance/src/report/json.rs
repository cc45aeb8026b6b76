//! The JSON-lines report (`run --format json`): a [`Record::Header`], one [`Record::Case`] per
//! case as it finishes, and a [`Record::Footer`]. Its schema is `rulings/schema/report.schema.json`
//! ([`REPORT_VERSION`] is bumped when a consumer would misread a new version).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::corpus::case::FORMAT_VERSION;
use crate::corpus::Corpus;
use crate::run::engine::EngineInfo;
use crate::run::expectations::{Assessment, Expectations};
use crate::run::judge::Verdict;
use crate::run::protocol::PROTOCOL_VERSION;
use crate::run::runner::{CaseOutcome, RunSummary};

/// The version of this report's shape.
pub const REPORT_VERSION: u32 = 1;

/// One line of the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Record {
    Header(Header),
    Case(CaseRecord),
    Footer(Footer),
}

impl Record {
    /// The record as one line of JSON, with its newline.
    pub fn to_line(&self) -> String {
        let mut line = serde_json::to_string(self).unwrap_or_default();
        line.push('\n');
        line
    }
}

/// What was run, against what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Header {
    pub report_version: u32,
    pub corpus_format: u32,
    pub protocol: u32,
    /// `mtg-conformance` and its version.
    pub tool: String,
    pub engine: EngineInfo,
    /// Why an external engine did not start, in one line (its exit status and the last line of
    /// its stderr), when it did not: `engine` is then only the command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_error: Option<String>,
    /// How many cases were selected (a `case` record follows for each).
    pub cases: usize,
}

/// One case's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CaseRecord {
    pub id: String,
    /// `passed`, `failed`, `skipped`, `errored`, `crash`, `timeout` or `protocol`.
    pub verdict: String,
    /// How the verdict stands against the expectations file (without one: `fine` or
    /// `unexpected`). Any `unexpected`, `xpassed` or `other_class` fails the run.
    pub expectation: ExpectationStatus,
    /// The file the case is written in, and the line of its `[[case]]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The source ids the case covers.
    pub covers: Vec<String>,
    /// The step that decided the verdict, 1-based, when one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<usize>,
    /// Why it did not pass (the failure's reason, the error or fault, the skip reason).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// For `failed`: the compared fields, expected and observed, one per line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed: Option<Vec<String>>,
    /// For faults: the end of what the engine wrote on stderr.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
    pub elapsed_seconds: f64,
    /// The case's `xfail` entry in the expectations file, when it has one (whatever the
    /// verdict: `compare` tells a known failure a later release fixes by it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub known_failure: Option<KnownFailure>,
}

/// An `xfail` entry, as a report records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct KnownFailure {
    pub class: String,
    #[serde(default)]
    pub reason: String,
    /// The upstream issue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    /// The release it was first seen in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
}

/// See [`CaseRecord::expectation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExpectationStatus {
    Fine,
    Unexpected,
    Xfailed,
    Xpassed,
    OtherClass,
}

/// The counts, and whether the run succeeded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Footer {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    pub errored: usize,
    pub crashed: usize,
    pub timed_out: usize,
    pub protocol: usize,
    pub xfailed: usize,
    pub xpassed: usize,
    pub other_class: usize,
    /// Whether the run succeeded (the exit status is 0 exactly then).
    pub success: bool,
    pub elapsed_seconds: f64,
}

pub fn header(engine: EngineInfo, cases: usize) -> Record {
    header_with(engine, None, cases)
}

/// [`header`], with why the engine did not start when it did not.
pub fn header_with(engine: EngineInfo, engine_error: Option<String>, cases: usize) -> Record {
    Record::Header(Header {
        report_version: REPORT_VERSION,
        corpus_format: FORMAT_VERSION,
        protocol: PROTOCOL_VERSION,
        tool: format!("mtg-conformance {}", env!("CARGO_PKG_VERSION")),
        engine,
        engine_error,
        cases,
    })
}

pub fn case_record(corpus: &Corpus, outcome: &CaseOutcome, expectations: &Expectations) -> Record {
    let located = corpus
        .cases
        .get(outcome.index)
        .filter(|c| c.item.id == outcome.id);
    let file = located.map(|c| {
        c.path
            .strip_prefix(&corpus.root)
            .unwrap_or(&c.path)
            .to_string_lossy()
            .replace('\\', "/")
    });
    let mut record = CaseRecord {
        id: outcome.id.clone(),
        verdict: outcome.verdict.label().to_string(),
        expectation: status(&expectations.assess(outcome)),
        file,
        line: located.map(|c| c.line),
        covers: located.map(|c| c.item.covers.clone()).unwrap_or_default(),
        step: None,
        message: None,
        expected: None,
        observed: None,
        stderr: None,
        elapsed_seconds: outcome.elapsed.as_secs_f64(),
        known_failure: expectations.xfail_of(&outcome.id).map(|x| KnownFailure {
            class: x.class.clone(),
            reason: x.reason.clone(),
            link: x.link.clone(),
            since: x.since.clone(),
        }),
    };
    match &outcome.verdict {
        Verdict::Passed => {}
        Verdict::Failed(f) => {
            record.step = Some(f.step + 1);
            record.message = Some(f.reason.clone());
            record.expected = Some(f.expected.clone());
            record.observed = Some(f.observed.clone());
        }
        Verdict::Skipped { reason } => record.message = Some(reason.clone()),
        Verdict::Errored { step, message } => {
            record.step = step.map(|s| s + 1);
            record.message = Some(message.clone());
        }
        Verdict::Faulted {
            message, stderr, ..
        } => {
            record.message = Some(message.clone());
            record.stderr = (!stderr.is_empty()).then(|| stderr.clone());
        }
    }
    Record::Case(record)
}

fn status(assessment: &Assessment) -> ExpectationStatus {
    match assessment {
        Assessment::Fine => ExpectationStatus::Fine,
        Assessment::Unexpected => ExpectationStatus::Unexpected,
        Assessment::XFailed { .. } => ExpectationStatus::Xfailed,
        Assessment::XPassed { .. } => ExpectationStatus::Xpassed,
        Assessment::OtherClass { .. } => ExpectationStatus::OtherClass,
    }
}

pub fn footer(summary: &RunSummary, expectations: &Expectations) -> Record {
    let c = summary.counts();
    let mut footer = Footer {
        passed: c.passed,
        failed: c.failed,
        skipped: c.skipped,
        errored: c.errored,
        crashed: c.crashed,
        timed_out: c.timed_out,
        protocol: c.protocol,
        xfailed: 0,
        xpassed: 0,
        other_class: 0,
        success: expectations.run_ok(summary),
        elapsed_seconds: summary.elapsed.as_secs_f64(),
    };
    for o in &summary.outcomes {
        match expectations.assess(o) {
            Assessment::XFailed { .. } => footer.xfailed += 1,
            Assessment::XPassed { .. } => footer.xpassed += 1,
            Assessment::OtherClass { .. } => footer.other_class += 1,
            Assessment::Fine | Assessment::Unexpected => {}
        }
    }
    Record::Footer(footer)
}
