//! The run record (`diff-run.toml` in a `--out` directory) and `diff merge`.
//!
//! A run's triage files are merged by signature, which loses which groups (scenarios with the
//! same kind of difference, [`super::Mismatch::key`]) each came from. The record keeps them: the
//! run's counts and, per group, its first scenario, how many showed it, and its minimized
//! finding. `diff merge` joins the records of the shards of one campaign (`--shard K/N`, same
//! seed and engine) as one run would have folded them: per group the earliest first scenario
//! (whose minimization is the one a single run makes, minimization being deterministic without
//! `--time`) and the summed counts, then merged by signature, largest first, and the triage
//! files written from that. So N shards plus `merge` write the files one run on the same seed
//! writes, for runs bounded by `--scenarios` whose groups stay under [`super::MAX_GROUPS`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::corpus::case::{Setup, Step};
use crate::shard::Shard;

use super::compare::Mismatch;
use super::script::Script;
use super::{DiffConfig, DiffSummary, Finding};

/// The record's file name in a `--out` directory.
pub const RECORD: &str = "diff-run.toml";

/// Why `diff merge` could not join the directories.
#[derive(Debug, Error)]
pub enum MergeError {
    #[error("{}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{}: not a run record of `mtg-conformance diff --out`: {message}", path.display())]
    Parse { path: PathBuf, message: String },
    #[error("{}: {what} is {theirs}, but {} has {ours}: only the shards of one campaign merge", path.display(), first.display())]
    Mismatch { path: PathBuf, first: PathBuf, what: &'static str, ours: String, theirs: String },
    #[error("{}: shard {shard} is also in {}: a shard merged twice would count its scenarios twice", path.display(), other.display())]
    Duplicate { path: PathBuf, other: PathBuf, shard: String },
    #[error("no directory to merge")]
    Empty,
}

/// A group: the scenarios with one kind of difference.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupRecord {
    /// The grouping key ([`Mismatch::key`]).
    pub key: String,
    /// An acceptance difference (counted as `rejected`) rather than an observation.
    pub rejected: bool,
    /// The campaign index of its first scenario.
    pub first: usize,
    /// How many scenarios showed it.
    pub scenarios: usize,
    pub signature: String,
    pub minimized: bool,
    pub mismatch: Mismatch,
    /// The minimized scenario: its setup and actions.
    pub setup: Setup,
    #[serde(rename = "step")]
    pub steps: Vec<Step>,
}

/// The counts of a run (or of merged shards).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Counts {
    pub scenarios: usize,
    pub compared: usize,
    pub disagreements: usize,
    pub rejected: usize,
    pub skipped: usize,
    pub crashed: usize,
    pub unkept: usize,
    pub harness_errors: usize,
    #[serde(default)]
    pub skip_reasons: BTreeMap<String, usize>,
}

/// `diff-run.toml`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    pub engine: String,
    pub seed: u64,
    pub minimize_budget: usize,
    /// The shards it holds (`1/1` for one whole run; several after a merge).
    pub shards: Vec<String>,
    pub counts: Counts,
    #[serde(default, rename = "group")]
    pub groups: Vec<GroupRecord>,
}

impl GroupRecord {
    pub fn new(key: String, f: &Finding) -> GroupRecord {
        GroupRecord {
            key,
            rejected: f.rejected,
            first: f.first,
            scenarios: f.scenarios,
            signature: f.signature.clone(),
            minimized: f.minimized,
            mismatch: f.mismatch.clone(),
            setup: f.script.setup.clone(),
            steps: f.script.actions.iter().cloned().map(Step::Action).collect(),
        }
    }

    fn finding(&self) -> Finding {
        let actions = self.steps.iter().filter_map(|s| if let Step::Action(a) = s { Some(a.clone()) } else { None }).collect();
        Finding {
            signature: self.signature.clone(),
            mismatch: self.mismatch.clone(),
            script: Script { setup: self.setup.clone(), actions },
            scenarios: self.scenarios,
            first: self.first,
            rejected: self.rejected,
            minimized: self.minimized,
        }
    }
}

impl RunRecord {
    /// The record of one run: its counts and its groups (each minimized as found, before the
    /// merge by signature), sorted by key so that the file doesn't depend on `--jobs`.
    pub fn of(config: &DiffConfig, summary: &DiffSummary, mut groups: Vec<GroupRecord>) -> RunRecord {
        groups.sort_by(|a, b| (a.rejected, &a.key).cmp(&(b.rejected, &b.key)));
        RunRecord {
            engine: config.engine_name.clone(),
            seed: config.seed,
            minimize_budget: config.minimize_budget,
            shards: vec![config.shard.to_string()],
            counts: Counts {
                scenarios: summary.scenarios,
                compared: summary.compared,
                disagreements: summary.disagreements,
                rejected: summary.rejected,
                skipped: summary.skipped,
                crashed: summary.crashed,
                unkept: summary.unkept,
                harness_errors: summary.harness_error_count,
                skip_reasons: summary.skip_reasons.clone(),
            },
            groups,
        }
    }

    pub fn to_toml(&self) -> Result<String, String> {
        toml::to_string(self).map_err(|e| e.to_string())
    }

    pub fn read(dir: &Path) -> Result<RunRecord, MergeError> {
        let path = dir.join(RECORD);
        let text = crate::files::read_regular_text(&path, crate::files::MAX_RUN_RECORD).map_err(|source| MergeError::Read { path: path.clone(), source })?;
        toml::from_str(&text).map_err(|e| MergeError::Parse { path, message: e.to_string() })
    }

    /// The findings, merged by signature as a run merges them: per signature the finding of the
    /// largest group (the earliest first scenario on a tie), with every group's scenarios added.
    pub fn findings(&self) -> Vec<Finding> {
        let mut ranked: Vec<&GroupRecord> = self.groups.iter().collect();
        ranked.sort_by_key(|g| (std::cmp::Reverse(g.scenarios), g.first));
        let mut found: Vec<Finding> = Vec::new();
        for g in ranked {
            match found.iter_mut().find(|f| f.signature == g.signature) {
                Some(f) => f.scenarios += g.scenarios,
                None => found.push(g.finding()),
            }
        }
        found
    }

    /// The summary a run with these counts and groups prints.
    pub fn summary(&self) -> DiffSummary {
        let c = &self.counts;
        DiffSummary {
            scenarios: c.scenarios,
            compared: c.compared,
            disagreements: c.disagreements,
            rejected: c.rejected,
            skipped: c.skipped,
            crashed: c.crashed,
            harness_error_count: c.harness_errors,
            skip_reasons: c.skip_reasons.clone(),
            unkept: c.unkept,
            findings: self.findings(),
            ..DiffSummary::default()
        }
    }
}

/// Joins the records of `dirs` (the shards of one campaign) into one.
pub fn merge(dirs: &[PathBuf]) -> Result<RunRecord, MergeError> {
    let mut records = Vec::new();
    for dir in dirs {
        records.push((dir.clone(), RunRecord::read(dir)?));
    }
    let Some((first_dir, first)) = records.first() else { return Err(MergeError::Empty) };
    let mut seen: BTreeMap<String, PathBuf> = BTreeMap::new();
    for (dir, r) in &records {
        let check = |what: &'static str, ours: String, theirs: String| {
            if ours == theirs {
                Ok(())
            } else {
                Err(MergeError::Mismatch { path: dir.join(RECORD), first: first_dir.join(RECORD), what, ours, theirs })
            }
        };
        check("the engine", first.engine.clone(), r.engine.clone())?;
        check("the seed", first.seed.to_string(), r.seed.to_string())?;
        check("the minimization budget", first.minimize_budget.to_string(), r.minimize_budget.to_string())?;
        // N of the first shard a record holds ("K/N"; the text itself if it isn't one).
        let count = |r: &RunRecord| r.shards.first().map(|s| s.parse::<Shard>().map_or_else(|_| s.clone(), |s| s.count().to_string())).unwrap_or_default();
        check("the number of shards", count(first), count(r))?;
        for s in &r.shards {
            if let Some(other) = seen.insert(s.clone(), dir.clone()) {
                return Err(MergeError::Duplicate { path: dir.join(RECORD), other, shard: s.clone() });
            }
        }
    }
    let mut merged = RunRecord { shards: Vec::new(), counts: Counts::default(), groups: Vec::new(), ..first.clone() };
    let mut groups: BTreeMap<(bool, String), GroupRecord> = BTreeMap::new();
    for (_, r) in &records {
        merged.shards.extend(r.shards.iter().cloned());
        let (m, c) = (&mut merged.counts, &r.counts);
        m.scenarios += c.scenarios;
        m.compared += c.compared;
        m.disagreements += c.disagreements;
        m.rejected += c.rejected;
        m.skipped += c.skipped;
        m.crashed += c.crashed;
        m.unkept += c.unkept;
        m.harness_errors += c.harness_errors;
        for (why, n) in &c.skip_reasons {
            let key = if m.skip_reasons.contains_key(why) || m.skip_reasons.len() < super::MAX_REASONS { why.clone() } else { super::OTHER_REASONS.to_string() };
            *m.skip_reasons.entry(key).or_default() += n;
        }
        for g in &r.groups {
            match groups.get_mut(&(g.rejected, g.key.clone())) {
                Some(kept) => {
                    let total = kept.scenarios + g.scenarios;
                    if g.first < kept.first {
                        *kept = g.clone();
                    }
                    kept.scenarios = total;
                }
                None => {
                    groups.insert((g.rejected, g.key.clone()), g.clone());
                }
            }
        }
    }
    merged.shards.sort_by_key(|s| s.parse::<Shard>().map(|s| s.index()).unwrap_or(u64::MAX));
    merged.groups = groups.into_values().collect();
    Ok(merged)
}
