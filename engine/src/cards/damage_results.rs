//! The cards of CR 120.4d Example 1 (a damage event whose results are replaced: wither's
//! -1/-1 counters, lifelink's life gain doubled): Boon Reflection (the reference card data,
//! SHM 5), Boggart Ram-Gang (a 3/3 with wither; MTGJSON SHM 203) and Kei Takahashi ("prevent
//! the next 2 damage that would be dealt to target creature", the Example's prevention; no
//! instant with that text alone is in MTGJSON; CHR 78).
use super::{activated, keyword, tap, CardDef};
use crate::abilities::{Ability, Effect, Keyword, StaticAbility, TargetSpec};
use crate::types::CardType;

/// Boon Reflection ({4}{W} Enchantment).
pub const BOON_REFLECTION: &str = "If you would gain life, you gain twice that much life instead.";

pub fn boon_reflection() -> CardDef {
    CardDef::new("Boon Reflection", BOON_REFLECTION)
        .cost("{4}{W}")
        .types(&[CardType::Enchantment])
        .ability(Ability::Static(StaticAbility::GainTwiceThatMuchLifeInstead))
}

/// Boggart Ram-Gang ({R/G}{R/G}{R/G} Creature — Goblin Warrior 3/3).
pub const BOGGART_RAM_GANG: &str = "Haste\nWither (This deals damage to creatures in the form of -1/-1 counters.)";

pub fn boggart_ram_gang() -> CardDef {
    CardDef::new("Boggart Ram-Gang", BOGGART_RAM_GANG)
        .cost("{R/G}{R/G}{R/G}")
        .types(&[CardType::Creature])
        .subtypes(&["Goblin", "Warrior"])
        .pt(3, 3)
        .ability(keyword(Keyword::Haste))
        .ability(keyword(Keyword::Wither))
}

/// Kei Takahashi ({2}{G}{W} Legendary Creature — Human Cleric 2/2).
pub const KEI_TAKAHASHI: &str = "{T}: Prevent the next 2 damage that would be dealt to target creature this turn.";

pub fn kei_takahashi() -> CardDef {
    CardDef::new("Kei Takahashi", KEI_TAKAHASHI)
        .cost("{2}{G}{W}")
        .types(&[CardType::Creature])
        .supertypes(&["Legendary"])
        .subtypes(&["Human", "Cleric"])
        .pt(2, 2)
        .ability(activated(
            tap(),
            vec![TargetSpec::Creature],
            Effect::PreventNextDamage { amount: 2, target: 0, and_sharing_a_color: false },
        ))
}
