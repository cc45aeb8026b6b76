//! The card pool: Forge card scripts written for this adapter (one `<name>.txt` per card in the
//! cards folder), and `UNSUPPORTED.txt` naming the cards that can't be expressed and why.

use std::collections::HashMap;
use std::path::Path;

use forge_carddb::card_rules::CardRules;

pub struct CardPool {
    scripts: HashMap<String, CardRules>,
    /// Token scripts (folder `tokens/`), by the script name a card's `TokenScript$` names.
    pub tokens: HashMap<String, CardRules>,
    unsupported: HashMap<String, String>,
}

impl CardPool {
    pub fn load(dir: &Path) -> Result<CardPool, String> {
        let mut scripts = HashMap::new();
        let mut unsupported = HashMap::new();
        let mut tokens = HashMap::new();
        let token_dir = dir.join("tokens");
        if token_dir.is_dir() {
            for entry in std::fs::read_dir(&token_dir).map_err(|e| e.to_string())? {
                let path = entry.map_err(|e| e.to_string())?.path();
                let Some(stem) = path.file_stem().and_then(|s| s.to_str()).map(str::to_string) else { continue };
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                let rules = forge_carddb::parser::parse_card_script(&text)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                tokens.insert(stem, rules);
            }
        }
        let entries = std::fs::read_dir(dir).map_err(|e| e.to_string())?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                continue;
            }
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            if path.file_name().and_then(|n| n.to_str()) == Some("UNSUPPORTED.txt") {
                for line in text.lines().map(str::trim) {
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    let (name, why) = line
                        .split_once(':')
                        .ok_or_else(|| format!("UNSUPPORTED.txt: `Name: reason` expected, got {line:?}"))?;
                    unsupported.insert(name.trim().to_string(), why.trim().to_string());
                }
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("txt") {
                continue;
            }
            let rules = forge_carddb::parser::parse_card_script(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            scripts.insert(rules.name(), rules);
        }
        Ok(CardPool { scripts, tokens, unsupported })
    }

    /// The card's rules, or why this adapter has none.
    pub fn get(&self, name: &str) -> Result<&CardRules, String> {
        if let Some(rules) = self.scripts.get(name) {
            return Ok(rules);
        }
        Err(match self.unsupported.get(name) {
            Some(why) => format!("{name}: {why}"),
            None => format!("{name}: no card script written for it yet"),
        })
    }
}
