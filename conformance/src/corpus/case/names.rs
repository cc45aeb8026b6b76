//! The closed vocabularies of the format: players, steps of the turn, zones, rejection classes, ...
//! Each is a string in TOML; an unknown string is a load error naming the allowed ones.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Declares a string-valued enum with `as_str`, `parse`, `ALL`, `Display` and serde impls.
macro_rules! names {
    ($(#[$meta:meta])* $name:ident, $what:literal { $($(#[$vmeta:meta])* $var:ident = $s:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vmeta])* $var),+ }

        impl $name {
            /// Every value, in the order the format lists them.
            pub const ALL: &'static [$name] = &[$($name::$var),+];

            /// The spelling in the corpus.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$var => $s),+ }
            }

            /// The value spelt `s`, if any.
            pub fn parse(s: &str) -> Option<Self> {
                match s { $($s => Some($name::$var),)+ _ => None }
            }

            /// The message for a string that is none of these.
            pub(crate) fn unknown(s: &str) -> String {
                let all: Vec<String> = Self::ALL.iter().map(|v| format!("`{}`", v.as_str())).collect();
                format!("unknown {} `{}`, expected one of {}", $what, s, all.join(", "))
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                $name::parse(&s).ok_or_else(|| serde::de::Error::custom($name::unknown(&s)))
            }
        }
    };
}
pub(crate) use names;

names! {
    /// One of the two players. Turn order is always alice, then bob.
    Player, "player" { Alice = "alice", Bob = "bob" }
}

impl Player {
    pub fn opponent(self) -> Player {
        match self {
            Player::Alice => Player::Bob,
            Player::Bob => Player::Alice,
        }
    }
}

names! {
    /// A step of the turn (phases are implied by their steps), in turn order.
    TurnStep, "step" {
        Untap = "untap",
        Upkeep = "upkeep",
        Draw = "draw",
        PrecombatMain = "precombat_main",
        BeginningOfCombat = "beginning_of_combat",
        DeclareAttackers = "declare_attackers",
        DeclareBlockers = "declare_blockers",
        CombatDamage = "combat_damage",
        EndOfCombat = "end_of_combat",
        PostcombatMain = "postcombat_main",
        End = "end",
        Cleanup = "cleanup",
    }
}

names! {
    /// A zone.
    Zone, "zone" {
        Library = "library",
        Hand = "hand",
        Battlefield = "battlefield",
        Graveyard = "graveyard",
        Stack = "stack",
        Exile = "exile",
        Command = "command",
    }
}

names! {
    /// Why an action is illegal (`expect_illegal = "<class>"`).
    RejectionClass, "rejection class" {
        /// A cost can't be paid.
        Cost = "cost",
        /// A creature's {T}/{Q} ability or attack without control since the turn began.
        SummoningSickness = "summoning_sickness",
        /// Not now: wrong step, stack not empty, no land play left.
        Timing = "timing",
        /// A required target is missing or illegal.
        Target = "target",
        /// A choice the rules don't allow.
        Choice = "choice",
        /// The player named in `by` does not have priority.
        Priority = "priority",
        /// No such object or ability where the action says.
        Object = "object",
    }
}

names! {
    /// What a stack item is.
    StackKind, "stack item kind" { Spell = "spell", Ability = "ability" }
}

names! {
    /// What a source is.
    SourceKind, "source kind" { Cr = "cr", Ruling = "ruling" }
}

names! {
    /// A color, by its letter.
    Color, "color" { W = "W", U = "U", B = "B", R = "R", G = "G" }
}

names! {
    /// The verb of an action step (`do = ...`).
    VerbName, "verb" {
        Activate = "activate",
        Cast = "cast",
        PlayLand = "play_land",
        Pass = "pass",
        Resolve = "resolve",
        Advance = "advance",
        Attack = "attack",
        Block = "block",
        Choose = "choose",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_reject_unknown() {
        for step in TurnStep::ALL {
            assert_eq!(TurnStep::parse(step.as_str()), Some(*step));
        }
        assert_eq!(TurnStep::ALL.len(), 12);
        assert_eq!(
            RejectionClass::parse("summoning_sickness"),
            Some(RejectionClass::SummoningSickness)
        );
        assert_eq!(Zone::parse("Battlefield"), None);
        assert_eq!(
            StackKind::unknown("trigger"),
            "unknown stack item kind `trigger`, expected one of `spell`, `ability`"
        );
        assert_eq!(Player::Alice.opponent(), Player::Bob);
    }
}
