//! `mtg-conformance lint`: every check of `rulings/README.md` ("What `lint` checks").
//!
//! Schema problems (unknown keys, wrong types, unknown step names, verbs, classes, bad mana
//! strings) are found while loading; this module adds the cross-reference checks: duplicate ids,
//! `covers` naming unknown sources or nothing, unknown card names, refs used but not defined or
//! defined twice, and the shape of sources and zone queries. Each problem is located at the
//! value it is about.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::corpus::case::{
    Action, Case, Check, Expect, Expected, ObjectField, Player, SourceKind, StackField, Step,
    TurnStep, Value, Verb, Zone,
};
use crate::corpus::cr::{self, CrIndex};
use crate::corpus::features;
use crate::corpus::locate::{line_col, Seg};
use crate::corpus::{Corpus, CorpusError, FileKind, Loaded, Located, Problem};

/// Loads the corpus at `dir` and lints it.
pub fn lint_dir(dir: impl AsRef<Path>) -> Result<Vec<Problem>, CorpusError> {
    Ok(lint(&Corpus::load(dir)?))
}

/// Every problem of a loaded corpus (load problems included), sorted by file and position.
pub fn lint(loaded: &Loaded) -> Vec<Problem> {
    let mut l = Linter {
        corpus: &loaded.corpus,
        problems: loaded.problems.clone(),
        cr_index: CrIndex::embedded(),
    };
    l.files();
    l.sources();
    l.cards();
    let known_sources: BTreeSet<&str> = loaded
        .corpus
        .sources
        .iter()
        .map(|s| s.item.id.as_str())
        .collect();
    let mut first_case: BTreeMap<&str, String> = BTreeMap::new();
    for case in &loaded.corpus.cases {
        let base = [Seg::Key("case"), Seg::Index(case.index)];
        let id = case.item.id.as_str();
        if let Some(first) = first_case.get(id) {
            let msg = format!("duplicate case id `{id}` (first at {first})");
            l.report(&case.path, &[&base[..], &[Seg::Key("id")]].concat(), msg);
        } else {
            first_case.insert(id, case.position());
        }
        CaseLint {
            l: &mut l,
            path: &case.path,
            base: &base,
            case: &case.item,
            known_sources: &known_sources,
        }
        .run();
    }
    let mut problems = l.problems;
    problems.sort();
    problems.dedup();
    problems
}

/// How many of `items` come from the file at `path`.
fn count_in<T>(items: &[Located<T>], path: &Path) -> usize {
    items.iter().filter(|i| i.path == path).count()
}

struct Linter<'c> {
    corpus: &'c Corpus,
    problems: Vec<Problem>,
    cr_index: Result<CrIndex, cr::IndexError>,
}

impl Linter<'_> {
    /// Where `segs` is in the file at `path`, in the document parsed while loading (a file the
    /// corpus doesn't hold is empty: line 1, column 1).
    fn position(&self, path: &Path, segs: &[Seg<'_>]) -> (usize, usize) {
        let text = self.corpus.text(path).unwrap_or("");
        match self.corpus.doc(path) {
            Some(doc) => doc.line_col(text, doc.locate(segs).unwrap_or(0)),
            None => line_col(text, 0),
        }
    }

    fn report(&mut self, path: &Path, segs: &[Seg<'_>], message: String) {
        let (line, col) = self.position(path, segs);
        self.problems.push(Problem {
            path: path.to_path_buf(),
            line,
            col,
            message,
        });
    }

    fn files(&mut self) {
        if !self.corpus.has_cards_file {
            self.problems.push(Problem {
                path: self.corpus.root.join("cards.toml"),
                line: 1,
                col: 1,
                message: "file not found: every card the corpus uses must be listed in cards.toml"
                    .into(),
            });
        }
        // A data file with no item is a mistake (a file emptied by accident, items written
        // under the wrong table name would be a schema problem): it would otherwise pass
        // silently, its cases never run. A file that failed to load is already reported.
        let corpus = self.corpus;
        for (path, _) in corpus.texts.iter() {
            let rel = path.strip_prefix(&corpus.root).unwrap_or(path);
            let (table, items) = match FileKind::of(rel) {
                Some(FileKind::Sources) => ("source", count_in(&corpus.sources, path)),
                Some(FileKind::Cards) => ("card", count_in(&corpus.cards, path)),
                Some(FileKind::Cases) => ("case", count_in(&corpus.cases, path)),
                None => continue,
            };
            if items == 0 && !self.problems.iter().any(|p| p.path == *path) {
                self.problems.push(Problem {
                    path: path.clone(),
                    line: 1,
                    col: 1,
                    message: format!(
                        "no `[[{table}]]` in this file: a {table} file holds at least one {table} (delete the file if it is meant to have none)"
                    ),
                });
            }
        }
    }

    fn sources(&mut self) {
        let mut first: BTreeMap<&str, String> = BTreeMap::new();
        for s in &self.corpus.sources {
            let base = [Seg::Key("source"), Seg::Index(s.index)];
            let at = |key: &'static str| [base[0], base[1], Seg::Key(key)];
            let src = &s.item;
            if let Some(f) = first.get(src.id.as_str()) {
                self.report(
                    &s.path,
                    &at("id"),
                    format!("duplicate source id `{}` (first at {f})", src.id),
                );
            } else {
                first.insert(&src.id, s.position());
            }
            match src.kind {
                SourceKind::Ruling => {
                    if src.card.is_none() {
                        self.report(&s.path, &base, format!("ruling `{}` needs `card`", src.id));
                    }
                    match &src.date {
                        None => {
                            self.report(&s.path, &base, format!("ruling `{}` needs `date`", src.id))
                        }
                        Some(d) if !is_date(d) => self.report(
                            &s.path,
                            &at("date"),
                            format!("date `{d}` is not YYYY-MM-DD"),
                        ),
                        Some(_) => {}
                    }
                }
                SourceKind::Cr => {
                    if src.card.is_some() {
                        self.report(&s.path, &at("card"), "`card` is for rulings only".into());
                    }
                    if src.date.is_some() {
                        self.report(&s.path, &at("date"), "`date` is for rulings only".into());
                    }
                    if let Ok(index) = &self.cr_index {
                        for (seg, msg) in cr_source_problems(src, index) {
                            self.report(&s.path, &at(seg), msg);
                        }
                    }
                }
            }
            if src.text.trim().is_empty() {
                self.report(
                    &s.path,
                    &at("text"),
                    format!("source `{}` has no text", src.id),
                );
            }
        }
    }

    fn cards(&mut self) {
        let mut first: BTreeMap<&str, String> = BTreeMap::new();
        for c in &self.corpus.cards {
            let name = c.item.name.as_str();
            if let Some(f) = first.get(name) {
                let segs = [Seg::Key("card"), Seg::Index(c.index), Seg::Key("name")];
                self.report(
                    &c.path,
                    &segs,
                    format!("card `{name}` is listed twice (first at {f})"),
                );
            } else {
                first.insert(name, c.position());
            }
        }
    }
}

fn is_date(d: &str) -> bool {
    let b = d.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
}

struct CaseLint<'a, 'c> {
    l: &'a mut Linter<'c>,
    path: &'a Path,
    base: &'a [Seg<'a>],
    case: &'a Case,
    known_sources: &'a BTreeSet<&'a str>,
}

impl<'a> CaseLint<'a, '_> {
    fn report(&mut self, tail: &[Seg<'_>], message: String) {
        let segs: Vec<Seg<'_>> = self
            .base
            .iter()
            .copied()
            .chain(tail.iter().copied())
            .collect();
        self.l.report(self.path, &segs, message);
    }

    fn run(&mut self) {
        let case = self.case;
        if case.covers.is_empty() {
            self.report(
                &[Seg::Key("covers")],
                format!(
                    "case `{}` covers no source (`covers` needs at least one source id)",
                    case.id
                ),
            );
        }
        for (i, id) in case.covers.iter().enumerate() {
            if !self.known_sources.contains(id.as_str()) {
                self.report(
                    &[Seg::Key("covers"), Seg::Index(i)],
                    format!("`covers` names unknown source `{id}`"),
                );
            }
        }
        self.features();
        if case.steps.is_empty() {
            self.report(
                &[Seg::Key("step")],
                format!("case `{}` has no steps", case.id),
            );
        }
        let refs = self.setup();
        for (k, step) in case.steps.iter().enumerate() {
            let mut uses: Vec<(Vec<Seg<'_>>, &str)> = Vec::new();
            match step {
                Step::Action(a) => {
                    action_refs(a, &mut uses);
                    self.distribution(k, a);
                }
                Step::Expect(e) => {
                    expect_refs(e, &mut uses);
                    self.conventions(k, e);
                    if let Expect::Zone(q) = e {
                        let problem = match (q.zone, q.owner, q.controller) {
                            (Zone::Battlefield, _, None) => {
                                Some("a battlefield query needs `controller`")
                            }
                            (Zone::Battlefield, Some(_), _) => {
                                Some("a battlefield query selects by `controller`, not `owner`")
                            }
                            (Zone::Battlefield, None, Some(_)) => None,
                            (_, None, _) => Some(
                                "a zone query needs `owner` (`controller` is for the battlefield)",
                            ),
                            (_, Some(_), Some(_)) => {
                                Some("a query of this zone selects by `owner`, not `controller`")
                            }
                            (_, Some(_), None) => None,
                        };
                        if let Some(msg) = problem {
                            self.report(
                                &[
                                    Seg::Key("step"),
                                    Seg::Index(k),
                                    Seg::Key("expect"),
                                    Seg::Key("zone"),
                                ],
                                msg.into(),
                            );
                        }
                    }
                }
            }
            for (tail, r) in uses {
                if !refs.contains(r) {
                    let segs: Vec<Seg<'_>> = [Seg::Key("step"), Seg::Index(k)]
                        .into_iter()
                        .chain(tail)
                        .collect();
                    let known: Vec<&str> = refs.iter().copied().collect();
                    let msg = if known.is_empty() {
                        format!("undefined ref `{r}` (this case defines no refs)")
                    } else {
                        format!(
                            "undefined ref `{r}` (this case defines {})",
                            known.join(", ")
                        )
                    };
                    self.report(&segs, msg);
                }
            }
        }
    }

    /// Feature tags: at least one, each from the documented list, and every tag the case's
    /// content implies (see [`features::implied`]).
    fn features(&mut self) {
        let case = self.case;
        if case.features.is_empty() {
            let implied: Vec<&str> = features::implied(case).into_iter().collect();
            let hint = if implied.is_empty() {
                String::new()
            } else {
                format!(" (it needs at least {})", quoted(&implied))
            };
            self.report(
                &[Seg::Key("id")],
                format!(
                    "case `{}` has no `features`: tag the areas it exercises, from the list in rulings/README.md{hint}",
                    case.id
                ),
            );
            return;
        }
        let mut seen = BTreeSet::new();
        for (i, tag) in case.features.iter().enumerate() {
            let at = [Seg::Key("features"), Seg::Index(i)];
            if !features::is_known(tag) {
                let all: Vec<&str> = features::FEATURES.iter().map(|(n, _)| *n).collect();
                self.report(
                    &at,
                    format!("unknown feature `{tag}`, expected one of {}", quoted(&all)),
                );
            } else if !seen.insert(tag.as_str()) {
                self.report(&at, format!("feature `{tag}` is listed twice"));
            }
        }
        let corpus = self.l.corpus;
        let oracle = |name: &str| corpus.card(name).map(|c| c.item.oracle.as_str());
        let missing: Vec<&str> = features::implied_with_cards(case, oracle)
            .into_iter()
            .filter(|t| !case.features.iter().any(|f| f == t))
            .collect();
        if !missing.is_empty() {
            self.report(
                &[Seg::Key("features")],
                format!(
                    "case `{}` uses {} but its `features` lack {}",
                    case.id,
                    if missing.len() == 1 { "that area" } else { "those areas" },
                    quoted(&missing)
                ),
            );
        }
    }

    /// Checks the setup's entries; returns the refs it defines.
    fn setup(&mut self) -> BTreeSet<&'a str> {
        let case: &'a Case = self.case;
        let has_cards = self.l.corpus.has_cards_file;
        let mut defined: BTreeMap<&'a str, usize> = BTreeMap::new();
        let mut entries: Vec<(Vec<Seg<'_>>, Option<&'a str>, &'a str)> = Vec::new();
        for (j, p) in case.setup.battlefield.iter().enumerate() {
            entries.push((
                vec![Seg::Key("setup"), Seg::Key("battlefield"), Seg::Index(j)],
                p.ref_name.as_deref(),
                &p.card,
            ));
        }
        for (zone, table) in [
            ("hand", &case.setup.hand),
            ("library", &case.setup.library),
            ("graveyard", &case.setup.graveyard),
            ("exile", &case.setup.exile),
            ("command", &case.setup.command),
        ] {
            for (player, list) in table.iter() {
                for (j, e) in list.iter().enumerate() {
                    let segs = vec![
                        Seg::Key("setup"),
                        Seg::Key(zone),
                        Seg::Key(player.as_str()),
                        Seg::Index(j),
                    ];
                    entries.push((segs, e.ref_name.as_deref(), &e.card));
                }
            }
        }
        for (segs, r, card) in &entries {
            if has_cards && self.l.corpus.card(card).is_none() {
                let at: Vec<Seg<'_>> = segs.iter().copied().chain([Seg::Key("card")]).collect();
                self.report(&at, format!("unknown card `{card}` (not in cards.toml)"));
            }
            if let Some(r) = r {
                let at: Vec<Seg<'_>> = segs.iter().copied().chain([Seg::Key("ref")]).collect();
                if Player::parse(r).is_some() {
                    self.report(&at, format!("ref `{r}` is a player's name; choose another"));
                } else if r.is_empty() {
                    self.report(&at, "a ref can't be empty".into());
                } else if let Some(first) = defined.get(r) {
                    self.report(
                        &at,
                        format!("ref `{r}` is defined twice in this case (first on line {first})"),
                    );
                } else {
                    let full: Vec<Seg<'_>> = self
                        .base
                        .iter()
                        .copied()
                        .chain(at.iter().copied())
                        .collect();
                    defined.insert(r, self.l.position(self.path, &full).0);
                }
            }
        }
        let refs: BTreeSet<&'a str> = defined.keys().copied().collect();
        self.reachable_step();
        for (j, p) in case.setup.battlefield.iter().enumerate() {
            // Counters default to none, so a planeswalker set up without loyalty counters would
            // have loyalty 0 and die (CR 704.5i); one that entered got its printed loyalty
            // (CR 306.5b). The setup states the count rather than leaving it to a default.
            let planeswalker = self
                .l
                .corpus
                .card(&p.card)
                .is_some_and(|c| c.item.types.iter().any(|t| t == "Planeswalker"));
            if planeswalker && !p.counters.contains_key("loyalty") {
                let at = [Seg::Key("setup"), Seg::Key("battlefield"), Seg::Index(j)];
                self.report(
                    &at,
                    format!(
                        "planeswalker `{}` needs `counters = {{ loyalty = n }}`: counters default to none, and a planeswalker that entered has loyalty counters (CR 306.5b)",
                        p.card
                    ),
                );
            }
            if let Some(target) = &p.attached_to {
                if !refs.contains(target.as_str()) {
                    let at = [
                        Seg::Key("setup"),
                        Seg::Key("battlefield"),
                        Seg::Index(j),
                        Seg::Key("attached_to"),
                    ];
                    self.report(&at, format!("`attached_to` names undefined ref `{target}`"));
                }
            }
        }
        refs
    }
}

/// Keywords that take a parameter (a cost, a quality, a number): `keywords` names them alone.
const PARAMETERIZED_KEYWORDS: &[&str] = &[
    "Enchant", "Equip", "Cycling", "Fading", "Cumulative upkeep", "Protection", "Ward", "Kicker",
    "Flashback", "Vanishing", "Affinity", "Bushido", "Partner with",
];

/// Why a `keywords` element isn't a keyword's name alone, if it isn't.
fn keyword_problem(kw: &str) -> Option<String> {
    let base = PARAMETERIZED_KEYWORDS
        .iter()
        .find(|name| kw.strip_prefix(**name).is_some_and(|rest| rest.starts_with(' ')) && **name != "Partner with");
    if let Some(name) = base {
        return Some(format!("keyword `{kw}`: `keywords` names a keyword without its parameter (write `{name}`)"));
    }
    if kw.contains(['{', '}']) || kw.chars().any(|c| c.is_ascii_digit()) {
        return Some(format!("keyword `{kw}`: `keywords` names a keyword without its parameter (no cost or number)"));
    }
    None
}

impl CaseLint<'_, '_> {
    /// The conventions of observations the schema can't state (rulings/README.md,
    /// "Observations"): a card off the battlefield is never tapped (CR 110.5d), and a keyword
    /// with a parameter is written by its name alone.
    fn conventions(&mut self, k: usize, e: &Expect) {
        let Expect::Object { checks, .. } = e else { return };
        let at = |field: &'static str| [Seg::Key("step"), Seg::Index(k), Seg::Key("expect"), Seg::Key(field)];
        let off_battlefield = checks.iter().any(|c| {
            c.field == ObjectField::Zone && matches!(&c.expected, Expected::Is(Value::Text(z)) if z != "battlefield")
        });
        let tapped = checks.iter().any(|c| c.field == ObjectField::Tapped && c.expected == Expected::Is(Value::Bool(true)));
        if off_battlefield && tapped {
            self.report(
                &at("tapped"),
                "a card off the battlefield is neither tapped nor untapped (CR 110.5d): `tapped` reads `false` there".into(),
            );
        }
        for c in checks.iter().filter(|c| c.field == ObjectField::Keywords) {
            let lists: Vec<&Vec<String>> = match &c.expected {
                Expected::Is(Value::List(l)) | Expected::Unordered(l) | Expected::Contains(l) | Expected::Excludes(l) => vec![l],
                Expected::OneOf(vs) => vs.iter().filter_map(|v| if let Value::List(l) = v { Some(l) } else { None }).collect(),
                _ => Vec::new(),
            };
            for kw in lists.into_iter().flatten() {
                if let Some(msg) = keyword_problem(kw) {
                    self.report(&at("keywords"), msg);
                }
            }
        }
    }

    /// A distribution names the chosen recipients only: each chosen object gets at least one
    /// (CR 608.2d), so a ref given 0 would be a choice the rules don't allow, or a way of saying
    /// "not chosen" that engines could read either way. Leave it out instead.
    fn distribution(&mut self, k: usize, a: &Action) {
        let Some(d) = a.choose.as_ref().and_then(|c| c.distribute.as_ref()) else { return };
        for (r, n) in d {
            if *n == 0 {
                let mut at = vec![Seg::Key("step"), Seg::Index(k)];
                if a.verb != Verb::Choose {
                    at.push(Seg::Key("choose"));
                }
                at.push(Seg::Key("distribute"));
                self.report(
                    &at,
                    format!("`distribute` gives `{r}` 0: every chosen recipient gets at least one (CR 608.2d); leave out a ref that gets none"),
                );
            }
        }
    }

    /// A setup can't declare attackers, and without attackers the declare blockers and combat
    /// damage steps are skipped (CR 508.8): a case starting in either starts where no game goes.
    fn reachable_step(&mut self) {
        if matches!(self.case.setup.step, TurnStep::DeclareBlockers | TurnStep::CombatDamage) {
            self.report(
                &[Seg::Key("setup"), Seg::Key("step")],
                format!(
                    "no game reaches `{}` without attackers (CR 508.8), and a setup declares none: start in `declare_attackers` and `attack`, or in `end_of_combat`",
                    self.case.setup.step.as_str()
                ),
            );
        }
    }
}

fn action_refs<'a>(a: &'a Action, uses: &mut Vec<(Vec<Seg<'static>>, &'a str)>) {
    match &a.verb {
        Verb::Activate { source, .. } => uses.push((vec![Seg::Key("source")], source)),
        Verb::Cast { card } | Verb::PlayLand { card } => uses.push((vec![Seg::Key("card")], card)),
        Verb::Attack { attackers } => {
            for (i, r) in attackers.iter().enumerate() {
                uses.push((vec![Seg::Key("attackers"), Seg::Index(i)], r));
            }
        }
        Verb::Block { blockers } => {
            for (b, attackers) in blockers {
                uses.push((vec![Seg::Key("blockers")], b));
                for a in attackers {
                    uses.push((vec![Seg::Key("blockers")], a));
                }
            }
        }
        Verb::Pass | Verb::Resolve | Verb::Advance { .. } | Verb::Choose => {}
    }
    for (i, t) in a.targets.iter().enumerate() {
        match t {
            crate::corpus::case::Target::Object(r) => uses.push((vec![Seg::Key("targets"), Seg::Index(i)], r)),
            crate::corpus::case::Target::Ability { source: r, .. } => {
                uses.push((vec![Seg::Key("targets"), Seg::Index(i), Seg::Key("ability")], r))
            }
            crate::corpus::case::Target::Player(_) => {}
        }
    }
    for (source, targets) in &a.triggers {
        uses.push((vec![Seg::Key("triggers")], source));
        for t in targets {
            if let Some(r) = t.ref_name() {
                uses.push((vec![Seg::Key("triggers")], r));
            }
        }
    }
    for r in &a.trigger_order {
        uses.push((vec![Seg::Key("trigger_order")], r));
    }
    for (i, r) in a.order.iter().enumerate() {
        uses.push((vec![Seg::Key("order"), Seg::Index(i)], r));
    }
    if let Some(choice) = &a.choose {
        let at: Vec<Seg<'static>> = if a.verb == Verb::Choose {
            vec![]
        } else {
            vec![Seg::Key("choose")]
        };
        let with = |tail: &[Seg<'static>]| -> Vec<Seg<'static>> {
            at.iter().copied().chain(tail.iter().copied()).collect()
        };
        if let Some(d) = &choice.distribute {
            for r in d.keys() {
                uses.push((with(&[Seg::Key("distribute")]), r));
            }
        }
        if let Some(s) = &choice.sacrifice {
            for (i, r) in s.iter().enumerate() {
                uses.push((with(&[Seg::Key("sacrifice"), Seg::Index(i)]), r));
            }
        }
        if let Some(r) = &choice.copy {
            uses.push((with(&[Seg::Key("copy")]), r));
        }
        if let Some(r) = &choice.copy_again {
            uses.push((with(&[Seg::Key("copy_again")]), r));
        }
        if let Some(r) = &choice.keep {
            uses.push((with(&[Seg::Key("keep")]), r));
        }
        if let Some(refs) = &choice.keep_tapped {
            for (i, r) in refs.iter().enumerate() {
                uses.push((with(&[Seg::Key("keep_tapped"), Seg::Index(i)]), r));
            }
        }
        if let Some(refs) = &choice.find {
            for (i, r) in refs.iter().enumerate() {
                uses.push((with(&[Seg::Key("find"), Seg::Index(i)]), r));
            }
        }
        if let Some(r) = &choice.pick {
            uses.push((with(&[Seg::Key("pick")]), r));
        }
        if let Some(refs) = &choice.exile {
            for (i, r) in refs.iter().enumerate() {
                uses.push((with(&[Seg::Key("exile"), Seg::Index(i)]), r));
            }
        }
        if let Some(refs) = &choice.reveal {
            for (i, r) in refs.iter().enumerate() {
                uses.push((with(&[Seg::Key("reveal"), Seg::Index(i)]), r));
            }
        }
        if let Some(refs) = &choice.splice {
            for (i, r) in refs.iter().enumerate() {
                uses.push((with(&[Seg::Key("splice"), Seg::Index(i)]), r));
            }
        }
        if let Some(c) = &choice.convoke {
            for r in c.keys() {
                uses.push((with(&[Seg::Key("convoke")]), r));
            }
        }
        if let Some(refs) = &choice.waterbend {
            for (i, r) in refs.iter().enumerate() {
                uses.push((with(&[Seg::Key("waterbend"), Seg::Index(i)]), r));
            }
        }
        if let Some(piles) = &choice.piles {
            for (i, pile) in piles.iter().enumerate() {
                for (j, r) in pile.iter().enumerate() {
                    uses.push((with(&[Seg::Key("piles"), Seg::Index(i), Seg::Index(j)]), r));
                }
            }
        }
        if let Some(refs) = &choice.tap {
            for (i, r) in refs.iter().enumerate() {
                uses.push((with(&[Seg::Key("tap"), Seg::Index(i)]), r));
            }
        }
        if let Some(ts) = &choice.new_targets {
            for (i, t) in ts.iter().enumerate() {
                if let Some(r) = t.ref_name() {
                    uses.push((with(&[Seg::Key("new_targets"), Seg::Index(i)]), r));
                }
            }
        }
        if let Some(d) = &choice.damage {
            for (source, recipients) in d {
                uses.push((with(&[Seg::Key("damage")]), source));
                for r in recipients.keys().filter(|r| crate::corpus::case::Player::parse(r).is_none()) {
                    uses.push((with(&[Seg::Key("damage")]), r));
                }
            }
        }
    }
}

/// The strings an expected value mentions (for ref checks).
fn mentioned(e: &Expected) -> Vec<&str> {
    match e {
        Expected::Is(Value::Text(s)) => vec![s.as_str()],
        Expected::Is(Value::List(xs))
        | Expected::Unordered(xs)
        | Expected::Contains(xs)
        | Expected::Excludes(xs) => xs.iter().map(String::as_str).collect(),
        Expected::OneOf(vs) => vs
            .iter()
            .flat_map(|v| match v {
                Value::Text(s) => vec![s.as_str()],
                Value::List(xs) => xs.iter().map(String::as_str).collect(),
                _ => vec![],
            })
            .collect(),
        _ => vec![],
    }
}

fn expect_refs<'a>(e: &'a Expect, uses: &mut Vec<(Vec<Seg<'static>>, &'a str)>) {
    let at = |tail: &[Seg<'static>]| -> Vec<Seg<'static>> {
        [Seg::Key("expect")]
            .into_iter()
            .chain(tail.iter().copied())
            .collect()
    };
    match e {
        Expect::Object { object, checks } => {
            uses.push((at(&[Seg::Key("object")]), object));
            for Check { field, expected } in checks {
                if *field == ObjectField::AttachedTo {
                    for r in mentioned(expected).into_iter().filter(|r| !r.is_empty()) {
                        uses.push((at(&[Seg::Key("attached_to")]), r));
                    }
                }
            }
        }
        Expect::Stack { items } => {
            for (i, item) in items.iter().enumerate() {
                for Check { field, expected } in &item.checks {
                    let key = match field {
                        StackField::Source => "source",
                        StackField::Targets => "targets",
                        StackField::Kind => continue,
                    };
                    let base = [Seg::Key("stack"), Seg::Index(i), Seg::Key(key)];
                    if let Expected::Is(Value::List(xs)) = expected {
                        for (k, r) in xs
                            .iter()
                            .enumerate()
                            .filter(|(_, r)| Player::parse(r).is_none())
                        {
                            uses.push((
                                at(&[base[0], base[1], base[2], Seg::Index(k)]),
                                r.as_str(),
                            ));
                        }
                        continue;
                    }
                    for r in mentioned(expected)
                        .into_iter()
                        .filter(|r| Player::parse(r).is_none())
                    {
                        uses.push((at(&base), r));
                    }
                }
            }
        }
        Expect::Player { .. } | Expect::Zone(_) => {}
    }
}

/// A `cr` source against the CR index: its id names a paragraph of the edition quoted, an
/// Example quoted alone is `cr-<paragraph>-example-<n>` with `n` one of that paragraph's
/// Examples and a text starting `Example: `, and no quote has more Examples than its paragraph.
fn cr_source_problems(
    src: &crate::corpus::case::Source,
    index: &CrIndex,
) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let Some(id) = cr::parse_id(&src.id) else {
        if src.id.contains("-example") {
            out.push((
                "id",
                format!(
                    "`{}`: an Example alone has the id `cr-<paragraph>-example-<n>` (n from 1)",
                    src.id
                ),
            ));
        }
        return out;
    };
    let Some(count) = index.examples(&id.paragraph) else {
        out.push((
            "id",
            format!(
                "`{}`: the CR {} has no paragraph {}",
                src.id, index.edition, id.paragraph
            ),
        ));
        return out;
    };
    if let Some(n) = id.example {
        if n > count {
            out.push((
                "id",
                format!(
                    "`{}`: CR {} has {} after it, not {n}",
                    src.id,
                    id.paragraph,
                    crate::report::count(count as usize, "Example", "Examples")
                ),
            ));
        }
        if !src.text.starts_with("Example: ") {
            out.push((
                "text",
                format!(
                    "`{}` quotes an Example alone: its text starts with `Example: `",
                    src.id
                ),
            ));
        }
        return out;
    }
    for (p, n) in cr::quote(src).examples {
        match index.examples(&p) {
            Some(k) if n <= k => {}
            Some(k) => {
                out.push((
                    "text",
                    format!(
                        "`{}` quotes {n} Examples after CR {p}, which has {k}",
                        src.id
                    ),
                ));
                break;
            }
            None => {
                out.push((
                    "text",
                    format!(
                        "`{}` quotes CR {p}, which the CR {} doesn't have",
                        src.id, index.edition
                    ),
                ));
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;

/// `a`, `b`, `c` with backquotes.
fn quoted(items: &[&str]) -> String {
    items
        .iter()
        .map(|t| format!("`{t}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
