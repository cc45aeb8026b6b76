//! `rulings/cards.toml` and the reference engine's card pool state the same cards: an engine
//! that builds its cards from `cards.toml` gets exactly what the reference engine plays.

use std::path::Path;

use mtg_conformance::corpus::Corpus;
use pretty_assertions::assert_eq;

/// The fields both sides state, in one comparable shape.
#[derive(Debug, PartialEq)]
struct Printed {
    name: String,
    mana_cost: Option<String>,
    types: Vec<String>,
    subtypes: Vec<String>,
    supertypes: Vec<String>,
    power: Option<i64>,
    toughness: Option<i64>,
    loyalty: Option<i64>,
    oracle: String,
    /// A double-faced card's back face (CR 712.2), with its stated colors (its color indicator,
    /// CR 204) as letters.
    back_face: Option<Box<(Printed, Option<Vec<String>>)>>,
}

fn corpus_printed(card: &mtg_conformance::corpus::case::Card) -> Printed {
    Printed {
        name: card.name.clone(),
        mana_cost: card.mana_cost.as_ref().map(|c| c.as_str().to_string()),
        types: card.types.clone(),
        subtypes: card.subtypes.clone(),
        supertypes: card.supertypes.clone(),
        power: card.power,
        toughness: card.toughness,
        loyalty: card.loyalty,
        oracle: card.oracle.clone(),
        back_face: card.back_face.as_deref().map(|b| {
            let colors = b.color_override.as_ref().map(|c| c.iter().map(|c| c.as_str().to_string()).collect());
            Box::new((corpus_printed(b), colors))
        }),
    }
}

fn engine_printed(info: mtg_engine::CardInfo) -> Printed {
    Printed {
        name: info.name,
        mana_cost: info.mana_cost,
        types: info.types,
        subtypes: info.subtypes,
        supertypes: info.supertypes,
        power: info.power.map(i64::from),
        toughness: info.toughness.map(i64::from),
        loyalty: info.loyalty.map(i64::from),
        oracle: info.oracle,
        back_face: info.back_face.map(|b| {
            let colors = b.colors.clone();
            Box::new((engine_printed(*b), colors))
        }),
    }
}

#[test]
fn every_corpus_card_matches_the_engine_card_pool() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulings");
    let loaded = Corpus::load(&root).expect("the corpus loads");
    assert!(!loaded.corpus.cards.is_empty(), "cards.toml lists no card");
    let mut missing = Vec::new();
    for located in &loaded.corpus.cards {
        let card = &located.item;
        let corpus = corpus_printed(card);
        let Some(info) = mtg_engine::card_oracle(&card.name) else {
            missing.push(format!("{}: `{}`", located.position(), card.name));
            continue;
        };
        let engine = engine_printed(info);
        assert_eq!(corpus, engine, "{}: `{}` differs between cards.toml (left) and the engine (right)", located.position(), card.name);
    }
    assert_eq!(missing, Vec::<String>::new(), "cards.toml names cards the engine's pool lacks");
}
