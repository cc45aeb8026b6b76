use super::*;

/// A case file holding one case with these steps (one per line) and setup lines.
fn file(setup: &str, steps: &[&str]) -> String {
    format!(
        "[[case]]\nid = \"t/1\"\ntitle = \"t\"\ncovers = [\"cr-1\"]\nstep = [\n{}\n]\n[case.setup]\nactive = \"alice\"\nstep = \"precombat_main\"\n{setup}\n",
        steps.iter().map(|s| format!("  {s},")).collect::<Vec<_>>().join("\n")
    )
}

fn parse(text: &str) -> Result<Case, String> {
    toml::from_str::<CasesFile>(text)
        .map_err(|e| e.message().to_string())
        .and_then(|mut f| f.case.pop().ok_or_else(|| "no case".to_string()))
}

/// Parses one step and checks its canonical rendering (`Ok`) or the load error (`Err`).
fn check(step: &str, expect: Result<&str, &str>) {
    let got = parse(&file("", &[step])).map(|c| c.steps[0].to_string());
    match expect {
        Ok(rendering) => assert_eq!(got, Ok(rendering.to_string()), "step {step}"),
        Err(message) => assert_eq!(got, Err(message.to_string()), "step {step}"),
    }
}

#[test]
fn setup_defaults() {
    let case = parse(&file("", &[r#"{ do = "pass" }"#])).expect("parses");
    let s = &case.setup;
    assert_eq!(
        (s.active, s.step, s.turn, s.seed),
        (Player::Alice, TurnStep::PrecombatMain, 2, 0)
    );
    assert_eq!(s.priority_player(), Player::Alice);
    assert_eq!((s.life_of(Player::Alice), s.life_of(Player::Bob)), (20, 20));
    assert_eq!(s.pool_of(Player::Bob), Mana::default());
    assert!(s.battlefield.is_empty() && s.zone(Zone::Hand, Player::Alice).is_empty());
    assert_eq!(case.features, Vec::<String>::new());
    assert_eq!(case.note, None);
}

#[test]
fn setup_in_full() {
    let setup = r#"priority = "bob"
turn = 3
seed = 7
life = { alice = 18 }
mana_pool = { alice = "{G}{G}" }
battlefield = [
  { ref = "forest", card = "Forest", controller = "alice", tapped = true },
  { ref = "elves", card = "Llanowar Elves", controller = "bob", owner = "alice", sick = true, counters = { "+1/+1" = 1, flying = 1 } },
  { ref = "aura", card = "Aura", controller = "alice", attached_to = "elves" },
]
hand = { alice = [ { ref = "bears", card = "Grizzly Bears" } ] }
library = { alice = [ { card = "Forest" }, { card = "Island" } ] }
graveyard = { bob = [ { ref = "hw", card = "Hangarback Walker", counters = { "+1/+1" = 2 } } ] }
exile = { }
command = { alice = [ { ref = "tevesh", card = "Tevesh Szat, Doom of Fools", commander = true } ] }"#;
    let case = parse(&file(setup, &[r#"{ do = "pass" }"#])).expect("parses");
    let s = &case.setup;
    assert_eq!((s.priority_player(), s.turn, s.seed), (Player::Bob, 3, 7));
    assert_eq!((s.life_of(Player::Alice), s.life_of(Player::Bob)), (18, 20));
    assert_eq!(
        s.pool_of(Player::Alice).types(),
        vec![ManaType::G, ManaType::G]
    );
    let elves = &s.battlefield[1];
    assert_eq!(
        (elves.controller, elves.owner(), elves.sick, elves.tapped),
        (Player::Bob, Player::Alice, true, false)
    );
    assert_eq!(elves.counters.get("+1/+1"), Some(&1));
    assert_eq!(s.battlefield[0].owner(), Player::Alice);
    assert_eq!(s.battlefield[2].attached_to.as_deref(), Some("elves"));
    assert_eq!(
        s.zone(Zone::Library, Player::Alice)
            .iter()
            .map(|e| e.card.as_str())
            .collect::<Vec<_>>(),
        ["Forest", "Island"]
    );
    assert!(s.zone(Zone::Command, Player::Alice)[0].commander);
    let entries: Vec<(Zone, Player, Option<&str>)> = s
        .entries()
        .into_iter()
        .map(|(z, p, r, _)| (z, p, r))
        .collect();
    assert_eq!(
        entries,
        vec![
            (Zone::Battlefield, Player::Alice, Some("forest")),
            (Zone::Battlefield, Player::Alice, Some("elves")),
            (Zone::Battlefield, Player::Alice, Some("aura")),
            (Zone::Hand, Player::Alice, Some("bears")),
            (Zone::Library, Player::Alice, None),
            (Zone::Library, Player::Alice, None),
            (Zone::Graveyard, Player::Bob, Some("hw")),
            (Zone::Command, Player::Alice, Some("tevesh")),
        ]
    );
}

#[test]
fn actions_parse_and_render() {
    for (step, rendering) in [
        (r#"{ do = "pass" }"#, r#"{ do = "pass" }"#),
        (
            r#"{ by = "bob", do = "pass" }"#,
            r#"{ do = "pass", by = "bob" }"#,
        ),
        (
            r#"{ do = "activate", source = "mass", ability = 2 }"#,
            r#"{ do = "activate", source = "mass", ability = 2 }"#,
        ),
        (
            r#"{ do = "activate", ability = 1, source = "pool", mana = "{R}", order = ["a", "b"] }"#,
            r#"{ do = "activate", source = "pool", ability = 1, mana = "{R}", order = ["a", "b"] }"#,
        ),
        (
            r#"{ do = "cast", card = "hydra", x = 3, pay = "{G}{G}{G}{C}{C}{C}", targets = ["mass", "bob"] }"#,
            r#"{ do = "cast", card = "hydra", x = 3, targets = ["mass", "bob"], pay = "{G}{G}{G}{C}{C}{C}" }"#,
        ),
        (
            r#"{ do = "play_land", card = "forest" }"#,
            r#"{ do = "play_land", card = "forest" }"#,
        ),
        (
            r#"{ do = "resolve", choose = { distribute = { hydra = 2, tevesh = 1 }, pay = true } }"#,
            r#"{ do = "resolve", choose = { distribute = { hydra = 2, tevesh = 1 }, pay = true } }"#,
        ),
        (
            r#"{ do = "advance", to = "beginning_of_combat", turn = "bob" }"#,
            r#"{ do = "advance", to = "beginning_of_combat", turn = "bob" }"#,
        ),
        (
            r#"{ do = "attack", attackers = ["elves"] }"#,
            r#"{ do = "attack", attackers = ["elves"] }"#,
        ),
        (
            r#"{ do = "choose", random = "flying" }"#,
            r#"{ do = "choose", random = "flying" }"#,
        ),
        (
            r#"{ do = "choose", pay = false, mana = "{G}" }"#,
            r#"{ do = "choose", pay = false, mana = "{G}" }"#,
        ),
        (
            r#"{ do = "choose", sacrifice = [] }"#,
            r#"{ do = "choose", sacrifice = [] }"#,
        ),
        (
            r#"{ do = "choose", copy = "giant" }"#,
            r#"{ do = "choose", copy = "giant" }"#,
        ),
        (
            r#"{ do = "pass", expect_illegal = true }"#,
            r#"{ do = "pass", expect_illegal = true }"#,
        ),
        (
            r#"{ do = "pass", expect_illegal = false }"#,
            r#"{ do = "pass" }"#,
        ),
        (
            r#"{ do = "pass", by = "bob", expect_illegal = "priority" }"#,
            r#"{ do = "pass", by = "bob", expect_illegal = "priority" }"#,
        ),
    ] {
        check(step, Ok(rendering));
    }
}

#[test]
fn the_action_model() {
    let case = parse(&file(
        "",
        &[
            r#"{ do = "cast", card = "growth", targets = ["mass", "alice"], expect_illegal = "target" }"#,
            r#"{ do = "choose", pay = true }"#,
        ],
    ))
    .expect("parses");
    let Step::Action(cast) = &case.steps[0] else {
        panic!("not an action")
    };
    assert_eq!(
        cast.verb,
        Verb::Cast {
            card: "growth".into()
        }
    );
    assert_eq!(
        cast.targets,
        vec![Target::Object("mass".into()), Target::Player(Player::Alice)]
    );
    assert_eq!(
        cast.expect_illegal,
        Some(Illegal::Class(RejectionClass::Target))
    );
    let Step::Action(choose) = &case.steps[1] else {
        panic!("not an action")
    };
    assert_eq!(choose.verb, Verb::Choose);
    assert_eq!(
        choose.choose,
        Some(Choice {
            pay: Some(true),
            ..Choice::default()
        })
    );
    assert_eq!(choose.pay, None);
}

#[test]
fn targets_of_triggered_abilities_go_with_the_action_that_causes_them() {
    let step = r#"{ do = "activate", source = "crystal", ability = 2, triggers = { resonance = ["bears"], gempalm = [{ ability = "x" }] } }"#;
    let case = parse(&file("", &[step])).expect("parses");
    let Step::Action(a) = &case.steps[0] else { panic!("not an action") };
    assert_eq!(a.triggers.get("resonance"), Some(&vec![Target::Object("bears".into())]));
    assert_eq!(a.triggers.get("gempalm"), Some(&vec![Target::Ability { source: "x".into(), kind: None }]));
    assert_eq!(
        case.steps[0].to_string(),
        r#"{ do = "activate", source = "crystal", ability = 2, triggers = { gempalm = [{ ability = "x" }], resonance = ["bears"] } }"#
    );
}

#[test]
fn an_ability_on_the_stack_is_targeted_by_its_source() {
    let case = parse(&file("", &[r#"{ do = "cast", card = "disallow", targets = [{ ability = "giant" }, "bob"] }"#]))
        .expect("parses");
    let Step::Action(cast) = &case.steps[0] else { panic!("not an action") };
    assert_eq!(cast.targets, vec![Target::Ability { source: "giant".into(), kind: None }, Target::Player(Player::Bob)]);
    assert_eq!(
        case.steps[0].to_string(),
        r#"{ do = "cast", card = "disallow", targets = [{ ability = "giant" }, "bob"] }"#
    );
    let kinded = parse(&file("", &[r#"{ do = "cast", card = "disallow", targets = [{ ability = "gempalm", kind = "activated" }] }"#]))
        .expect("parses");
    let Step::Action(cast) = &kinded.steps[0] else { panic!("not an action") };
    assert_eq!(cast.targets, vec![Target::Ability { source: "gempalm".into(), kind: Some(AbilityKind::Activated) }]);
    assert!(parse(&file("", &[r#"{ do = "cast", card = "d", targets = [{ ability = "g", kind = "mana" }] }"#])).is_err());
    let typo = parse(&file("", &[r#"{ do = "cast", card = "disallow", targets = [{ abilty = "giant" }] }"#]));
    assert!(typo.is_err(), "a typo inside a target table is an error");
}

#[test]
fn expectations_parse_and_render() {
    for (step, rendering) in [
        (
            r#"{ expect = { object = "mass", power = 3, toughness = 3, types = ["Artifact", "Creature"] } }"#,
            r#"{ expect = { object = "mass", power = 3, toughness = 3, types = ["Artifact", "Creature"] } }"#,
        ),
        (
            r#"{ expect = { player = "alice", life = 18, mana_pool = "{C}{C}" } }"#,
            r#"{ expect = { player = "alice", life = 18, mana_pool = "{C}{C}" } }"#,
        ),
        (
            r#"{ expect = { stack = [ { source = "giant", kind = "ability" } ] } }"#,
            r#"{ expect = { stack = [{ source = "giant", kind = "ability" }] } }"#,
        ),
        (
            r#"{ expect = { stack = [] } }"#,
            r#"{ expect = { stack = [] } }"#,
        ),
        (
            r#"{ expect = { zone = "battlefield", controller = "alice", names = { unordered = ["Thopter Token", "Thopter Token"] } } }"#,
            r#"{ expect = { zone = "battlefield", controller = "alice", names = { unordered = ["Thopter Token", "Thopter Token"] } } }"#,
        ),
        (
            r#"{ expect = { count = 0, zone = "hand", owner = "bob" } }"#,
            r#"{ expect = { zone = "hand", owner = "bob", count = 0 } }"#,
        ),
        (
            r#"{ expect = { object = "g", counters = {} } }"#,
            r#"{ expect = { object = "g", counters = {} } }"#,
        ),
        (
            r#"{ expect = { object = "g", counters = { "+1/+1" = 1, flying = 1 } } }"#,
            r#"{ expect = { object = "g", counters = { "+1/+1" = 1, flying = 1 } } }"#,
        ),
        (
            r#"{ expect = { object = "g", counters = { contains = ["flying"] } } }"#,
            r#"{ expect = { object = "g", counters = { contains = ["flying"] } } }"#,
        ),
        (
            r#"{ expect = { object = "g", keywords = { excludes = ["Haste"] } } }"#,
            r#"{ expect = { object = "g", keywords = { excludes = ["Haste"] } } }"#,
        ),
        (
            r#"{ expect = { object = "g", counters = { one_of = [{ flying = 1 }, { reach = 1 }] } } }"#,
            r#"{ expect = { object = "g", counters = { one_of = [{ flying = 1 }, { reach = 1 }] } } }"#,
        ),
        (
            r#"{ expect = { object = "g", power = { at_least = 3 } } }"#,
            r#"{ expect = { object = "g", power = { at_least = 3 } } }"#,
        ),
        (
            r#"{ expect = { player = "bob", life = { at_most = 0 } } }"#,
            r#"{ expect = { player = "bob", life = { at_most = 0 } } }"#,
        ),
        (
            r#"{ expect = { object = "g", zone = { one_of = ["graveyard", "exile"] }, attached_to = "", colors = ["G", "U"] } }"#,
            r#"{ expect = { object = "g", zone = { one_of = ["graveyard", "exile"] }, attached_to = "", colors = ["G", "U"] } }"#,
        ),
    ] {
        check(step, Ok(rendering));
    }
}

#[test]
fn the_expectation_model() {
    let case = parse(&file(
        "",
        &[r#"{ expect = { object = "g", tapped = true, counters = { excludes = ["flying"] } } }"#],
    ))
    .expect("parses");
    assert_eq!(
        case.steps[0],
        Step::Expect(Expect::Object {
            object: "g".into(),
            checks: vec![
                Check {
                    field: ObjectField::Tapped,
                    expected: Expected::Is(Value::Bool(true))
                },
                Check {
                    field: ObjectField::Counters,
                    expected: Expected::Excludes(vec!["flying".into()])
                },
            ],
        })
    );
}

#[test]
fn step_errors() {
    for (step, message) in [
        (r#"{ do = "tap" }"#, "unknown verb `tap`, expected one of `activate`, `cast`, `play_land`, `pass`, `resolve`, `advance`, `attack`, `block`, `choose`"),
        (r#"{ do = "pass", tagrets = ["x"] }"#, "unknown key `tagrets` in a step, expected one of `do`, `expect`, `by`, `x`, `targets`, `mana`, `pay`, `order`, `choose`, `expect_illegal`, `source`, `ability`, `card`, `to`, `turn`, `attackers`, `blockers`, `random`, `distribute`, `sacrifice`, `copy`, `may`, `counter`, `keep`, `triggers`, `trigger_order`"),
        (r#"{ do = "advance", to = "combat" }"#, "unknown step `combat`, expected one of `untap`, `upkeep`, `draw`, `precombat_main`, `beginning_of_combat`, `declare_attackers`, `declare_blockers`, `combat_damage`, `end_of_combat`, `postcombat_main`, `end`, `cleanup`"),
        (r#"{ do = "pass", expect_illegal = "mana" }"#, "unknown rejection class `mana`, expected one of `cost`, `summoning_sickness`, `timing`, `target`, `choice`, `priority`, `object`"),
        (r#"{ do = "cast", card = "x", pay = "{2}" }"#, "`{2}` in `{2}` is not a type of mana (expected {W} {U} {B} {R} {G} {C})"),
        (r#"{ do = "activate", source = "x", ability = 1, mana = "R" }"#, "mana string `R` is not a sequence of `{...}` symbols"),
        (r#"{ do = "activate", source = "x" }"#, "`do = \"activate\"` needs `ability`"),
        (r#"{ do = "activate", source = "x", ability = 0 }"#, "`ability` counts from 1"),
        (r#"{ do = "pass", card = "x" }"#, "`card` does not apply to `do = \"pass\"`"),
        (r#"{ do = "resolve", random = "flying" }"#, "`random` does not apply to `do = \"resolve\"` (put it in `choose = { ... }`, or use `do = \"choose\"`)"),
        (r#"{ do = "choose" }"#, "`do = \"choose\"` needs an answer: `random`, `distribute`, `sacrifice`, `pay`, `copy`, `mana`, `may`, `counter` or `keep`"),
        (r#"{ do = "choose", pay = "{G}" }"#, "on `do = \"choose\"`, `pay` is true or false (whether to pay)"),
        (r#"{ do = "cast", card = "x", pay = true }"#, "`pay = true/false` answers a choice (`do = \"choose\"` or `choose = { pay = ... }`); here `pay` is the mana spent, e.g. \"{R}{G}\""),
        (r#"{ do = "resolve", choose = { randm = "x" } }"#, "unknown field `randm`, expected one of `random`, `distribute`, `sacrifice`, `pay`, `copy`, `copy_again`, `mana`, `keep`, `keep_tapped`, `may`, `counter`, `color`, `creature_type`, `damage`, `find`, `pick`, `colors`, `kicked`, `modes`, `exile`, `new_targets`, `splice`, `convoke`, `reveal`, `waterbend`, `piles`, `pile`, `tap`"),
        (r#"{ do = "pass", by = "carol" }"#, "unknown player `carol`, expected one of `alice`, `bob`"),
        (r#"{ do = "pass", expect = { stack = [] } }"#, "an `expect` step has no other keys; found `do`"),
        (r#"{ by = "bob" }"#, "a step needs `do = \"<verb>\"` or `expect = { ... }`"),
        (r#"{ do = "attack", attackers = "elves" }"#, "invalid type: string \"elves\", expected a sequence"),
    ] {
        check(step, Err(message));
    }
}

#[test]
fn expectation_errors() {
    for (step, message) in [
        (r#"{ expect = { object = "g", pwoer = 3 } }"#, "unknown key `pwoer` in an expectation, expected one of `object`, `player`, `stack`, `zone`, `owner`, `controller`, `names`, `count`, `tapped`, `power`, `toughness`, `loyalty`, `types`, `subtypes`, `supertypes`, `colors`, `keywords`, `counters`, `mana_value`, `damage`, `attached_to`, `commander`, `name`, `color_identity`, `revealed`, `life`, `mana_pool`, `hand_size`, `library_size`, `lost`, `poison`, `shuffles`"),
        (r#"{ expect = { object = "g", power = "3" } }"#, "expected an integer, found a string"),
        (r#"{ expect = { object = "g", life = 3 } }"#, "`life` is not a field of an object (unknown object field `life`, expected one of `zone`, `controller`, `owner`, `tapped`, `power`, `toughness`, `loyalty`, `types`, `subtypes`, `supertypes`, `colors`, `keywords`, `counters`, `mana_value`, `damage`, `attached_to`, `commander`, `name`, `color_identity`, `revealed`)"),
        (r#"{ expect = { player = "alice", power = 3 } }"#, "`power` is not a field of a player (unknown player field `power`, expected one of `life`, `mana_pool`, `hand_size`, `library_size`, `lost`, `poison`, `shuffles`)"),
        (r#"{ expect = { object = "g", player = "alice" } }"#, "an expectation has one subject: `object`, `player` or `stack`, not several"),
        (r#"{ expect = { power = 3 } }"#, "an expectation needs a subject: `object`, `player`, `stack` or `zone`"),
        (r#"{ expect = { zone = "hand", owner = "bob" } }"#, "a zone query needs `names` or `count`"),
        (r#"{ expect = { zone = "hand", owner = "bob", power = 1 } }"#, "`power` is not part of a zone query (`zone`, `owner`, `controller`, `names`, `count`)"),
        (r#"{ expect = { zone = "yard", owner = "bob", count = 1 } }"#, "unknown zone `yard`, expected one of `library`, `hand`, `battlefield`, `graveyard`, `stack`, `exile`, `command`"),
        (r#"{ expect = { object = "g", power = { about = 3 } } }"#, "unknown pattern `about`, expected one of `one_of`, `unordered`, `contains`, `excludes`, `at_least`, `at_most`"),
        (r#"{ expect = { object = "g", power = { unordered = [3] } } }"#, "pattern `unordered` does not apply to an integer"),
        (r#"{ expect = { object = "g", types = { at_least = 1 } } }"#, "pattern `at_least` does not apply to an array of strings"),
        (r#"{ expect = { object = "g", power = { at_least = 1, at_most = 3 } } }"#, "a pattern is a table with exactly one key (`at_least`); found `at_most` too"),
        (r#"{ expect = { object = "g", power = { one_of = [] } } }"#, "`one_of` needs at least one value"),
        (r#"{ expect = { object = "g", colors = ["Green"] } }"#, "unknown color `Green`, expected one of `W`, `U`, `B`, `R`, `G`"),
        (r#"{ expect = { player = "bob", mana_pool = "{1}" } }"#, "`{1}` in `{1}` is not a type of mana (expected {W} {U} {B} {R} {G} {C})"),
        (r#"{ expect = { stack = [ { kind = "trigger" } ] } }"#, "unknown stack item kind `trigger`, expected one of `spell`, `ability`"),
        (r#"{ expect = { stack = [ { controller = "bob" } ] } }"#, "unknown key `controller` in a stack item, expected one of `kind`, `source`, `targets`"),
        (r#"{ expect = { stack = [], life = 3 } }"#, "a stack expectation has no other keys; found `life`"),
        (r#"{ expect = { object = "" } }"#, "a ref can't be empty"),
    ] {
        check(step, Err(message));
    }
}

#[test]
fn case_and_setup_errors() {
    let missing = "[[case]]\nid = \"a\"\ntitle = \"t\"\nstep = []\n";
    assert_eq!(parse(missing), Err("missing field `setup`".to_string()));
    assert_eq!(
        parse(&file("tapped = true", &[r#"{ do = "pass" }"#])),
        Err("unknown field `tapped`, expected one of `active`, `step`, `priority`, `turn`, `seed`, `life`, `mana_pool`, `battlefield`, `hand`, `library`, `graveyard`, `exile`, `command`".to_string())
    );
    assert_eq!(
        parse(&file(
            "hand = { alice = [ { card = \"Forest\", tapped = true } ] }",
            &[r#"{ do = "pass" }"#]
        )),
        Err(
            "unknown field `tapped`, expected one of `ref`, `card`, `counters`, `commander`"
                .to_string()
        )
    );
    assert_eq!(
        parse(&file(
            "battlefield = [ { card = \"Forest\" } ]",
            &[r#"{ do = "pass" }"#]
        )),
        Err("missing field `controller`".to_string())
    );
    assert_eq!(
        parse(&file("life = { carol = 3 }", &[r#"{ do = "pass" }"#])),
        Err("unknown field `carol`, expected `alice` or `bob`".to_string())
    );
    assert_eq!(
        parse(&file("turn = -1", &[r#"{ do = "pass" }"#])).map(|_| ()),
        Err("invalid value: integer `-1`, expected u32".to_string())
    );
}

#[test]
fn cards_and_sources() {
    let cards: CardsFile = toml::from_str(
        "[[card]]\nname = \"Stumpsquall Hydra\"\nmana_cost = \"{X}{G}{G}{G}\"\ntypes = [\"Creature\"]\nsubtypes = [\"Hydra\"]\npower = 1\ntoughness = 1\noracle = \"...\"\n\n[[card]]\nname = \"Forest\"\ntypes = [\"Land\"]\noracle = \"\"\n\n[[card]]\nname = \"Dryad Arbor\"\ntypes = [\"Land\", \"Creature\"]\ncolors = [\"G\"]\noracle = \"\"\n",
    )
    .expect("parses");
    let colors: Vec<Vec<Color>> = cards.card.iter().map(Card::colors).collect();
    assert_eq!(colors, vec![vec![Color::G], vec![], vec![Color::G]]);
    assert_eq!(
        cards.card[0].mana_cost.as_ref().map(ManaCost::as_str),
        Some("{X}{G}{G}{G}")
    );
    let bad: Result<CardsFile, _> =
        toml::from_str("[[card]]\nname = \"x\"\nmana_cost = \"{T}\"\ntypes = []\noracle = \"\"\n");
    assert_eq!(
        bad.map_err(|e| e.message().to_string()).err(),
        Some("`{T}` in `{T}` is not a mana symbol".to_string())
    );
    let sources: SourcesFile = toml::from_str(
        "[[source]]\nid = \"r-2008-05-01-3\"\nkind = \"ruling\"\ncard = \"Reflecting Pool\"\ndate = \"2008-05-01\"\ncite = \"c\"\ntext = \"t\"\n",
    )
    .expect("parses");
    assert_eq!(sources.source[0].kind, SourceKind::Ruling);
    assert_eq!(sources.source[0].date.as_deref(), Some("2008-05-01"));
}

#[test]
fn cases_serialize_to_json_and_back() {
    let text = file(
        "battlefield = [ { ref = \"g\", card = \"Crystalline Giant\", controller = \"alice\", counters = { flying = 1 } } ]",
        &[
            r#"{ do = "resolve", choose = { random = "reach" } }"#,
            r#"{ expect = { object = "g", counters = { one_of = [{ flying = 1 }, { reach = 1 }] }, types = { unordered = ["Artifact", "Creature"] } } }"#,
            r#"{ expect = { stack = [ { kind = "ability", source = "g", targets = ["bob"] } ] } }"#,
            r#"{ expect = { zone = "battlefield", controller = "alice", names = ["Crystalline Giant"] } }"#,
        ],
    );
    let case = parse(&text).expect("parses");
    let json = serde_json::to_string(&case).expect("serializes");
    let back: Case = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, case);
}
