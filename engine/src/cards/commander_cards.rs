//! Cards the CR's Examples of the Commander variant name (903.4, 903.5c, color identity): Bosh,
//! Iron Golem (C21 237), Wort, the Raidmother (SHM 223). Oracle text from the reference card data.
use super::{keyword, triggered, unnamed_token, CardDef};
use crate::abilities::{Amount, Effect, Keyword, Trigger};
use crate::types::{CardType, Color};

/// Bosh, Iron Golem ({8} Legendary Artifact Creature — Golem 6/7). Its activated ability (a
/// cost of sacrificing another artifact, damage equal to that artifact's mana value) is not
/// modelled: the corpus only reads its color identity (CR 903.4 Example 1), which its mana
/// symbols give whatever the engine makes of them.
pub const BOSH: &str = "Trample\n{3}{R}, Sacrifice an artifact: Bosh deals damage equal to the sacrificed artifact's mana value to any target.";

pub fn bosh_iron_golem() -> CardDef {
    CardDef::new("Bosh, Iron Golem", BOSH)
        .cost("{8}")
        .supertypes(&["Legendary"])
        .types(&[CardType::Artifact, CardType::Creature])
        .subtypes(&["Golem"])
        .pt(6, 7)
        .ability(keyword(Keyword::Trample))
}

/// Wort, the Raidmother ({4}{R/G}{R/G} Legendary Creature — Goblin Shaman 3/3): each hybrid
/// symbol is both red and green (CR 107.4e), so Wort is red and green and so is its color
/// identity (CR 903.5c Example 1). "Each red or green instant or sorcery spell you cast has
/// conspire" is not modelled (conspire, CR 702.78, isn't): the corpus reads its colors and
/// color identity, which its reminder text doesn't change (CR 903.4c).
pub const WORT: &str = "When Wort enters, create two 1/1 red and green Goblin Warrior creature tokens.\nEach red or green instant or sorcery spell you cast has conspire. (As you cast the spell, you may tap two untapped creatures you control that share a color with it. When you do, copy it and you may choose new targets for the copy.)";

pub fn wort_the_raidmother() -> CardDef {
    CardDef::new("Wort, the Raidmother", WORT)
        .cost("{4}{R/G}{R/G}")
        .supertypes(&["Legendary"])
        .types(&[CardType::Creature])
        .subtypes(&["Goblin", "Shaman"])
        .pt(3, 3)
        .ability(triggered(
            Trigger::ThisEnters,
            Effect::CreateTokens { token: goblin_warrior_token().name, amount: Amount::Fixed(2) },
        ))
}

/// The 1/1 red and green Goblin Warrior creature tokens Wort creates (CR 111.4: "Goblin
/// Warrior Token").
pub fn goblin_warrior_token() -> CardDef {
    unnamed_token(&["Goblin", "Warrior"], "").types(&[CardType::Creature]).colors(&[Color::Red, Color::Green]).pt(1, 1)
}
