use super::*;
use crate::corpus::case::CasesFile;
use crate::run::engine::{
    ObjectObservation, Observation, PlayerObservation, StackItemObservation, StepReply,
};

fn case(steps: &[&str]) -> Case {
    let text = format!(
        "[[case]]\nid = \"t\"\ntitle = \"t\"\ncovers = [\"x\"]\nsetup = {{ active = \"alice\", step = \"precombat_main\" }}\nstep = [\n{}\n]\n",
        steps.iter().map(|s| format!("  {s},")).collect::<Vec<_>>().join("\n")
    );
    match toml::from_str::<CasesFile>(&text) {
        Ok(mut f) => f.case.remove(0),
        Err(e) => panic!("bad test case: {e}"),
    }
}

fn object(f: impl FnOnce(&mut ObjectObservation)) -> StepReply {
    let mut o = ObjectObservation::default();
    f(&mut o);
    StepReply::Observed {
        observation: Observation::Object(o),
    }
}

fn player(f: impl FnOnce(&mut PlayerObservation)) -> StepReply {
    let mut p = PlayerObservation::default();
    f(&mut p);
    StepReply::Observed {
        observation: Observation::Player(p),
    }
}

fn rejected(class: Option<&str>) -> StepReply {
    StepReply::Rejected {
        class: class.map(String::from),
        message: "no".into(),
    }
}

/// Judges one step against one reply: `Ok(())` for a pass, else the failure's reason.
fn check(step: &str, reply: StepReply, expect: Result<(), &str>) {
    let verdict = judge(&case(&[step]), &CaseReply::Ran { steps: vec![reply] });
    match (expect, verdict) {
        (Ok(()), Verdict::Passed) => {}
        (Err(reason), Verdict::Failed(f)) => assert_eq!(f.reason, reason, "{step}"),
        (expect, verdict) => panic!("{step}: expected {expect:?}, got {verdict:?}"),
    }
}

const OBJ: &str = r#"{ expect = { object = "g", "#;

fn obj_step(fields: &str) -> String {
    format!("{OBJ}{fields} }} }}")
}

#[test]
fn actions() {
    let plain = r#"{ do = "pass" }"#;
    let illegal = r#"{ do = "pass", expect_illegal = true }"#;
    let cost = r#"{ do = "pass", expect_illegal = "cost" }"#;
    check(plain, StepReply::Done, Ok(()));
    check(
        plain,
        rejected(Some("timing")),
        Err("the engine rejected a legal action: no"),
    );
    check(illegal, rejected(None), Ok(()));
    check(illegal, rejected(Some("timing")), Ok(()));
    check(
        illegal,
        StepReply::Done,
        Err("the engine accepted an action that must be rejected"),
    );
    check(cost, rejected(Some("cost")), Ok(()));
    check(cost, rejected(None), Ok(()));
    check(
        cost,
        rejected(Some("timing")),
        Err("the engine rejected the action for another reason: no"),
    );
    check(
        cost,
        StepReply::Done,
        Err("the engine accepted an action that must be rejected"),
    );
}

#[test]
fn action_failure_lines() {
    let verdict = judge(
        &case(&[r#"{ do = "pass", expect_illegal = "cost" }"#]),
        &CaseReply::Ran {
            steps: vec![rejected(Some("timing"))],
        },
    );
    let Verdict::Failed(f) = verdict else {
        panic!("{verdict:?}")
    };
    assert_eq!(f.step, 0);
    assert_eq!(f.expected, vec![r#"result = "rejected", class = "cost""#]);
    assert_eq!(f.observed, vec![r#"result = "rejected", class = "timing""#]);
}

#[test]
fn exact_values() {
    check(
        &obj_step("power = 3"),
        object(|o| o.power = Some(3)),
        Ok(()),
    );
    check(
        &obj_step("power = 3"),
        object(|o| o.power = Some(4)),
        Err("object `g`: power differ"),
    );
    check(
        &obj_step("power = 3, toughness = 3"),
        object(|o| {
            o.power = Some(0);
            o.toughness = Some(0)
        }),
        Err("object `g`: power, toughness differ"),
    );
    check(
        &obj_step("tapped = true"),
        object(|o| o.tapped = Some(true)),
        Ok(()),
    );
    check(
        &obj_step(r#"zone = "graveyard""#),
        object(|o| o.zone = Some("exile".into())),
        Err("object `g`: zone differ"),
    );
    check(
        &obj_step(r#"attached_to = """#),
        object(|o| o.attached_to = Some(String::new())),
        Ok(()),
    );
    // Only the named fields are compared.
    check(
        &obj_step("power = 3"),
        object(|o| {
            o.power = Some(3);
            o.toughness = Some(99)
        }),
        Ok(()),
    );
}

#[test]
fn a_field_not_observed_is_a_mismatch() {
    check(
        &obj_step("power = 3"),
        object(|_| {}),
        Err("object `g`: power differ"),
    );
    let verdict = judge(
        &case(&[&obj_step("power = 3, toughness = 1")]),
        &CaseReply::Ran {
            steps: vec![object(|o| o.toughness = Some(1))],
        },
    );
    let Verdict::Failed(f) = verdict else {
        panic!("{verdict:?}")
    };
    assert_eq!(
        f.expected,
        vec![r#"object = "g""#, "power = 3", "toughness = 1"]
    );
    assert_eq!(
        f.observed,
        vec![r#"object = "g""#, "power = <not observed>", "toughness = 1"]
    );
}

#[test]
fn sets_ignore_order() {
    let types = obj_step(r#"types = ["Artifact", "Creature"]"#);
    check(
        &types,
        object(|o| o.types = Some(vec!["Creature".into(), "Artifact".into()])),
        Ok(()),
    );
    check(
        &types,
        object(|o| o.types = Some(vec!["Artifact".into()])),
        Err("object `g`: types differ"),
    );
    check(
        &obj_step(r#"colors = ["G", "U"]"#),
        object(|o| o.colors = Some(vec!["U".into(), "G".into()])),
        Ok(()),
    );
    check(
        &obj_step(r#"keywords = []"#),
        object(|o| o.keywords = Some(vec![])),
        Ok(()),
    );
    check(
        &obj_step(r#"keywords = []"#),
        object(|o| o.keywords = Some(vec!["Flying".into()])),
        Err("object `g`: keywords differ"),
    );
}

#[test]
fn counters_are_an_exact_table() {
    let some =
        |pairs: &[(&str, i64)]| Some(pairs.iter().map(|(k, n)| (k.to_string(), *n)).collect());
    check(
        &obj_step("counters = { charge = 3 }"),
        object(|o| o.counters = some(&[("charge", 3)])),
        Ok(()),
    );
    check(
        &obj_step("counters = { charge = 3 }"),
        object(|o| o.counters = some(&[("charge", 3), ("flying", 1)])),
        Err("object `g`: counters differ"),
    );
    check(
        &obj_step("counters = {}"),
        object(|o| o.counters = some(&[])),
        Ok(()),
    );
    check(
        &obj_step("counters = {}"),
        object(|o| o.counters = some(&[("charge", 0)])),
        Ok(()),
    );
    check(
        &obj_step("counters = {}"),
        object(|o| o.counters = None),
        Err("object `g`: counters differ"),
    );
    check(
        &obj_step(r#"counters = { contains = ["flying"] }"#),
        object(|o| o.counters = some(&[("flying", 1), ("reach", 1)])),
        Ok(()),
    );
    check(
        &obj_step(r#"counters = { contains = ["flying"] }"#),
        object(|o| o.counters = some(&[("reach", 1)])),
        Err("object `g`: counters differ"),
    );
    check(
        &obj_step(r#"counters = { excludes = ["flying"] }"#),
        object(|o| o.counters = some(&[("reach", 1)])),
        Ok(()),
    );
    check(
        &obj_step(r#"counters = { excludes = ["flying"] }"#),
        object(|o| o.counters = some(&[("flying", 2)])),
        Err("object `g`: counters differ"),
    );
    let one_of = obj_step(r#"counters = { one_of = [{ flying = 1 }, { reach = 1 }] }"#);
    check(
        &one_of,
        object(|o| o.counters = some(&[("reach", 1)])),
        Ok(()),
    );
    check(
        &one_of,
        object(|o| o.counters = some(&[("reach", 1), ("flying", 1)])),
        Err("object `g`: counters differ"),
    );
}

#[test]
fn patterns() {
    let one_of = obj_step(r#"zone = { one_of = ["graveyard", "exile"] }"#);
    check(&one_of, object(|o| o.zone = Some("exile".into())), Ok(()));
    check(
        &one_of,
        object(|o| o.zone = Some("hand".into())),
        Err("object `g`: zone differ"),
    );
    check(
        &obj_step("power = { one_of = [1, 2] }"),
        object(|o| o.power = Some(2)),
        Ok(()),
    );
    check(
        &obj_step("power = { at_least = 3 }"),
        object(|o| o.power = Some(3)),
        Ok(()),
    );
    check(
        &obj_step("power = { at_least = 3 }"),
        object(|o| o.power = Some(2)),
        Err("object `g`: power differ"),
    );
    check(
        &obj_step("power = { at_most = 3 }"),
        object(|o| o.power = Some(3)),
        Ok(()),
    );
    check(
        &obj_step("power = { at_most = 3 }"),
        object(|o| o.power = Some(4)),
        Err("object `g`: power differ"),
    );
    check(
        &obj_step("power = { at_most = 3 }"),
        object(|_| {}),
        Err("object `g`: power differ"),
    );
    let kw = |xs: &[&str]| Some(xs.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    check(
        &obj_step(r#"keywords = { contains = ["Flying"] }"#),
        object(|o| o.keywords = kw(&["Haste", "Flying"])),
        Ok(()),
    );
    check(
        &obj_step(r#"keywords = { contains = ["Flying", "Reach"] }"#),
        object(|o| o.keywords = kw(&["Flying"])),
        Err("object `g`: keywords differ"),
    );
    check(
        &obj_step(r#"keywords = { excludes = ["Haste"] }"#),
        object(|o| o.keywords = kw(&["Flying"])),
        Ok(()),
    );
    check(
        &obj_step(r#"keywords = { excludes = ["Haste"] }"#),
        object(|o| o.keywords = kw(&["Haste"])),
        Err("object `g`: keywords differ"),
    );
    check(
        &obj_step(r#"subtypes = { unordered = ["Elf", "Druid"] }"#),
        object(|o| o.subtypes = kw(&["Druid", "Elf"])),
        Ok(()),
    );
    check(
        &obj_step(r#"subtypes = { unordered = ["Elf", "Druid"] }"#),
        object(|o| o.subtypes = kw(&["Elf"])),
        Err("object `g`: subtypes differ"),
    );
}

fn zone(names: &[&str]) -> StepReply {
    let objects = names
        .iter()
        .map(|n| ObjectObservation {
            name: Some(n.to_string()),
            ..Default::default()
        })
        .collect();
    StepReply::Observed {
        observation: Observation::Zone { objects },
    }
}

#[test]
fn zone_queries() {
    let ordered =
        r#"{ expect = { zone = "library", owner = "alice", names = ["Forest", "Island"] } }"#;
    check(ordered, zone(&["Forest", "Island"]), Ok(()));
    check(
        ordered,
        zone(&["Island", "Forest"]),
        Err("library of alice: names differ"),
    );
    let unordered = r#"{ expect = { zone = "battlefield", controller = "alice", names = { unordered = ["Thopter Token", "Thopter Token", "Mass"] } } }"#;
    check(unordered, zone(&["Thopter Token", "Mass", "Thopter Token"]), Ok(()));
    check(
        unordered,
        zone(&["Thopter Token", "Mass"]),
        Err("battlefield of alice: names differ"),
    );
    let contains = r#"{ expect = { zone = "battlefield", controller = "alice", names = { contains = ["Thopter Token", "Thopter Token"] } } }"#;
    check(contains, zone(&["Thopter Token", "Mass", "Thopter Token"]), Ok(()));
    check(
        contains,
        zone(&["Thopter Token", "Mass"]),
        Err("battlefield of alice: names differ"),
    );
    let count = r#"{ expect = { zone = "graveyard", owner = "bob", count = 2 } }"#;
    check(count, zone(&["A", "B"]), Ok(()));
    check(count, zone(&[]), Err("graveyard of bob: count differ"));
    let mut unnamed = zone(&["A"]);
    if let StepReply::Observed {
        observation: Observation::Zone { objects },
    } = &mut unnamed
    {
        objects[0].name = None;
    }
    check(
        r#"{ expect = { zone = "hand", owner = "bob", names = ["A"] } }"#,
        unnamed,
        Err("hand of bob: names differ"),
    );
}

#[test]
fn mana_pools_are_multisets() {
    let step = r#"{ expect = { player = "alice", mana_pool = "{G}{C}{G}" } }"#;
    check(
        step,
        player(|p| p.mana_pool = Some("{C}{G}{G}".into())),
        Ok(()),
    );
    check(
        step,
        player(|p| p.mana_pool = Some("{G}{C}".into())),
        Err("player `alice`: mana_pool differ"),
    );
    check(
        step,
        player(|p| p.mana_pool = Some("GGC".into())),
        Err("player `alice`: mana_pool differ"),
    );
    check(
        r#"{ expect = { player = "alice", mana_pool = "" } }"#,
        player(|p| p.mana_pool = Some(String::new())),
        Ok(()),
    );
    check(
        r#"{ expect = { player = "bob", life = 17, hand_size = 1 } }"#,
        player(|p| {
            p.life = Some(17);
            p.hand_size = Some(1)
        }),
        Ok(()),
    );
    check(
        r#"{ expect = { player = "bob", life = { at_most = 0 } } }"#,
        player(|p| p.life = Some(1)),
        Err("player `bob`: life differ"),
    );
}

fn stack(items: &[(&str, Option<&str>, &[&str])]) -> StepReply {
    let items = items
        .iter()
        .map(|(kind, source, targets)| StackItemObservation {
            kind: kind.to_string(),
            source: source.map(String::from),
            targets: targets.iter().map(|t| t.to_string()).collect(),
        })
        .collect();
    StepReply::Observed {
        observation: Observation::Stack { items },
    }
}

#[test]
fn stacks() {
    let one = r#"{ expect = { stack = [ { kind = "ability", source = "giant" } ] } }"#;
    check(one, stack(&[("ability", Some("giant"), &["bob"])]), Ok(()));
    check(
        one,
        stack(&[("spell", Some("giant"), &[])]),
        Err("the stack differs (expected 1 item, observed 1)"),
    );
    check(
        one,
        stack(&[]),
        Err("the stack differs (expected 1 item, observed 0)"),
    );
    check(r#"{ expect = { stack = [] } }"#, stack(&[]), Ok(()));
    check(
        r#"{ expect = { stack = [] } }"#,
        stack(&[("spell", None, &[])]),
        Err("the stack differs (expected 0 items, observed 1)"),
    );
    let two =
        r#"{ expect = { stack = [ { source = "b" }, { source = "a", targets = ["mass"] } ] } }"#;
    check(
        two,
        stack(&[("spell", Some("b"), &[]), ("spell", Some("a"), &["mass"])]),
        Ok(()),
    );
    check(
        two,
        stack(&[("spell", Some("a"), &["mass"]), ("spell", Some("b"), &[])]),
        Err("the stack differs (expected 2 items, observed 2)"),
    );
    let verdict = judge(
        &case(&[one]),
        &CaseReply::Ran {
            steps: vec![stack(&[("spell", Some("giant"), &[])])],
        },
    );
    let Verdict::Failed(f) = verdict else {
        panic!("{verdict:?}")
    };
    assert_eq!(
        f.expected,
        vec![
            "stack (top first) = [",
            r#"  { kind = "ability", source = "giant" },"#,
            "]"
        ]
    );
    assert_eq!(
        f.observed,
        vec![
            "stack (top first) = [",
            r#"  { kind = "spell", source = "giant" },"#,
            "]"
        ]
    );
}

#[test]
fn verdicts() {
    let c = case(&[
        r#"{ do = "pass" }"#,
        &obj_step("power = 1"),
        r#"{ do = "pass" }"#,
    ]);
    let run = |steps: Vec<StepReply>| judge(&c, &CaseReply::Ran { steps });
    assert_eq!(
        run(vec![
            StepReply::Done,
            object(|o| o.power = Some(1)),
            StepReply::Done
        ]),
        Verdict::Passed
    );
    assert_eq!(
        judge(
            &c,
            &CaseReply::Skipped {
                reason: "no cycling".into()
            }
        ),
        Verdict::Skipped {
            reason: "no cycling".into()
        }
    );
    assert_eq!(
        judge(
            &c,
            &CaseReply::Errored {
                message: "bad setup".into()
            }
        ),
        Verdict::Errored {
            step: None,
            message: "bad setup".into()
        }
    );
    assert_eq!(
        run(vec![StepReply::Done]),
        Verdict::Errored {
            step: Some(1),
            message: "the engine stopped after 1 of 3 steps".into()
        }
    );
    assert_eq!(
        run(vec![
            StepReply::Done,
            StepReply::Failed {
                message: "unsupported".into()
            }
        ]),
        Verdict::Errored {
            step: Some(1),
            message: "the engine could not carry out the step: unsupported".into()
        }
    );
    assert_eq!(
        run(vec![StepReply::Done, player(|_| {}), StepReply::Done]),
        Verdict::Errored {
            step: Some(1),
            message: "the engine answered a player observation to an object expectation".into()
        }
    );
    assert_eq!(
        run(vec![object(|_| {}), object(|_| {}), StepReply::Done]),
        Verdict::Errored {
            step: Some(0),
            message: "the engine answered an observation to an action".into()
        }
    );
    assert_eq!(
        run(vec![StepReply::Done, StepReply::Done, StepReply::Done]),
        Verdict::Errored {
            step: Some(1),
            message: "the engine answered an action result to an expectation".into()
        }
    );
    assert_eq!(
        run(vec![
            StepReply::Done,
            object(|o| o.power = Some(1)),
            StepReply::Done,
            StepReply::Done
        ]),
        Verdict::Errored {
            step: None,
            message: "the engine answered 4 steps; the case has 3".into()
        }
    );
    // The first failing step decides, even if the engine stopped later.
    let Verdict::Failed(f) = run(vec![StepReply::Done, object(|o| o.power = Some(2))]) else {
        panic!("not failed")
    };
    assert_eq!(f.step, 1);
    assert_eq!(Verdict::Passed.label(), "passed");
}
