//! Triage files: one TOML file per distinct difference, holding the minimized scenario as a case
//! and both engines' answers. A file is a *candidate* for the corpus, never a case of it: the
//! difference says two engines disagree, not which one the rules side with. Whoever adds it to
//! `rulings/` cites the rule that decides it and writes the expectation from that rule's text.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::corpus::case::{CasesFile, Step};

use super::compare::{card_of, Mismatch};
use super::script::Script;
use super::Finding;

/// A difference's signature: its kind (the first differing field, or which engine alone accepted
/// which verb) and the cards of the minimized scenario. Scenarios with the same one are one
/// finding.
pub fn signature(m: &Mismatch, s: &Script) -> String {
    format!("{} [{}]", difference(m), cards(s).join(", "))
}

/// The signature without its cards: the field, and the zone and what differs when known
/// (what `--ignore` and known-differences patterns match, [`super::known`]).
pub fn difference(m: &Mismatch) -> String {
    difference_text(&m.kind, &m.detail)
}

pub fn difference_text(kind: &str, detail: &str) -> String {
    if detail.is_empty() {
        kind.to_string()
    } else {
        format!("{kind} ({detail})")
    }
}

/// The cards of a scenario's setup, sorted, each once.
pub fn cards(s: &Script) -> Vec<String> {
    let case = s.to_case("x");
    let mut cards: Vec<String> = super::script::refs(&s.setup).iter().map(|r| card_of(&case, r)).collect();
    cards.sort();
    cards.dedup();
    cards
}

fn fingerprint(text: &str) -> String {
    let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{:08x}", h >> 32)
}

fn slug(text: &str) -> String {
    let s: String = text.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    s.split('-').filter(|w| !w.is_empty()).collect::<Vec<_>>().join("-")
}

#[derive(Serialize)]
struct Header<'a> {
    status: &'a str,
    signature: &'a str,
    kind: &'a str,
    detail: &'a str,
    subject: &'a str,
    /// The 1-based step of the case below where the engines part.
    step: usize,
    /// How many generated scenarios showed it in this run.
    scenarios: usize,
    /// Rerun: `mtg-conformance diff --seed <seed>` reaches it at this scenario index.
    first_scenario: String,
    /// False when the run's `--time` ran out first: the case is the scenario as generated.
    minimized: bool,
    reference: &'a str,
    engine: &'a str,
}

/// The triage file of a finding: file name and text. `engine_name` and `seed` say where it
/// came from.
pub fn render(f: &Finding, engine_name: &str, seed: u64) -> (String, String) {
    let name = format!("{}-{}.toml", slug(&f.mismatch.kind), fingerprint(&f.signature));
    let id = format!("triage/{}", name.trim_end_matches(".toml"));
    let mut case = f.script.to_case(&id);
    // The actions up to the difference and the differing observation; the other observations
    // agreed and only make the file longer.
    let last = f.mismatch.step;
    case.steps = case
        .steps
        .into_iter()
        .enumerate()
        .filter(|(i, s)| *i == last || (*i < last && matches!(s, Step::Action(_))))
        .map(|(_, s)| s)
        .collect();
    let step = case.steps.len();
    case.title = format!("Candidate: {} ({engine_name} and the reference differ)", f.mismatch.kind);
    case.note = Some("A candidate from `mtg-conformance diff`, not a corpus case: cite the rule that decides it in `covers` and write the expected values from that rule's text, not from either engine".into());
    let header = Header {
        status: "candidate: cite the rule that decides it",
        signature: &f.signature,
        kind: &f.mismatch.kind,
        detail: &f.mismatch.detail,
        subject: &f.mismatch.subject,
        step,
        scenarios: f.scenarios,
        first_scenario: format!("seed {seed}, index {}", f.first),
        minimized: f.minimized,
        reference: &f.mismatch.reference,
        engine: &f.mismatch.engine,
    };
    let mut text = String::new();
    // The engine's name is its own text: one printable line in a comment.
    let who: String = crate::report::printable(engine_name).replace(['\n', '\t'], " ").chars().take(200).collect();
    let how = if f.minimized { "minimized" } else { "not minimized (the run's time ran out)" };
    let _ = writeln!(text, "# Found by `mtg-conformance diff` against {who}, {how}. NOT a corpus case.");
    let _ = writeln!(text, "# The engines disagree at step {step}; which one is right is for the rules to say:");
    let _ = writeln!(text, "# cite the rule that decides it before anything goes into rulings/.");
    let _ = writeln!(text);
    let _ = writeln!(text, "[triage]");
    text.push_str(&to_toml(&header));
    let _ = writeln!(text);
    text.push_str(&to_toml(&CasesFile { case: vec![case] }));
    (name, text)
}

/// TOML through `toml::Value`, which puts plain values before tables (the serializer alone
/// refuses a struct whose tables come before its values).
fn to_toml<T: Serialize>(value: &T) -> String {
    match toml::Value::try_from(value).map_err(|e| e.to_string()).and_then(|v| toml::to_string(&v).map_err(|e| e.to_string())) {
        Ok(text) => text,
        Err(e) => format!("# could not write this part as TOML: {e}\n"),
    }
}

/// Writes a finding's triage file into `dir` (which the caller claimed, [`crate::outdir::claim`]);
/// returns its path. A finding met again (the same signature) rewrites its own file.
pub fn write(dir: &Path, f: &Finding, engine_name: &str, seed: u64) -> Result<PathBuf, crate::outdir::OutDirError> {
    let (name, text) = render(f, engine_name, seed);
    let path = dir.join(name);
    crate::outdir::write_file(&path, text.as_bytes())?;
    Ok(path)
}
