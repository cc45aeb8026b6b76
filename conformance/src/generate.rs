//! Generators of arbitrary games and action scripts, shared by the fuzz targets (and, later, the
//! property tests): the fuzzer's bytes become a [`BoardRecipe`] and a list of [`Pick`]s.
//!
//! A recipe is *repaired* into a legal starting position rather than rejected: any byte string
//! gives a game, so the fuzzer never wastes inputs. Picks choose among `Game::legal_actions()`
//! ("take legal action n mod len") or try a deliberately arbitrary action, which the engine must
//! either carry out or reject without changing anything.

use std::collections::BTreeMap;

use arbitrary::{Arbitrary, Unstructured};
use mtg_engine::{
    Action, Answers, CardId, CardSetup, Game, GameSetup, ManaPool, ManaType, ObjectId, PlayerId, PlayerSetup, Step,
    Target, ZoneKind,
};

/// At most this many objects on a generated board; enough for every interaction of the card pool.
pub const MAX_OBJECTS: usize = 24;

const ZONES: [ZoneKind; 6] =
    [ZoneKind::Battlefield, ZoneKind::Hand, ZoneKind::Library, ZoneKind::Graveyard, ZoneKind::Exile, ZoneKind::Command];

/// Steps in which players receive priority (CR 117.3a: none in untap, usually none in cleanup).
const PRIORITY_STEPS: [Step; 10] = [
    Step::Upkeep,
    Step::Draw,
    Step::PrecombatMain,
    Step::BeginningOfCombat,
    Step::DeclareAttackers,
    Step::DeclareBlockers,
    Step::CombatDamage,
    Step::EndOfCombat,
    Step::PostcombatMain,
    Step::End,
];

const COUNTER_KINDS: [&str; 6] = ["+1/+1", "-1/-1", "charge", "age", "loyalty", "flying"];

/// An arbitrary starting position, before repair.
#[derive(Arbitrary, Clone, Debug)]
pub struct BoardRecipe {
    pub seed: u64,
    pub bob_active: bool,
    pub step: u8,
    pub turn: u8,
    pub life: [i8; 2],
    pub pools: [[u8; 6]; 2],
    pub objects: Vec<ObjectRecipe>,
}

#[derive(Arbitrary, Clone, Debug)]
pub struct ObjectRecipe {
    pub card: u8,
    pub bob_owns: bool,
    pub bob_controls: bool,
    pub zone: u8,
    pub tapped: bool,
    pub sick: bool,
    pub counters: Vec<(u8, u8)>,
}

impl BoardRecipe {
    /// The legal game this recipe stands for: known cards only, a step with priority, small
    /// counts, at most [`MAX_OBJECTS`] objects.
    pub fn to_setup(&self) -> GameSetup {
        let names = mtg_engine::card_names();
        let cards = self
            .objects
            .iter()
            .take(MAX_OBJECTS)
            .filter_map(|o| {
                let name = names.get(usize::from(o.card) % names.len().max(1))?;
                let owner = PlayerId(u8::from(o.bob_owns));
                let zone = ZONES[usize::from(o.zone) % ZONES.len()];
                let mut c = CardSetup::new(name, owner, zone);
                let mut counters = BTreeMap::new();
                for (kind, n) in o.counters.iter().take(3) {
                    counters.insert(COUNTER_KINDS[usize::from(*kind) % COUNTER_KINDS.len()].to_string(), u32::from(n % 4));
                }
                c.counters = counters;
                if zone == ZoneKind::Battlefield {
                    c.controller = Some(PlayerId(u8::from(o.bob_controls)));
                    c.tapped = o.tapped;
                    c.summoning_sick = o.sick;
                }
                Some(c)
            })
            .collect();
        let players = (0..2)
            .map(|i| PlayerSetup {
                name: if i == 0 { "alice".into() } else { "bob".into() },
                life: i32::from(self.life[i]).clamp(1, 40),
                mana_pool: pool(&self.pools[i]),
            })
            .collect();
        GameSetup {
            seed: self.seed,
            players,
            active_player: PlayerId(u8::from(self.bob_active)),
            priority_player: None,
            step: PRIORITY_STEPS[usize::from(self.step) % PRIORITY_STEPS.len()],
            turn_number: u32::from(self.turn % 20) + 2,
            cards,
        }
    }
}

fn pool(amounts: &[u8; 6]) -> ManaPool {
    let types = [ManaType::White, ManaType::Blue, ManaType::Black, ManaType::Red, ManaType::Green, ManaType::Colorless];
    let mut p = ManaPool::default();
    for (t, n) in types.iter().zip(amounts) {
        p.add(*t, u32::from(n % 5));
    }
    p
}

/// One step of a script.
#[derive(Arbitrary, Clone, Debug)]
pub enum Pick {
    /// Take legal action `n mod len` (pass if there is none).
    Legal(u16),
    /// Try an arbitrary action, most likely illegal.
    Wild(WildAction),
}

/// An action built from raw numbers: object ids and ability indexes that may not exist.
#[derive(Arbitrary, Clone, Debug)]
pub struct WildAction {
    pub kind: u8,
    pub player: bool,
    pub object: u8,
    pub ability: u8,
    pub x: Option<u8>,
    pub target: Option<u8>,
    pub mana: Option<u8>,
}

impl WildAction {
    pub fn to_action(&self) -> Action {
        let player = PlayerId(u8::from(self.player));
        let object = ObjectId(u32::from(self.object));
        let targets = self.target.map(|t| vec![Target::Object(ObjectId(u32::from(t)))]).unwrap_or_default();
        let x = self.x.map(|x| u32::from(x % 8));
        match self.kind % 4 {
            0 => Action::PlayLand { player, card: object },
            1 => Action::CastSpell { player, card: object, x, targets, payment: None },
            2 => Action::ActivateAbility {
                player,
                source: object,
                ability: usize::from(self.ability % 4),
                x,
                targets,
                mana_choice: self.mana.map(|m| {
                    [ManaType::White, ManaType::Blue, ManaType::Black, ManaType::Red, ManaType::Green, ManaType::Colorless]
                        [usize::from(m % 6)]
                }),
                payment: None,
                replacement_order: Vec::new(),
            },
            _ => Action::PassPriority { player, answers: Answers::default() },
        }
    }
}

/// A recipe and a script, as the fuzzer and property tests draw them.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub board: BoardRecipe,
    pub picks: Vec<Pick>,
}

impl<'a> Arbitrary<'a> for Scenario {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let board = BoardRecipe::arbitrary(u)?;
        let mut picks = Vec::new();
        // Bounded so one input can't run forever; 64 actions reach several turns.
        while picks.len() < 64 && !u.is_empty() {
            picks.push(Pick::arbitrary(u)?);
        }
        Ok(Scenario { board, picks })
    }
}

/// A broken invariant: which one, after which pick, and the details.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invariant `{invariant}` broken at pick {pick}: {detail}")]
pub struct Violation {
    pub invariant: &'static str,
    pub pick: usize,
    pub detail: String,
}

/// Plays `scenario` and checks the game-wide invariants after every pick:
/// an action from `legal_actions` is accepted; a rejected action changes nothing; the state
/// survives a serialize/deserialize round trip unchanged.
pub fn check_scenario(scenario: &Scenario) -> Result<(), Violation> {
    let Ok(mut game) = Game::new(scenario.board.to_setup()) else {
        // Repair only produces known cards and players, so setup can't fail; if it does, that's
        // a finding too.
        return Err(Violation { invariant: "repaired setup builds", pick: 0, detail: "Game::new rejected".into() });
    };
    for (i, pick) in scenario.picks.iter().enumerate() {
        if game.is_over() {
            break;
        }
        match pick {
            Pick::Legal(n) => {
                let legal = game.legal_actions();
                let Some(action) = legal.get(usize::from(*n) % legal.len().max(1)).cloned() else {
                    return Err(Violation {
                        invariant: "a game that isn't over has a legal action",
                        pick: i,
                        detail: "legal_actions() is empty".into(),
                    });
                };
                if let Err(r) = game.apply(action.clone()) {
                    return Err(Violation {
                        invariant: "legal actions are accepted",
                        pick: i,
                        detail: format!("{action:?} rejected: {r}"),
                    });
                }
            }
            Pick::Wild(w) => {
                let before = game.state().clone();
                if game.apply(w.to_action()).is_err() && *game.state() != before {
                    return Err(Violation {
                        invariant: "a rejected action changes nothing",
                        pick: i,
                        detail: format!("{:?}", w.to_action()),
                    });
                }
            }
        }
        let json = serde_json::to_string(game.state()).map_err(|e| Violation {
            invariant: "the state serializes",
            pick: i,
            detail: e.to_string(),
        })?;
        let back: mtg_engine::GameState = serde_json::from_str(&json).map_err(|e| Violation {
            invariant: "the state deserializes",
            pick: i,
            detail: e.to_string(),
        })?;
        if back != *game.state() {
            return Err(Violation { invariant: "serde round trip", pick: i, detail: "state differs after the round trip".into() });
        }
    }
    Ok(())
}

/// The card a setup entry stands for, for readable reports of a scenario.
pub fn describe(setup: &GameSetup) -> Vec<String> {
    setup
        .cards
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{:?} {} ({}, owner {:?})", CardId(i as u32), c.name, c.zone.name(), c.owner))
        .collect()
}
