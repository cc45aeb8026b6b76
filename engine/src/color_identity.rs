//! Color identity (CR 903.4): the colors of the mana symbols in a card's mana cost and rules
//! text, plus the colors its color indicator or characteristic-defining abilities give it
//! (CR 204, 604.3). Reminder text is ignored (903.4c). It is established before the game from
//! the card (903.4a), so it is read off the card's definition, not off the object's
//! characteristics now. A double-faced card's back face counts too (903.4d).

use crate::cards::CardDef;
use crate::mana::ManaType;
use crate::types::Color;

/// The color identity of the card (or token) `def` defines, in WUBRG order.
pub fn of(def: &CardDef) -> Vec<Color> {
    let mut text = def.mana_cost_text.clone().unwrap_or_default();
    text.push_str(&without_reminder_text(&def.oracle));
    let mut found: Vec<Color> = symbols(&text).flat_map(colors_of_symbol).collect();
    found.extend(def.colors.iter().flatten().copied());
    // CR 903.4d: the back face of a double-faced card is included (an exception to 712.8a).
    if let Some(back) = &def.back_face {
        found.extend(of(back));
    }
    found.sort();
    found.dedup();
    found
}

/// The text outside parentheses (CR 207.2: reminder text is in parentheses and in italics).
fn without_reminder_text(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0u32;
    for c in text.chars() {
        match c {
            '(' => depth = depth.saturating_add(1),
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Every `{...}` symbol's inside.
fn symbols(text: &str) -> impl Iterator<Item = &str> {
    text.split('{').skip(1).filter_map(|s| s.split_once('}').map(|(inside, _)| inside))
}

/// The colors a mana symbol has (CR 107.4, 105.1: a hybrid symbol has both of its colors, a
/// Phyrexian one its color); `{T}`, `{Q}`, `{S}`, `{X}`, `{C}` and numbers have none.
fn colors_of_symbol(symbol: &str) -> Vec<Color> {
    symbol.split('/').filter_map(|part| ManaType::parse_symbol(part).and_then(Color::from_mana_type)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hybrid_and_reminder_text() {
        assert_eq!(colors_of_symbol("R/G"), vec![Color::Red, Color::Green]);
        assert_eq!(colors_of_symbol("T"), Vec::<Color>::new());
        assert_eq!(without_reminder_text("Cycling {R} ({R}, Discard this card: Draw a card.)"), "Cycling {R} ");
        assert_eq!(symbols("{3}{R}, Sacrifice").collect::<Vec<_>>(), vec!["3", "R"]);
    }
}
