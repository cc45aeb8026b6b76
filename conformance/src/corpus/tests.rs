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
        &["rulings/rules/x.toml:12:44: unknown field `tappd`, expected one of `ref`, `card`, `owner`, `controller`, `tapped`, `sick`, `counters`, `attached_to`, `commander` (at `case[0].setup.battlefield[1].tappd`)"],
    );
}

#[test]
fn a_typo_in_a_case_key_or_a_step_is_located() {
    check(
        "[[case]]\nid = \"a\"\ntitel = \"t\"\n",
        &["rulings/rules/x.toml:3:1: unknown field `titel`, expected one of `id`, `title`, `covers`, `features`, `note`, `setup`, `step` (at `case[0].titel`)"],
    );
    let text = "[[case]]\nid = \"a\"\ntitle = \"t\"\ncovers = [\"cr-1\"]\nsetup = { active = \"alice\", step = \"upkeep\" }\nstep = [\n  { do = \"pass\" },\n  { do = \"activate\", source = \"f\", abilty = 1 },\n]\n";
    let loaded = load(&[("rules/x.toml", text)]);
    assert_eq!(loaded.problems.len(), 1);
    let p = &loaded.problems[0];
    assert_eq!((p.line, p.col), (8, 36));
    assert!(
        p.message.starts_with("unknown key `abilty` in a step"),
        "{}",
        p.message
    );
    assert!(
        p.message.ends_with("(at `case[0].step[1].abilty`)"),
        "{}",
        p.message
    );
    let text = "[[case]]\nid = \"a\"\ntitle = \"t\"\ncovers = [\"cr-1\"]\nsetup = { active = \"alice\", step = \"main\" }\nstep = []\n";
    let loaded = load(&[("rules/x.toml", text)]);
    let p = &loaded.problems[0];
    assert_eq!((p.line, p.col), (5, 36));
    assert!(
        p.message.starts_with("unknown step `main`"),
        "{}",
        p.message
    );
    assert!(
        p.message.ends_with("(at `case[0].setup.step`)"),
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
        ("case = 3\n", "invalid type: integer `3`, expected a sequence (at `case`)"),
        ("[[case]]\nid = 1979-05-27\n", "invalid type: map, expected a string (at `case[0].id`)"),
        ("case = [[[[[]]]]]\n", "invalid type: sequence, expected a string (at `case[0][0]`)"),
        ("[[case]]\nid = \"a\"\ntitle = \"t\"\nsetup = { active = \"alice\", step = \"upkeep\" }\nstep = [ 3 ]\n", "invalid type: integer `3`, expected a step: { do = \"...\", ... } or { expect = { ... } }"),
        ("\u{feff}[[case]]\nid = [\"a\"]\n", "invalid type: sequence, expected a string"),
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
