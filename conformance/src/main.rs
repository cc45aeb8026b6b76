//! The `mtg-conformance` command: `run`, `lint` and `coverage` over a rulings corpus; `serve`
//! and `export` for engines in other processes and languages.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use mtg_conformance::corpus::{Corpus, Loaded};
use mtg_conformance::corpus::coverage::coverage;
use mtg_conformance::corpus::cr::{cr_coverage, CrIndex};
use mtg_conformance::corpus::lint;
use mtg_conformance::report::{count, display_path};

/// See `mimalloc` in Cargo.toml: about a fifth fewer instructions for the whole run.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Ruling-by-ruling conformance suite for Magic: The Gathering rules engines.
#[derive(Debug, Parser)]
#[command(name = "mtg-conformance", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the corpus (or the cases FILTER selects) against the reference engine, or an external
    /// engine with --engine.
    Run {
        /// The corpus directory [default: `rulings/` found upwards from here, else the one this
        /// binary was built from].
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Print one line per case.
        #[arg(short, long)]
        verbose: bool,
        /// A case id (runs that case), or part of ids (runs every case whose id contains it).
        filter: Option<String>,
        #[command(flatten)]
        options: mtg_conformance::cli::RunOptions,
    },
    /// Serve the reference engine over the JSON-lines protocol on stdin/stdout
    /// (rulings/PROTOCOL.md): `run --engine "mtg-conformance serve"`.
    Serve,
    /// Print the corpus as JSON lines: a header with the format version, then one line per case
    /// with the sources it covers and the cards it uses (rulings/schema/export.schema.json).
    Export {
        /// The corpus directory [default: `rulings/` found upwards from here, else the one this
        /// binary was built from].
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
    },
    /// Build the compliance matrix, a static site (offline, from file://), from JSON reports of
    /// `run --format json` of any engines: `report --html target/site ref.jsonl phase.jsonl`.
    Report {
        /// The directory to write the site into (created if needed).
        #[arg(long, value_name = "OUT_DIR", required = true)]
        html: PathBuf,
        /// The reports, one per engine: each becomes a column.
        #[arg(value_name = "REPORT.jsonl", required = true)]
        reports: Vec<PathBuf>,
        /// The corpus the reports ran, for titles, source texts, setups and scripts
        /// [default: as for `run`].
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// The URL of the corpus directory that case pages link their files under
        /// (e.g. a repository's `blob/<commit>/rulings`) [default: the corpus as file://].
        #[arg(long, value_name = "URL")]
        source_url: Option<String>,
    },
    /// Compare two JSON reports of `run --format json` case by case (improved, regressed, added,
    /// removed, changed, unchanged, with the sources each covers); exit 1 when a case that passed
    /// in OLD fails or errors in NEW.
    Compare {
        /// The earlier report (e.g. the main branch's).
        #[arg(value_name = "OLD.jsonl")]
        old: PathBuf,
        /// The later report (e.g. the pull request's).
        #[arg(value_name = "NEW.jsonl")]
        new: PathBuf,
        /// `human`: a summary line, then the regressed, improved and changed cases; or `json`:
        /// one object with both engines, the counts and every case.
        #[arg(long, value_enum, default_value_t = mtg_conformance::cli::Format::Human)]
        format: mtg_conformance::cli::Format,
    },
    /// Check the corpus: schema, ids, covers, cards, refs, steps, verbs, classes, mana strings.
    Lint {
        /// The corpus directory [default: `rulings/` found upwards from here, else the one this
        /// binary was built from].
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
    },
    /// List every source with the cases covering it, then the uncovered ones, then the CR
    /// coverage table: per CR section, the paragraphs quoted by a covered source and the
    /// Examples covered by a case.
    Coverage {
        /// The corpus directory [default: `rulings/` found upwards from here, else the one this
        /// binary was built from].
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Exit with status 1 when a source is uncovered.
        #[arg(long)]
        deny_uncovered: bool,
        /// `human`, or `json`: one object with `sources` (each with its cases) and `cr` (the
        /// table, its totals and the covered Examples).
        #[arg(long, value_enum, default_value_t = mtg_conformance::cli::Format::Human)]
        format: mtg_conformance::cli::Format,
    },
    /// Turn a fuzz artifact into a readable regression case in rulings/regressions/: replay it to
    /// the first broken invariant, minimize it, and state what the broken rule requires.
    #[cfg(feature = "arbitrary")]
    Regress {
        /// The artifact, e.g. fuzz/artifacts/board_actions/crash-<hash>.
        artifact: PathBuf,
        /// The fuzz target that wrote it.
        #[arg(long, default_value = "board_actions")]
        target: String,
        /// The corpus directory the case is written to [default: `rulings/` found upwards from
        /// here; none found is an error]. An existing file is never replaced.
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Print the case instead of writing it.
        #[arg(long)]
        print: bool,
    },
    /// Run seeded generated scenarios through every invariant and report how often each was
    /// armed (its precondition held) and the deepest states reached.
    #[cfg(feature = "arbitrary")]
    Reach {
        /// How many scenarios.
        #[arg(long, default_value_t = 10_000)]
        scenarios: u64,
        /// The seed: the same seed gives the same scenarios.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// At most this many bytes per scenario (each has between half and all of them).
        #[arg(long, default_value_t = mtg_conformance::fuzzing::reach::DEFAULT_BYTES)]
        bytes: usize,
        /// Run only shard K of N: the scenarios below --scenarios whose index is K - 1 mod N
        /// (the N shards' counts add up to one run's).
        #[arg(long, value_name = "K/N", default_value_t = mtg_conformance::shard::Shard::ALL)]
        shard: mtg_conformance::shard::Shard,
    },
    /// Differential testing: run generated scenarios on the reference engine and on --engine,
    /// compare every observation, minimize and dedupe the differences, write triage files.
    #[cfg(feature = "arbitrary")]
    Diff(mtg_conformance::fuzzing::diff::command::DiffCli),
}

/// `rulings/` in the current directory or an ancestor, else the corpus beside this crate.
fn default_corpus() -> PathBuf {
    found_corpus().unwrap_or_else(|| {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        manifest.parent().unwrap_or(manifest).join("rulings")
    })
}

/// `rulings/` in the current directory or an ancestor.
fn found_corpus() -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok()?;
    cwd.ancestors().map(|dir| dir.join("rulings")).find(|candidate| candidate.is_dir())
}

fn load(corpus: Option<PathBuf>) -> Result<Loaded, ExitCode> {
    let dir = corpus.unwrap_or_else(default_corpus);
    Corpus::load(&dir).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run {
            corpus,
            verbose,
            filter,
            options,
        } => {
            let options = mtg_conformance::cli::RunOptions {
                corpus: corpus.clone(),
                ..options
            };
            run(corpus, verbose, filter, &options)
        }
        Command::Serve => Ok(exit(mtg_conformance::cli::serve())),
        Command::Export { corpus } => load(corpus).map(|loaded| {
            for p in &loaded.problems {
                eprintln!("{}", print_problem(p));
            }
            exit(mtg_conformance::cli::export(&loaded))
        }),
        Command::Report {
            html,
            reports,
            corpus,
            source_url,
        } => load(corpus).map(|loaded| {
            for p in &loaded.problems {
                eprintln!("{}", print_problem(p));
            }
            exit(mtg_conformance::cli::report_html(
                &loaded, &html, &reports, source_url,
            ))
        }),
        Command::Compare { old, new, format } => {
            Ok(exit(mtg_conformance::cli::compare(&old, &new, format)))
        }
        Command::Lint { corpus } => lint_cmd(corpus),
        Command::Coverage {
            corpus,
            deny_uncovered,
            format,
        } => coverage_cmd(corpus, deny_uncovered, format),
        #[cfg(feature = "arbitrary")]
        Command::Regress { artifact, target, corpus, print } => {
            // Written only where the user points: --corpus, or a rulings/ here or above; never
            // into the checkout this binary was built from.
            match corpus.or_else(found_corpus) {
                Some(dir) => Ok(ExitCode::from(mtg_conformance::fuzzing::invariants::regress::command(&artifact, &target, &dir, print))),
                None if print => Ok(ExitCode::from(mtg_conformance::fuzzing::invariants::regress::command(&artifact, &target, Path::new("rulings"), print))),
                None => {
                    eprintln!("error: no rulings/ in this directory or above it: give --corpus DIR (or --print)");
                    Err(ExitCode::from(2))
                }
            }
        }
        #[cfg(feature = "arbitrary")]
        Command::Reach { scenarios, seed, bytes, shard } => Ok(exit(mtg_conformance::cli::reach(scenarios, seed, bytes, shard))),
        Command::Diff(args) => Ok(ExitCode::from(mtg_conformance::fuzzing::diff::command::command(&args))),
    };
    result.unwrap_or_else(|code| code)
}

fn print_problem(p: &mtg_conformance::corpus::Problem) -> String {
    format!(
        "{}:{}:{}: {}",
        display_path(&p.path),
        p.line,
        p.col,
        p.message
    )
}

fn exit(status: mtg_conformance::cli::Status) -> ExitCode {
    use mtg_conformance::cli::Status;
    match status {
        Status::Success => ExitCode::SUCCESS,
        Status::Failure => ExitCode::from(1),
        Status::Usage => ExitCode::from(2),
    }
}

fn run(
    corpus: Option<PathBuf>,
    verbose: bool,
    filter: Option<String>,
    options: &mtg_conformance::cli::RunOptions,
) -> Result<ExitCode, ExitCode> {
    let loaded = load(corpus)?;
    // A corpus with a lint problem never gives a green run: the cases still run (so one typo
    // doesn't hide the rest), but the run fails and says why first.
    let problems = lint::lint(&loaded);
    for p in &problems {
        eprintln!("{}", print_problem(p));
    }
    if !problems.is_empty() {
        eprintln!(
            "error: the corpus has {} (listed above; `mtg-conformance lint` lists them too), so this run fails",
            count(problems.len(), "lint problem", "lint problems")
        );
    }
    let status = mtg_conformance::cli::run(&loaded, filter.as_deref(), verbose, options);
    Ok(exit(match status {
        mtg_conformance::cli::Status::Success if !problems.is_empty() => {
            mtg_conformance::cli::Status::Failure
        }
        other => other,
    }))
}

/// Writes `text` to stdout; a write error (a full disk, a closed pipe) fails the command (exit 2)
/// with a message, rather than a panic.
fn emit(text: &str) -> Result<(), ExitCode> {
    use std::io::Write;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(|e| {
        eprintln!("error: cannot write to standard output: {e}");
        ExitCode::from(2)
    })
}

fn lint_cmd(corpus: Option<PathBuf>) -> Result<ExitCode, ExitCode> {
    let loaded = load(corpus)?;
    let problems = lint::lint(&loaded);
    let mut text = String::new();
    for p in &problems {
        text.push_str(&print_problem(p));
        text.push('\n');
    }
    let c = &loaded.corpus;
    text.push_str(&format!(
        "{} in {}, {}, {}\n",
        count(problems.len(), "problem", "problems"),
        count(c.sources.len(), "source", "sources"),
        count(c.cards.len(), "card", "cards"),
        count(c.cases.len(), "case", "cases")
    ));
    emit(&text)?;
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn coverage_cmd(
    corpus: Option<PathBuf>,
    deny_uncovered: bool,
    format: mtg_conformance::cli::Format,
) -> Result<ExitCode, ExitCode> {
    let loaded = load(corpus)?;
    for p in &loaded.problems {
        eprintln!("{}", print_problem(p));
    }
    let index = CrIndex::embedded().map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })?;
    let cov = coverage(&loaded.corpus);
    let cr = cr_coverage(&loaded.corpus, &index);
    match format {
        mtg_conformance::cli::Format::Human => emit(&format!("{}\n{}", cov.render(), cr.render()))?,
        mtg_conformance::cli::Format::Json => emit(&format!("{}\n", cov.to_json(&cr)))?,
    }
    let uncovered = cov.uncovered().count();
    Ok(if deny_uncovered && uncovered > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
