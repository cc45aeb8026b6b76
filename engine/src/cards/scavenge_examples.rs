//! Cards of CR 702.1a Example 1 (issue 28): Varolz, the Scar-Striped gives each creature card
//! in its controller's graveyard scavenge with a cost equal to that card's mana cost (CR
//! 702.97a, 702.1a). Oracle text from the reference card data (DGM 112).
use super::{scavenge_for_its_mana_cost, static_continuous, CardDef};
use crate::abilities::{Affected, Modification};
use crate::types::CardType;

/// Varolz, the Scar-Striped ({1}{B}{G} Legendary Creature — Troll Warrior 2/2; DGM 112). Its
/// "Sacrifice another creature: Regenerate Varolz." is not modelled: nothing in the corpus
/// uses it.
pub const VAROLZ: &str = "Each creature card in your graveyard has scavenge. The scavenge cost is equal to its mana cost. (Exile a creature card from your graveyard and pay its mana cost: Put a number of +1/+1 counters equal to that card's power on target creature. Scavenge only as a sorcery.)\nSacrifice another creature: Regenerate Varolz.";

pub fn varolz() -> CardDef {
    CardDef::new("Varolz, the Scar-Striped", VAROLZ)
        .cost("{1}{B}{G}")
        .supertypes(&["Legendary"])
        .types(&[CardType::Creature])
        .subtypes(&["Troll", "Warrior"])
        .pt(2, 2)
        // CR 613.1f: an ability-adding effect (layer 6) on cards in a graveyard (CR 611.3a).
        .ability(static_continuous(
            Affected::CardsInYourGraveyard { types: vec![CardType::Creature] },
            Modification::AddAbility(Box::new(scavenge_for_its_mana_cost())),
        ))
}
