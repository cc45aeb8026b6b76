//! Card types, land types and colors (CR 105, 205, 205.3i).

use serde::{Deserialize, Serialize};

use crate::mana::ManaType;

/// Card types (CR 205.2a). Declaration order is the order views list them in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CardType {
    Kindred,
    Artifact,
    Battle,
    Creature,
    Enchantment,
    Instant,
    Land,
    Planeswalker,
    Sorcery,
}

impl CardType {
    pub fn name(self) -> &'static str {
        match self {
            CardType::Kindred => "Kindred",
            CardType::Artifact => "Artifact",
            CardType::Battle => "Battle",
            CardType::Creature => "Creature",
            CardType::Enchantment => "Enchantment",
            CardType::Instant => "Instant",
            CardType::Land => "Land",
            CardType::Planeswalker => "Planeswalker",
            CardType::Sorcery => "Sorcery",
        }
    }

    /// Permanent types (CR 110.4): objects of these types can be on the battlefield.
    pub fn is_permanent_type(self) -> bool {
        matches!(
            self,
            CardType::Artifact
                | CardType::Battle
                | CardType::Creature
                | CardType::Enchantment
                | CardType::Land
                | CardType::Planeswalker
        )
    }
}

/// The land types (CR 205.3i).
pub const LAND_TYPES: [&str; 17] = [
    "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
    "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza's",
];

pub fn is_land_type(subtype: &str) -> bool {
    LAND_TYPES.contains(&subtype)
}

/// The five colors (CR 105.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Color {
    White,
    Blue,
    Black,
    Red,
    Green,
}

impl Color {
    pub const ALL: [Color; 5] = [Color::White, Color::Blue, Color::Black, Color::Red, Color::Green];

    pub fn letter(self) -> &'static str {
        match self {
            Color::White => "W",
            Color::Blue => "U",
            Color::Black => "B",
            Color::Red => "R",
            Color::Green => "G",
        }
    }

    /// The mana type of the same color (CR 106.1a).
    pub fn mana_type(self) -> ManaType {
        match self {
            Color::White => ManaType::White,
            Color::Blue => ManaType::Blue,
            Color::Black => ManaType::Black,
            Color::Red => ManaType::Red,
            Color::Green => ManaType::Green,
        }
    }

    pub fn from_mana_type(t: ManaType) -> Option<Color> {
        match t {
            ManaType::White => Some(Color::White),
            ManaType::Blue => Some(Color::Blue),
            ManaType::Black => Some(Color::Black),
            ManaType::Red => Some(Color::Red),
            ManaType::Green => Some(Color::Green),
            ManaType::Colorless => None,
        }
    }
}
