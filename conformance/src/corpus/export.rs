//! `mtg-conformance export`: the corpus as JSON lines, for engines that read the corpus
//! themselves instead of through the protocol. The first line is a [`ExportRecord::Header`] with
//! the format version; then one [`ExportRecord::Case`] per case, carrying the sources it covers
//! and the cards its setup uses, so each line stands alone. The schema is
//! `rulings/schema/export.schema.json`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::corpus::case::{Card, Case, Source, FORMAT_VERSION};
use crate::corpus::Corpus;
use crate::run::protocol::PROTOCOL_VERSION;

/// One line of the export.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
// A line is written and dropped at once; boxing the case buys nothing.
#[allow(clippy::large_enum_variant)]
pub enum ExportRecord {
    /// The first line.
    Header {
        /// The corpus format version (`rulings/README.md`).
        format: u32,
        /// The protocol version of the runner that wrote it (`rulings/PROTOCOL.md`).
        protocol: u32,
        /// How many `case` lines follow.
        cases: usize,
    },
    Case {
        /// The file the case is written in, relative to the corpus root.
        file: String,
        case: Case,
        /// The sources the case covers, in `covers` order (unknown ids are left out).
        sources: Vec<Source>,
        /// The cards its setup uses, each once, in order of first use.
        cards: Vec<Card>,
    },
}

/// The export's records: the header, then every case in corpus order.
pub fn records(corpus: &Corpus) -> Vec<ExportRecord> {
    let mut out = vec![ExportRecord::Header {
        format: FORMAT_VERSION,
        protocol: PROTOCOL_VERSION,
        cases: corpus.cases.len(),
    }];
    for located in &corpus.cases {
        let case = &located.item;
        let file = located
            .path
            .strip_prefix(&corpus.root)
            .unwrap_or(&located.path)
            .to_string_lossy()
            .replace('\\', "/");
        out.push(ExportRecord::Case {
            file,
            case: case.clone(),
            sources: case
                .covers
                .iter()
                .filter_map(|id| corpus.source(id).map(|s| s.item.clone()))
                .collect(),
            cards: cards_of(corpus, case),
        });
    }
    out
}

/// The export as text: one JSON object per line.
pub fn render(corpus: &Corpus) -> String {
    let mut out = String::new();
    for record in records(corpus) {
        // Serializing plain data into a string can't fail; an empty line would be the sign.
        out.push_str(&serde_json::to_string(&record).unwrap_or_default());
        out.push('\n');
    }
    out
}

fn cards_of(corpus: &Corpus, case: &Case) -> Vec<Card> {
    let mut names: Vec<&str> = Vec::new();
    for (_, _, _, card) in case.setup.entries() {
        if !names.contains(&card) {
            names.push(card);
        }
    }
    names
        .into_iter()
        .filter_map(|name| corpus.cards.iter().find(|c| c.item.name == name))
        .map(|c| c.item.clone())
        .collect()
}
