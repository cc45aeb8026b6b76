//! Every case of `rulings/` as its own test against the reference engine, plus a lint of the
//! whole corpus: `cargo test -p mtg-conformance --test corpus -- <case id>` runs one case.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};

use mtg_conformance::corpus::{Corpus, Loaded};
use mtg_conformance::run::judge::Verdict;
use mtg_conformance::corpus::lint::lint;
use mtg_conformance::run::reference::ReferenceEngine;
use mtg_conformance::report::case_report;
use mtg_conformance::run::runner::{run_case, CaseOutcome};

fn lint_trial(loaded: Arc<Loaded>) -> Trial {
    Trial::test("lint", move || {
        let problems = lint(&loaded);
        if problems.is_empty() {
            return Ok(());
        }
        let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
        Err(Failed::from(format!(
            "{}:\n{}",
            mtg_conformance::report::count(problems.len(), "lint problem", "lint problems"),
            lines.join("\n")
        )))
    })
}

/// One case as a test. A case the reference engine skips (it says it can't express it) is
/// listed as ignored, as `mtg-conformance run` counts it skipped rather than failed.
fn case_trial(loaded: Arc<Loaded>, index: usize) -> Trial {
    let id = loaded.corpus.cases[index].item.id.clone();
    let skipped = matches!(
        run_case(
            &mut ReferenceEngine::new(),
            &loaded.corpus.cases[index].item
        ),
        Verdict::Skipped { .. }
    );
    Trial::test(id.clone(), move || {
        let corpus = &loaded.corpus;
        // With the listing check (mtg_conformance::run::listing_check): the corpus also pins down
        // what the reference's `legal_actions` offers.
        let verdict = run_case(&mut ReferenceEngine::checking_listing(), &corpus.cases[index].item);
        let outcome = CaseOutcome {
            index,
            id,
            verdict,
            // A test reports verdicts, not timings (those are benchmarks' business).
            elapsed: Duration::ZERO,
        };
        match &outcome.verdict {
            Verdict::Passed | Verdict::Skipped { .. } => Ok(()),
            Verdict::Failed(_) | Verdict::Errored { .. } | Verdict::Faulted { .. } => {
                Err(Failed::from(case_report(corpus, &outcome, false)))
            }
        }
    })
    .with_ignored_flag(skipped)
}

fn main() {
    let args = Arguments::from_args();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = manifest.parent().unwrap_or(manifest).join("rulings");
    let trials = match Corpus::load(&dir) {
        Err(e) => {
            let message = e.to_string();
            vec![Trial::test("lint", move || {
                Err(Failed::from(message.clone()))
            })]
        }
        Ok(loaded) => {
            let loaded = Arc::new(loaded);
            let mut trials = vec![lint_trial(Arc::clone(&loaded))];
            trials
                .extend((0..loaded.corpus.cases.len()).map(|i| case_trial(Arc::clone(&loaded), i)));
            trials
        }
    };
    libtest_mimic::run(&args, trials).exit();
}
