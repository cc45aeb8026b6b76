use std::path::PathBuf;

use super::*;

const CARDS: &str = r#"[[card]]
name = "Forest"
types = ["Land"]
oracle = "({T}: Add {G}.)"

[[card]]
name = "Llanowar Elves"
mana_cost = "{G}"
types = ["Creature"]
power = 1
toughness = 1
oracle = "{T}: Add {G}."
"#;

const SOURCES: &str = r#"[[source]]
id = "cr-107.5"
kind = "cr"
cite = "CR 107.5"
text = "The tap symbol is {T}."
"#;

/// Lints a corpus made of the standard cards and sources plus `files`, and compares the
/// problems as printed (`path:line:col: message`).
fn check(files: &[(&str, &str)], expect: &[&str]) {
    let mut all: Vec<(PathBuf, String)> = vec![
        ("cards.toml".into(), CARDS.to_string()),
        ("sources/cr.toml".into(), SOURCES.to_string()),
    ];
    for (path, text) in files {
        if let Some(existing) = all.iter_mut().find(|(p, _)| p == Path::new(path)) {
            existing.1 = text.to_string();
        } else {
            all.push((PathBuf::from(path), text.to_string()));
        }
    }
    let loaded = Corpus::from_texts("r", all);
    let got: Vec<String> = lint(&loaded).iter().map(ToString::to_string).collect();
    assert_eq!(got, expect);
}

/// A case file: one case with this setup battlefield and these steps.
fn case(id: &str, battlefield: &str, steps: &str) -> String {
    format!(
        "[[case]]\nid = \"{id}\"\ntitle = \"t\"\ncovers = [\"cr-107.5\"]\nfeatures = [\"costs\"]\nstep = [\n{steps}\n]\n\n[case.setup]\nactive = \"alice\"\nstep = \"precombat_main\"\nbattlefield = [\n{battlefield}\n]\n"
    )
}

const FOREST: &str =
    r#"  { ref = "forest", card = "Forest", controller = "alice", tapped = true },"#;
const PASS: &str = r#"  { do = "pass" },"#;

#[test]
fn a_clean_corpus_has_no_problems() {
    let steps = r#"  { do = "activate", source = "forest", ability = 1, expect_illegal = "cost" },
  { expect = { object = "forest", tapped = true, attached_to = "" } },"#;
    check(&[("rules/a.toml", &case("a/1", FOREST, steps))], &[]);
}

#[test]
fn an_unknown_card_is_reported_at_its_card_key() {
    let battlefield = format!(
        "{FOREST}\n  {{ ref = \"bears\",\n    card = \"Grizzly Bears\", controller = \"alice\" }},"
    );
    // (a multi-line inline table is not TOML 1.0; keep it on one line, on line 14)
    let battlefield = battlefield.replace(",\n    card", ", card");
    check(
        &[("rules/a.toml", &case("a/1", &battlefield, PASS))],
        &["r/rules/a.toml:15:27: unknown card `Grizzly Bears` (not in cards.toml)"],
    );
    let text = "[[case]]\nid = \"a/1\"\ntitle = \"t\"\ncovers = [\"cr-107.5\"]\nfeatures = [\"mana\"]\nstep = [ { do = \"pass\" } ]\n\n[case.setup]\nactive = \"alice\"\nstep = \"upkeep\"\n\n[case.setup.hand]\nalice = [\n  { card = \"Forest\" },\n  { card = \"Forrest\" },\n]\n";
    check(
        &[("cards/a.toml", text)],
        &["r/cards/a.toml:15:12: unknown card `Forrest` (not in cards.toml)"],
    );
}

#[test]
fn a_typo_in_a_field_is_reported_at_its_line() {
    let battlefield = r#"  { ref = "forest", card = "Forest", controler = "alice" },"#;
    check(
        &[("rules/a.toml", &case("a/1", battlefield, PASS))],
        &["r/rules/a.toml:14:38: case[0].setup.battlefield[0].controler: unknown field `controler`, expected one of `ref`, `card`, `owner`, `controller`, `tapped`, `sick`, `counters`, `attached_to`, `commander`"],
    );
}

#[test]
fn schema_problems_of_steps_are_reported_at_their_line() {
    for (step, problem) in [
        (
            r#"  { do = "tap", source = "forest" },"#,
            "r/rules/a.toml:7:10: unknown verb `tap`",
        ),
        (
            r#"  { do = "advance", to = "main" },"#,
            "r/rules/a.toml:7:26: unknown step `main`",
        ),
        (
            r#"  { do = "pass", expect_illegal = "illegal" },"#,
            "r/rules/a.toml:7:35: unknown rejection class `illegal`",
        ),
        (
            r#"  { do = "activate", source = "forest", ability = 1, mana = "{Q}" },"#,
            "r/rules/a.toml:7:61: `{Q}` in `{Q}` is not a type of mana",
        ),
        (
            r#"  { expect = { player = "alice", lfie = 3 } },"#,
            "r/rules/a.toml:7:34: unknown key `lfie` in an expectation",
        ),
    ] {
        let loaded = Corpus::from_texts(
            "r",
            vec![
                (PathBuf::from("cards.toml"), CARDS.to_string()),
                (PathBuf::from("sources/cr.toml"), SOURCES.to_string()),
                (PathBuf::from("rules/a.toml"), case("a/1", FOREST, step)),
            ],
        );
        let got: Vec<String> = lint(&loaded).iter().map(ToString::to_string).collect();
        assert_eq!(got.len(), 1, "{step}: {got:?}");
        // `path:line:col: field: message`.
        let (position, message) = problem.split_at(problem.find(": ").unwrap_or(0) + 2);
        let field = got[0]
            .strip_prefix(position)
            .and_then(|rest| rest.split_once(": "))
            .filter(|(field, rest)| field.starts_with("case[0].step[0]") && rest.starts_with(message));
        assert!(field.is_some(), "{step}: {} is not {position}case[0].step[0]...: {message}", got[0]);
    }
}

#[test]
fn duplicate_ids() {
    check(
        &[
            ("rules/a.toml", &case("a/1", FOREST, PASS)),
            ("rules/b.toml", &case("a/1", FOREST, PASS)),
        ],
        &["r/rules/b.toml:2:6: duplicate case id `a/1` (first at r/rules/a.toml:1)"],
    );
    let sources = format!("{SOURCES}\n{SOURCES}");
    check(
        &[("sources/cr.toml", &sources)],
        &["r/sources/cr.toml:8:6: duplicate source id `cr-107.5` (first at r/sources/cr.toml:1)"],
    );
    let cards =
        format!("{CARDS}\n[[card]]\nname = \"Forest\"\ntypes = [\"Land\"]\noracle = \"\"\n");
    check(
        &[("cards.toml", &cards)],
        &["r/cards.toml:15:8: card `Forest` is listed twice (first at r/cards.toml:1)"],
    );
}

#[test]
fn covers() {
    let unknown = case("a/1", FOREST, PASS).replace(
        r#"covers = ["cr-107.5"]"#,
        r#"covers = ["cr-107.5", "cr-999"]"#,
    );
    check(
        &[("rules/a.toml", &unknown)],
        &["r/rules/a.toml:4:23: `covers` names unknown source `cr-999`"],
    );
    let none = case("a/1", FOREST, PASS).replace("covers = [\"cr-107.5\"]\n", "");
    check(&[("rules/a.toml", &none)], &["r/rules/a.toml:1:1: case `a/1` covers no source (`covers` needs at least one source id)"]);
    let empty = case("a/1", FOREST, PASS).replace(r#"covers = ["cr-107.5"]"#, "covers = []");
    check(&[("rules/a.toml", &empty)], &["r/rules/a.toml:4:10: case `a/1` covers no source (`covers` needs at least one source id)"]);
}

#[test]
fn refs_used_but_not_defined() {
    for (step, anchor, name) in [
        (
            r#"  { do = "activate", source = "froest", ability = 1 },"#,
            "\"froest\"",
            "froest",
        ),
        (
            r#"  { do = "cast", card = "bears" },"#,
            "\"bears\"",
            "bears",
        ),
        (
            r#"  { do = "cast", card = "forest", targets = ["alice", "elves"] },"#,
            "\"elves\"",
            "elves",
        ),
        (
            r#"  { do = "activate", source = "forest", ability = 1, order = ["forest", "pool"] },"#,
            "\"pool\"",
            "pool",
        ),
        (
            r#"  { do = "attack", attackers = ["elves"] },"#,
            "\"elves\"",
            "elves",
        ),
        (
            r#"  { do = "resolve", choose = { copy = "giant" } },"#,
            "\"giant\"",
            "giant",
        ),
        (
            r#"  { do = "choose", sacrifice = ["forest", "thrull"] },"#,
            "\"thrull\"",
            "thrull",
        ),
        (
            r#"  { do = "choose", distribute = { hydra = 1 } },"#,
            "{ hydra",
            "hydra",
        ),
        (
            r#"  { expect = { object = "elves", tapped = true } },"#,
            "\"elves\"",
            "elves",
        ),
        (
            r#"  { expect = { object = "forest", attached_to = { one_of = ["", "bears"] } } },"#,
            "{ one_of",
            "bears",
        ),
        (
            r#"  { expect = { stack = [ { kind = "spell", source = "growth" } ] } },"#,
            "\"growth\"",
            "growth",
        ),
        (
            r#"  { expect = { stack = [ { targets = ["bob", "mass"] } ] } },"#,
            "\"mass\"",
            "mass",
        ),
    ] {
        let col = step.rfind(anchor).map_or(0, |i| i + 1);
        // Every tag, so only the ref is reported.
        let all = r#"features = ["costs", "stack", "combat", "copy", "triggers", "x", "mana"]"#;
        let text = case("a/1", FOREST, step).replace(r#"features = ["costs"]"#, all);
        check(
            &[("rules/a.toml", &text)],
            &[&format!(
                "r/rules/a.toml:7:{col}: undefined ref `{name}` (this case defines forest)"
            )],
        );
    }
    // Players are not refs.
    check(
        &[(
            "rules/a.toml",
            &case(
                "a/1",
                FOREST,
                r#"  { do = "cast", card = "forest", targets = ["bob"] },"#,
            )
            .replace(r#"["costs"]"#, r#"["stack"]"#),
        )],
        &[],
    );
}

#[test]
fn refs_defined_twice_or_badly() {
    let battlefield = format!("{FOREST}\n  {{ ref = \"forest\", card = \"Forest\", controller = \"bob\" }},\n  {{ ref = \"bob\", card = \"Forest\", controller = \"bob\" }},\n  {{ card = \"Forest\", controller = \"bob\", attached_to = \"nothing\" }},");
    check(
        &[("rules/a.toml", &case("a/1", &battlefield, PASS))],
        &[
            "r/rules/a.toml:15:11: ref `forest` is defined twice in this case (first on line 14)",
            "r/rules/a.toml:16:11: ref `bob` is a player's name; choose another",
            "r/rules/a.toml:17:56: `attached_to` names undefined ref `nothing`",
        ],
    );
}

#[test]
fn zone_queries_select_by_owner_or_controller() {
    for (query, problem) in [
        (
            r#"zone = "battlefield", controller = "alice", count = 1"#,
            None,
        ),
        (r#"zone = "hand", owner = "alice", count = 1"#, None),
        (
            r#"zone = "battlefield", count = 1"#,
            Some("a battlefield query needs `controller`"),
        ),
        (
            r#"zone = "battlefield", owner = "alice", controller = "alice", count = 1"#,
            Some("a battlefield query selects by `controller`, not `owner`"),
        ),
        (
            r#"zone = "graveyard", controller = "alice", count = 1"#,
            Some("a zone query needs `owner` (`controller` is for the battlefield)"),
        ),
        (
            r#"zone = "exile", owner = "bob", controller = "alice", count = 1"#,
            Some("a query of this zone selects by `owner`, not `controller`"),
        ),
    ] {
        let step = format!("  {{ expect = {{ {query} }} }},");
        let expect: Vec<String> = problem
            .map(|p| format!("r/rules/a.toml:7:23: {p}"))
            .into_iter()
            .collect();
        let expect: Vec<&str> = expect.iter().map(String::as_str).collect();
        check(&[("rules/a.toml", &case("a/1", FOREST, &step))], &expect);
    }
}

#[test]
fn sources_of_each_kind() {
    let sources = r#"[[source]]
id = "cr-107.5"
kind = "cr"
cite = "CR 107.5"
text = "t"
date = "2026-04-17"

[[source]]
id = "pool-1"
kind = "ruling"
cite = "Reflecting Pool ruling"
text = "t"

[[source]]
id = "pool-2"
kind = "ruling"
card = "Reflecting Pool"
date = "2008-5-1"
cite = "Reflecting Pool ruling"
text = ""
"#;
    check(
        &[("sources/cr.toml", sources)],
        &[
            "r/sources/cr.toml:6:8: `date` is for rulings only",
            "r/sources/cr.toml:8:1: ruling `pool-1` needs `card`",
            "r/sources/cr.toml:8:1: ruling `pool-1` needs `date`",
            "r/sources/cr.toml:18:8: date `2008-5-1` is not YYYY-MM-DD",
            "r/sources/cr.toml:20:8: source `pool-2` has no text",
        ],
    );
}

#[test]
fn a_missing_cards_file_and_an_empty_case() {
    let loaded = Corpus::from_texts(
        "r",
        vec![
            (PathBuf::from("sources/cr.toml"), SOURCES.to_string()),
            (PathBuf::from("rules/a.toml"), case("a/1", FOREST, "")),
        ],
    );
    let got: Vec<String> = lint(&loaded).iter().map(ToString::to_string).collect();
    assert_eq!(
        got,
        vec![
            "r/cards.toml:1:1: file not found: every card the corpus uses must be listed in cards.toml".to_string(),
            "r/rules/a.toml:6:8: case `a/1` has no steps".to_string(),
        ]
    );
}

/// A data file with no item of its kind (empty, or only comments) is a problem at its first
/// line, whatever its kind; a file that failed to load is reported once, for that.
#[test]
fn a_data_file_with_no_item_is_reported() {
    check(
        &[
            ("rules/empty.toml", ""),
            ("cards/comments.toml", "# nothing yet\n\n"),
            ("sources/none.toml", "  \n"),
        ],
        &[
            "r/cards/comments.toml:1:1: no `[[case]]` in this file: a case file holds at least one case (delete the file if it is meant to have none)",
            "r/rules/empty.toml:1:1: no `[[case]]` in this file: a case file holds at least one case (delete the file if it is meant to have none)",
            "r/sources/none.toml:1:1: no `[[source]]` in this file: a source file holds at least one source (delete the file if it is meant to have none)",
        ],
    );
    check(
        &[("cards.toml", "")],
        &["r/cards.toml:1:1: no `[[card]]` in this file: a card file holds at least one card (delete the file if it is meant to have none)"],
    );
    let broken = check_one("rules/bad.toml", "[[case]\n");
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert!(!broken[0].contains("no `[[case]]`"), "{broken:?}");
}

fn check_one(path: &str, text: &str) -> Vec<String> {
    let all: Vec<(PathBuf, String)> = vec![
        ("cards.toml".into(), CARDS.to_string()),
        ("sources/cr.toml".into(), SOURCES.to_string()),
        (path.into(), text.to_string()),
    ];
    lint(&Corpus::from_texts("r", all)).iter().map(ToString::to_string).collect()
}

#[test]
fn lints_a_directory() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    assert_eq!(lint_dir(&dir).map_err(|e| e.to_string()), Ok(vec![]));
    assert_eq!(
        lint_dir(dir.join("nope"))
            .map_err(|e| e.to_string())
            .err()
            .map(|e| e.starts_with("corpus directory")),
        Some(true)
    );
}

#[test]
fn every_prefix_of_a_file_lints_without_panicking() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    let text = std::fs::read_to_string(dir.join("cards/chimeric-mass.toml")).unwrap_or_default();
    assert!(text.len() > 500);
    let mut with_problems = 0;
    for end in (0..=text.len())
        .filter(|i| text.is_char_boundary(*i))
        .step_by(3)
    {
        let loaded = Corpus::from_texts(
            "r",
            vec![
                (PathBuf::from("cards.toml"), CARDS.to_string()),
                (PathBuf::from("sources/cr.toml"), SOURCES.to_string()),
                (PathBuf::from("cards/m.toml"), text[..end].to_string()),
            ],
        );
        let problems = lint(&loaded);
        for p in &problems {
            assert!(p.line >= 1 && p.col >= 1 && !p.message.is_empty(), "{p}");
        }
        with_problems += usize::from(!problems.is_empty());
    }
    // Most prefixes cut a table or a string in half.
    assert!(with_problems > 100, "{with_problems}");
}

/// A case with these `features` (as TOML) and a tapped Forest with a charge counter, so
/// `counters` is implied.
fn tagged(features: &str) -> String {
    let counters = r#"  { ref = "forest", card = "Forest", controller = "alice", counters = { charge = 1 } },"#;
    case("t/1", counters, PASS).replace("features = [\"costs\"]\n", features)
}

#[test]
fn a_case_without_features_is_reported_with_the_tags_it_needs() {
    check(
        &[("rules/a.toml", &tagged(""))],
        &["r/rules/a.toml:2:6: case `t/1` has no `features`: tag the areas it exercises, from the list in rulings/README.md (it needs at least `counters`)"],
    );
}

#[test]
fn an_unknown_or_repeated_feature_is_reported_at_the_tag() {
    check(
        &[("rules/a.toml", &tagged("features = [\"counters\", \"Mana\", \"counters\"]\n"))],
        &[
            "r/rules/a.toml:5:25: unknown feature `Mana`, expected one of `mana`, `costs`, `stack`, `triggers`, `x`, `counters`, `layers`, `copy`, `cycling`, `combat`, `commander`, `planeswalkers`, `sba`",
            "r/rules/a.toml:5:33: feature `counters` is listed twice",
        ],
    );
}

#[test]
fn a_feature_the_case_implies_must_be_listed() {
    check(
        &[("rules/a.toml", &tagged("features = [\"mana\"]\n"))],
        &["r/rules/a.toml:5:12: case `t/1` uses that area but its `features` lack `counters`"],
    );
    check(&[("rules/a.toml", &tagged("features = [\"mana\", \"counters\"]\n"))], &[]);
}

/// The list in code is the list documented in rulings/README.md, in the same order.
#[test]
fn the_feature_list_is_the_documented_one() {
    let readme = include_str!("../../../../rulings/README.md");
    let section = readme
        .split("## Feature tags")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a Feature tags section");
    let documented: Vec<(String, String)> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| {
            let (tag, rest) = l.split_once("` | ")?;
            Some((tag.to_string(), rest.trim_end_matches(" |").to_string()))
        })
        .collect();
    let code: Vec<(String, String)> = crate::corpus::features::FEATURES
        .iter()
        .map(|(t, d)| (t.to_string(), d.to_string()))
        .collect();
    assert_eq!(documented, code);
}

const WALKER: &str = r#"
[[card]]
name = "Tevesh Szat, Doom of Fools"
mana_cost = "{4}{B}"
types = ["Planeswalker"]
supertypes = ["Legendary"]
loyalty = 4
oracle = "[+2]: Create two 0/1 black Thrull creature tokens."
"#;

/// A case with planeswalkers on the battlefield, tagged as such.
fn walkers(battlefield: &str, steps: &str) -> String {
    case("a/1", battlefield, steps).replace("features = [\"costs\"]", "features = [\"counters\", \"planeswalkers\"]")
}

#[test]
fn a_planeswalker_on_the_battlefield_states_its_loyalty_counters() {
    let cards = format!("{CARDS}{WALKER}");
    let without = r#"  { ref = "t", card = "Tevesh Szat, Doom of Fools", controller = "alice" },"#;
    let with = r#"  { ref = "u", card = "Tevesh Szat, Doom of Fools", controller = "alice", counters = { loyalty = 4 } },"#;
    let steps = r#"  { expect = { object = "t", zone = "battlefield" } },"#;
    check(
        &[("cards.toml", &cards), ("rules/a.toml", &walkers(&format!("{without}\n{with}"), steps))],
        &["r/rules/a.toml:14:3: planeswalker `Tevesh Szat, Doom of Fools` needs `counters = { loyalty = n }`: counters default to none, and a planeswalker that entered has loyalty counters (CR 306.5b)"],
    );
    // Loyalty 0 is stated, so it is allowed (the case is about the planeswalker dying).
    let zero = r#"  { ref = "t", card = "Tevesh Szat, Doom of Fools", controller = "alice", counters = { loyalty = 0 } },"#;
    check(&[("cards.toml", &cards), ("rules/a.toml", &walkers(zero, steps))], &[]);
}

#[test]
fn a_setup_in_a_step_no_game_reaches_without_attackers_is_reported() {
    for step in ["declare_blockers", "combat_damage"] {
        let text = case("a/1", FOREST, PASS).replace("\"precombat_main\"", &format!("\"{step}\""));
        check(
            &[("rules/a.toml", &text)],
            &[&format!("r/rules/a.toml:12:8: no game reaches `{step}` without attackers (CR 508.8), and a setup declares none: start in `declare_attackers` and `attack`, or in `end_of_combat`")],
        );
    }
    let text = case("a/1", FOREST, PASS).replace("\"precombat_main\"", "\"end_of_combat\"");
    check(&[("rules/a.toml", &text)], &[]);
}

#[test]
fn a_distribution_naming_a_recipient_with_zero_is_reported() {
    let resolving = |steps: &str| case("a/1", FOREST, steps).replace("features = [\"costs\"]", "features = [\"stack\"]");
    let steps = r#"  { do = "resolve", choose = { distribute = { forest = 0 } } },"#;
    check(
        &[("rules/a.toml", &resolving(steps))],
        &["r/rules/a.toml:7:45: `distribute` gives `forest` 0: every chosen recipient gets at least one (CR 608.2d); leave out a ref that gets none"],
    );
    let steps = r#"  { do = "resolve", choose = { distribute = { forest = 1 } } },"#;
    check(&[("rules/a.toml", &resolving(steps))], &[]);
}

#[test]
fn cr_example_ids_follow_the_index() {
    let source = |id: &str, text: &str| {
        format!("[[source]]\nid = \"{id}\"\nkind = \"cr\"\ncite = \"c\"\ntext = \"{text}\"\n")
    };
    let lint_source = |id: &str, text: &str| check_one("sources/more.toml", &source(id, text));
    // 613.4d has three Examples: the second alone is fine, a fourth doesn't exist.
    assert_eq!(
        lint_source("cr-613.4d-example-2", "Example: A 1/3 creature"),
        Vec::<String>::new()
    );
    assert_eq!(
        lint_source("cr-613.4d-example-4", "Example: A 1/3 creature"),
        vec!["r/sources/more.toml:2:6: `cr-613.4d-example-4`: CR 613.4d has 3 Examples after it, not 4"]
    );
    assert_eq!(
        lint_source("cr-613.4d-example-1", "A 1/3 creature"),
        vec!["r/sources/more.toml:5:8: `cr-613.4d-example-1` quotes an Example alone: its text starts with `Example: `"]
    );
    assert_eq!(
        lint_source("cr-613.4d-example-0", "Example: x"),
        vec!["r/sources/more.toml:2:6: `cr-613.4d-example-0`: an Example alone has the id `cr-<paragraph>-example-<n>` (n from 1)"]
    );
    assert_eq!(
        lint_source("cr-613.99", "x"),
        vec!["r/sources/more.toml:2:6: `cr-613.99`: the CR 2026-04-17 has no paragraph 613.99"]
    );
    // 613.5 has two Examples; a quote with three is miscounted.
    assert_eq!(
        lint_source(
            "cr-613.5",
            "t\\n\\nExample: a\\n\\nExample: b\\n\\nExample: c"
        ),
        vec!["r/sources/more.toml:5:8: `cr-613.5` quotes 3 Examples after CR 613.5, which has 2"]
    );
}

#[test]
fn a_card_off_the_battlefield_is_never_expected_tapped() {
    let steps = r#"  { expect = { object = "forest", zone = "graveyard", tapped = true } },
  { expect = { object = "forest", zone = "graveyard", tapped = false } },
  { expect = { object = "forest", zone = "battlefield", tapped = true } },"#;
    check(
        &[("rules/a.toml", &case("a/1", FOREST, steps))],
        &["r/rules/a.toml:7:64: a card off the battlefield is neither tapped nor untapped (CR 110.5d): `tapped` reads `false` there"],
    );
}

#[test]
fn a_keyword_is_expected_by_its_name_alone() {
    let steps = r#"  { expect = { object = "forest", keywords = ["Cycling {2}"] } },
  { expect = { object = "forest", keywords = { contains = ["Enchant land"] } } },
  { expect = { object = "forest", keywords = ["Fading 5"] } },
  { expect = { object = "forest", keywords = ["Cycling", "Enchant", "Cumulative upkeep", "First strike"] } },"#;
    check(
        &[("rules/a.toml", &case("a/1", FOREST, steps))],
        &[
            "r/rules/a.toml:7:46: keyword `Cycling {2}`: `keywords` names a keyword without its parameter (write `Cycling`)",
            "r/rules/a.toml:8:46: keyword `Enchant land`: `keywords` names a keyword without its parameter (write `Enchant`)",
            "r/rules/a.toml:9:46: keyword `Fading 5`: `keywords` names a keyword without its parameter (write `Fading`)",
        ],
    );
}

#[test]
fn triggers_copy_and_planeswalkers_are_implied() {
    // An ability on the stack whose source no step activated was triggered.
    let steps = r#"  { expect = { stack = [ { kind = "ability", source = "forest" } ] } },"#;
    let c = case("t/1", FOREST, steps).replace("features = [\"costs\"]", "features = [\"stack\"]");
    check(&[("rules/a.toml", &c)], &["r/rules/a.toml:5:12: case `t/1` uses that area but its `features` lack `triggers`"]);
    // The same item after the Forest's ability was activated is no trigger.
    let steps = r#"  { do = "activate", source = "forest", ability = 1 },
  { expect = { stack = [ { kind = "ability", source = "forest" } ] } },"#;
    let c = case("t/1", FOREST, steps).replace("features = [\"costs\"]", "features = [\"stack\"]");
    check(&[("rules/a.toml", &c)], &[]);
    // A copy choice needs `copy`; loyalty counters need `planeswalkers`.
    let steps = r#"  { do = "resolve", choose = { copy = "forest" } },"#;
    let c = case("t/1", FOREST, steps).replace("features = [\"costs\"]", "features = [\"stack\"]");
    check(&[("rules/a.toml", &c)], &["r/rules/a.toml:5:12: case `t/1` uses that area but its `features` lack `copy`"]);
    let walker = r#"  { ref = "forest", card = "Forest", controller = "alice", counters = { loyalty = 1 } },"#;
    let c = case("t/1", walker, PASS).replace("features = [\"costs\"]", "features = [\"counters\"]");
    check(&[("rules/a.toml", &c)], &["r/rules/a.toml:5:12: case `t/1` uses that area but its `features` lack `planeswalkers`"]);
}

#[test]
fn a_triggered_mana_ability_on_the_battlefield_implies_triggers() {
    let cards = format!(
        "{CARDS}\n[[card]]\nname = \"Heartbeat of Spring\"\nmana_cost = \"{{2}}{{G}}\"\ntypes = [\"Enchantment\"]\noracle = \"Whenever a player taps a land for mana, that player adds one mana of any type that land produced.\"\n"
    );
    let bf = format!("{FOREST}\n  {{ ref = \"hb\", card = \"Heartbeat of Spring\", controller = \"alice\" }},");
    let steps = r#"  { do = "activate", source = "forest", ability = 1 },"#;
    check(
        &[("cards.toml", &cards), ("rules/a.toml", &case("t/1", &bf, steps))],
        &["r/rules/a.toml:5:12: case `t/1` uses that area but its `features` lack `triggers`"],
    );
    // Without an activation, nothing triggers.
    check(&[("cards.toml", &cards), ("rules/a.toml", &case("t/1", &bf, PASS))], &[]);
}
