//! The logic behind `mtg-conformance run` (against the reference engine or an external one, with
//! expectations and reports), `serve` and `export`. `main.rs` parses and dispatches; this module
//! does the work, so the binary stays a thin table of subcommands.

use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::corpus::Loaded;
use crate::run::engine::{CaseReply, Engine};
use crate::run::expectations::Expectations;
use crate::run::protocol::{self, ExternalConfig, ExternalEngine};
use crate::run::reference::ReferenceEngine;
use crate::report::{self, json, junit};
use crate::run::runner::Runner;

/// The report format on standard output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Failures with diffs, then the closing line.
    #[default]
    Human,
    /// JSON lines: a header, one record per case, a footer (rulings/schema/report.schema.json).
    Json,
}

/// The options of `run` beyond the corpus, the filter and `-v`.
#[derive(Clone, Debug, Default, Args)]
pub struct RunOptions {
    /// Run against an external engine: a command line, run through `sh -c`, speaking the
    /// JSON-lines protocol of rulings/PROTOCOL.md on its stdin/stdout.
    #[arg(long, value_name = "COMMAND")]
    pub engine: Option<String>,
    /// Seconds an external engine may take to answer one case; starting a process gets this or
    /// 30, whichever is larger (an interpreter can be slow to start on a busy machine).
    #[arg(long, value_name = "SECS", default_value = "5", value_parser = parse_timeout)]
    pub timeout: Duration,
    /// Only the cases tagged with this feature (repeatable: any of them).
    #[arg(long = "feature", value_name = "NAME")]
    pub features: Vec<String>,
    /// The engine's expectations file (TOML): cases to skip, and known failures (xfail).
    #[arg(long, value_name = "FILE")]
    pub expectations: Option<PathBuf>,
    /// Write this run's failures as an expectations file, merged into --expectations (which may be
    /// the same file): entries outside this run's selection, and the reasons and comments of
    /// entries whose case ended in its class, are kept.
    #[arg(long, value_name = "FILE")]
    pub save_expectations: Option<PathBuf>,
    /// The report on standard output.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Also write a JUnit XML report to FILE.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// The corpus directory as the user gave it (`--corpus`), for the rerun commands.
    #[arg(skip)]
    pub corpus: Option<PathBuf>,
    /// Engines (processes, with --engine) running cases in parallel [default: the number of
    /// cores]; the report is the same as with 1.
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Run only shard K of N (1-based): the cases whose id hashes to it, so that N machines
    /// running 1/N..N/N run every selected case exactly once.
    #[arg(long, value_name = "K/N", default_value_t = crate::shard::Shard::ALL)]
    pub shard: crate::shard::Shard,
}

impl RunOptions {
    /// The options a rerun of one case needs to reproduce this run: corpus, engine, timeout and
    /// expectations (the report format and output files are not needed to reproduce a verdict).
    pub fn rerun_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(corpus) = &self.corpus {
            args.extend(["--corpus".to_string(), corpus.display().to_string()]);
        }
        if let Some(engine) = &self.engine {
            args.extend(["--engine".to_string(), engine.clone()]);
            if self.timeout != DEFAULT_TIMEOUT {
                args.extend(["--timeout".to_string(), self.timeout.as_secs_f64().to_string()]);
            }
        }
        if let Some(path) = &self.expectations {
            args.extend(["--expectations".to_string(), path.display().to_string()]);
        }
        args
    }
}

/// `--timeout`'s default.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

fn parse_timeout(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if secs.is_nan() || secs <= 0.0 {
        return Err("the timeout must be more than 0 seconds".into());
    }
    // Timeouts are kept in milliseconds: a shorter one would be no time at all.
    if secs < 0.001 {
        return Err("the timeout must be at least 0.001 seconds".into());
    }
    Duration::try_from_secs_f64(secs).map_err(|e| e.to_string())
}

/// What `run` ends with: success, failures (1) or a usage problem (2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Success,
    Failure,
    Usage,
}

/// Writes `text` to `path` whole or not at all: into a new file beside it, then renamed over it,
/// so that a full disk or a failed write leaves the old file as it was.
fn write_file(path: &Path, text: &str) -> Result<(), Status> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.mtg-conformance-{}", std::process::id()));
    let written = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| fs::rename(&tmp, path));
    written.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        eprintln!("error: cannot write {}: {e}", path.display());
        Status::Usage
    })
}

/// Checks, before a long run, that `path` (an output file given by `flag`) can be written: its
/// directory exists and it is not a directory; an existing file is left as it is.
fn check_writable(flag: &str, path: &Path) -> Result<(), Status> {
    let fail = |why: String| {
        eprintln!("error: {flag} {}: {why}", path.display());
        Status::Usage
    };
    if path.is_dir() {
        return Err(fail("a directory, not a file".into()));
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(fail(format!("no directory {}", dir.display())));
    }
    // A file created and removed at once: the directory takes new files (as `write_file` needs).
    let probe = dir.join(format!(".mtg-conformance-probe-{}", std::process::id()));
    match fs::OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(fail(format!("cannot write into {}: {e}", dir.display()))),
    }
}

/// Standard output that keeps its first error (a full disk, a closed pipe): writes after it are
/// dropped, and the command fails with it at the end, so no report is lost without a word.
pub struct CheckedOut<W: Write> {
    inner: W,
    error: Option<io::Error>,
}

impl<W: Write> CheckedOut<W> {
    pub fn new(inner: W) -> Self {
        CheckedOut { inner, error: None }
    }

    /// Flushes; the first error met, if any.
    pub fn finish(mut self) -> Result<(), io::Error> {
        if self.error.is_none() {
            if let Err(e) = self.inner.flush() {
                self.error = Some(e);
            }
        }
        self.error.map_or(Ok(()), Err)
    }
}

impl<W: Write> Write for CheckedOut<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.error.is_none() {
            if let Err(e) = self.inner.write_all(buf) {
                self.error = Some(e);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.error.is_none() {
            if let Err(e) = self.inner.flush() {
                self.error = Some(e);
            }
        }
        Ok(())
    }
}

/// `mtg-conformance run`.
pub fn run(loaded: &Loaded, filter: Option<&str>, verbose: bool, options: &RunOptions) -> Status {
    match run_inner(loaded, filter, verbose, options) {
        Ok(status) | Err(status) => status,
    }
}

fn run_inner(
    loaded: &Loaded,
    filter: Option<&str>,
    verbose: bool,
    options: &RunOptions,
) -> Result<Status, Status> {
    let corpus = &loaded.corpus;
    let expectations = match &options.expectations {
        Some(path) => Expectations::load(path, corpus).map_err(|e| {
            eprintln!("error: {e}");
            Status::Usage
        })?,
        None => Expectations::default(),
    };
    // Output files are checked before the run, not after it: a bad path would lose the run.
    if let Some(path) = &options.junit {
        check_writable("--junit", path)?;
    }
    if let Some(path) = &options.save_expectations {
        check_writable("--save-expectations", path)?;
    }
    let runner = Runner::new(corpus)
        .filter(filter.unwrap_or_default())
        .features(options.features.iter().cloned())
        .expectations(&expectations)
        .shard(options.shard);
    if runner.selected().is_empty() && (filter.is_some() || !options.features.is_empty()) {
        match (filter, options.features.is_empty()) {
            (Some(f), true) => eprintln!("error: no case id matches `{f}`"),
            (Some(f), false) => {
                eprintln!("error: no case id matches `{f}` with the features asked for")
            }
            (None, _) => eprintln!("error: no case has the features asked for"),
        }
        return Ok(Status::Failure);
    }
    let mut start_failure: Option<String> = None;
    let mut engine: Box<dyn Engine> = match &options.engine {
        Some(command) => {
            let config = ExternalConfig::new(command.clone()).timeout(options.timeout);
            let mut external = ExternalEngine::new(config);
            if let Err(CaseReply::Faulted { message, .. }) = external.start() {
                // The run goes on: each case tries a new process, and records why it failed.
                let cause = protocol::start_failure_cause(&message).unwrap_or(&message);
                if options.format == Format::Json {
                    // Stdout is for machines then; a person at the terminal still learns why.
                    eprintln!("warning: the engine did not start: {}", report::printable(cause));
                }
                start_failure = Some(cause.to_string());
            }
            Box::new(external)
        }
        None => Box::new(ReferenceEngine::new()),
    };
    let info = engine.info();
    let color = options.format == Format::Human && report::color_enabled();
    let stdout = io::stdout();
    let mut out = CheckedOut::new(stdout.lock());
    if options.format == Format::Json {
        let _ = out.write_all(
            json::header_with(info.clone(), start_failure.clone(), runner.selected().len())
                .to_line()
                .as_bytes(),
        );
    } else if options.engine.is_some() {
        let _ = match &start_failure {
            // Not "<command> unknown": say what was run and why it is not an engine yet.
            Some(why) => writeln!(
                out,
                "engine: `{}` did not start: {}",
                report::printable(&info.name),
                report::printable(why)
            ),
            None => writeln!(
                out,
                "engine: {} {}",
                report::printable(&info.name),
                report::printable(&info.version)
            ),
        };
    }
    let progress = progress_bar(
        runner.selected().len(),
        !verbose && io::stderr().is_terminal(),
    );
    let jobs = options
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut on_case = |outcome: &crate::run::runner::CaseOutcome| {
        progress.inc(1);
        progress.set_message(outcome.id.clone());
        match options.format {
        Format::Json => {
            let record = json::case_record(corpus, outcome, &expectations);
            let _ = out.write_all(record.to_line().as_bytes());
        }
        Format::Human if verbose => {
            let _ = writeln!(out, "{}", report::progress_line(outcome, color));
        }
        Format::Human => {}
        }
    };
    let summary = if jobs > 1 {
        // One engine per worker; the one started above only said who it is.
        drop(engine);
        let factory = |command: &Option<String>| -> Box<dyn Engine + Send> {
            match command {
                Some(c) => Box::new(ExternalEngine::new(ExternalConfig::new(c.clone()).timeout(options.timeout))),
                None => Box::new(ReferenceEngine::new()),
            }
        };
        let make = || factory(&options.engine);
        crate::run::parallel::run_parallel(&runner, jobs, &make, &mut on_case)
    } else {
        let summary = runner.run_with(engine.as_mut(), &mut on_case);
        // Stop the engine before reporting, so its exit is not timed with the report.
        drop(engine);
        summary
    };
    progress.finish_and_clear();
    match options.format {
        Format::Json => {
            let _ = out.write_all(json::footer(&summary, &expectations).to_line().as_bytes());
        }
        Format::Human => {
            if verbose {
                let _ = writeln!(out);
            }
            let _ = out.write_all(
                report::run_report_rerun(
                    corpus,
                    &summary,
                    &expectations,
                    color,
                    &options.rerun_args(),
                    start_failure.as_deref(),
                )
                .as_bytes(),
            );
        }
    }
    if let Err(e) = out.finish() {
        eprintln!("error: cannot write the report to standard output: {e}");
        return Err(Status::Usage);
    }
    if let Some(path) = &options.junit {
        let suite = format!("{} {}", info.name, info.version);
        write_file(
            path,
            &junit::render(corpus, &summary, &expectations, &suite),
        )?;
    }
    if let Some(path) = &options.save_expectations {
        // Onto the file the run read its expectations from (or any other given): merged, so
        // that the entries outside this run's selection, and the reasons and comments of those
        // it left in their class, are kept.
        let base = match &options.expectations {
            Some(read) => Some(crate::files::read_regular_text(read, crate::files::MAX_EXPECTATIONS_FILE).map_err(|e| {
                eprintln!("error: {}: {e}", read.display());
                Status::Usage
            })?),
            None => None,
        };
        let text = Expectations::merge_run(base.as_deref(), &summary).map_err(|e| {
            eprintln!("error: --save-expectations: {e}");
            Status::Usage
        })?;
        write_file(path, &text)?;
    }
    Ok(
        if expectations.run_ok(&summary) && loaded.problems.is_empty() {
            Status::Success
        } else {
            Status::Failure
        },
    )
}

/// The progress of a run on stderr: a bar with the count, the elapsed time and the last case,
/// drawn only when `show` (stderr is a terminal and `-v` is off, so piped output and logs get
/// nothing extra) and ticking on its own, so a case that hangs still shows time passing.
pub fn progress_bar(cases: usize, show: bool) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(cases as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} [{elapsed}] {bar:30} {pos}/{len} cases  {wide_msg}")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// `mtg-conformance serve`: the reference engine as a protocol server on stdin/stdout.
pub fn serve() -> Status {
    let stdin = io::stdin();
    let stdout = io::stdout();
    match protocol::serve(
        &mut ReferenceEngine::new(),
        &mut stdin.lock(),
        &mut stdout.lock(),
    ) {
        Ok(()) => Status::Success,
        Err(e) => {
            eprintln!("error: {e}");
            Status::Failure
        }
    }
}

/// `mtg-conformance export`: the corpus as JSON lines on stdout.
pub fn export(loaded: &Loaded) -> Status {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if let Err(e) = out
        .write_all(crate::corpus::export::render(&loaded.corpus).as_bytes())
        .and_then(|()| out.flush())
    {
        eprintln!("error: cannot write to standard output: {e}");
        return Status::Usage;
    }
    if loaded.problems.is_empty() {
        Status::Success
    } else {
        Status::Failure
    }
}

/// `mtg-conformance report --html OUT_DIR REPORT...`: the compliance matrix of the reports (JSON
/// lines of `run --format json`) as a static site. A report that can't be read stops it before
/// anything is written (exit 2).
pub fn report_html(
    loaded: &Loaded,
    out_dir: &Path,
    reports: &[PathBuf],
    source_url: Option<String>,
) -> Status {
    let mut read = Vec::new();
    for path in reports {
        match crate::report::html::input::read(path) {
            Ok(r) => read.push(r),
            Err(e) => {
                eprintln!("error: {e}");
                return Status::Usage;
            }
        }
    }
    let options = crate::report::html::Options { source_url };
    let files = crate::report::html::build(&loaded.corpus, &read, &options);
    if let Err(e) = crate::report::html::write(out_dir, &files) {
        eprintln!("error: {e}");
        return Status::Usage;
    }
    let index = out_dir.join("index.html");
    let cases = files.iter().filter(|f| f.path.starts_with("cases/")).count();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let line = writeln!(
        out,
        "{} ({}, {})",
        report::display_path(&index),
        report::count(read.len(), "engine", "engines"),
        report::count(cases, "case page", "case pages"),
    );
    if let Err(e) = line.and_then(|()| out.flush()) {
        eprintln!("error: cannot write to standard output: {e}");
        return Status::Usage;
    }
    Status::Success
}

/// `mtg-conformance reach`: `scenarios` seeded scenarios through every invariant, then the
/// table of how often each was checked and armed and the closing line. Progress goes to stderr
/// every two seconds. Fails (1) if a scenario broke an invariant: that is a bug to report.
#[cfg(feature = "arbitrary")]
pub fn reach(scenarios: u64, seed: u64, bytes: usize, shard: crate::shard::Shard) -> Status {
    use crate::fuzzing::reach::{explore_shard, render};
    let start = std::time::Instant::now();
    let mut last = start;
    let threads = std::thread::available_parallelism().map(usize::from).unwrap_or(1);
    let mine = shard.len_below(scenarios);
    if shard != crate::shard::Shard::ALL {
        eprintln!("reach: shard {shard}: {} of {scenarios}", report::count(usize::try_from(mine).unwrap_or(usize::MAX), "scenario", "scenarios"));
    }
    let (counts, bug) = explore_shard(seed, scenarios, shard, bytes, threads, |done| {
        if last.elapsed().as_secs_f64() >= 2.0 {
            last = std::time::Instant::now();
            let of = report::count(usize::try_from(mine).unwrap_or(usize::MAX), "scenario", "scenarios");
            eprintln!("reach: {done}/{of}, {:.0} s", start.elapsed().as_secs_f64());
        }
    });
    let text = render(&counts, start.elapsed().as_secs_f64());
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if let Some((i, v)) = &bug {
        let _ = writeln!(out, "scenario {i} (seed {seed}): {v}");
    }
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    if bug.is_some() {
        Status::Failure
    } else {
        Status::Success
    }
}

/// `mtg-conformance compare OLD NEW`: per case, improved, regressed, added, removed, changed or
/// unchanged between two JSON reports. Fails (1) when a case regressed; a report that can't be
/// read is a usage error (2), naming the file.
pub fn compare(old: &Path, new: &Path, format: Format) -> Status {
    let mut read = Vec::new();
    for path in [old, new] {
        match crate::report::html::input::read(path) {
            Ok(r) => {
                // Cases a cut-short report never reached read as removed or added: say so.
                if r.footer.is_none() {
                    eprintln!(
                        "warning: {}: the run did not finish (no footer{}): cases it did not reach count as removed or added",
                        path.display(),
                        if r.truncated { ", last line cut off" } else { "" }
                    );
                }
                if let Some(why) = &r.engine_error {
                    eprintln!(
                        "warning: {}: the engine did not start: {}",
                        path.display(),
                        report::printable(why)
                    );
                }
                read.push(r);
            }
            Err(e) => {
                eprintln!("error: {e}");
                return Status::Usage;
            }
        }
    }
    let (old, new) = (&read[0], &read[1]);
    let comparison = crate::report::compare::compare(old, new);
    let text = match format {
        Format::Human => comparison.render(old, new),
        Format::Json => format!("{}\n", comparison.to_json(old, new)),
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        eprintln!("error: cannot write to standard output: {e}");
        return Status::Usage;
    }
    if comparison.regressed() {
        Status::Failure
    } else {
        Status::Success
    }
}
