//! Player actions (CR 117.1: casting CR 601, activating CR 602, playing lands CR 305.1,
//! passing CR 117.3d, declaring attackers CR 508.1): the legal ones (`legal_actions`) and
//! carrying one out (`apply`), which is transactional — on rejection the state is restored
//! exactly. Choices made while something resolves travel with the pass (`Answers`).

use serde::{Deserialize, Serialize};

use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::{board_of, Board};
use crate::mana::{ManaPool, ManaType};
use crate::mana_abilities::ProductionCache;
use crate::rejection::Rejection;
use crate::state::{GameState, ZoneKind};
use crate::targets::{self, Target};
use crate::types::CardType;
use crate::{activation, casting, combat, lands, priority};

/// Choices made while a spell or ability resolves, or in a turn-based action, carried by the
/// pass that causes it. A missing or disallowed choice rejects that pass (class `choice`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Answers {
    /// Scripted random outcomes, consumed in order.
    pub random: Vec<String>,
    pub distribute: Vec<(Target, u32)>,
    /// `None`: not answered; `Some(vec![])`: sacrifice nothing.
    pub sacrifice: Option<Vec<ObjectId>>,
    pub pay: Option<bool>,
    pub copy: Option<ObjectId>,
    /// The object chosen by the copy replacement a permanent gains by entering as a copy of a
    /// permanent with one ("enter as a copy of Clone", CR 707.9e, 614.12): applied after the
    /// first copy effect, it replaces it.
    #[serde(default)]
    pub copy_again: Option<ObjectId>,
    pub mana: Option<ManaType>,
    /// Cleanup-step discard to hand size (CR 514.1).
    pub discard: Option<Vec<ObjectId>>,
    /// The kind of counter chosen, e.g. the one an effect moves (`"flying"`, `"+1/+1"`).
    #[serde(default)]
    pub counter: Option<String>,
    /// The answer to a "you may" of the resolving spell or ability.
    #[serde(default)]
    pub may: Option<bool>,
    /// The legendary permanent kept when the legend rule applies after this pass (CR 704.5j).
    #[serde(default)]
    pub keep: Option<ObjectId>,
    /// The color chosen as a permanent enters ("as this enters, choose a color", CR 614.12).
    #[serde(default)]
    pub color: Option<crate::types::Color>,
    /// The creature type chosen as a permanent enters ("as this enters, choose a creature
    /// type", CR 614.12): one existing creature type (CR 205.3e).
    #[serde(default)]
    pub creature_type: Option<String>,
    /// The order in which the affected player applies replacement effects to an event of this
    /// resolution, by the effects' sources (CR 616.1); unnamed ones follow in timestamp order.
    #[serde(default)]
    pub replacement_order: Vec<ObjectId>,
    /// The cards returned from a graveyard to hand by draws that "return a card from your
    /// graveyard to your hand instead" (CR 614.11): each such draw takes the first one listed
    /// that is in that graveyard then.
    #[serde(default)]
    pub returned: Vec<ObjectId>,
    /// Combat damage assignments (CR 510.1): for each attacking or blocking creature whose
    /// controller has a choice, the recipients and amounts.
    #[serde(default)]
    pub damage: Option<Vec<DamageAssignment>>,
    /// The permanents with "you may choose not to untap this" that their controller keeps
    /// tapped in the untap step this pass leads to (CR 502.3).
    #[serde(default)]
    pub keep_tapped: Vec<ObjectId>,
    /// The cards a search finds in hidden zones (CR 701.23b: a search for cards with a stated
    /// quality may find fewer than all); `None`: not answered.
    #[serde(default)]
    pub find: Option<Vec<ObjectId>>,
    /// The card chosen from among revealed cards ("then you choose a card ... from it").
    #[serde(default)]
    pub pick: Option<ObjectId>,
    /// The colors chosen as several permanents enter at once with "as this enters, choose a
    /// color" (tokens created by one effect, CR 614.12, 616.1g): one per permanent that asks,
    /// in the order they enter.
    #[serde(default)]
    pub colors: Vec<crate::types::Color>,
    /// The cards exiled as a permanent enters ("as this enters, exile any number of creature
    /// cards from your graveyard", CR 614.13a); `None`: not answered.
    #[serde(default)]
    pub exile: Option<Vec<ObjectId>>,
    /// The new targets chosen for a spell or ability by "you may choose new targets for
    /// target spell" (CR 115.7d): its whole list, each target kept or changed; `None`: none
    /// changed.
    #[serde(default)]
    pub new_targets: Option<Vec<Target>>,
    /// The two piles an opponent separates revealed cards into (CR 700.3a): each revealed card
    /// in exactly one; `None`: not answered.
    #[serde(default)]
    pub piles: Option<Vec<Vec<ObjectId>>>,
    /// The pile (0 or 1, of `piles`) the resolving spell's controller puts into their hand.
    #[serde(default)]
    pub pile: Option<usize>,
}

/// What a cast pays other than with mana from the pool (CR 601.2h): by tapping permanents, or
/// by revealing cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastCosts {
    /// The creatures tapped for convoke (CR 702.51a), each paying one mana of one of its
    /// colors (`Some`) or one generic mana (`None`) of the spell's total cost.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub convoke: Vec<(ObjectId, Option<ManaType>)>,
    /// The cards revealed from the caster's hand for an additional cost ("reveal a [subtype]
    /// card from your hand", CR 601.2b, 701.20a); empty: none revealed (the other cost the text
    /// offers is paid, if any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reveal: Vec<ObjectId>,
    /// Whether the spell's optional additional cost is paid ("As an additional cost to cast
    /// this spell, you may waterbend {6}", CR 601.2b).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub additional_cost: bool,
    /// The artifacts and creatures tapped for generic mana of a waterbend cost that is part of
    /// the total cost, one each (CR 701.67a-b).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waterbend: Vec<ObjectId>,
}

impl CastCosts {
    pub fn is_empty(&self) -> bool {
        *self == CastCosts::default()
    }
}

/// How one attacking or blocking creature assigns its combat damage (CR 510.1): the
/// creature, and each recipient with its amount.
pub type DamageAssignment = (ObjectId, Vec<(Target, u32)>);

/// Everything a player can do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
// `PassPriority` carries every answer a resolution may need (`Answers`, which grew with
// `Answers::exile`); boxing it would allocate for each of the passes `legal_actions` lists.
#[allow(clippy::large_enum_variant)]
pub enum Action {
    PassPriority { player: PlayerId, answers: Answers },
    /// `pay`: the answer to "as this land enters, you may pay N life" (CR 614.1c), when the
    /// land asks it.
    PlayLand {
        player: PlayerId,
        card: ObjectId,
        #[serde(default)]
        pay: Option<bool>,
    },
    CastSpell {
        player: PlayerId,
        card: ObjectId,
        x: Option<u32>,
        targets: Vec<Target>,
        payment: Option<ManaPool>,
        /// The permanents sacrificed to pay an additional cost ("As an additional cost to cast
        /// this spell, sacrifice a creature", CR 601.2b, 601.2h).
        #[serde(default)]
        sacrifice: Vec<ObjectId>,
        /// The kicker costs paid as the spell is cast, 0-based among the card's kicker costs
        /// (CR 702.33a-b, 601.2b); empty: not kicked.
        #[serde(default)]
        kicked: Vec<usize>,
        /// The chosen modes of a modal spell, 0-based in printed order (CR 700.2a, 601.2b).
        #[serde(default)]
        modes: Vec<usize>,
        /// The cards in the caster's hand spliced onto the spell (CR 702.47a, 601.2b), in the
        /// order their effects happen, after the main spell's (702.47b).
        #[serde(default)]
        splice: Vec<ObjectId>,
        /// The permanents tapped rather than paying mana as the total cost is paid (CR 601.2h:
        /// convoke, 702.51a; waterbend, 701.67a), and whether an optional additional cost is
        /// paid (CR 601.2b).
        #[serde(default, skip_serializing_if = "CastCosts::is_empty")]
        costs: CastCosts,
    },
    /// `ability`: 0-based index among the object's activated abilities (Oracle order; a basic
    /// land's intrinsic mana ability is 0).
    ActivateAbility {
        player: PlayerId,
        source: ObjectId,
        ability: usize,
        x: Option<u32>,
        targets: Vec<Target>,
        mana_choice: Option<ManaType>,
        payment: Option<ManaPool>,
        replacement_order: Vec<ObjectId>,
        /// The creatures tapped to pay "tap another untapped creature you control" (station,
        /// CR 702.184a), chosen as the ability is activated (CR 602.2b, 601.2h).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tap: Vec<ObjectId>,
    },
    DeclareAttackers { player: PlayerId, attackers: Vec<ObjectId> },
    /// The defending player's declaration (CR 509.1): (blocker, attacker) pairs.
    DeclareBlockers { player: PlayerId, blocks: Vec<(ObjectId, ObjectId)> },
    /// Put the player's waiting triggered abilities on the stack (CR 603.3b, 603.3d): `order`
    /// lists their pending ids (`Game::pending_triggers`), top of the stack first; `targets`
    /// gives the targets of those that need them.
    PutTriggers { player: PlayerId, order: Vec<u32>, targets: Vec<(u32, Vec<Target>)> },
}

impl Action {
    pub fn player(&self) -> PlayerId {
        match self {
            Action::PassPriority { player, .. }
            | Action::PlayLand { player, .. }
            | Action::CastSpell { player, .. }
            | Action::ActivateAbility { player, .. }
            | Action::DeclareAttackers { player, .. }
            | Action::DeclareBlockers { player, .. }
            | Action::PutTriggers { player, .. } => *player,
        }
    }
}

/// Carries out `action`; on `Err` the state is exactly as before.
pub fn apply(state: &mut GameState, action: Action) -> Result<Vec<Event>, Rejection> {
    apply_undoable(state, action).map(|(ev, _)| ev)
}

/// `apply`, handing back on success the state as it was before (the copy `apply` takes anyway
/// to undo a rejection), for a caller that makes several actions one unit to undo.
pub fn apply_undoable(state: &mut GameState, action: Action) -> Result<(Vec<Event>, GameState), Rejection> {
    let backup = state.clone();
    let mut ev = Vec::new();
    match apply_inner(state, action, &mut ev, true, None, None) {
        Ok(()) => Ok((ev, backup)),
        Err(e) => {
            *state = backup;
            Err(e)
        }
    }
}

/// `settle_after`: give the player priority again after an action that keeps it. That step
/// can't fail, so a trial that only asks "is this accepted?" skips it.
/// `board`: the characteristics of `state` as it is now (`board_of(state)`), if the caller
/// already has them; else each step computes what it needs.
fn apply_inner(
    state: &mut GameState,
    action: Action,
    ev: &mut Vec<Event>,
    settle_after: bool,
    board: Option<&Board>,
    cache: Option<&ProductionCache>,
) -> Result<(), Rejection> {
    let player = check_turn(state, &action)?;
    if !matches!(action, Action::PassPriority { .. }) {
        // CR 117.4: passes count only "in succession", without actions in between.
        state.passes = 0;
    }
    let keeps_priority = matches!(
        action,
        Action::PlayLand { .. } | Action::CastSpell { .. } | Action::ActivateAbility { .. }
    );
    // Only `passes` changed above, which no characteristic depends on: `board` still holds.
    apply_action(state, player, action, ev, board, cache)?;
    if keeps_priority && settle_after {
        // CR 117.3c: the player receives priority again, so state-based actions are checked
        // and waiting triggers go on the stack first (CR 117.5, 603.3).
        priority::give_priority(state, player, ev);
    }
    Ok(())
}

/// Who may act now and with which kind of action, whatever the action's details: the game
/// goes on and the player has priority (CR 117.1, 104); waiting triggered abilities go on the
/// stack before anything else (CR 603.3); a due attack declaration comes first (CR 508.1).
/// Returns the acting player.
fn check_turn(state: &GameState, action: &Action) -> Result<PlayerId, Rejection> {
    if state.is_over() || state.priority.is_none() {
        return Err(Rejection::GameOver);
    }
    let player = action.player();
    if state.player(player).is_none() {
        return Err(Rejection::NoSuchPlayer(player));
    }
    if state.priority != Some(player) {
        return Err(Rejection::NotYourPriority(player));
    }
    // CR 603.3: waiting triggered abilities go on the stack before anyone acts.
    let putting_triggers = matches!(action, Action::PutTriggers { .. });
    if state.trigger_wait.is_some() != putting_triggers {
        return Err(Rejection::WrongTiming(if putting_triggers {
            "no triggered abilities are waiting to be put on the stack".into()
        } else {
            "triggered abilities must be put on the stack first (CR 603.3b)".into()
        }));
    }
    if state.combat.awaiting_declaration
        && !matches!(action, Action::PassPriority { .. } | Action::DeclareAttackers { .. } | Action::PutTriggers { .. })
    {
        return Err(Rejection::WrongTiming("attackers must be declared first (CR 508.1)".into()));
    }
    if state.combat.awaiting_blocks
        && !matches!(action, Action::PassPriority { .. } | Action::DeclareBlockers { .. } | Action::PutTriggers { .. })
    {
        return Err(Rejection::WrongTiming("blockers must be declared first (CR 509.1)".into()));
    }
    Ok(player)
}

/// Whether `apply` accepts `action`, proved from the rules' conditions without carrying it out:
/// each action below is checked by the same function its carrying-out starts with, after which
/// nothing can fail. `None` where only a trial can tell: the last pass of a round (the top of
/// the stack resolves with the pass's answers, CR 608.2, or the step ends, CR 500.4, with its
/// turn-based choices, CR 514.1), and a mana ability whose cost (counters removed, the source
/// sacrificed) changes what its production reads. `board`: `board_of(state)`.
fn accepted_by_checks(state: &GameState, board: &Board, cache: &ProductionCache, action: &Action) -> Option<bool> {
    let Ok(player) = check_turn(state, action) else { return Some(false) };
    let ok = match action {
        Action::PassPriority { .. } => {
            if state.combat.awaiting_declaration {
                // Passing declares no attackers (CR 508.1a allows none): `combat::declare`.
                combat::check_declaration(state, board, player, &[]).is_ok()
            } else if state.combat.awaiting_blocks {
                // Passing declares no blockers: `combat::declare_blockers`.
                combat::check_blocks(state, board, player, &[]).is_ok()
            } else {
                // CR 117.3d: a pass that isn't the last of the round only hands priority on;
                // nothing resolves, so no answer is read and none can be wrong.
                let everyone = u32::try_from(state.players.len()).unwrap_or(u32::MAX);
                if state.passes.saturating_add(1) >= everyone {
                    return None;
                }
                true
            }
        }
        // CR 305.1-305.2: `lands::play_land` fails only where this check does.
        Action::PlayLand { card, pay, .. } => lands::check_play_land(state, player, *card, *pay, Some(board)).is_ok(),
        // CR 601.2a-h: once checked, the spell moves to the stack and nothing can fail.
        Action::CastSpell { card, x, targets, payment, sacrifice, kicked, modes, splice, costs, .. } => {
            let c = casting::Cast {
                player,
                card: *card,
                x: *x,
                chosen_targets: targets.clone(),
                payment: payment.clone(),
                sacrifice: sacrifice.clone(),
                kicked: kicked.clone(),
                modes: modes.clone(),
                splice: splice.clone(),
                costs: costs.clone(),
            };
            casting::check_cast(state, board, &c).is_ok()
        }
        Action::ActivateAbility { source, ability, x, targets, mana_choice, payment, replacement_order, tap, .. } => {
            let a = activation::Activation {
                player,
                source: *source,
                ability: *ability,
                x: *x,
                targets: targets.clone(),
                mana_choice: *mana_choice,
                payment: payment.clone(),
                replacement_order: replacement_order.clone(),
                tap: tap.clone(),
            };
            match activation::check_activation(state, board, &a) {
                Err(_) => false,
                // CR 602.2: once the costs are paid, the ability is on the stack.
                Ok(c) if !c.ability.is_mana_ability() => true,
                // CR 605.3b: a mana ability resolves at once; with a cost that leaves the board
                // as it is, its production reads the same battlefield before paying as after.
                Ok(c) if c.cost_keeps_board() && !c.ability.cost.discard_self => {
                    let act = activation::mana_activation(&a, &c, Some(cache));
                    crate::mana_abilities::check_resolution(state, &act, &c.ability.effect, board).is_ok()
                }
                Ok(_) => return None,
            }
        }
        // CR 508.1, 508.1a.
        Action::DeclareAttackers { attackers, .. } => combat::check_declaration(state, board, player, attackers).is_ok(),
        // CR 509.1.
        Action::DeclareBlockers { blocks, .. } => combat::check_blocks(state, board, player, blocks).is_ok(),
        // CR 603.3b, 603.3d.
        Action::PutTriggers { order, targets, .. } => {
            crate::triggers::check_put(state, board, player, order, targets).is_ok()
        }
    };
    Some(ok)
}

fn apply_action(
    state: &mut GameState,
    player: PlayerId,
    action: Action,
    ev: &mut Vec<Event>,
    board: Option<&Board>,
    cache: Option<&ProductionCache>,
) -> Result<(), Rejection> {
    match action {
        Action::PassPriority { answers, .. } => priority::pass(state, player, &answers, ev),
        Action::PlayLand { card, pay, .. } => lands::play_land(state, player, card, pay, ev, board),
        Action::CastSpell { card, x, targets, payment, sacrifice, kicked, modes, splice, costs, .. } => {
            casting::cast(state, casting::Cast { player, card, x, chosen_targets: targets, payment, sacrifice, kicked, modes, splice, costs }, ev, board)
        }
        Action::ActivateAbility { source, ability, x, targets, mana_choice, payment, replacement_order, tap, .. } => {
            activation::activate(
                state,
                activation::Activation { player, source, ability, x, targets, mana_choice, payment, replacement_order, tap },
                ev,
                board,
                cache,
            )
        }
        // CR 508.1: only while the declaration is due, in the declare attackers step.
        Action::DeclareAttackers { attackers, .. } => combat::declare(state, player, attackers, ev),
        Action::DeclareBlockers { blocks, .. } => combat::declare_blockers(state, player, blocks, ev),
        Action::PutTriggers { order, targets, .. } => crate::triggers::put_chosen(state, player, &order, &targets, ev),
    }
}

/// Most X values enumerated by `legal_actions`.
const MAX_ENUMERATED_X: u32 = 20;

/// X values worth trying: what the pool could pay beyond the rest of the cost, at most 20.
fn x_values(cost: Option<&crate::mana::ManaCost>, pool: &ManaPool) -> Vec<Option<u32>> {
    let Some(cost) = cost.filter(|c| c.x > 0) else { return vec![None] };
    let max = pool.total().saturating_sub(cost.mana_value(0)) / cost.x;
    (0..=max.min(MAX_ENUMERATED_X)).map(Some).collect()
}

/// The legal candidates for each target spec, by spec: one listing asks the same spec for many
/// spells, abilities and values of X, of one unchanged state and one player.
type CandidateMemo = std::cell::RefCell<Vec<(crate::abilities::TargetSpec, std::rc::Rc<Vec<Target>>)>>;

fn target_lists(state: &GameState, board: &crate::layers::Board, specs: &[crate::abilities::TargetSpec], controller: PlayerId, memo: &CandidateMemo) -> Vec<Vec<Target>> {
    let mut lists: Vec<Vec<Target>> = vec![Vec::new()];
    for spec in specs {
        // "Any number of target [spec]" (CR 601.2c): none, one, or two different ones.
        let (spec, any_number) = match spec {
            crate::abilities::TargetSpec::AnyNumberOf(inner) => (&**inner, true),
            other => (other, false),
        };
        let known = memo.borrow().iter().find(|(s, _)| s == spec).map(|(_, c)| std::rc::Rc::clone(c));
        let cands = known.unwrap_or_else(|| {
            let c = std::rc::Rc::new(targets::candidates(state, board, spec, controller));
            memo.borrow_mut().push((spec.clone(), std::rc::Rc::clone(&c)));
            c
        });
        let mut next = Vec::new();
        for l in &lists {
            if any_number {
                next.push(l.clone());
                for (i, c) in cands.iter().enumerate() {
                    let mut l2 = l.clone();
                    l2.push(*c);
                    next.push(l2.clone());
                    for d in cands.iter().skip(i.saturating_add(1)).take(4) {
                        let mut l3 = l2.clone();
                        l3.push(*d);
                        next.push(l3);
                    }
                }
                continue;
            }
            for c in cands.iter() {
                // "a second target": not one chosen already (CR 115.3 with the card's wording).
                if matches!(spec, crate::abilities::TargetSpec::AnotherCreature | crate::abilities::TargetSpec::AnotherAny) && l.contains(c) {
                    continue;
                }
                let mut l2 = l.clone();
                l2.push(*c);
                next.push(l2);
            }
        }
        next.truncate(256);
        lists = next;
    }
    lists
}

/// Answers for the choices the top of the stack makes as it resolves (distributing, moving a
/// counter), beyond the plain ones `pass_candidates` always tries.
fn resolution_answers(state: &GameState) -> Vec<Answers> {
    use crate::abilities::{Effect, EffectObject};
    let mut v = Vec::new();
    let Some(top) = state.stack.last() else { return v };
    discard_answers(state, top, &mut v);
    search_answers(state, top, &mut v);
    pile_answers(state, top, &mut v);
    exile_answers(state, top, &mut v);
    let crate::state::StackEntryKind::Ability { source, effect, .. } = &top.kind else { return v };
    for part in effect.parts() {
        match part {
            Effect::DistributeCounters { include_this, among, amount, .. } => {
                let n = match amount {
                    crate::abilities::Amount::Fixed(n) => *n,
                    crate::abilities::Amount::X => top.x.unwrap_or(0),
                    crate::abilities::Amount::CountersOnThis(_)
                    | crate::abilities::Amount::PermanentsWithSubtype(_)
                    | crate::abilities::Amount::CreaturesBlockingThis
                    | crate::abilities::Amount::EventAmount
                    | crate::abilities::Amount::SacrificedPower
                    | crate::abilities::Amount::DiedThisWay { .. }
                    | crate::abilities::Amount::ThisPower
                    | crate::abilities::Amount::CreaturesYouControl
                    | crate::abilities::Amount::IfKicked { .. }
                    | crate::abilities::Amount::GreatestPowerAmongCreaturesOfTargetPlayer(_)
                    | crate::abilities::Amount::YourLifeTotal
                    | crate::abilities::Amount::PowerOfTheCardExiledToPay
                    | crate::abilities::Amount::ColorsOfManaSpentToCastThis
                    | crate::abilities::Amount::TappedCreaturesPower => continue,
                };
                let mut recipients: Vec<ObjectId> = state
                    .battlefield_ids()
                    .into_iter()
                    .filter(|id| crate::effects::in_group(state, *among, *id))
                    .collect();
                if *include_this && state.object(*source).is_some_and(|o| o.on_battlefield()) {
                    recipients.insert(0, *source);
                }
                recipients.truncate(8);
                for r in recipients {
                    v.push(Answers { distribute: vec![(Target::Object(r), n)], ..Answers::default() });
                }
            }
            Effect::CumulativeUpkeep { cost: crate::abilities::UpkeepCost::Sacrifice(types) } => {
                // CR 702.24a: one permanent for each age counter, the one this adds included.
                let Some(obj) = state.object(*source) else { continue };
                let n = obj.counters.get("age").copied().unwrap_or(0).saturating_add(1);
                let board = crate::layers::board_of(state);
                let options = crate::sacrifice::candidates(state, &board, obj.controller, types);
                if let Some(picks) = usize::try_from(n).ok().and_then(|k| options.get(..k)) {
                    v.push(Answers { pay: Some(true), sacrifice: Some(picks.to_vec()), ..Answers::default() });
                }
            }
            Effect::MoveCounter { from: EffectObject::Target(i), .. } => {
                if let Some(Target::Object(id)) = top.targets.get(*i) {
                    for kind in state.object(*id).map(|o| o.counters.keys().cloned().collect::<Vec<_>>()).unwrap_or_default() {
                        v.push(Answers { counter: Some(kind.to_string()), ..Answers::default() });
                    }
                }
            }
            _ => {}
        }
    }
    v
}

/// CR 115.7d: the new targets a resolving "you may choose new targets for target spell" may
/// choose for that spell or ability (for `choice_answers`: leaving them all unchanged is the
/// plain pass): its targets unchanged, two of them trading places, and
/// each one changed to one of the first candidates for its spec (those the change makes
/// illegal are rejected when tried).
fn new_target_answers(state: &GameState, top: &crate::state::StackEntry, v: &mut Vec<Answers>) {
    use crate::abilities::Effect;
    let spell_effect;
    let effect = match &top.kind {
        crate::state::StackEntryKind::Ability { effect, .. } => effect,
        crate::state::StackEntryKind::Spell => {
            let def = state.object(top.id).and_then(|o| crate::cards::card_def(&o.def));
            let Some(e) = def.and_then(|d| d.spell_effect.clone()) else { return };
            spell_effect = e;
            &spell_effect
        }
    };
    let board = board_of(state);
    for part in effect.parts() {
        let Effect::ChooseNewTargetsForTarget { target } = part else { continue };
        let Some(Target::Object(id)) = top.targets.get(*target).copied() else { continue };
        let Some(entry) = state.stack.iter().find(|e| e.id == id) else { continue };
        let old = &entry.targets;
        let (specs, _) = targets::entry_specs(state, &board, entry);
        let mut lists = Vec::new();
        for i in 0..old.len() {
            for j in i.saturating_add(1)..old.len() {
                let mut l = old.clone();
                l.swap(i, j);
                lists.push(l);
            }
            let Some(spec) = specs.get(i) else { continue };
            for c in targets::candidates(state, &board, spec, entry.controller).into_iter().take(6) {
                if old.get(i) != Some(&c) {
                    let mut l = old.clone();
                    if let Some(slot) = l.get_mut(i) {
                        *slot = c;
                    }
                    lists.push(l);
                }
            }
        }
        lists.truncate(32);
        lists.retain(|l| l != old);
        for l in lists {
            v.push(Answers { new_targets: Some(l), ..Answers::default() });
        }
    }
}

/// CR 701.9b: the discards a resolving "target player discards N cards" asks of a hand holding
/// more than N (its first N and its last N cards).
fn discard_answers(state: &GameState, top: &crate::state::StackEntry, v: &mut Vec<Answers>) {
    use crate::abilities::Effect;
    let spell_effect;
    let effect = match &top.kind {
        crate::state::StackEntryKind::Ability { effect, .. } => effect,
        crate::state::StackEntryKind::Spell => {
            let def = state.object(top.id).and_then(|o| crate::cards::card_def(&o.def));
            let Some(e) = def.and_then(|d| d.spell_effect.clone()) else { return };
            spell_effect = e;
            &spell_effect
        }
    };
    for part in effect.parts() {
        if let Effect::TargetPlayerDiscards { target, amount } = part {
            let Some(Target::Player(p)) = top.targets.get(*target).copied() else { continue };
            let hand: Vec<ObjectId> = state.zone_objects(ZoneKind::Hand, Some(p)).iter().map(|o| o.id).collect();
            let n = usize::try_from(*amount).unwrap_or(usize::MAX);
            if hand.len() > n {
                v.push(Answers { discard: Some(hand.iter().take(n).copied().collect()), ..Answers::default() });
                v.push(Answers { discard: Some(hand.iter().rev().take(n).copied().collect()), ..Answers::default() });
            }
        }
    }
}

/// How many tokens the resolving spell `top` creates that are copies of a permanent with "as
/// this enters, choose a color" (each needs a color, `Answers::colors`); 0 if none.
fn token_copies_choosing_color(state: &GameState, board: &crate::layers::Board, top: &crate::state::StackEntry) -> u32 {
    use crate::abilities::{Amount, Effect};
    let Some(def) = state.object(top.id).and_then(|o| crate::cards::card_def(&o.def)) else { return 0 };
    let Some(Effect::CreateTokenCopiesOfTarget { target, amount }) = def.spell_effect.as_ref() else { return 0 };
    let Some(Target::Object(original)) = top.targets.get(*target).copied() else { return 0 };
    let asks = crate::layers::copiable_values(state, original)
        .is_some_and(|v| v.abilities.iter().any(crate::stack::chooses_color_as_it_enters));
    let n = match amount {
        Amount::Fixed(n) => *n,
        Amount::IfKicked { kicked, otherwise } => {
            if !top.kicked.is_empty() {
                *kicked
            } else {
                *otherwise
            }
        }
        _ => return 0,
    };
    let n = crate::replacement::tokens_created(state, board, top.controller, n).min(crate::effects::MAX_TOKENS_PER_EFFECT);
    if asks {
        n
    } else {
        0
    }
}

/// The announcements a cast of a card with this definition may make (CR 601.2b): each set of
/// its kicker costs paid (none included, CR 702.33a-b), and for a modal spell each single mode
/// and, when "any number" is allowed, every set of modes, the empty one too (CR 700.2a, 601.4,
/// 107.1c).
fn kicker_and_mode_choices(def: crate::ids::DefId) -> Vec<(Vec<usize>, Vec<usize>)> {
    let card = def.def();
    let kickers = card.map_or(0, |d| d.kickers.len()).min(4);
    let n = card.map_or(0, |d| d.modes.len()).min(6);
    let any_number = card.is_some_and(|d| d.mode_count == crate::abilities::ModeCount::OneOrAnyNumberIfKicked);
    let mut out = Vec::new();
    for kmask in 0u32..(1u32 << kickers) {
        let kicked: Vec<usize> = (0..kickers).filter(|i| kmask & (1u32 << i) != 0).collect();
        if n == 0 {
            out.push((kicked, Vec::new()));
            continue;
        }
        for mask in 0u32..(1u32 << n) {
            let modes: Vec<usize> = (0..n).filter(|i| mask & (1u32 << i) != 0).collect();
            if modes.len() == 1 || (!kicked.is_empty() && any_number) {
                out.push((kicked.clone(), modes));
            }
        }
    }
    out
}

/// CR 701.23b: a resolving search names what it finds in hidden zones (`Answers::find`; none
/// is always a legal answer), with the card picked from a revealed hand (the first few of it)
/// or, for "each player may search", the answer to "may".
fn search_answers(state: &GameState, top: &crate::state::StackEntry, v: &mut Vec<Answers>) {
    use crate::abilities::Effect;
    let spell_effect;
    let effect = match &top.kind {
        crate::state::StackEntryKind::Ability { effect, .. } => effect,
        crate::state::StackEntryKind::Spell => {
            let def = state.object(top.id).and_then(|o| crate::cards::card_def(&o.def));
            let Some(e) = def.and_then(|d| d.spell_effect.clone()) else { return };
            spell_effect = e;
            &spell_effect
        }
    };
    for part in effect.parts() {
        match part {
            Effect::ExileTargetAndSearchForSameName { .. } => {
                v.push(Answers { find: Some(Vec::new()), ..Answers::default() });
            }
            Effect::RevealHandChooseNonbasicThenSearchForSameName { target } => {
                v.push(Answers { find: Some(Vec::new()), ..Answers::default() });
                let Some(Target::Player(p)) = top.targets.get(*target).copied() else { continue };
                for o in state.zone_objects(ZoneKind::Hand, Some(p)).iter().take(4) {
                    v.push(Answers { pick: Some(o.id), find: Some(Vec::new()), ..Answers::default() });
                }
            }
            Effect::EachPlayerSearchesForBasicLandsOntoBattlefield { .. } => {
                v.push(Answers { may: Some(true), find: Some(Vec::new()), ..Answers::default() });
            }
            _ => {}
        }
    }
}

/// CR 700.3: the piles a resolving "an opponent separates those cards into two piles" may be
/// answered with (all in one pile, the top card alone, the top card out of the other four),
/// each with either pile put into the hand.
fn pile_answers(state: &GameState, top: &crate::state::StackEntry, v: &mut Vec<Answers>) {
    use crate::abilities::Effect;
    let crate::state::StackEntryKind::Spell = top.kind else { return };
    let def = state.object(top.id).and_then(|o| crate::cards::card_def(&o.def));
    let Some(effect) = def.and_then(|d| d.spell_effect.clone()) else { return };
    for part in effect.parts() {
        let Effect::RevealTopSeparateIntoPilesHandAndGraveyard { n } = part else { continue };
        let k = usize::try_from(*n).unwrap_or(usize::MAX);
        let revealed: Vec<ObjectId> = state.zone_objects(ZoneKind::Library, Some(top.controller)).iter().take(k).map(|o| o.id).collect();
        let Some((first, rest)) = revealed.split_first() else { continue };
        let splits = [(revealed.clone(), Vec::new()), (vec![*first], rest.to_vec()), (rest.to_vec(), vec![*first])];
        for (a, b) in splits {
            for pile in 0..2 {
                v.push(Answers { piles: Some(vec![a.clone(), b.clone()]), pile: Some(pile), ..Answers::default() });
            }
        }
    }
}

/// CR 614.13a: what "as this enters, exile any number of [type] cards from your graveyard"
/// may exile, for the resolving permanent spell or the first permanent with it that a
/// resolving "put all [cards] onto the battlefield" puts there: none, each candidate alone, and
/// the first few together.
fn exile_answers(state: &GameState, top: &crate::state::StackEntry, v: &mut Vec<Answers>) {
    use crate::abilities::Effect;
    let board = board_of(state);
    let asks = |id: &ObjectId| board.get(id).and_then(|c| c.abilities.iter().find_map(|a| crate::stack::exiles_as_it_enters(&a.ability)));
    let mut entering: Vec<ObjectId> = Vec::new();
    let mut asked = None;
    match &top.kind {
        crate::state::StackEntryKind::Spell => {
            if board.get(&top.id).is_some_and(|c| c.is_permanent()) {
                entering.push(top.id);
                asked = asks(&top.id);
            } else {
                let def = state.object(top.id).and_then(|o| crate::cards::card_def(&o.def));
                if let Some(Effect::PutAllOntoBattlefield { from, group }) = def.and_then(|d| d.spell_effect.clone()) {
                    entering = crate::effects::group_in_zone(state, group, from);
                }
            }
        }
        crate::state::StackEntryKind::Ability { effect, .. } => {
            for part in effect.parts() {
                if let Effect::PutAllOntoBattlefield { from, group } = part {
                    entering = crate::effects::group_in_zone(state, *group, *from);
                }
            }
        }
    }
    if asked.is_none() {
        asked = entering.iter().find_map(asks);
    }
    let Some(card_type) = asked else { return };
    let candidates = crate::stack::exile_candidates(state, &board, card_type, top.controller, &entering);
    if candidates.is_empty() {
        return;
    }
    v.push(Answers { exile: Some(Vec::new()), ..Answers::default() });
    for c in candidates.iter().take(4) {
        v.push(Answers { exile: Some(vec![*c]), ..Answers::default() });
    }
    if candidates.len() > 1 {
        v.push(Answers { exile: Some(candidates.iter().take(4).copied().collect()), ..Answers::default() });
    }
}

fn pass_candidates(state: &GameState, player: PlayerId) -> Vec<Action> {
    let mut v = vec![Answers::default()];
    v.extend(resolution_answers(state));
    let mut objects: Vec<ObjectId> = state.battlefield_ids();
    objects.truncate(32);
    v.push(Answers { sacrifice: Some(Vec::new()), ..Answers::default() });
    for id in &objects {
        v.push(Answers { sacrifice: Some(vec![*id]), ..Answers::default() });
    }
    v.push(Answers { pay: Some(true), ..Answers::default() });
    v.push(Answers { pay: Some(false), ..Answers::default() });
    // CR 614.10: "you may skip that draw instead", answered for the draws of this pass.
    let board = board_of(state);
    let skips = state.zone_objects(ZoneKind::Battlefield, None).iter().any(|o| {
        board.get(&o.id).is_some_and(|c| c.statics().any(|(st, _)| matches!(st, crate::abilities::StaticAbility::MaySkipDraw)))
    });
    if skips {
        v.push(Answers { may: Some(true), ..Answers::default() });
        v.push(Answers { pay: Some(true), may: Some(true), ..Answers::default() });
    }
    // CR 510.1: the combat damage assignments a step's end may need.
    v.extend(combat::default_damage_answers(state));
    let hand: Vec<ObjectId> = state.zone_objects(ZoneKind::Hand, Some(state.active)).iter().map(|o| o.id).collect();
    let excess = hand.len().saturating_sub(7);
    if excess > 0 {
        v.push(Answers { discard: Some(hand.iter().take(excess).copied().collect()), ..Answers::default() });
        v.push(Answers { discard: Some(hand.iter().rev().take(excess).copied().collect()), ..Answers::default() });
    }
    // CR 614.11: a draw replaced by "return a card from your graveyard to your hand" asks which
    // card when there are several (the first or the last of each graveyard).
    let board = board_of(state);
    let returns = state.zone_objects(ZoneKind::Battlefield, None).iter().any(|o| {
        board.get(&o.id).is_some_and(|c| {
            c.statics().any(|(st, _)| matches!(st, crate::abilities::StaticAbility::DrawReturnsFromGraveyardInstead))
        })
    });
    if returns {
        let graveyards: Vec<ObjectId> = state
            .player_ids()
            .into_iter()
            .flat_map(|p| state.zone_objects(ZoneKind::Graveyard, Some(p)).iter().map(|o| o.id).collect::<Vec<_>>())
            .collect();
        v.push(Answers { returned: graveyards.clone(), ..Answers::default() });
        v.push(Answers { returned: graveyards.into_iter().rev().collect(), ..Answers::default() });
    }
    v.into_iter().map(|answers| Action::PassPriority { player, answers }).collect()
}

/// The creature types `legal_actions` tries for an "as this enters, choose a creature type".
const MAX_CREATURE_TYPES_TRIED: usize = 6;

/// The optional or rules-made choices of the pass that resolves the top of the stack: "you
/// may" (both answers), what Clone-like permanents copy (CR 707.5) with the color a copied
/// "as this enters, choose a color" asks for (CR 614.12), and which legendary
/// permanent to keep if the resolution leads to the legend rule (CR 704.5j; a card entering is
/// named by the object it is before, `priority::pass` follows it). Empty when this
/// pass would not resolve anything, so a listed answer is never merely ignored.
fn choice_answers(state: &GameState, board: &crate::layers::Board) -> Vec<Answers> {
    use crate::abilities::Effect;
    let everyone = u32::try_from(state.players.len()).unwrap_or(u32::MAX);
    let Some(top) = state.stack.last() else { return Vec::new() };
    if state.passes.saturating_add(1) < everyone {
        return Vec::new();
    }
    let mut may = false;
    let mut makes_copy = false;
    let mut copy_types = Vec::new();
    let mut chooses_color = false;
    let mut chooses_type = false;
    // CR 614.12, 616.1g: tokens that are copies of a permanent choosing a color as it enters.
    let mut token_colors = 0u32;
    // CR 101.4: "each player sacrifices" asks every player with a choice for one.
    let mut sacrifices = Vec::new();
    match &top.kind {
        crate::state::StackEntryKind::Ability { effect, .. } => {
            may = effect.parts().iter().any(|e| matches!(e, Effect::May(_)));
            makes_copy = effect.parts().iter().any(|e| matches!(e, Effect::BecomeCopy { .. }));
            sacrifices = crate::sacrifice::choice_answers(state, board, &effect.parts(), 32);
        }
        crate::state::StackEntryKind::Spell => {
            if let Some(ch) = board.get(&top.id) {
                copy_types = crate::stack::copy_types(ch);
                chooses_color = ch.abilities.iter().any(|a| crate::stack::chooses_color_as_it_enters(&a.ability));
                chooses_type = ch.abilities.iter().any(|a| crate::stack::chooses_type_as_it_enters(&a.ability));
            }
            token_colors = token_copies_choosing_color(state, board, top);
        }
    }
    // CR 614.12: a color must be chosen; each of the five is an answer.
    let with_colors = |answers: Vec<Answers>| -> Vec<Answers> {
        answers
            .iter()
            .flat_map(|b| crate::types::Color::ALL.map(|c| Answers { color: Some(c), ..b.clone() }))
            .collect()
    };
    // CR 614.12, 205.3e: a creature type must be chosen; the ones worth trying are those of the
    // objects in the game (a lord of a type nothing has is one of them), capped.
    let types_worth_trying: Vec<String> = {
        let mut t: Vec<String> =
            board.values().flat_map(|c| c.subtypes.iter().filter(|s| crate::types::is_creature_type(s)).cloned()).collect();
        t.sort();
        t.dedup();
        t.truncate(MAX_CREATURE_TYPES_TRIED);
        if t.is_empty() {
            t.push("Construct".into());
        }
        t
    };
    let with_types = |answers: Vec<Answers>| -> Vec<Answers> {
        answers
            .iter()
            .flat_map(|b| types_worth_trying.iter().map(|t| Answers { creature_type: Some(t.clone()), ..b.clone() }))
            .collect()
    };
    // The cards an ability puts onto the battlefield (each named by the object it is before,
    // like a spell), and whether it gains control of permanents: for the legend rule below, and
    // what a Clone among them may copy (CR 707.5).
    let mut entering: Vec<ObjectId> = Vec::new();
    let mut gains_control = false;
    if let crate::state::StackEntryKind::Ability { effect, source, event, .. } = &top.kind {
        for e in effect.parts() {
            match e {
                Effect::ReturnToBattlefield { object } | Effect::PutOntoBattlefieldThen { object, .. } => entering.extend(match object {
                    crate::abilities::EffectObject::This => Some(*source),
                    crate::abilities::EffectObject::Target(i) => match top.targets.get(*i) {
                        Some(Target::Object(id)) => Some(*id),
                        _ => None,
                    },
                    crate::abilities::EffectObject::EventObject => event.object,
                }),
                Effect::ReturnLinkedExiled => entering.extend(state.linked_exiles.iter().filter(|l| l.source == *source).map(|l| l.exiled)),
                Effect::PutAllOntoBattlefield { from, .. } => entering.extend(state.zone_objects(*from, None).iter().map(|o| o.id)),
                // CR 704.5j: gaining control of a legendary permanent can meet one of the same name.
                Effect::GainControlOfAll(_) | Effect::GainControl { .. } => gains_control = true,
                _ => {}
            }
        }
    }
    for id in &entering {
        if let Some(ch) = board.get(id) {
            copy_types.extend(crate::stack::copy_types(ch));
        }
    }
    let mut base: Vec<Answers> = sacrifices;
    // CR 115.7d: "you may choose new targets": none changed is the plain pass.
    new_target_answers(state, top, &mut base);
    if may {
        base.push(Answers { may: Some(true), ..Answers::default() });
        base.push(Answers { may: Some(false), ..Answers::default() });
    }
    if chooses_color {
        base = with_colors(if base.is_empty() { vec![Answers::default()] } else { base });
    }
    if token_colors > 0 {
        let n = usize::try_from(token_colors).unwrap_or(0);
        base.extend(crate::types::Color::ALL.map(|c| Answers { colors: vec![c; n], ..Answers::default() }));
    }
    if chooses_type {
        base = with_types(if base.is_empty() { vec![Answers::default()] } else { base });
    }
    if !copy_types.is_empty() {
        let mut ids: Vec<ObjectId> = state
            .battlefield_ids()
            .into_iter()
            .filter(|id| crate::stack::may_copy(state, board, &copy_types, *id, top.controller))
            .collect();
        ids.truncate(32);
        for id in ids {
            // CR 707.5, 614.12: entering as a copy of a permanent that chooses a color as it
            // enters, the copy chooses one too (and its own choice no longer applies).
            let copied = crate::layers::copiable_values(state, id);
            let copied_chooses = copied.as_ref().is_some_and(|v| v.abilities.iter().any(crate::stack::chooses_color_as_it_enters));
            // CR 707.6: a copy of a permanent that chose a creature type as it entered chooses anew.
            let copied_chooses_type =
                copied.as_ref().is_some_and(|v| v.abilities.iter().any(crate::stack::chooses_type_as_it_enters));
            let mut answers = vec![Answers { copy: Some(id), ..Answers::default() }];
            // CR 707.9e: a copy of a permanent with a copy replacement may copy again.
            if let Some(values) = copied.as_ref().filter(|v| crate::stack::copies_again(v)) {
                let mut again: Vec<ObjectId> = state
                    .battlefield_ids()
                    .into_iter()
                    .filter(|a| crate::stack::may_copy_again(state, board, values, *a, top.controller))
                    .collect();
                again.truncate(32);
                answers.extend(again.into_iter().map(|a| Answers { copy: Some(id), copy_again: Some(a), ..Answers::default() }));
            }
            if copied_chooses {
                answers = with_colors(answers);
            }
            if copied_chooses_type {
                answers = with_types(answers);
            }
            base.extend(answers);
        }
    }
    // The legend rule's choice (CR 704.5j) can be needed after a resolution that makes a copy
    // (of a legendary permanent) or puts a legendary permanent spell onto the battlefield: the
    // candidates are the legendary permanents, the source of the resolving ability (which may
    // become one) and the resolving legendary spell.
    let is_legendary = |id: &ObjectId| board.get(id).is_some_and(|c| c.supertypes.iter().any(|s| s == "Legendary"));
    // A legendary permanent spell can meet one of the same name: the spell itself is a choice
    // (it is the permanent once it resolves).
    let legendary_spell = matches!(top.kind, crate::state::StackEntryKind::Spell)
        && board.get(&top.id).is_some_and(|c| c.is_permanent())
        && is_legendary(&top.id);
    entering.retain(is_legendary);
    if !makes_copy && copy_types.is_empty() && !legendary_spell && entering.is_empty() && !gains_control {
        return base;
    }
    let mut legendary: Vec<ObjectId> = state.battlefield_ids().into_iter().filter(is_legendary).collect();
    // Two legendary cards with one name entering together meet each other, with no legendary
    // permanent there before (Tevesh Szat's -10 with two same-named commanders).
    let name = |id: &ObjectId| board.get(id).map(|c| c.name.clone());
    let entering_pair = entering.iter().enumerate().any(|(i, a)| entering[i + 1..].iter().any(|b| name(a) == name(b)));
    if !legendary.is_empty() || entering_pair {
        legendary.extend(entering);
    }
    if legendary_spell && !legendary.is_empty() {
        legendary.push(top.id);
    }
    if !legendary.is_empty() {
        if let crate::state::StackEntryKind::Ability { source, .. } = &top.kind {
            if !legendary.contains(source) && state.object(*source).is_some_and(|o| o.on_battlefield()) {
                legendary.push(*source);
            }
        }
    }
    legendary.truncate(32);
    let mut out = base.clone();
    for id in legendary {
        if base.is_empty() {
            out.push(Answers { keep: Some(id), ..Answers::default() });
        }
        for b in &base {
            out.push(Answers { keep: Some(id), ..b.clone() });
        }
    }
    out.truncate(256);
    out
}

/// `PutTriggers` options for the waiting player: every order of up to four abilities (else
/// the default order and its reverse), each with the combinations of legal targets (bounded).
fn put_triggers_candidates(state: &GameState, board: &Board, player: PlayerId) -> Vec<Action> {
    let waiting = crate::triggers::waiting_for(state, player);
    let ids: Vec<u32> = waiting.iter().map(|t| t.id).collect();
    let orders: Vec<Vec<u32>> = if ids.len() <= 4 {
        permutations(&ids)
    } else {
        let mut rev = ids.clone();
        rev.reverse();
        vec![ids.clone(), rev]
    };
    // Target choices per ability (bounded), then their combinations.
    let mut combos: Vec<Vec<(u32, Vec<Target>)>> = vec![Vec::new()];
    for t in &waiting {
        if t.target_specs.is_empty() {
            continue;
        }
        let mut lists = target_lists(state, board, &t.target_specs, player, &CandidateMemo::default());
        lists.retain(|l| targets::check_all_from(state, board, &t.target_specs, l, player, Some(t.source)));
        lists.truncate(16);
        let mut next = Vec::new();
        for c in &combos {
            for l in &lists {
                let mut c2 = c.clone();
                c2.push((t.id, l.clone()));
                next.push(c2);
            }
        }
        next.truncate(64);
        combos = next;
    }
    let mut out = Vec::new();
    for order in &orders {
        for c in &combos {
            out.push(Action::PutTriggers { player, order: order.clone(), targets: c.clone() });
        }
    }
    out.truncate(256);
    out
}

fn permutations(ids: &[u32]) -> Vec<Vec<u32>> {
    if ids.len() <= 1 {
        return vec![ids.to_vec()];
    }
    let mut out = Vec::new();
    for (i, first) in ids.iter().enumerate() {
        let rest: Vec<u32> = ids.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, x)| *x).collect();
        for mut p in permutations(&rest) {
            p.insert(0, *first);
            out.push(p);
        }
    }
    out
}

/// `board`: `board_of(state)`, shared by all the trials of one `legal_actions` call (and so
/// is `cache`).
fn is_legal(state: &GameState, board: &Board, cache: &ProductionCache, action: &Action) -> bool {
    // The trial copy is thrown away, so `apply`'s own backup copy is not needed.
    let mut trial = state.clone();
    let mut ev = Vec::new();
    apply_inner(&mut trial, action.clone(), &mut ev, false, Some(board), Some(cache)).is_ok()
}

/// Cheap necessary conditions for an activation, checked before the costly trial: a cost that
/// certainly can't be paid now (CR 107.5, 107.6, 302.6, 601.2h) rules the candidate out.
fn activation_may_be_legal(state: &GameState, obj: &crate::state::Object, ch: &crate::layers::Characteristics, ab: &crate::abilities::ActivatedAbility, x: Option<u32>, pool: &ManaPool) -> bool {
    let cost = &ab.cost;
    if (cost.tap && obj.tapped) || (cost.untap && !obj.tapped) {
        return false;
    }
    if cost.has_tap_or_untap()
        && ch.is(CardType::Creature)
        && obj.summoning_sick
        && !ch.has_keyword(crate::abilities::Keyword::Haste)
    {
        return false;
    }
    if cost.remove_counters.iter().any(|(k, n)| obj.counters.get(k).copied().unwrap_or(0) < *n) {
        return false;
    }
    let _ = state;
    match &cost.mana {
        Some(m) => m.mana_value(x.unwrap_or(0)) <= pool.available(crate::mana::SpendPurpose::ActivateAbility).total(),
        None => true,
    }
}

/// The mana choices worth trying for a mana ability: for "one mana of any color" exactly the
/// five colors (no choice, or colorless, is always refused); for choices that depend on the
/// board (which paying the cost may change), every type and no choice.
fn mana_choices(ab: &crate::abilities::ActivatedAbility) -> Vec<Option<ManaType>> {
    use crate::abilities::{Effect, ManaSpec};
    match &ab.effect {
        _ if !ab.is_mana_ability() => vec![None],
        Effect::AddMana(ManaSpec::Fixed(_) | ManaSpec::ForEachCreatureYouControl(_) | ManaSpec::EqualToThisPower(_) | ManaSpec::OneOfChosenColor) => vec![None],
        Effect::AddMana(ManaSpec::AnyColor) | Effect::AddRestrictedMana { spec: ManaSpec::AnyColor, .. } => {
            ManaType::COLORS.into_iter().map(Some).collect()
        }
        Effect::AddMana(ManaSpec::OneOf(types)) => types.iter().copied().map(Some).collect(),
        _ => std::iter::once(None).chain(ManaType::ALL.into_iter().map(Some)).collect(),
    }
}

/// Every legal action now (bounded: X up to the pool's size and at most 20, automatic payment,
/// default replacement order; every listed action is accepted by `apply`).
///
/// Each candidate is decided by the rules' conditions where they settle it
/// (`accepted_by_checks`), else by a trial on a copy of the state.
pub fn legal_actions(state: &GameState) -> Vec<Action> {
    list(state, false)
}

/// `legal_actions` with every candidate decided by a trial on a copy of the state and no
/// candidate left out by a cheap necessary condition first: slower, and the reference the
/// checks are compared with (the same list, in the same order).
pub fn legal_actions_by_trial(state: &GameState) -> Vec<Action> {
    list(state, true)
}

fn list(state: &GameState, by_trial: bool) -> Vec<Action> {
    let Some(player) = state.priority else { return Vec::new() };
    if state.is_over() {
        return Vec::new();
    }
    // The characteristics now: what every candidate and every trial starts from.
    let cache = ProductionCache::of(state);
    let board = board_of(state);
    let legal = |a: &Action| {
        let proved = if by_trial { None } else { accepted_by_checks(state, &board, &cache, a) };
        proved.unwrap_or_else(|| is_legal(state, &board, &cache, a))
    };
    if state.trigger_wait.is_some() {
        let mut out = put_triggers_candidates(state, &board, player);
        out.retain(&legal);
        return out;
    }
    let mut out = Vec::new();
    if state.combat.awaiting_declaration {
        let possible = combat::possible_attackers(state);
        let mut sets: Vec<Vec<ObjectId>> = Vec::new();
        if possible.len() <= 4 {
            for mask in 0u32..(1u32 << possible.len()) {
                sets.push(possible.iter().enumerate().filter(|(i, _)| mask & (1u32 << i) != 0).map(|(_, id)| *id).collect());
            }
        } else {
            sets.push(Vec::new());
            sets.extend(possible.iter().map(|id| vec![*id]));
            sets.push(possible.clone());
        }
        out.extend(sets.into_iter().map(|attackers| Action::DeclareAttackers { player, attackers }));
        out.push(Action::PassPriority { player, answers: Answers::default() });
        out.retain(&legal);
        return out;
    }
    if state.combat.awaiting_blocks {
        out.extend(combat::block_candidates(state).into_iter().map(|blocks| Action::DeclareBlockers { player, blocks }));
        out.push(Action::PassPriority { player, answers: Answers::default() });
        out.retain(&legal);
        return out;
    }
    let plain = Action::PassPriority { player, answers: Answers::default() };
    let choices = choice_answers(state, &board).into_iter().map(|answers| Action::PassPriority { player, answers });
    if legal(&plain) {
        out.push(plain);
        // Other answers would only be ignored, except the optional choices ("you may", what
        // to copy, which legend to keep) that make a real difference.
        out.extend(choices.filter(&legal));
    } else {
        out.extend(pass_candidates(state, player).into_iter().skip(1).chain(choices).filter(&legal));
    }
    let pool = state.player(player).map(|p| p.mana_pool.clone()).unwrap_or_default();
    let memo = CandidateMemo::default();
    let mut candidates = Vec::new();
    // CR 305.1: the top card of the library too, where a permission allows it (the check
    // rejects it otherwise).
    let top = state.zone_objects(ZoneKind::Library, Some(player)).first().map(|o| o.id).filter(|id| board.get(id).is_some_and(|c| c.is(CardType::Land)));
    if let Some(id) = top {
        match lands::life_as_it_enters(&board, id) {
            Some(_) => {
                candidates.push(Action::PlayLand { player, card: id, pay: Some(true) });
                candidates.push(Action::PlayLand { player, card: id, pay: Some(false) });
            }
            None => candidates.push(Action::PlayLand { player, card: id, pay: None }),
        }
    }
    // The hand, and the cards with flashback in the graveyard (CR 702.34a).
    let mut castable = state.zone_objects(ZoneKind::Hand, Some(player));
    castable.extend(
        state
            .zone_objects(ZoneKind::Graveyard, Some(player))
            .into_iter()
            .filter(|o| board.get(&o.id).is_some_and(|c| casting::flashback_cost(c).is_some())),
    );
    for obj in castable {
        let Some(ch) = board.get(&obj.id) else { continue };
        // What is paid instead of the mana cost (CR 118.9): the flashback cost.
        let base_cost = if obj.zone == ZoneKind::Graveyard { casting::flashback_cost(ch).flatten() } else { (*ch.mana_cost).clone() };
        if ch.is(CardType::Land) {
            // CR 614.1c: "as this land enters, you may pay N life" is answered both ways.
            match lands::life_as_it_enters(&board, obj.id) {
                Some(_) => {
                    candidates.push(Action::PlayLand { player, card: obj.id, pay: Some(true) });
                    candidates.push(Action::PlayLand { player, card: obj.id, pay: Some(false) });
                }
                None => candidates.push(Action::PlayLand { player, card: obj.id, pay: None }),
            }
            continue;
        }
        let sorcery_ok = player == state.active && state.step.is_main() && state.stack.is_empty();
        // CR 702.8a: flash lets a card be cast any time an instant could be.
        let instant_speed = ch.is(CardType::Instant) || ch.has_keyword(crate::abilities::Keyword::Flash);
        if !instant_speed && !sorcery_ok {
            continue;
        }
        // CR 601.2b, 601.2h: "As an additional cost to cast this spell, sacrifice a [type]":
        // each permanent of that type the caster controls.
        let sacrifices: Vec<Vec<ObjectId>> = match obj.def.def().and_then(|d| d.additional_sacrifice.as_ref()) {
            None => vec![Vec::new()],
            Some(types) => state
                .zone_objects(ZoneKind::Battlefield, Some(player))
                .into_iter()
                .filter(|o| board.get(&o.id).is_some_and(|c| types.iter().any(|t| c.is(*t))))
                .map(|o| vec![o.id])
                .collect(),
        };
        let available = pool.available(crate::mana::SpendPurpose::CastSpell { colors: ch.colors.len() }).total();
        // CR 702.47a: each card in the hand that may be spliced onto it, one at a time (or none).
        let mut splices: Vec<Vec<ObjectId>> = vec![Vec::new()];
        for other in state.zone_objects(ZoneKind::Hand, Some(player)) {
            let onto = other.def.def().and_then(|d| d.splice.as_ref()).map(|s| s.onto.as_str());
            if other.id != obj.id && onto.is_some_and(|q| ch.subtypes.iter().any(|s| s == q)) {
                splices.push(vec![other.id]);
            }
        }
        // CR 601.2b, 701.20a: "reveal a [subtype] card from your hand or pay [cost]": each such
        // card (never the spell's own), or paying instead.
        let mut reveals: Vec<Vec<ObjectId>> = Vec::new();
        if let Some(r) = obj.def.def().and_then(|d| d.additional_reveal.as_ref()) {
            if r.or_pay.is_some() {
                reveals.push(Vec::new());
            }
            for other in state.zone_objects(ZoneKind::Hand, Some(player)) {
                if other.id != obj.id && board.get(&other.id).is_some_and(|c| c.subtypes.contains(&r.subtype)) {
                    reveals.push(vec![other.id]);
                }
            }
        } else {
            reveals.push(Vec::new());
        }
        let mut choices = Vec::new();
        for km in kicker_and_mode_choices(obj.def) {
            for splice in &splices {
                for reveal in &reveals {
                    choices.push((km.clone(), splice.clone(), reveal.clone()));
                }
            }
        }
        for ((kicked, modes), splice, reveal) in choices {
            let spliced: Vec<crate::ids::DefId> = splice.iter().filter_map(|id| state.object(*id).map(|o| o.def)).collect();
            let specs = casting::cast_target_specs(Some(obj.def), ch, &modes, &spliced);
            let mut kickers: Vec<crate::mana::ManaCost> =
                obj.def.def().map(|d| kicked.iter().filter_map(|k| d.kickers.get(*k).cloned()).collect()).unwrap_or_default();
            // The splice costs are additional costs too (CR 702.47a, 601.2f).
            kickers.extend(spliced.iter().filter_map(|d| d.def().and_then(|d| d.splice.as_ref()).map(|s| s.cost.clone())));
            // Not revealing: the cost paid instead (CR 601.2f).
            if reveal.is_empty() {
                kickers.extend(obj.def.def().and_then(|d| d.additional_reveal.as_ref()).and_then(|r| r.or_pay.clone()));
            }
            for x in x_values(base_cost.as_ref(), &pool) {
                // Not enough mana that may pay for this spell: certainly illegal (CR 601.2h).
                // The total cost, with its increases (the kicker, CR 702.33a) and reductions
                // (CR 601.2f), is what must be paid.
                // Convoke may pay up to one mana for each untapped creature (CR 702.51a).
                let convokers = if ch.has_keyword(crate::abilities::Keyword::Convoke) {
                    let n = state.zone_objects(ZoneKind::Battlefield, Some(player)).iter().filter(|o| !o.tapped && board.get(&o.id).is_some_and(|c| c.is(CardType::Creature))).count();
                    u32::try_from(n).unwrap_or(u32::MAX)
                } else {
                    0
                };
                if !by_trial
                    && base_cost.as_ref().is_some_and(|c| {
                        let c = kickers.iter().fold(c.clone(), |c, k| c.plus(k));
                        casting::reduced_cost(state, &board, player, ch, c).mana_value(x.unwrap_or(0)) > available.saturating_add(convokers)
                    })
                {
                    continue;
                }
                // CR 702.51a: with convoke, also one way of tapping creatures for part of it.
                let convoke = ch.mana_cost.as_ref().filter(|_| ch.has_keyword(crate::abilities::Keyword::Convoke)).map(|c| {
                    let total = casting::reduced_cost(state, &board, player, ch, kickers.iter().fold(c.clone(), |c, k| c.plus(k)));
                    crate::tap_to_pay::every_creature_convoking(state, &board, player, ch, &total, x.unwrap_or(0))
                });
                let mut cost_choices = vec![CastCosts::default()];
                cost_choices.extend(convoke.filter(|c| !c.is_empty()));
                // CR 601.2b: an optional additional cost paid or not; a waterbend cost also with
                // one way of tapping for its generic mana (CR 701.67a).
                if let Some(a) = obj.def.def().and_then(|d| d.additional_cost.as_ref()).filter(|a| a.optional) {
                    let paid = CastCosts { additional_cost: true, ..CastCosts::default() };
                    cost_choices.push(paid.clone());
                    let waterbend = if a.waterbend {
                        crate::tap_to_pay::every_permanent_waterbending(state, &board, player, a.mana.generic)
                    } else {
                        Vec::new()
                    };
                    if !waterbend.is_empty() {
                        cost_choices.push(CastCosts { waterbend, ..paid });
                    }
                }
                for t in target_lists(state, &board, &specs, player, &memo) {
                    for mut costs in cost_choices.iter().cloned() {
                        costs.reveal = reveal.clone();
                        for sacrifice in &sacrifices {
                            candidates.push(Action::CastSpell {
                                player,
                                card: obj.id,
                                x,
                                targets: t.clone(),
                                payment: None,
                                sacrifice: sacrifice.clone(),
                                kicked: kicked.clone(),
                                modes: modes.clone(),
                                splice: splice.clone(),
                                costs: costs.clone(),
                            });
                        }
                    }
                }
            }
        }
    }
    // Abilities of permanents, and those that function from the hand (cycling, CR 702.29a).
    let mut sources = state.zone_objects(ZoneKind::Battlefield, Some(player));
    sources.extend(state.zone_objects(ZoneKind::Hand, Some(player)));
    // And those that function from the graveyard (CR 113.6m).
    sources.extend(state.zone_objects(ZoneKind::Graveyard, Some(player)));
    for obj in sources {
        let Some(ch) = board.get(&obj.id) else { continue };
        for (index, ab) in ch.activated().iter().enumerate() {
            if ab.functions_from() != obj.zone {
                continue;
            }
            let choices = mana_choices(ab);
            for x in x_values(ab.cost.mana.as_ref(), &pool) {
                if !by_trial && !activation_may_be_legal(state, obj, ch, ab, x, &pool) {
                    continue;
                }
                // CR 702.184a: each other untapped creature the player controls may be tapped
                // for "tap another untapped creature you control".
                let taps: Vec<Vec<ObjectId>> = if ab.cost.tap_another_creature {
                    state
                        .zone_objects(ZoneKind::Battlefield, Some(player))
                        .into_iter()
                        .filter(|o| o.id != obj.id && !o.tapped && board.get(&o.id).is_some_and(|c| c.is(crate::types::CardType::Creature)))
                        .map(|o| vec![o.id])
                        .collect()
                } else {
                    vec![Vec::new()]
                };
                for t in target_lists(state, &board, &ab.targets, player, &memo) {
                    for mana_choice in &choices {
                        for tap in &taps {
                            candidates.push(Action::ActivateAbility {
                                player,
                                source: obj.id,
                                ability: index,
                                x,
                                targets: t.clone(),
                                mana_choice: *mana_choice,
                                payment: None,
                                replacement_order: Vec::new(),
                                tap: tap.clone(),
                            });
                        }
                    }
                }
            }
        }
    }
    candidates.retain(&legal);
    out.extend(candidates);
    out
}
