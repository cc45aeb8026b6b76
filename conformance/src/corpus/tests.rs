use super::*;

fn load(files: &[(&str, &str)]) -> Loaded {
    Corpus::from_texts(
        "rulings",
        files.iter().map(|(p, t)| (PathBuf::from(p), t.to_string())),
    )
}

/// Loads one case file and checks the load problems, as printed.
fn check(text: &str, expect: &[&str]) {
    let loaded = load(&[("rules/x.toml", text)]);
    let got: Vec<String> = loaded.problems.iter().map(ToString::to_string).collect();
    assert_eq!(got, expect);
}

#[test]
fn file_kinds_follow_the_layout() {
    for (path, kind) in [
        ("cards.toml", Some(FileKind::Cards)),
        ("sources/cr.toml", Some(FileKind::Sources)),
        ("rules/107.5-tap.toml", Some(FileKind::Cases)),
        ("rules/mana/106.7.toml", Some(FileKind::Cases)),
        ("cards/chimeric-mass.toml", Some(FileKind::Cases)),
        ("regressions/fuzz-1.toml", Some(FileKind::Cases)),
        ("README.md", None),
        ("schema/case.json", None),
        ("rules/notes.md", None),
        ("other.toml", None),
        ("sources.toml", None),
    ] {
        assert_eq!(FileKind::of(Path::new(path)), kind, "{path}");
    }
}

const CASE: &str = r#"# header comment

[[case]]
id = "a/1"
title = "first"
covers = ["cr-1"]
setup = { active = "alice", step = "upkeep" }
step = [ { do = "pass" } ]

[[case]]
id = "a/2"
title = "second"
covers = ["cr-1"]
setup = { active = "bob", step = "upkeep" }
step = [ { do = "pass" } ]
"#;

#[test]
fn items_know_their_file_and_line() {
    let loaded = load(&[
        ("rules/a.toml", CASE),
        (
            "sources/cr.toml",
            "\n[[source]]\nid = \"cr-1\"\nkind = \"cr\"\ncite = \"CR 1\"\ntext = \"t\"\n",
        ),
        (
            "cards.toml",
            "[[card]]\nname = \"Forest\"\ntypes = [\"Land\"]\noracle = \"\"\n",
        ),
    ]);
    assert_eq!(loaded.problems, vec![]);
    let c = &loaded.corpus;
    let cases: Vec<(String, String, usize)> = c
        .cases
        .iter()
        .map(|l| (l.item.id.clone(), l.position(), l.index))
        .collect();
    assert_eq!(
        cases,
        vec![
            ("a/1".into(), "rulings/rules/a.toml:3".into(), 0),
            ("a/2".into(), "rulings/rules/a.toml:10".into(), 1)
        ]
    );
    assert_eq!(c.source("cr-1").map(|s| s.line), Some(2));
    assert_eq!(
        c.card("Forest").map(|s| s.position()),
        Some("rulings/cards.toml:1".to_string())
    );
    assert!(c.has_cards_file);
    assert_eq!(
        c.case("a/2").map(|l| l.item.setup.active),
        Some(crate::corpus::case::Player::Bob)
    );
}

#[test]
fn a_typo_in_a_field_names_its_file_line_and_key() {
    let text = "[[case]]\nid = \"a\"\ntitle = \"t\"\ncovers = [\"cr-1\"]\nstep = [ { do = \"pass\" } ]\n\n[case.setup]\nactive = \"alice\"\nstep = \"upkeep\"\nbattlefield = [\n  { card = \"Forest\", controller = \"alice\" },\n  { card = \"Forest\", controller = \"alice\", tappd = true },\n]\n";
    check(
        text,
        &["rulings/rules/x.toml:12:44: case[0].setup.battlefield[1].tappd: unknown field `tappd`, expected one of `ref`, `card`, `owner`, `controller`, `tapped`, `sick`, `counters`, `attached_to`, `commander`"],
    );
}

#[test]
fn a_typo_in_a_case_key_or_a_step_is_located() {
    check(
        "[[case]]\nid = \"a\"\ntitel = \"t\"\n",
        &["rulings/rules/x.toml:3:1: case[0].titel: unknown field `titel`, expected one of `id`, `title`, `covers`, `features`, `note`, `setup`, `step`"],
    );
    let text = "[[case]]\nid = \"a\"\ntitle = \"t\"\ncovers = [\"cr-1\"]\nsetup = { active = \"alice\", step = \"upkeep\" }\nstep = [\n  { do = \"pass\" },\n  { do = \"activate\", source = \"f\", abilty = 1 },\n]\n";
    let loaded = load(&[("rules/x.toml", text)]);
    assert_eq!(loaded.problems.len(), 1);
    let p = &loaded.problems[0];
    assert_eq!((p.line, p.col), (8, 36));
    assert!(
        p.message
            .starts_with("case[0].step[1].abilty: unknown key `abilty` in a step"),
        "{}",
        p.message
    );
    let text = "[[case]]\nid = \"a\"\ntitle = \"t\"\ncovers = [\"cr-1\"]\nsetup = { active = \"alice\", step = \"main\" }\nstep = []\n";
    let loaded = load(&[("rules/x.toml", text)]);
    let p = &loaded.problems[0];
    assert_eq!((p.line, p.col), (5, 36));
    assert!(
        p.message
            .starts_with("case[0].setup.step: unknown step `main`"),
        "{}",
        p.message
    );
}

#[test]
fn a_syntax_error_is_located() {
    check(
        "[[case]]\nid = \"a\n",
        &["rulings/rules/x.toml:2:8: invalid basic string"],
    );
}

#[test]
fn a_bad_file_does_not_stop_the_others() {
    let loaded = load(&[
        ("rules/bad.toml", "[[case]]\nid = 3\n"),
        ("rules/good.toml", CASE),
    ]);
    assert_eq!(loaded.problems.len(), 1);
    assert_eq!(
        loaded.problems[0].path,
        PathBuf::from("rulings/rules/bad.toml")
    );
    assert_eq!(loaded.corpus.cases.len(), 2);
    assert!(!loaded.corpus.has_cards_file);
}

#[test]
fn loads_a_directory() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    let loaded = Corpus::load(&dir).expect("loads");
    assert_eq!(loaded.problems, vec![]);
    let c = &loaded.corpus;
    assert_eq!((c.sources.len(), c.cards.len(), c.cases.len()), (3, 4, 3));
    // Files are read in path order: cards/ before rules/.
    assert_eq!(c.cases[0].item.id, "chimeric-mass/reactivate-sets-anew");
    assert_eq!(c.cases[2].line, 20);
    assert!(matches!(
        Corpus::load(dir.join("missing")),
        Err(CorpusError::NotFound(_))
    ));
}

#[test]
fn steps_written_inside_the_setup_table_get_a_hint() {
    let text = "[[case]]\nid = \"a\"\ntitle = \"t\"\ncovers = [\"cr-1\"]\n\n[case.setup]\nactive = \"alice\"\nstep = \"upkeep\"\n\nstep = [ { do = \"pass\" } ]\n";
    check(
        text,
        &["rulings/rules/x.toml:10:1: duplicate key `step` in table `case.setup`; the case's `step = [...]` array must come before `[case.setup]` (a key after a table header belongs to that table)"],
    );
}

#[test]
fn odd_inputs_are_problems_not_panics() {
    for (text, message) in [
        ("case = 3\n", "case: invalid type: integer `3`, expected a sequence"),
        ("[[case]]\nid = 1979-05-27\n", "case[0].id: invalid type: map, expected a string"),
        ("case = [[[[[]]]]]\n", "case[0][0]: invalid type: sequence, expected a string"),
        ("[[case]]\nid = \"a\"\ntitle = \"t\"\nsetup = { active = \"alice\", step = \"upkeep\" }\nstep = [ 3 ]\n", "case[0].step[0]: invalid type: integer `3`, expected a step: { do = \"...\", ... } or { expect = { ... } }"),
        ("\u{feff}[[case]]\nid = [\"a\"]\n", "case[0].id: invalid type: sequence, expected a string"),
    ] {
        let loaded = load(&[("rules/x.toml", text)]);
        assert_eq!(loaded.problems.len(), 1, "{text}");
        assert!(loaded.problems[0].message.starts_with(message), "{text}: {}", loaded.problems[0].message);
    }
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let rules = dir.path().join("rules");
    std::fs::create_dir_all(&rules).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(rules.join("bad.toml"), b"# ok\n\xff\n").unwrap_or_else(|e| panic!("{e}"));
    let loaded = Corpus::load(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<(usize, usize, String)> = loaded
        .problems
        .iter()
        .map(|p| (p.line, p.col, p.message.clone()))
        .collect();
    assert_eq!(
        got,
        vec![(2, 1, "not UTF-8 (corpus files are UTF-8)".to_string())]
    );
}

/// A good case, with `id` and `extra` (lines put inside the `[[case]]` table) filled in.
fn case_text(id: &str, extra: &str) -> String {
    format!(
        "[[case]]\nid = \"{id}\"\ntitle = \"t\"\ncovers = [\"cr-1\"]\n{extra}step = [ {{ do = \"pass\" }} ]\n\n[case.setup]\nactive = \"alice\"\nstep = \"upkeep\"\n\n"
    )
}

#[test]
fn every_bad_case_of_a_file_is_its_own_problem() {
    // Five cases: the second has a typo in a key, the fourth a wrong type inside its
    // `[case.setup]` sub-table, the fifth no title; the first and third are good.
    let text = [
        case_text("a/1", ""),
        case_text("a/2", "nite = \"typo\"\n"),
        case_text("a/3", ""),
        case_text("a/4", "").replace("step = \"upkeep\"", "step = 3"),
        case_text("a/5", "").replace("title = \"t\"\n", ""),
    ]
    .concat();
    let loaded = load(&[("rules/x.toml", &text)]);
    let got: Vec<String> = loaded.problems.iter().map(ToString::to_string).collect();
    assert_eq!(got.len(), 3, "{got:#?}");
    assert!(
        got[0].starts_with("rulings/rules/x.toml:15:1: case[1].nite: unknown field `nite`"),
        "{}",
        got[0]
    );
    assert!(
        got[1].starts_with("rulings/rules/x.toml:40:8: case[3].setup.step: invalid type: integer `3`"),
        "{}",
        got[1]
    );
    assert!(
        got[2].starts_with("rulings/rules/x.toml:42:1: case[4]: missing field `title`"),
        "{}",
        got[2]
    );
    // The good cases are kept, each with its own position and index in the file.
    let good: Vec<(String, String, usize)> = loaded
        .corpus
        .cases
        .iter()
        .map(|c| (c.item.id.clone(), c.position(), c.index))
        .collect();
    assert_eq!(
        good,
        vec![
            ("a/1".into(), "rulings/rules/x.toml:1".into(), 0),
            ("a/3".into(), "rulings/rules/x.toml:22".into(), 2),
        ]
    );
}

#[test]
fn bad_sources_and_cards_are_reported_one_by_one_too() {
    let sources = "[[source]]\nid = \"cr-1\"\nkind = \"cr\"\ncite = \"CR 1\"\ntext = \"t\"\n\n[[source]]\nid = \"cr-2\"\nkind = \"crr\"\ncite = \"CR 2\"\ntext = \"t\"\n\n[[source]]\nid = 3\nkind = \"cr\"\ncite = \"CR 3\"\ntext = \"t\"\n";
    let cards = "[[card]]\nname = \"Forest\"\ntypes = [\"Land\"]\noracle = \"\"\n\n[[card]]\nnam = \"Island\"\ntypes = [\"Land\"]\noracle = \"\"\n";
    let loaded = load(&[("sources/cr.toml", sources), ("cards.toml", cards)]);
    let mut got: Vec<(String, usize)> = loaded
        .problems
        .iter()
        .map(|p| (p.path.display().to_string(), p.line))
        .collect();
    got.sort();
    assert_eq!(
        got,
        vec![
            ("rulings/cards.toml".to_string(), 7),
            ("rulings/sources/cr.toml".to_string(), 9),
            ("rulings/sources/cr.toml".to_string(), 14),
        ]
    );
    assert_eq!(loaded.corpus.sources.len(), 1);
    assert_eq!(loaded.corpus.cards.len(), 1);
}

#[test]
fn a_file_whose_cases_are_fine_alone_but_not_together_is_one_problem() {
    // An unknown top-level key breaks every case alone the same way: one problem, not one per
    // case, and no case is kept.
    let text = format!("nonsense = 1\n{}{}", case_text("a/1", ""), case_text("a/2", ""));
    let loaded = load(&[("rules/x.toml", &text)]);
    assert_eq!(loaded.problems.len(), 1, "{:#?}", loaded.problems);
    assert_eq!(
        (loaded.problems[0].line, loaded.problems[0].col),
        (1, 1),
        "{}",
        loaded.problems[0]
    );
    assert!(loaded.problems[0].message.contains("nonsense"));
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_is_a_located_problem_and_the_rest_loads() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let root = dir.path();
    let rules = root.join("rules");
    std::fs::create_dir_all(rules.join("deep")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(rules.join("good.toml"), CASE).unwrap_or_else(|e| panic!("{e}"));
    // A directory link back up to the corpus root, a link to itself, and a dangling link.
    symlink("../..", rules.join("deep/up")).unwrap_or_else(|e| panic!("{e}"));
    symlink("self.toml", rules.join("self.toml")).unwrap_or_else(|e| panic!("{e}"));
    symlink("nowhere.toml", rules.join("dangling.toml")).unwrap_or_else(|e| panic!("{e}"));
    let loaded = Corpus::load(root).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<String> = loaded
        .problems
        .iter()
        .map(|p| {
            let rel = p.path.strip_prefix(root).unwrap_or(&p.path);
            format!("{}:{}:{}: {}", rel.display(), p.line, p.col, p.message)
        })
        .collect();
    assert_eq!(got.len(), 3, "{got:#?}");
    assert!(got[0].starts_with("rules/dangling.toml:1:1: can't read this file: "), "{}", got[0]);
    assert!(got[1].starts_with("rules/deep/up:1:1: symlink loop: this directory is `"), "{}", got[1]);
    assert_eq!(got[2], "rules/self.toml:1:1: symlink loop: this link leads back to itself (not read)");
    let ids: Vec<&str> = loaded.corpus.cases.iter().map(|c| c.item.id.as_str()).collect();
    assert_eq!(ids, ["a/1", "a/2"]);
    // And lint reports them (so `lint` and `run` fail).
    let problems = crate::corpus::lint::lint(&loaded);
    assert!(problems.iter().any(|p| p.message.starts_with("symlink loop")));
}
