//! `mtg-conformance diff`: the command line around [`super::run`].

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};

use crate::report::{count, printable};
use crate::run::engine::{CaseReply, Engine};
use crate::run::protocol::{start_failure_cause, ExternalConfig, ExternalEngine};

use super::{pool, DiffConfig};

/// `diff`: a run, or `diff merge` of a campaign's shards.
#[derive(Clone, Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct DiffCli {
    #[command(subcommand)]
    pub command: Option<DiffCommand>,
    #[command(flatten)]
    pub run: DiffArgs,
}

#[derive(Clone, Debug, Subcommand)]
pub enum DiffCommand {
    /// Join the --out directories of the shards of one campaign (`diff --shard K/N`, one seed,
    /// one engine) into the triage files and counts one run on that seed gives.
    Merge {
        /// The directory to write the merged triage files into (new, empty, or one `diff`
        /// wrote; not one of the shards').
        #[arg(long, value_name = "DIR", required = true)]
        out: PathBuf,
        /// The shards' --out directories.
        #[arg(value_name = "SHARD_DIR", required = true)]
        dirs: Vec<PathBuf>,
        #[command(flatten)]
        known: KnownArgs,
    },
}

/// Known differences, for a run and for a merge.
#[derive(Clone, Debug, Args)]
pub struct KnownArgs {
    /// The engine's classified differences (TOML, `[[known]]` entries with `class` and a
    /// `difference` pattern; see conformance/src/fuzzing/diff/known.rs): reported as
    /// `known: D1 ×410, ...; new: N`, and given no triage file.
    #[arg(long, value_name = "FILE")]
    pub known: Option<PathBuf>,
    /// Write triage files for known differences too.
    #[arg(long)]
    pub write_known: bool,
}

impl KnownArgs {
    fn load(&self) -> Result<super::known::Known, String> {
        match &self.known {
            Some(path) => super::known::Known::load(path).map_err(|e| format!("--known {e}")),
            None => Ok(super::known::Known::default()),
        }
    }
}

/// The options of `diff`.
#[derive(Clone, Debug, Args)]
pub struct DiffArgs {
    /// The engine under test: a command line, run through `sh -c`, speaking the JSON-lines
    /// protocol of rulings/PROTOCOL.md (e.g. "mtg-conformance serve", adapters/phase/diff.sh).
    #[arg(long, value_name = "COMMAND", required = true)]
    pub engine: Option<String>,
    /// Run only shard K of N: the scenarios whose index is K - 1 mod N (below --scenarios, or
    /// until --time). `diff merge` joins the N shards' --out directories.
    #[arg(long, value_name = "K/N", default_value_t = crate::shard::Shard::ALL)]
    pub shard: crate::shard::Shard,
    /// How many scenarios [default: 1000, or unbounded with --time].
    #[arg(long, value_name = "N")]
    pub scenarios: Option<usize>,
    /// The whole run's time: scenarios start during its first three quarters, minimization (largest
    /// differences first) until it ends; a difference not minimized in time is written as generated.
    #[arg(long, value_name = "SECS")]
    pub time: Option<f64>,
    /// The run's seed: scenario i of seed S is always the same.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Engine processes in parallel [default: the number of cores]; results are the same.
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Write one triage file per distinct difference into DIR, each as soon as it is minimized
    /// (DIR must be new, empty, or one `diff` wrote: none of your files is replaced).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Seconds the engine may take to answer one case (or to start).
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub timeout: f64,
    /// Runs of both engines each minimization may spend.
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub minimize_budget: usize,
    /// Exit with status 1 when any disagreement or rejection difference is found (with
    /// --known: any new one).
    #[arg(long)]
    pub deny_disagreements: bool,
    /// Look past the observation differences this pattern matches (`*`: any characters; it
    /// matches the difference text, a signature without its cards, e.g.
    /// "object.keywords (in hand: *"), to the next difference in the same scenario. Repeatable.
    #[arg(long, value_name = "PATTERN")]
    pub ignore: Vec<String>,
    #[command(flatten)]
    pub known: KnownArgs,
}

/// Runs the command; returns the exit status: 0 done (differences are findings, not failures,
/// unless --deny-disagreements), 1 differences with --deny-disagreements (or nothing compared),
/// 2 usage, I/O or harness errors (the reference could not run a generated case).
pub fn command(cli: &DiffCli) -> u8 {
    match &cli.command {
        Some(DiffCommand::Merge { out, dirs, known }) => merge(out, dirs, known),
        None => run(&cli.run),
    }
}

/// `diff merge`: 0 merged, 2 a directory that can't be read or merged, or can't be written.
fn merge(out: &std::path::Path, dirs: &[PathBuf], known_args: &KnownArgs) -> u8 {
    let known = match known_args.load() {
        Ok(k) => k,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    // The output is never one of the inputs: its record would be replaced by the merge's.
    let same = |a: &std::path::Path| std::fs::canonicalize(a).ok().is_some_and(|a| std::fs::canonicalize(out).ok() == Some(a));
    if let Some(d) = dirs.iter().find(|d| same(d)) {
        eprintln!("error: --out {} is one of the directories to merge: give a new one", d.display());
        return 2;
    }
    let summary = match super::merge_into(dirs, out, &known, known_args.write_known) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let stdout = std::io::stdout();
    let mut out_lock = stdout.lock();
    let printed = (|| -> std::io::Result<()> {
        writeln!(out_lock, "merged {}", count(dirs.len(), "directory", "directories"))?;
        findings(&mut out_lock, &summary, &known)?;
        writeln!(out_lock, "{} in {}", count(summary.written.len(), "triage file", "triage files"), out.display())?;
        writeln!(out_lock, "{}", summary.closing_line())
    })();
    if let Err(e) = printed.and_then(|()| out_lock.flush()) {
        eprintln!("error: cannot write to standard output: {e}");
        return 2;
    }
    0
}

fn run(args: &DiffArgs) -> u8 {
    let Some(engine) = args.engine.clone() else {
        eprintln!("error: --engine is required (the engine under test)");
        return 2;
    };
    let timeout = match Duration::try_from_secs_f64(args.timeout) {
        Ok(t) if !t.is_zero() => t,
        _ => {
            eprintln!("error: --timeout must be a positive number of seconds");
            return 2;
        }
    };
    let time = match args.time.map(Duration::try_from_secs_f64).transpose() {
        Ok(t) => t,
        Err(_) => {
            eprintln!("error: --time must be a number of seconds, 0 or more");
            return 2;
        }
    };
    let known = match args.known.load() {
        Ok(k) => k,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    // Checked before anything runs: a bad --out found at the end would lose every finding.
    if let Some(dir) = &args.out {
        if let Err(e) = crate::outdir::claim(dir, "diff --out") {
            eprintln!("error: --out {e}");
            return 2;
        }
    }
    let command = engine.clone();
    let factory = move || -> Box<dyn Engine + Send> { Box::new(ExternalEngine::new(ExternalConfig::new(command.clone()).timeout(timeout))) };
    let mut probe = ExternalEngine::new(ExternalConfig::new(engine.clone()).timeout(timeout));
    let (name, started) = match probe.start() {
        Ok(info) => (format!("{} {}", info.name, info.version), true),
        Err(reply) => {
            eprintln!("warning: the engine did not start: {}", start_failure(&reply));
            (engine.clone(), false)
        }
    };
    drop(probe);
    let config = DiffConfig {
        scenarios: args.scenarios,
        time,
        seed: args.seed,
        jobs: args.jobs.unwrap_or_else(pool::default_jobs).max(1),
        out: args.out.clone(),
        minimize_budget: args.minimize_budget,
        engine_name: name.clone(),
        shard: args.shard,
        ignore: args.ignore.iter().cloned().map(super::known::Pattern).collect(),
        known,
        write_known: args.known.write_known,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Err(e) = writeln!(out, "{}{}", engine_line(&name, config.seed, config.jobs), shard_part(config.shard)).and_then(|()| out.flush()) {
        eprintln!("error: cannot write to standard output: {e}");
        return 2;
    }
    let summary = super::run(&config, &factory, true);
    let printed = report(&mut out, &summary, &config);
    if let Err(e) = printed.and_then(|()| out.flush()) {
        eprintln!("error: cannot write to standard output: {e}");
        return 2;
    }
    if let Some(e) = &summary.write_error {
        eprintln!("error: --out: {e}");
        return 2;
    }
    for e in &summary.harness_errors {
        eprintln!("harness error: {}", printable(e));
    }
    if summary.harness_error_count > 0 {
        eprintln!("error: {}", harness_errors_line(summary.harness_error_count));
        2
    } else if summary.compared == 0 && summary.scenarios > 0 {
        // Nothing was compared (the engine never started, or skipped or failed every
        // scenario): no finding is not agreement.
        let why = if started { "the engine skipped, errored or crashed on every scenario" } else { "the engine did not start" };
        eprintln!("{}: no scenario was compared: {why}", if args.deny_disagreements { "error" } else { "warning" });
        u8::from(args.deny_disagreements)
    } else if args.deny_disagreements && args.known.known.is_some() {
        u8::from(config.known.tally(&summary.findings).new > 0)
    } else if args.deny_disagreements && (summary.disagreements > 0 || summary.rejected > 0) {
        1
    } else {
        0
    }
}

/// What the run found, after the engine line: skip reasons, findings, files, speed, the closing
/// line. Engine text (reasons, signatures with card names) is printed escaped.
fn report(out: &mut impl Write, summary: &super::DiffSummary, config: &DiffConfig) -> std::io::Result<()> {
    findings(out, summary, &config.known)?;
    if summary.unkept > 0 {
        writeln!(
            out,
            "{} past the first {} distinct differences (counted, not kept)",
            count(summary.unkept, "differing scenario", "differing scenarios"),
            super::MAX_GROUPS
        )?;
    }
    if let Some(dir) = &config.out {
        writeln!(out, "{} in {}", count(summary.written.len(), "triage file", "triage files"), dir.display())?;
    }
    let secs = summary.elapsed.as_secs_f64();
    writeln!(out, "{:.1} scenarios/s ({:.1}s)", summary.scenarios as f64 / secs.max(0.001), secs)?;
    writeln!(out, "{}", summary.closing_line())
}

/// The skip reasons and the findings, one line each.
/// With known differences, each finding shows its class (`[D1]`) or `[new]`, and a line
/// `known: ...; new: N` follows.
fn findings(out: &mut impl Write, summary: &super::DiffSummary, known: &super::known::Known) -> std::io::Result<()> {
    for (why, n) in &summary.skip_reasons {
        writeln!(out, "  {n:>6} × {}", printable(why))?;
    }
    let classified = !known.known.is_empty();
    for f in &summary.findings {
        let how = if f.minimized { "" } else { " (not minimized: out of time)" };
        let class = match known.classify(f) {
            Some(k) => format!("[{}] ", printable(&k.class)),
            None if classified => "[new] ".to_string(),
            None => String::new(),
        };
        writeln!(out, "{} × {class}{}{how}", f.scenarios, printable(&f.signature))?;
    }
    if classified {
        writeln!(out, "{}", printable(&known.tally(&summary.findings).line()))?;
    }
    Ok(())
}

/// The first line of the output: who runs, with which seed, on how many jobs.
fn engine_line(name: &str, seed: u64, jobs: usize) -> String {
    format!("engine: {}; seed {seed}, {}", printable(name), count(jobs, "job", "jobs"))
}

/// `, shard K/N` after the engine line of a shard's run.
fn shard_part(shard: crate::shard::Shard) -> String {
    if shard == crate::shard::Shard::ALL {
        String::new()
    } else {
        format!(", shard {shard}")
    }
}

/// Why the engine did not start, in one printable line (the cause of a failed start, not the
/// reply's debug form).
fn start_failure(reply: &CaseReply) -> String {
    match reply {
        CaseReply::Faulted { message, .. } => printable(start_failure_cause(message).unwrap_or(message)),
        other => format!("{other:?}"),
    }
}

/// The closing error when the reference could not run some generated cases.
fn harness_errors_line(n: usize) -> String {
    format!("{}: the reference could not run a generated case", count(n, "harness error", "harness errors"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts read as English (issue 15, item 7): not `1 job(s)`, `1 harness error(s)`.
    #[test]
    fn diff_lines_read_as_english() {
        assert_eq!(engine_line("phase 0.1", 7, 1), "engine: phase 0.1; seed 7, 1 job");
        assert_eq!(engine_line("phase 0.1", 7, 2), "engine: phase 0.1; seed 7, 2 jobs");
        assert_eq!(harness_errors_line(1), "1 harness error: the reference could not run a generated case");
        assert_eq!(harness_errors_line(3), "3 harness errors: the reference could not run a generated case");
    }

    /// A failed start is told by its cause, as `run` tells it, not as a debug dump.
    #[test]
    fn a_failed_start_is_told_by_its_cause() {
        let reply = CaseReply::Faulted {
            fault: crate::run::engine::Fault::Crash,
            message: "while starting: the engine exited (exit status: 127) before answering; stderr: sh: 1: x: not found".into(),
            stderr: "sh: 1: x: not found\n".into(),
        };
        assert_eq!(start_failure(&reply), "the engine exited (exit status: 127) before answering; stderr: sh: 1: x: not found");
    }
}
