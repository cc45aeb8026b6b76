//! The `mtg-conformance` command: `run`, `lint` and `coverage` over a rulings corpus.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use mtg_conformance::corpus::{Corpus, Loaded};
use mtg_conformance::coverage::coverage;
use mtg_conformance::lint;
use mtg_conformance::reference::ReferenceEngine;
use mtg_conformance::report::{self, display_path};
use mtg_conformance::runner::Runner;

/// Ruling-by-ruling conformance suite for Magic: The Gathering rules engines.
#[derive(Debug, Parser)]
#[command(name = "mtg-conformance", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the corpus (or the cases FILTER selects) against the reference engine.
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
    },
    /// Check the corpus: schema, ids, covers, cards, refs, steps, verbs, classes, mana strings.
    Lint {
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
    },
    /// List every source with the cases covering it, then the uncovered ones.
    Coverage {
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Exit with status 1 when a source is uncovered.
        #[arg(long)]
        deny_uncovered: bool,
    },
}

/// `rulings/` in the current directory or an ancestor, else the corpus beside this crate.
fn default_corpus() -> PathBuf {
    if let Ok(cwd) = std::env::current_dir() {
        for dir in cwd.ancestors() {
            let candidate = dir.join("rulings");
            if candidate.is_dir() {
                return candidate;
            }
        }
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).join("rulings")
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
        } => run(corpus, verbose, filter),
        Command::Lint { corpus } => lint_cmd(corpus),
        Command::Coverage {
            corpus,
            deny_uncovered,
        } => coverage_cmd(corpus, deny_uncovered),
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

fn run(
    corpus: Option<PathBuf>,
    verbose: bool,
    filter: Option<String>,
) -> Result<ExitCode, ExitCode> {
    let loaded = load(corpus)?;
    for p in &loaded.problems {
        eprintln!("{}", print_problem(p));
    }
    if !loaded.problems.is_empty() {
        eprintln!(
            "warning: {} corpus file(s) did not load; run `mtg-conformance lint`",
            loaded.problems.len()
        );
    }
    let color = report::color_enabled();
    let runner = Runner::new(&loaded.corpus).filter(filter.clone().unwrap_or_default());
    if let (Some(f), true) = (&filter, runner.selected().is_empty()) {
        eprintln!("error: no case id matches `{f}`");
        return Ok(ExitCode::from(1));
    }
    let mut engine = ReferenceEngine::new();
    let summary = runner.run_with(&mut engine, &mut |outcome| {
        if verbose {
            println!("{}", report::progress_line(outcome, color));
        }
    });
    if verbose {
        println!();
    }
    print!("{}", report::run_report(&loaded.corpus, &summary, color));
    Ok(if summary.success() && loaded.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn lint_cmd(corpus: Option<PathBuf>) -> Result<ExitCode, ExitCode> {
    let loaded = load(corpus)?;
    let problems = lint::lint(&loaded);
    for p in &problems {
        println!("{}", print_problem(p));
    }
    let c = &loaded.corpus;
    println!(
        "{} problem(s) in {} sources, {} cards, {} cases",
        problems.len(),
        c.sources.len(),
        c.cards.len(),
        c.cases.len()
    );
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn coverage_cmd(corpus: Option<PathBuf>, deny_uncovered: bool) -> Result<ExitCode, ExitCode> {
    let loaded = load(corpus)?;
    for p in &loaded.problems {
        eprintln!("{}", print_problem(p));
    }
    let cov = coverage(&loaded.corpus);
    print!("{}", cov.render());
    let uncovered = cov.uncovered().count();
    Ok(if deny_uncovered && uncovered > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
