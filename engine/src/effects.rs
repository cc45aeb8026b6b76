//! Carrying out the effects of resolving spells and abilities (CR 608.2c-h), with the choices
//! made during resolution taken from `Answers`: countering (CR 701.6), damage (CR 120),
//! random choices (made while resolving, from the seeded generator unless scripted),
//! distributing counters without targeting, moving counters, attaching Equipment (CR 301.5,
//! 701.3), sacrificing (CR 701.21), control changes (CR 613.1b), commanders (CR 903.3), "you
//! may" (answered on resolution), copy effects (CR 707.2, 707.9a) and linked exile / return
//! (CR 607.2a, 607.5).

use std::cell::Cell;

use crate::abilities::{Amount, Effect, EffectDuration, EffectObject, Group, Modification};
use crate::actions::Answers;
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::board_of;
use crate::rejection::Rejection;
use crate::state::{ContinuousEffect, Duration, GameState, LinkedExile, StackEntryKind, ZoneKind};
use crate::types::CardType;
use crate::targets::Target;
use crate::zones;

/// Tokens one effect may create: a fuzzed board can hold billions of counters, and the engine
/// must stay responsive. Far above anything the corpus reaches. Past it the effect creates this
/// many and says so (`Event::LimitReached`): never a silent wrong answer.
pub const MAX_TOKENS_PER_EFFECT: u32 = 100;

/// Cards one effect may draw; a bound like `MAX_TOKENS_PER_EFFECT`.
pub const MAX_DRAWS_PER_EFFECT: u32 = 100;

/// `n` capped at `limit`, with an `Event::LimitReached` when it was more.
fn capped(n: u32, limit: u32, what: &str, ev: &mut Vec<Event>) -> u32 {
    if n > limit {
        ev.push(Event::LimitReached { what: what.into(), asked: u64::from(n), limit });
    }
    n.min(limit)
}

/// CR 614.12, 616.1g: the colors chosen for `n` tokens entering at once with "as this enters,
/// choose a color" (`asks`): one for each, in the order they enter (`Answers::colors`; for a
/// single token `Answers::color` will do). Required: the engine never chooses.
fn token_colors(answers: &Answers, asks: bool, n: u32) -> Result<Vec<crate::types::Color>, Rejection> {
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    if !asks || n == 0 {
        return Ok(Vec::new());
    }
    if answers.colors.is_empty() && n == 1 {
        if let Some(c) = answers.color {
            return Ok(vec![c]);
        }
    }
    if answers.colors.len() != n {
        return Err(Rejection::InvalidChoice(format!(
            "{n} tokens enter choosing a color: one color each, in order (CR 614.12, 616.1g); {} given",
            answers.colors.len()
        )));
    }
    Ok(answers.colors.clone())
}

/// What the resolving spell or ability knows.
pub(crate) struct ResolveCtx<'a> {
    pub controller: PlayerId,
    pub source: Option<ObjectId>,
    /// Counters on the source when it was last on the battlefield (CR 608.2h).
    pub source_counters: &'a crate::counters::Counters<u32>,
    pub x: u32,
    pub targets: &'a [Target],
    /// Which targets are still legal (CR 608.2b): illegal ones are not affected.
    pub legal: &'a [bool],
    pub answers: &'a Answers,
    /// How many of `answers.random` were used.
    pub random_used: Cell<usize>,
    /// The resolving ability itself, for "except it has this ability" (CR 707.9a).
    pub ability: Option<&'a crate::abilities::Ability>,
    /// The set of linked abilities of the source it belongs to (CR 607.5).
    pub link: u64,
    /// The power of the permanent this effect last sacrificed, as it last existed (CR 608.2h),
    /// for a reflexive trigger's "that creature's power" (CR 603.12).
    pub sacrificed_power: Cell<Option<u32>>,
    /// For a triggered ability: what its triggering event names (CR 603.7c, 608.2h).
    pub event: crate::state::TriggerEvent,
    /// How many creatures an earlier part of this effect destroyed went to a graveyard
    /// (`Amount::DiedThisWay`).
    pub died_this_way: Cell<u32>,
    /// Whether the resolving spell was kicked (CR 702.33d).
    pub kicked: bool,
}

impl ResolveCtx<'_> {
    /// The next scripted random outcome, if any (consumed in order).
    fn next_random(&self) -> Option<&String> {
        let i = self.random_used.get();
        let r = self.answers.random.get(i);
        if r.is_some() {
            self.random_used.set(i.saturating_add(1));
        }
        r
    }

    fn amount(&self, state: &GameState, a: &Amount) -> u32 {
        match a {
            Amount::Fixed(n) => *n,
            Amount::X => self.x,
            Amount::CountersOnThis(kind) => self.source_counters.get(kind).copied().unwrap_or(0),
            Amount::EventAmount | Amount::PowerOfTheCardExiledToPay => self.event.amount,
            // CR 702.44a: of the resolving spell (a permanent spell carries it onto the
            // battlefield, CR 702.44b).
            // CR 702.184a, 702.184c, 608.2h: the tapped creature as the ability resolves.
            Amount::TappedCreaturesPower => self
                .event
                .object
                .filter(|o| state.object(*o).is_some_and(|x| x.on_battlefield()))
                .and_then(|o| crate::toughness_as_power::power_for(state, &board_of(state), o, crate::abilities::ToughnessFor::Station))
                .map_or(0, |p| u32::try_from(p.max(0)).unwrap_or(0)),
            Amount::ColorsOfManaSpentToCastThis => self.source.and_then(|s| state.object(s)).map_or(0, |o| o.colors_spent),
            // CR 107.1b: a negative life total counts as 0.
            Amount::YourLifeTotal => state.player(self.controller).map_or(0, |p| u32::try_from(p.life.max(0)).unwrap_or(0)),
            Amount::SacrificedPower => self.source.and_then(|s| state.object(s)).and_then(|o| o.sacrificed_power).unwrap_or(0),
            Amount::DiedThisWay { plus } => self.died_this_way.get().saturating_add(*plus),
            Amount::PermanentsWithSubtype(sub) => {
                let board = board_of(state);
                let n = state
                    .battlefield_ids()
                    .iter()
                    .filter(|id| board.get(id).is_some_and(|c| c.subtypes.iter().any(|s| s == sub)))
                    .count();
                u32::try_from(n).unwrap_or(u32::MAX)
            }
            Amount::ThisPower => {
                let board = board_of(state);
                let power = self
                    .source
                    .filter(|s| state.object(*s).is_some_and(|o| o.on_battlefield()))
                    .and_then(|s| board.get(&s))
                    .and_then(|c| c.power)
                    .unwrap_or(0);
                // CR 107.1b: a negative result counts as 0.
                u32::try_from(power.max(0)).unwrap_or(0)
            }
            Amount::CreaturesYouControl => {
                let board = board_of(state);
                let n = state
                    .zone_objects(ZoneKind::Battlefield, Some(self.controller))
                    .iter()
                    .filter(|o| board.get(&o.id).is_some_and(|c| c.is(crate::types::CardType::Creature)))
                    .count();
                u32::try_from(n).unwrap_or(u32::MAX)
            }
            Amount::IfKicked { kicked, otherwise } => {
                if self.kicked {
                    *kicked
                } else {
                    *otherwise
                }
            }
            Amount::GreatestPowerAmongCreaturesOfTargetPlayer(i) => {
                let Some(p) = self.player_target(*i) else { return 0 };
                let board = board_of(state);
                let greatest = state
                    .zone_objects(ZoneKind::Battlefield, Some(p))
                    .iter()
                    .filter_map(|o| board.get(&o.id).filter(|c| c.is(crate::types::CardType::Creature)).and_then(|c| c.power))
                    .max()
                    .unwrap_or(0);
                // CR 107.1b: a negative greatest power counts as 0 (the player gains no life).
                u32::try_from(greatest.max(0)).unwrap_or(0)
            }
            Amount::CreaturesBlockingThis => {
                // CR 509.1h, 506.4: the creatures still blocking the source, on the battlefield.
                let n = state
                    .combat
                    .blocks
                    .iter()
                    .filter(|(b, a)| Some(*a) == self.source && state.object(*b).is_some_and(|o| o.on_battlefield()))
                    .count();
                u32::try_from(n).unwrap_or(u32::MAX)
            }
        }
    }

    /// The `i`-th target if it is a still-legal player.
    fn player_target(&self, i: usize) -> Option<PlayerId> {
        if !self.legal.get(i).copied().unwrap_or(false) {
            return None;
        }
        match self.targets.get(i) {
            Some(Target::Player(p)) => Some(*p),
            _ => None,
        }
    }

    /// The `i`-th target if it is a still-legal object (or stack item).
    fn object_target(&self, i: usize) -> Option<ObjectId> {
        if !self.legal.get(i).copied().unwrap_or(false) {
            return None;
        }
        match self.targets.get(i) {
            Some(Target::Object(id)) => Some(*id),
            _ => None,
        }
    }

    /// The object an effect acts on, if it is still there.
    fn object(&self, state: &GameState, o: EffectObject) -> Option<ObjectId> {
        match o {
            EffectObject::This => self
                .source
                .filter(|s| state.object(*s).is_some_and(|x| x.on_battlefield())),
            EffectObject::Target(i) => {
                if !self.legal.get(i).copied().unwrap_or(false) {
                    return None;
                }
                match self.targets.get(i) {
                    Some(Target::Object(id)) => Some(*id),
                    _ => None,
                }
            }
            EffectObject::EventObject => self
                .event
                .object
                .filter(|s| state.object(*s).is_some_and(|x| x.on_battlefield())),
        }
    }
}

use crate::zones::add_counters;

/// "Search [that player's] graveyard, hand, and library".
const SEARCHED: [ZoneKind; 3] = [ZoneKind::Graveyard, ZoneKind::Hand, ZoneKind::Library];

/// Whether an object belongs to a group (CR 903.3: being a commander is an attribute of the
/// card, so a token never is one).
pub(crate) fn in_group(state: &GameState, group: Group, id: ObjectId) -> bool {
    match group {
        Group::Commanders => state.object(id).is_some_and(|o| !o.is_token && state.card_commander(o.card)),
        Group::CreatureCards => {
            state.object(id).is_some_and(|o| !o.is_token)
                && crate::layers::characteristics(state, id).is_some_and(|c| c.is(CardType::Creature))
        }
    }
}

pub(crate) fn group_in_zone(state: &GameState, group: Group, zone: ZoneKind) -> Vec<ObjectId> {
    state
        .zone_objects(zone, None)
        .iter()
        .map(|o| o.id)
        .filter(|id| in_group(state, group, *id))
        .collect()
}

/// Destroys these permanents at the same time (CR 701.8a): each one with a regeneration shield
/// is regenerated instead if it can be (CR 614.8, 701.19); the rest go to their owners'
/// graveyards in one event, with the replacements their controllers ordered (CR 616.1).
/// Returns how many of them went to a graveyard (died, if they were creatures: CR 700.4).
pub(crate) fn destroy(state: &mut GameState, ids: &[ObjectId], can_regenerate: bool, order: &[ObjectId], ev: &mut Vec<Event>) -> u32 {
    let board = crate::layers::board_of(state);
    let mut going = Vec::new();
    for id in ids {
        // CR 702.12b: an indestructible permanent isn't destroyed.
        if board.get(id).is_some_and(|c| c.has_keyword(crate::abilities::Keyword::Indestructible)) {
            continue;
        }
        if can_regenerate && crate::replacement::regenerate_instead(state, *id, ev) {
            continue;
        }
        going.push(*id);
    }
    let moved = zones::move_batch(state, &going, ZoneKind::Graveyard, None, order, ev);
    let died = moved.iter().flatten().filter(|id| state.object(**id).is_some_and(|o| o.zone == ZoneKind::Graveyard)).count();
    u32::try_from(died).unwrap_or(u32::MAX)
}

/// CR 610.3: what was exiled "until [a permanent] leaves the battlefield" returns to the
/// battlefield under its owner's control as its source leaves; several returning because
/// their sources left in one event return at the same time (CR 610.3d).
pub(crate) fn return_exiled_until_left(state: &mut GameState, left: &[crate::zones::Left], ev: &mut Vec<Event>) {
    let gone: Vec<ObjectId> = left.iter().map(|l| l.old).collect();
    let back: Vec<ObjectId> = state.exiled_until.iter().filter(|(s, _)| gone.contains(s)).map(|(_, e)| *e).collect();
    if back.is_empty() {
        return;
    }
    state.exiled_until.retain(|(s, _)| !gone.contains(s));
    for id in back {
        // Only if it is still that object in exile (CR 400.7).
        let Some(owner) = state.object(id).filter(|o| o.zone == ZoneKind::Exile).map(|o| o.owner) else { continue };
        zones::put_onto_battlefield(state, id, owner, None, ev);
    }
}

/// `player` gains `n` life (CR 119.3), after the replacement effects on that event (CR 614.1a,
/// 616.2), with the resolution's answers for the choices they ask for.
pub(crate) fn gain_life(state: &mut GameState, player: PlayerId, n: u32, answers: &Answers, ev: &mut Vec<Event>) -> Result<(), Rejection> {
    crate::replacement::gain_life(state, player, n, answers, ev)
}

/// The duration an effect's wording gives, for the resolving ability's controller (CR 611.2);
/// `None` for "while you control this" with no source to control.
fn duration_of(d: EffectDuration, ctx: &ResolveCtx) -> Option<Duration> {
    Some(match d {
        EffectDuration::Indefinite => Duration::Indefinite,
        EffectDuration::UntilYourNextTurn => Duration::UntilNextTurnOf(ctx.controller),
        EffectDuration::UntilEndOfTurn => Duration::EndOfTurn,
        EffectDuration::WhileYouControlThis => Duration::WhileControls { source: ctx.source?, player: ctx.controller },
    })
}

/// A continuous effect of the resolving ability on one object, timestamped now (CR 613.7).
fn push_effect(state: &mut GameState, ctx: &ResolveCtx, id: ObjectId, modifications: Vec<Modification>, duration: Duration) {
    let timestamp = state.new_timestamp();
    state.effects.push(ContinuousEffect { timestamp, source: ctx.source, affected: vec![id], modifications, duration, copy_of: None });
}

/// "[Permanents of a kind] get/gain ... until end of turn": the set is determined as the effect
/// begins and doesn't change after (CR 611.2c).
fn group_until_end_of_turn(state: &mut GameState, ctx: &ResolveCtx, filter: &crate::abilities::PermanentFilter, modifications: Vec<Modification>) {
    let Some(source) = ctx.source else { return };
    let board = board_of(state);
    let affected = crate::layers::permanents_matching(state, &board, filter, source, ctx.controller);
    if !affected.is_empty() {
        let timestamp = state.new_timestamp();
        state.effects.push(ContinuousEffect { timestamp, source: ctx.source, affected, modifications, duration: Duration::EndOfTurn, copy_of: None });
    }
}

/// A delayed triggered ability created as the effect resolves (CR 603.7a), waiting for
/// `trigger`; it keeps what the creating ability's event named (CR 603.7c).
fn create_delayed(state: &mut GameState, ctx: &ResolveCtx<'_>, trigger: crate::abilities::Trigger, effect: &Effect) {
    if let Some(source) = ctx.source {
        let source_card = state.object(source).and_then(|o| o.card);
        push_delayed(state, ctx, source, source_card, trigger, effect, Vec::new(), false);
    }
}

/// `Effect::WhenThis` (CR 603.7a): a delayed triggered ability waiting for `events` about the
/// source. A source no longer on the battlefield is a new object if it ever returns (CR
/// 400.7), so nothing it waits for can happen: it isn't created.
fn create_when_this(state: &mut GameState, ctx: &ResolveCtx<'_>, events: &[crate::abilities::SourceEvent], effect: &Effect) {
    let Some(source) = ctx.source else { return };
    let Some(obj) = state.object(source).filter(|o| o.zone == ZoneKind::Battlefield) else { return };
    let (source_card, held) = (obj.card, obj.controller == ctx.controller);
    push_delayed(state, ctx, source, source_card, crate::abilities::Trigger::WhenThis, effect, events.to_vec(), held);
}

/// The delayed triggered ability both kinds create, with what the creating ability knew.
#[allow(clippy::too_many_arguments)]
fn push_delayed(
    state: &mut GameState,
    ctx: &ResolveCtx<'_>,
    source: ObjectId,
    source_card: Option<crate::ids::CardId>,
    trigger: crate::abilities::Trigger,
    effect: &Effect,
    on: Vec<crate::abilities::SourceEvent>,
    held: bool,
) {
    state.delayed_triggers.push(crate::state::DelayedTrigger {
        trigger,
        source,
        source_card,
        controller: ctx.controller,
        effect: effect.clone(),
        link: ctx.link,
        event: ctx.event,
        on,
        held,
    });
}

/// `then` resolved with "that creature" (`EffectObject::EventObject`) naming `id`: a later
/// instruction refers to an object an earlier one acted on (CR 608.2c), and a delayed
/// triggered ability `then` creates keeps it (CR 603.7c).
fn resolve_naming(state: &mut GameState, ctx: &ResolveCtx, id: ObjectId, then: &Effect, ev: &mut Vec<Event>) -> Result<(), Rejection> {
    let inner = ResolveCtx {
        controller: ctx.controller,
        source: ctx.source,
        source_counters: ctx.source_counters,
        x: ctx.x,
        targets: ctx.targets,
        legal: ctx.legal,
        answers: ctx.answers,
        random_used: Cell::new(ctx.random_used.get()),
        ability: ctx.ability,
        link: ctx.link,
        sacrificed_power: Cell::new(ctx.sacrificed_power.get()),
        event: crate::state::TriggerEvent { object: Some(id), ..ctx.event },
        died_this_way: Cell::new(ctx.died_this_way.get()),
        kicked: ctx.kicked,
    };
    resolve(state, then, &inner, ev)?;
    ctx.random_used.set(inner.random_used.get());
    Ok(())
}

pub(crate) fn resolve(
    state: &mut GameState,
    effect: &Effect,
    ctx: &ResolveCtx,
    ev: &mut Vec<Event>,
) -> Result<(), Rejection> {
    match effect {
        Effect::Sequence(v) => {
            for e in v {
                resolve(state, e, ctx, ev)?;
            }
        }
        Effect::AddMana(spec) | Effect::AddRestrictedMana { spec, .. } => {
            // A non-mana-ability source of mana (CR 106.3): fixed mana, or the answered type.
            let board = board_of(state);
            let reps = crate::replacement::active(state, &board);
            let table = if matches!(spec, crate::abilities::ManaSpec::CouldProduce { .. }) {
                crate::could_produce::land_table(state, &board, &reps)
            } else {
                Default::default()
            };
            let mana = match crate::could_produce::raw_mana(state, &board, &table, ctx.controller, ctx.source, spec) {
                crate::could_produce::RawMana::Fixed(p) => p,
                crate::could_produce::RawMana::OneOf(opts) => match ctx.answers.mana {
                    Some(c) if opts.contains(&c) => crate::mana::ManaPool::single(c),
                    Some(c) => return Err(Rejection::InvalidManaChoice(c)),
                    None if opts.is_empty() => crate::mana::ManaPool::default(),
                    None => return Err(Rejection::MissingChoice("mana type".into())),
                },
            };
            let mana = match effect {
                Effect::AddRestrictedMana { restriction, .. } => mana.with_restriction(*restriction),
                _ => mana,
            };
            if let Some(p) = state.player_mut(ctx.controller) {
                p.mana_pool.add_pool(&mana);
                ev.push(Event::ManaAdded { player: ctx.controller, mana, source: ctx.source });
            }
        }
        Effect::AddManaOfTypeProduced | Effect::AddManaOfChosenColorToItsController => {}
        Effect::DrawCards(n) => {
            let n = ctx.amount(state, n);
            for _ in 0..capped(n, MAX_DRAWS_PER_EFFECT, "cards drawn by one effect", ev) {
                crate::replacement::draw(state, ctx.controller, ctx.answers, ev)?;
            }
        }
        Effect::EachPlayerDiscardsHandThenDraws(n) => {
            for player in state.apnap() {
                let hand: Vec<ObjectId> = state.zone_objects(ZoneKind::Hand, Some(player)).iter().map(|o| o.id).collect();
                for id in hand {
                    ev.push(Event::Discarded { player, object: id });
                    zones::move_to(state, id, ZoneKind::Graveyard, None, ev);
                }
            }
            for player in state.apnap() {
                for _ in 0..capped(*n, MAX_DRAWS_PER_EFFECT, "cards drawn by one effect", ev) {
                    crate::replacement::draw(state, player, ctx.answers, ev)?;
                }
            }
        }
        Effect::DamageToController(n) => {
            // Dealt by the source, so lifelink applies (CR 702.15b).
            let board = board_of(state);
            crate::damage::deal(state, &board, ctx.source, crate::targets::Target::Player(ctx.controller), *n, ev);
        }
        Effect::Modify { object, modifications, duration } => {
            if let Some(id) = ctx.object(state, *object) {
                let Some(duration) = duration_of(*duration, ctx) else { return Ok(()) };
                push_effect(state, ctx, id, modifications.clone(), duration);
            }
        }
        Effect::AtBeginningOfNextEndStep(effect) => {
            create_delayed(state, ctx, crate::abilities::Trigger::AtBeginningOfNextEndStep, effect);
        }
        Effect::AtEndOfCombat(effect) => create_delayed(state, ctx, crate::abilities::Trigger::AtEndOfCombat, effect),
        Effect::WhenThis { events, effect } => create_when_this(state, ctx, events, effect),
        Effect::PutOntoBattlefieldThen { object, then } => {
            let Some(id) = ctx.object(state, *object) else { return Ok(()) };
            let Some(new) = zones::put_onto_battlefield(state, id, ctx.controller, None, ev) else { return Ok(()) };
            // "That creature" in `then` is the permanent (CR 608.2c: the instructions in order).
            resolve_naming(state, ctx, new, then, ev)?;
        }
        Effect::ThatObject { object, then } => {
            let Some(id) = ctx.object(state, *object) else { return Ok(()) };
            resolve_naming(state, ctx, id, then, ev)?;
        }
        Effect::ReturnToOwnersHand(object) => {
            if let Some(id) = ctx.object(state, *object) {
                zones::move_to(state, id, ZoneKind::Hand, None, ev);
            }
        }
        Effect::TargetPlayerMills { target, amount } => {
            if !ctx.legal.get(*target).copied().unwrap_or(false) {
                return Ok(());
            }
            if let Some(Target::Player(p)) = ctx.targets.get(*target).copied() {
                // CR 609.3: as many as possible; the library's first object is its top.
                let top: Vec<ObjectId> =
                    state.zone_objects(ZoneKind::Library, Some(p)).iter().take(usize::try_from(*amount).unwrap_or(usize::MAX)).map(|o| o.id).collect();
                zones::move_batch(state, &top, ZoneKind::Graveyard, None, &[], ev);
            }
        }
        Effect::YouLoseTheGame => {
            let board = board_of(state);
            crate::game_loss::lose(state, &board, &[ctx.controller], ev)?;
        }
        Effect::TargetPlayerDiscards { target, amount } => {
            if !ctx.legal.get(*target).copied().unwrap_or(false) {
                return Ok(());
            }
            if let Some(Target::Player(p)) = ctx.targets.get(*target).copied() {
                let hand: Vec<ObjectId> = state.zone_objects(ZoneKind::Hand, Some(p)).iter().map(|o| o.id).collect();
                let n = usize::try_from(*amount).unwrap_or(usize::MAX);
                // CR 609.3: holding no more than that, every card; otherwise the player's choice
                // of exactly that many (CR 701.9b).
                let chosen = if hand.len() <= n {
                    hand
                } else {
                    let c = ctx.answers.discard.as_ref().ok_or_else(|| Rejection::MissingChoice(format!("{n} card(s) to discard")))?;
                    let unique: std::collections::BTreeSet<_> = c.iter().collect();
                    if c.len() != n || unique.len() != n || !c.iter().all(|id| hand.contains(id)) {
                        return Err(Rejection::InvalidChoice(format!("discard exactly {n} card(s) from that hand")));
                    }
                    c.clone()
                };
                // CR 701.9a: discarding moves the cards to their owner's graveyard, at once.
                for id in &chosen {
                    ev.push(Event::Discarded { player: p, object: *id });
                }
                zones::move_batch(state, &chosen, ZoneKind::Graveyard, None, &[], ev);
            }
        }
        Effect::ForEachTarget(inner) => {
            // CR 608.2f: APNAP order of the players the targets are or whose permanents they
            // are (the active player's first), then the order they were chosen in.
            let apnap = state.apnap();
            let group = |t: &Target| -> usize {
                let p = match t {
                    Target::Player(p) => Some(*p),
                    Target::Object(o) => state.object(*o).map(|o| o.controller),
                };
                p.and_then(|p| apnap.iter().position(|q| *q == p)).unwrap_or(usize::MAX)
            };
            let mut order: Vec<usize> = (0..ctx.targets.len()).collect();
            order.sort_by_key(|i| (ctx.targets.get(*i).map_or(usize::MAX, group), *i));
            for i in order {
                let (Some(t), true) = (ctx.targets.get(i).copied(), ctx.legal.get(i).copied().unwrap_or(false)) else { continue };
                let one = [t];
                let sub = ResolveCtx {
                    controller: ctx.controller,
                    source: ctx.source,
                    source_counters: ctx.source_counters,
                    x: ctx.x,
                    targets: &one,
                    legal: &[true],
                    answers: ctx.answers,
                    random_used: Cell::new(ctx.random_used.get()),
                    ability: ctx.ability,
                    link: ctx.link,
                    sacrificed_power: Cell::new(ctx.sacrificed_power.get()),
                    event: ctx.event,
                    died_this_way: Cell::new(ctx.died_this_way.get()),
                    kicked: ctx.kicked,
                };
                resolve(state, inner, &sub, ev)?;
                ctx.random_used.set(sub.random_used.get());
                ctx.sacrificed_power.set(sub.sacrificed_power.get());
                ctx.died_this_way.set(sub.died_this_way.get());
            }
        }
        Effect::ExileTopThenDamageEqualToItsManaValue { target } => {
            if !ctx.legal.get(*target).copied().unwrap_or(false) {
                return Ok(());
            }
            let Some(t) = ctx.targets.get(*target).copied() else { return Ok(()) };
            let Some(top) = state.zone_objects(ZoneKind::Library, Some(ctx.controller)).first().map(|o| o.id) else { return Ok(()) };
            let exiled = zones::move_to(state, top, ZoneKind::Exile, None, ev);
            let board = board_of(state);
            // Its mana value as it is in exile (CR 202.3; an X there is 0, CR 107.3b).
            let mv = exiled.and_then(|id| board.get(&id)).map_or(0, |c| c.mana_value(0));
            if mv > 0 {
                crate::damage::deal(state, &board, ctx.source, t, mv, ev);
            }
        }
        Effect::DamageToEventPlayer(n) => {
            if let Some(p) = ctx.event.player {
                let board = board_of(state);
                crate::damage::deal(state, &board, ctx.source, crate::targets::Target::Player(p), *n, ev);
            }
        }
        Effect::UntilEndOfTurn { object, modifications } => {
            if let Some(id) = ctx.object(state, *object) {
                let timestamp = state.new_timestamp();
                state.effects.push(ContinuousEffect {
                    timestamp,
                    source: ctx.source,
                    affected: vec![id],
                    modifications: modifications.clone(),
                    duration: Duration::EndOfTurn,
                    copy_of: None,
                });
            }
        }
        Effect::PumpUntilEndOfTurn { object, power, toughness, times } => {
            // CR 608.2h: "for each" is counted once, as the ability resolves.
            let n = i32::try_from(ctx.amount(state, times)).unwrap_or(i32::MAX);
            if let Some(id) = ctx.object(state, *object) {
                let timestamp = state.new_timestamp();
                state.effects.push(ContinuousEffect {
                    timestamp,
                    source: ctx.source,
                    affected: vec![id],
                    modifications: vec![Modification::ModifyPt {
                        power: power.saturating_mul(n),
                        toughness: toughness.saturating_mul(n),
                    }],
                    duration: Duration::EndOfTurn,
                    copy_of: None,
                });
            }
        }
        Effect::PutCounters { object, kind, amount } => {
            if let Some(id) = ctx.object(state, *object) {
                add_counters(state, id, kind, ctx.amount(state, amount), ev);
            }
        }
        Effect::PutCountersOnEach { types, controller, kind, amount } => {
            let board = board_of(state);
            let n = ctx.amount(state, amount);
            let each: Vec<ObjectId> = state
                .zone_objects(ZoneKind::Battlefield, None)
                .iter()
                .filter(|o| board.get(&o.id).is_some_and(|c| types.iter().any(|t| c.is(*t))))
                .filter(|o| match controller {
                    crate::abilities::Relation::You => o.controller == ctx.controller,
                    crate::abilities::Relation::Opponent => o.controller != ctx.controller,
                    crate::abilities::Relation::Any => true,
                })
                .map(|o| o.id)
                .collect();
            for id in each {
                add_counters(state, id, kind, n, ev);
            }
        }
        Effect::CreateTokens { token, amount } => {
            let n = ctx.amount(state, amount);
            let n = crate::replacement::tokens_created(state, &board_of(state), ctx.controller, n);
            for _ in 0..capped(n, MAX_TOKENS_PER_EFFECT, "tokens created by one effect", ev) {
                zones::create_token(state, token, ctx.controller, ev);
            }
        }
        Effect::CreateTokenCopiesOfTarget { target, amount } => {
            let Some(original) = ctx.object_target(*target) else { return Ok(()) };
            // CR 707.2, 707.2b: the copiable values are locked in as the effect happens.
            let Some(values) = crate::layers::copiable_values(state, original) else { return Ok(()) };
            let n = ctx.amount(state, amount);
            // CR 616.1g: the creation event is replaced first ("twice that many"); then each
            // token's entering, with its own "as this enters" choices, in the order given.
            let n = crate::replacement::tokens_created(state, &board_of(state), ctx.controller, n);
            let n = capped(n, MAX_TOKENS_PER_EFFECT, "tokens created by one effect", ev);
            let abilities: Vec<crate::abilities::Ability> = values.abilities.clone();
            let asks_color = abilities.iter().any(crate::stack::chooses_color_as_it_enters);
            let asks_type = abilities.iter().any(crate::stack::chooses_type_as_it_enters);
            let colors = token_colors(ctx.answers, asks_color, n)?;
            let creature_type = crate::stack::enters_choosing_creature_type(asks_type, ctx.answers)?;
            for i in 0..n {
                let copy = zones::TokenCopy {
                    values: values.clone(),
                    origin: crate::layers::CopyOrigin { original, exceptions: Vec::new() },
                    color: colors.get(usize::try_from(i).unwrap_or(usize::MAX)).copied(),
                    creature_type: creature_type.clone(),
                };
                zones::create_token_copy(state, ctx.controller, copy, ev);
            }
        }
        Effect::TargetPlayerGainsLife { target, amount } => {
            if !ctx.legal.get(*target).copied().unwrap_or(false) {
                return Ok(());
            }
            let Some(Target::Player(p)) = ctx.targets.get(*target).copied() else { return Ok(()) };
            let n = ctx.amount(state, amount);
            gain_life(state, p, n, ctx.answers, ev)?;
        }
        Effect::ReturnToBattlefield { object } => {
            if let Some(id) = ctx.object(state, *object) {
                zones::put_onto_battlefield(state, id, ctx.controller, None, ev);
            }
        }
        Effect::ReturnToBattlefieldTapped { object } => {
            // "This card" in the graveyard: the ability's source, wherever it is now (CR 113.6m).
            let id = match object {
                EffectObject::This => ctx.source.filter(|s| state.object(*s).is_some_and(|o| o.zone == ZoneKind::Graveyard)),
                EffectObject::Target(_) | EffectObject::EventObject => ctx.object(state, *object),
            };
            if let Some(id) = id {
                let owner = state.object(id).map(|o| o.owner).unwrap_or(ctx.controller);
                if let Some(new) = zones::put_onto_battlefield(state, id, owner, None, ev) {
                    if let Some(o) = state.object_mut(new) {
                        o.tapped = true;
                    }
                }
            }
        }
        Effect::ReturnTargetToHand(i) => {
            if let Some(id) = ctx.object_target(*i) {
                zones::move_to(state, id, ZoneKind::Hand, None, ev);
            }
        }
        Effect::DrainEachOpponent(n) => {
            let opponents: Vec<PlayerId> = state.player_ids().into_iter().filter(|p| *p != ctx.controller).collect();
            for p in opponents {
                if let Some(pl) = state.player_mut(p) {
                    pl.life = pl.life.saturating_sub(i32::try_from(*n).unwrap_or(i32::MAX));
                    let life = pl.life;
                    ev.push(Event::LifeChanged { player: p, life });
                }
            }
            gain_life(state, ctx.controller, *n, ctx.answers, ev)?;
        }
        Effect::ShuffleThisIntoLibrary => {
            // The object the ability knew, if it is still that object (a moved object is a
            // new one, CR 400.7): the spell resolving, or the card in the graveyard a
            // trigger came from. Its owner's library is shuffled even if it has left (CR
            // 701.24c); then the owner is the one the triggering event named.
            let this = ctx.source.and_then(|s| state.object(s).map(|o| (s, o.owner)));
            let owner = this.map(|(_, o)| o).or(ctx.event.player).unwrap_or(ctx.controller);
            if let Some((id, _)) = this {
                zones::move_to(state, id, ZoneKind::Library, None, ev);
            }
            zones::shuffle_library(state, owner, ev);
        }
        Effect::ExileTargetAndSearchForSameName { target } => {
            let Some(id) = ctx.object_target(*target) else { return Ok(()) };
            let board = board_of(state);
            let name = board.get(&id).map(|c| c.name.to_string());
            let Some(player) = state.object(id).map(|o| o.controller) else { return Ok(()) };
            // The choices are checked before anything moves, so a wrong one changes nothing.
            let found = crate::search::cards_named(state, &board, ctx.controller, player, &SEARCHED, name.as_deref(), None, ctx.answers)?;
            zones::move_to(state, id, ZoneKind::Exile, None, ev);
            zones::move_batch(state, &found, ZoneKind::Exile, None, &[], ev);
            zones::shuffle_library(state, player, ev);
        }
        Effect::RevealHandChooseNonbasicThenSearchForSameName { target } => {
            if !ctx.legal.get(*target).copied().unwrap_or(false) {
                return Ok(());
            }
            let Some(Target::Player(p)) = ctx.targets.get(*target).copied() else { return Ok(()) };
            let board = board_of(state);
            let nonbasic = |id: &ObjectId| {
                board.get(id).is_some_and(|c| !(c.is(crate::types::CardType::Land) && c.supertypes.iter().any(|s| s == "Basic")))
            };
            let choices: Vec<ObjectId> = state.zone_objects(ZoneKind::Hand, Some(p)).iter().map(|o| o.id).filter(nonbasic).collect();
            let pick = match ctx.answers.pick {
                None if !choices.is_empty() => {
                    return Err(Rejection::MissingChoice("a card other than a basic land card from the revealed hand".into()))
                }
                Some(c) if !choices.contains(&c) => {
                    return Err(Rejection::InvalidChoice("choose a card other than a basic land card from that hand".into()))
                }
                other => other,
            };
            // CR 701.23c: with no card chosen, the quality is undefined and nothing is found.
            let name = pick.and_then(|c| board.get(&c)).map(|c| c.name.to_string());
            let found = crate::search::cards_named(state, &board, ctx.controller, p, &SEARCHED, name.as_deref(), pick, ctx.answers)?;
            zones::move_batch(state, &found, ZoneKind::Exile, None, &[], ev);
            zones::shuffle_library(state, p, ev);
        }
        Effect::EachPlayerSearchesForBasicLandsOntoBattlefield { up_to } => {
            let board = board_of(state);
            let found = crate::search::basic_lands_each_player(state, &board, *up_to, ctx.answers)?;
            for (p, ids) in &found {
                for id in ids {
                    zones::put_onto_battlefield(state, *id, *p, None, ev);
                }
            }
            for (p, _) in found {
                zones::shuffle_library(state, p, ev);
            }
        }
        Effect::TargetPlayerShufflesTargetCardsIntoLibrary { player } => {
            let Some(Target::Player(p)) = ctx.targets.get(*player).copied() else { return Ok(()) };
            // CR 608.2b: with the player an illegal target, the ability does nothing (Loaming
            // Shaman's 2019-07-12 ruling); illegal cards are left where they are.
            if !ctx.legal.get(*player).copied().unwrap_or(false) {
                return Ok(());
            }
            let cards: Vec<ObjectId> = (player.saturating_add(1)..ctx.targets.len())
                .filter_map(|i| ctx.object_target(i))
                .filter(|id| state.object(*id).is_some_and(|o| o.zone == ZoneKind::Graveyard && o.owner == p))
                .collect();
            zones::move_batch(state, &cards, ZoneKind::Library, None, &[], ev);
            // CR 701.24d: shuffled even if the set of cards is empty.
            zones::shuffle_library(state, p, ev);
        }
        Effect::ReturnDiedWithCounter => {
            // The source is the card in the graveyard it went to (`zones::move_to`); if it left
            // that zone, it is another object and isn't returned (CR 400.7).
            if let Some(id) = ctx.source.filter(|s| state.object(*s).is_some_and(|o| o.zone == ZoneKind::Graveyard)) {
                let owner = state.object(id).map(|o| o.owner).unwrap_or(ctx.controller);
                if let Some(new) = zones::put_onto_battlefield(state, id, owner, None, ev) {
                    add_counters(state, new, "+1/+1", 1, ev);
                }
            }
        }
        Effect::SacrificeThisUnlessSacrifice { types } => {
            let board = board_of(state);
            let candidates: Vec<ObjectId> = state
                .zone_objects(ZoneKind::Battlefield, Some(ctx.controller))
                .iter()
                .filter(|o| board.get(&o.id).is_some_and(|c| types.iter().any(|t| c.is(*t))))
                .map(|o| o.id)
                .collect();
            let this = ctx.object(state, EffectObject::This);
            match ctx.answers.sacrifice.as_deref() {
                None if !candidates.is_empty() => {
                    return Err(Rejection::MissingChoice("what to sacrifice".into()))
                }
                None | Some([]) => {
                    if let Some(t) = this {
                        zones::sacrifice(state, t, ev);
                    }
                }
                Some([one]) if candidates.contains(one) => {
                    zones::sacrifice(state, *one, ev);
                }
                Some(_) => {
                    return Err(Rejection::InvalidChoice(
                        "sacrifice exactly one permanent of the required type you control, or none".into(),
                    ))
                }
            }
        }
        Effect::SacrificeThis => {
            if let Some(this) = ctx.object(state, EffectObject::This) {
                zones::sacrifice(state, this, ev);
            }
        }
        Effect::SacrificeThisIfYouDo(then) => {
            // CR 118.12: the sacrifice is a cost paid as the ability resolves, and "if you do"
            // asks whether it was; a source no longer on the battlefield can't be sacrificed
            // (CR 118.12 Example 1), and then nothing happens.
            if let Some(this) = ctx.object(state, EffectObject::This) {
                zones::sacrifice(state, this, ev);
                resolve(state, then, ctx, ev)?;
            }
        }
        Effect::EachOpponentOfEventPlayerDraws(n) => {
            if let Some(p) = ctx.event.player {
                for opponent in state.apnap().into_iter().filter(|o| *o != p) {
                    for _ in 0..capped(*n, MAX_DRAWS_PER_EFFECT, "cards drawn by one effect", ev) {
                        crate::replacement::draw(state, opponent, ctx.answers, ev)?;
                    }
                }
            }
        }
        Effect::RemoveCounterOrSacrificeThis { kind } => {
            let Some(this) = ctx.object(state, EffectObject::This) else { return Ok(()) };
            let removed = zones::remove_counters(state, this, kind, 1, ev) == 1;
            if !removed {
                zones::sacrifice(state, this, ev);
            }
        }
        Effect::MaySacrifice { types, another, if_done, if_commander } => {
            let board = board_of(state);
            let this = ctx.source;
            let candidates: Vec<ObjectId> = state
                .zone_objects(ZoneKind::Battlefield, Some(ctx.controller))
                .iter()
                .filter(|o| !(*another && Some(o.id) == this))
                .filter(|o| board.get(&o.id).is_some_and(|c| types.iter().any(|t| c.is(*t))))
                .map(|o| o.id)
                .collect();
            match ctx.answers.sacrifice.as_deref() {
                None if !candidates.is_empty() => {
                    return Err(Rejection::MissingChoice("whether to sacrifice, and what".into()))
                }
                None | Some([]) => {}
                Some([one]) if candidates.contains(one) => {
                    // Looked at as it is sacrificed (CR 903.3: the card's attribute).
                    let was_commander = in_group(state, Group::Commanders, *one);
                    let power = board.get(one).and_then(|c| c.power).map(|p| u32::try_from(p).unwrap_or(0));
                    ctx.sacrificed_power.set(power);
                    zones::sacrifice(state, *one, ev);
                    resolve(state, if_done, ctx, ev)?;
                    if was_commander {
                        resolve(state, if_commander, ctx, ev)?;
                    }
                }
                Some(_) => {
                    return Err(Rejection::InvalidChoice(
                        "sacrifice one permanent of the required types you control, or none".into(),
                    ))
                }
            }
        }
        Effect::UnlessTargetPlayerSacrifices { target, types, otherwise } => {
            let player = match ctx.targets.get(*target) {
                Some(Target::Player(p)) if ctx.legal.get(*target).copied().unwrap_or(false) => *p,
                _ => return Ok(()),
            };
            let board = board_of(state);
            let candidates: Vec<ObjectId> = state
                .zone_objects(ZoneKind::Battlefield, Some(player))
                .iter()
                .filter(|o| board.get(&o.id).is_some_and(|c| types.iter().any(|t| c.is(*t))))
                .map(|o| o.id)
                .collect();
            match ctx.answers.sacrifice.as_deref() {
                None if !candidates.is_empty() => {
                    return Err(Rejection::MissingChoice("whether that player sacrifices, and what".into()))
                }
                None | Some([]) => resolve(state, otherwise, ctx, ev)?,
                Some([one]) if candidates.contains(one) => {
                    zones::sacrifice(state, *one, ev);
                }
                // CR 608.2d: a player who controls none can't choose to sacrifice one.
                Some(_) => {
                    return Err(Rejection::InvalidChoice(
                        "that player sacrifices one permanent of the required types they control, or none (CR 608.2d)".into(),
                    ))
                }
            }
        }
        Effect::CounterTarget(i) => {
            let Some(id) = ctx.object_target(*i) else { return Ok(()) };
            // CR 701.6a: it leaves the stack without resolving; a spell goes to its owner's
            // graveyard, an ability simply ceases to exist.
            let kind = state.stack.iter().find(|e| e.id == id).map(|e| e.kind.clone());
            match kind {
                // CR 101.2: "this spell can't be countered" takes precedence.
                Some(StackEntryKind::Spell) if crate::layers::characteristics(state, id).is_some_and(|c| {
                    c.statics().any(|(st, _)| matches!(st, crate::abilities::StaticAbility::CantBeCountered))
                }) => {}
                Some(StackEntryKind::Spell) => {
                    ev.push(Event::Countered { id });
                    zones::move_to(state, id, ZoneKind::Graveyard, None, ev);
                }
                Some(StackEntryKind::Ability { .. }) => {
                    ev.push(Event::Countered { id });
                    state.stack.retain(|e| e.id != id);
                }
                None => {}
            }
        }
        Effect::DealDamage { amount, target } => {
            if ctx.legal.get(*target).copied().unwrap_or(false) {
                if let Some(t) = ctx.targets.get(*target) {
                    let board = board_of(state);
                    crate::damage::deal(state, &board, ctx.source, *t, ctx.amount(state, amount), ev);
                }
            }
        }
        Effect::DestroyTarget(target) => {
            // CR 701.8a: from the battlefield to its owner's graveyard (the pool has no
            // regeneration).
            if ctx.legal.get(*target).copied().unwrap_or(false) {
                if let Some(Target::Object(id)) = ctx.targets.get(*target) {
                    if state.object(*id).is_some_and(|o| o.on_battlefield()) {
                        destroy(state, &[*id], true, &ctx.answers.replacement_order, ev);
                    }
                }
            }
        }
        Effect::PutCounterOfRandomAbsentKind { object, kinds } => {
            let on = ctx.object(state, *object);
            // Eligibility is by counters only (a keyword from elsewhere doesn't matter); if the
            // object has left, the choice is still made from what it last had (CR 608.2h).
            let have = match on.and_then(|id| state.object(id)) {
                Some(o) => o.counters.clone(),
                None => ctx.source_counters.clone(),
            };
            let allowed: Vec<&String> = kinds.iter().filter(|k| have.get(k).copied().unwrap_or(0) == 0).collect();
            let chosen = match ctx.next_random() {
                Some(s) if allowed.contains(&s) => s.clone(),
                Some(s) => {
                    return Err(Rejection::InvalidChoice(format!("`{s}` is not a possible random outcome here")))
                }
                None if allowed.is_empty() => return Ok(()),
                None => {
                    let n = u64::try_from(allowed.len()).unwrap_or(u64::MAX);
                    let i = usize::try_from(state.rng.below(n)).unwrap_or(0);
                    match allowed.get(i) {
                        Some(k) => (*k).clone(),
                        None => return Ok(()),
                    }
                }
            };
            ev.push(Event::RandomChoice { outcome: chosen.clone() });
            if let Some(id) = on {
                add_counters(state, id, &chosen, 1, ev);
            }
        }
        Effect::DistributeCounters { kind, amount, include_this, among } => {
            let n = ctx.amount(state, amount);
            let this = if *include_this { ctx.object(state, EffectObject::This) } else { None };
            let mut chosen: Vec<(ObjectId, u32)> = Vec::new();
            let mut total: u64 = 0;
            for (t, k) in &ctx.answers.distribute {
                let Target::Object(id) = t else {
                    return Err(Rejection::InvalidChoice("counters are distributed among objects".into()));
                };
                let on_battlefield = state.object(*id).is_some_and(|o| o.on_battlefield());
                if !(Some(*id) == this || (on_battlefield && in_group(state, *among, *id))) {
                    return Err(Rejection::InvalidChoice(format!("{id:?} can't get these counters")));
                }
                if chosen.iter().any(|(c, _)| c == id) {
                    return Err(Rejection::InvalidChoice(format!("{id:?} is named twice")));
                }
                total = total.saturating_add(u64::from(*k));
                if *k > 0 {
                    chosen.push((*id, *k));
                }
            }
            // With its source gone, "any number of commanders, including none" remains; with
            // the source there, all N must be distributed.
            if chosen.is_empty() && (n == 0 || this.is_none()) {
                return Ok(());
            }
            if chosen.is_empty() {
                return Err(Rejection::MissingChoice(format!("how to distribute {n} {kind} counter(s)")));
            }
            if total != u64::from(n) {
                return Err(Rejection::InvalidChoice(format!("distribute exactly {n} counter(s), not {total}")));
            }
            for (id, k) in chosen {
                add_counters(state, id, kind, k, ev);
            }
        }
        Effect::MoveCounter { from, to } => {
            // Ruling (Leech Bonder, 2008-05-01): with either object gone or illegal, nothing moves.
            let (Some(f), Some(t)) = (ctx.object(state, *from), ctx.object(state, *to)) else { return Ok(()) };
            let kinds: Vec<String> = state
                .object(f)
                .map(|o| o.counters.iter().filter(|(_, n)| **n > 0).map(|(k, _)| k.to_string()).collect())
                .unwrap_or_default();
            let kind = match (&ctx.answers.counter, kinds.as_slice()) {
                (Some(k), _) if kinds.contains(k) => k.clone(),
                (Some(k), _) => return Err(Rejection::InvalidChoice(format!("there is no {k} counter to move"))),
                (None, []) => return Ok(()),
                (None, [one]) => one.clone(),
                (None, _) => return Err(Rejection::MissingChoice("the kind of counter to move".into())),
            };
            if zones::remove_counters(state, f, &kind, 1, ev) == 1 {
                add_counters(state, t, &kind, 1, ev);
            }
        }
        Effect::AttachThisTo(object) => {
            let (Some(me), Some(to)) = (ctx.object(state, EffectObject::This), ctx.object(state, *object)) else {
                return Ok(());
            };
            let board = board_of(state);
            // CR 301.5c: an Equipment can't equip itself, nor while it is a creature; CR 701.3b:
            // attaching to what it is already attached to does nothing.
            let is_creature = board.get(&me).is_some_and(|c| c.is(CardType::Creature));
            let already = state.object(me).and_then(|o| o.attached_to) == Some(to);
            if me == to || is_creature || already {
                return Ok(());
            }
            // CR 613.7e: a new timestamp each time it becomes attached.
            let timestamp = state.new_timestamp();
            if let Some(o) = state.object_mut(me) {
                o.attached_to = Some(to);
                o.timestamp = timestamp;
                ev.push(Event::Attached { object: me, to });
            }
        }
        Effect::GainControlOfAll(group) => {
            let affected = group_in_zone(state, *group, ZoneKind::Battlefield);
            if !affected.is_empty() {
                let timestamp = state.new_timestamp();
                state.effects.push(ContinuousEffect {
                    timestamp,
                    source: ctx.source,
                    affected,
                    modifications: vec![Modification::GainControl(ctx.controller)],
                    duration: Duration::Indefinite,
                    copy_of: None,
                });
                crate::layers::apply_control(state);
            }
        }
        Effect::PutAllOntoBattlefield { from, group } => {
            // CR 707.5, 614.1c: one that may enter as a copy chooses what to copy as it enters,
            // among the permanents already on the battlefield: not those entering with it
            // (Clone ruling 2012-07-01), so the choice is checked before any of them moves.
            let ids = group_in_zone(state, *group, *from);
            let board = board_of(state);
            let mut entering = Vec::with_capacity(ids.len());
            // CR 614.13a: "as this enters, exile any number of [type] cards from your
            // graveyard" can't choose any of the cards entering now. One answer (`exile`) is
            // the first such permanent's; any other exiles none (the format names one list).
            let mut exile_answered = false;
            for id in ids.iter().copied() {
                let ch = crate::layers::characteristics(state, id);
                let copy = match &ch {
                    Some(ch) => crate::stack::enters_as_copy(state, &board, ch, ctx.controller, 0, ctx.answers)?,
                    None => None,
                };
                let exile_type = match &copy {
                    Some(c) => c.values.abilities.iter().find_map(crate::stack::exiles_as_it_enters),
                    None => ch.as_ref().and_then(|ch| ch.abilities.iter().find_map(|a| crate::stack::exiles_as_it_enters(&a.ability))),
                };
                let exiled = match exile_type {
                    Some(_) if exile_answered => Vec::new(),
                    Some(_) => {
                        exile_answered = true;
                        crate::stack::enters_exiling(state, &board, exile_type, ctx.controller, &ids, ctx.answers)?
                    }
                    None => Vec::new(),
                };
                entering.push((id, copy, exiled));
            }
            for (id, copy, chosen) in entering {
                let exiled = crate::stack::exile_chosen(state, &chosen, ev);
                let new_id = match copy {
                    None => zones::put_onto_battlefield(state, id, ctx.controller, None, ev),
                    Some(copy) => {
                        // CR 707.9e: the exception's additional effect, as it enters.
                        let new_id = zones::put_onto_battlefield_as(state, id, ctx.controller, None, None, Some((copy.values, copy.origin)), ev);
                        for (kind, n) in copy.counters {
                            if let Some(new_id) = new_id {
                                zones::add_counters(state, new_id, &kind, n, ev);
                            }
                        }
                        new_id
                    }
                };
                if let Some(new_id) = new_id {
                    crate::stack::link_exiled(state, new_id, &exiled);
                }
            }
        }
        Effect::May(inner) => match ctx.answers.may {
            None => return Err(Rejection::MissingChoice("\"you may\": whether to (answer `may`)".into())),
            Some(false) => {}
            Some(true) => resolve(state, inner, ctx, ev)?,
        },
        Effect::BecomeCopy { object, of, duration, with_this_ability } => {
            let (Some(id), Some(target)) = (ctx.object(state, *object), ctx.object(state, *of)) else { return Ok(()) };
            // CR 707.2, 707.2b: the copiable values are locked in now; CR 707.9a: the exception
            // becomes part of them.
            let Some(mut values) = crate::layers::copiable_values(state, target) else { return Ok(()) };
            if *with_this_ability {
                if let Some(a) = ctx.ability {
                    values.abilities.push(a.clone());
                }
            }
            let Some(duration) = duration_of(*duration, ctx) else { return Ok(()) };
            let exceptions = match (with_this_ability, ctx.ability) {
                (true, Some(a)) => vec![crate::abilities::CopyException::AddAbility(Box::new(a.clone()))],
                _ => Vec::new(),
            };
            let timestamp = state.new_timestamp();
            state.effects.push(ContinuousEffect {
                timestamp,
                source: ctx.source,
                affected: vec![id],
                modifications: vec![Modification::BecomeCopy(Box::new(values))],
                duration,
                copy_of: Some(crate::layers::CopyOrigin { original: target, exceptions }),
            });
        }
        Effect::ExileLinked(object) => {
            let Some(id) = ctx.object(state, *object) else { return Ok(()) };
            if let Some(exiled) = zones::move_to(state, id, ZoneKind::Exile, None, ev) {
                // CR 607.2a: remembered against this object and the link of this ability.
                if let Some(source) = ctx.source {
                    state.linked_exiles.push(LinkedExile { source, link: ctx.link, exiled });
                }
            }
        }
        Effect::ReturnLinkedExiled => {
            let Some(source) = ctx.source else { return Ok(()) };
            let exiled: Vec<ObjectId> = state
                .linked_exiles
                .iter()
                .filter(|l| l.source == source && l.link == ctx.link)
                .map(|l| l.exiled)
                .collect();
            state.linked_exiles.retain(|l| !(l.source == source && l.link == ctx.link));
            for id in exiled {
                // Only if it is still that object in exile (CR 400.7).
                let Some(owner) = state.object(id).filter(|o| o.zone == ZoneKind::Exile).map(|o| o.owner) else { continue };
                zones::put_onto_battlefield(state, id, owner, None, ev);
            }
        }
        Effect::DestroyTargetsNoRegeneration(targets) => {
            let mut ids: Vec<ObjectId> = Vec::new();
            for t in targets {
                if let Some(id) = ctx.object_target(*t) {
                    if state.object(id).is_some_and(|o| o.on_battlefield()) && !ids.contains(&id) {
                        ids.push(id);
                    }
                }
            }
            destroy(state, &ids, false, &ctx.answers.replacement_order, ev);
        }
        Effect::DestroyAllCreaturesByColor { color, has } => {
            let board = board_of(state);
            let ids: Vec<ObjectId> = state
                .battlefield_ids()
                .into_iter()
                .filter(|id| board.get(id).is_some_and(|c| c.is(CardType::Creature) && c.colors.contains(color) == *has))
                .collect();
            let died = destroy(state, &ids, true, &ctx.answers.replacement_order, ev);
            ctx.died_this_way.set(ctx.died_this_way.get().saturating_add(died));
        }
        Effect::WinTheGame => {
            let opponents: Vec<PlayerId> =
                state.players.iter().enumerate().filter(|(_, p)| !p.lost).map(|(i, _)| PlayerId(u8::try_from(i).unwrap_or(u8::MAX))).filter(|p| *p != ctx.controller).collect();
            for p in opponents {
                if let Some(pl) = state.player_mut(p) {
                    pl.lost = true;
                    ev.push(Event::PlayerLost { player: p });
                }
            }
        }
        Effect::DamageToControllerAmount(amount) => {
            let n = ctx.amount(state, amount);
            let board = board_of(state);
            crate::damage::deal(state, &board, ctx.source, crate::targets::Target::Player(ctx.controller), n, ev);
        }
        Effect::DestroyAll { types, can_regenerate } => {
            let board = board_of(state);
            let ids: Vec<ObjectId> = state
                .battlefield_ids()
                .into_iter()
                .filter(|id| board.get(id).is_some_and(|c| types.iter().any(|t| c.is(*t))))
                .collect();
            destroy(state, &ids, *can_regenerate, &ctx.answers.replacement_order, ev);
        }
        Effect::RegenerateThis => {
            if let Some(this) = ctx.object(state, EffectObject::This) {
                state.regeneration_shields.push(this);
            }
        }
        Effect::ExileUntilThisLeaves(target) => {
            // CR 610.3c: with its source gone already, the effect does nothing.
            let Some(this) = ctx.object(state, EffectObject::This) else { return Ok(()) };
            let Some(id) = ctx.object_target(*target) else { return Ok(()) };
            if let Some(exiled) = zones::move_to(state, id, ZoneKind::Exile, None, ev) {
                state.exiled_until.push((this, exiled));
            }
        }
        Effect::GainControlOfTarget(target) => {
            if let Some(id) = ctx.object_target(*target) {
                let timestamp = state.new_timestamp();
                state.effects.push(ContinuousEffect {
                    timestamp,
                    source: ctx.source,
                    affected: vec![id],
                    modifications: vec![Modification::GainControl(ctx.controller)],
                    duration: Duration::Indefinite,
                    copy_of: None,
                });
                crate::layers::apply_control(state);
            }
        }
        Effect::GainControl { object, duration } => {
            let Some(id) = ctx.object(state, *object) else { return Ok(()) };
            let Some(duration) = duration_of(*duration, ctx) else { return Ok(()) };
            if let Duration::WhileControls { source, player } = duration {
                // CR 611.2b: a duration that ended before the effect began: it does nothing.
                if !state.object(source).is_some_and(|o| o.on_battlefield() && o.controller == player) {
                    return Ok(());
                }
            }
            push_effect(state, ctx, id, vec![Modification::GainControl(ctx.controller)], duration);
            crate::layers::apply_control(state);
        }
        Effect::PhaseOut(object) => {
            if let Some(id) = ctx.object(state, *object) {
                crate::phasing::phase_out(state, id, ev);
            }
        }
        Effect::Untap(object) => {
            // Every untap goes through `zones::untap` ("becomes untapped" triggers, CR 701.26b).
            if let Some(id) = ctx.object(state, *object).filter(|id| state.object(*id).is_some_and(|o| o.on_battlefield())) {
                zones::untap(state, id, ev);
            }
        }
        Effect::ChooseNewTargetsForTarget { target } => {
            // CR 115.7d-e, in `targets`: the answer is the new list of that spell's targets.
            if let Some(id) = ctx.object_target(*target) {
                let resolving = ctx.source.map(|s| (s, ctx.controller));
                crate::targets::choose_new_targets(state, id, ctx.answers.new_targets.as_deref(), resolving)?;
            }
        }
        Effect::CopyTargetSpell { target, colors } => {
            let Some(original) = ctx.object_target(*target) else { return Ok(()) };
            let Some(entry) = state.stack.iter().find(|e| e.id == original).cloned() else { return Ok(()) };
            let Some(mut copy) = state.object(original).cloned() else { return Ok(()) };
            // CR 707.10: owned and controlled by the player who put it on the stack; no card.
            let id = state.new_object_id();
            copy.id = id;
            copy.card = None;
            copy.spell_copy = true;
            copy.owner = ctx.controller;
            copy.controller = ctx.controller;
            copy.base_controller = ctx.controller;
            copy.timestamp = state.new_timestamp();
            state.objects.insert(id, copy);
            if let Some(colors) = colors {
                let timestamp = state.new_timestamp();
                state.effects.push(ContinuousEffect {
                    timestamp,
                    source: ctx.source,
                    affected: vec![id],
                    modifications: vec![Modification::SetColors(colors.clone())],
                    duration: Duration::Indefinite,
                    copy_of: None,
                });
            }
            state.stack.push(crate::state::StackEntry { id, controller: ctx.controller, ..entry });
        }
        Effect::PumpGroupUntilEndOfTurn { filter, power, toughness } => {
            group_until_end_of_turn(state, ctx, filter, vec![Modification::ModifyPt { power: *power, toughness: *toughness }]);
        }
        Effect::GroupUntilEndOfTurn { filter, modifications } => {
            group_until_end_of_turn(state, ctx, filter, modifications.clone());
        }
        Effect::ExileAllGraveyards => {
            let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Graveyard, None).iter().map(|o| o.id).collect();
            zones::move_batch(state, &ids, ZoneKind::Exile, None, &[], ev);
        }
        Effect::ExileTargetPlayersGraveyard(i) => {
            if let (true, Some(Target::Player(p))) = (ctx.legal.get(*i).copied().unwrap_or(false), ctx.targets.get(*i).copied()) {
                let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Graveyard, Some(p)).iter().map(|o| o.id).collect();
                zones::move_batch(state, &ids, ZoneKind::Exile, None, &[], ev);
            }
        }
        Effect::ReflexiveTrigger { targets, effect } => {
            let Some(source) = ctx.source else { return Ok(()) };
            let (card, counters) = match state.object(source) {
                Some(o) => (o.card, o.counters.clone()),
                None => (None, ctx.source_counters.clone()),
            };
            let ability = crate::abilities::TriggeredAbility {
                trigger: crate::abilities::Trigger::Reflexive,
                effect: (**effect).clone(),
                targets: targets.clone(),
                condition: None,
                filter: None,
            };
            let from = crate::triggers::TriggerSource {
                source,
                source_card: card,
                controller: ctx.controller,
                source_counters: &counters,
                x: ctx.sacrificed_power.get(),
                link: ctx.link,
                event: ctx.event,
            };
            crate::triggers::queue(state, &from, &ability);
        }
        Effect::TargetPlayerLosesLife { target, amount } => {
            if !ctx.legal.get(*target).copied().unwrap_or(false) {
                return Ok(());
            }
            if let Some(Target::Player(p)) = ctx.targets.get(*target).copied() {
                let n = i32::try_from(ctx.amount(state, amount)).unwrap_or(i32::MAX);
                if let Some(pl) = state.player_mut(p) {
                    pl.life = pl.life.saturating_sub(n);
                    let life = pl.life;
                    ev.push(Event::LifeChanged { player: p, life });
                }
            }
        }
        Effect::GainLife(amount) => {
            let n = ctx.amount(state, amount);
            gain_life(state, ctx.controller, n, ctx.answers, ev)?;
        }
        Effect::DealDamageToEach { amount, types } => {
            let board = board_of(state);
            let n = ctx.amount(state, amount);
            let each: Vec<ObjectId> = state
                .battlefield_ids()
                .into_iter()
                .filter(|id| board.get(id).is_some_and(|c| types.iter().any(|t| c.is(*t))))
                .collect();
            for id in each {
                crate::damage::deal(state, &board, ctx.source, Target::Object(id), n, ev);
            }
        }
        Effect::PreventNextDamage { amount, target, and_sharing_a_color } => {
            if !ctx.legal.get(*target).copied().unwrap_or(false) {
                return Ok(());
            }
            let Some(t) = ctx.targets.get(*target).copied() else { return Ok(()) };
            let mut protected = vec![t];
            if let (true, Target::Object(id)) = (*and_sharing_a_color, t) {
                // CR 615.11 Example: the creatures that share a color with it as it resolves.
                let board = board_of(state);
                protected.extend(
                    crate::prevention::sharing_a_color(state, &board, id, &[CardType::Creature])
                        .into_iter()
                        .map(Target::Object),
                );
            }
            crate::prevention::add_next_damage_shields(state, &protected, *amount);
        }
        Effect::PreventAllCombatDamage => {
            let timestamp = state.new_timestamp();
            state.shields.push(crate::prevention::Shield::new(timestamp, crate::prevention::ShieldScope::AllCombat, None));
        }
        Effect::PreventNextDamageFromTarget { target, gain_life } => {
            if !ctx.legal.get(*target).copied().unwrap_or(false) {
                return Ok(());
            }
            let Some(Target::Object(id)) = ctx.targets.get(*target).copied() else { return Ok(()) };
            let timestamp = state.new_timestamp();
            let mut shield = crate::prevention::Shield::new(timestamp, crate::prevention::ShieldScope::From(id), None);
            shield.gain_life = gain_life.then_some(ctx.controller);
            state.shields.push(shield);
        }
        Effect::CumulativeUpkeep { cost } => {
            // CR 702.24a: put an age counter, then pay the cost once per age counter or sacrifice.
            let Some(this) = ctx.object(state, EffectObject::This) else { return Ok(()) };
            add_counters(state, this, "age", 1, ev);
            let n = state.object(this).and_then(|o| o.counters.get("age").copied()).unwrap_or(0);
            match ctx.answers.pay {
                None => return Err(Rejection::MissingChoice("pay the cumulative upkeep or not".into())),
                Some(true) => crate::costs::pay_upkeep(state, ctx.controller, cost, n, ctx.answers, ev)?,
                Some(false) => {
                    zones::sacrifice(state, this, ev);
                }
            }
        }
        Effect::SacrificeThisUnlessYouPayGeneric(amount) => {
            // CR 702.30a: the cost is what `amount` is now (Volcano Hellion's ruling: its echo
            // cost isn't locked in as it enters).
            let Some(this) = ctx.object(state, EffectObject::This) else { return Ok(()) };
            let n = ctx.amount(state, amount);
            match ctx.answers.pay {
                None => return Err(Rejection::MissingChoice("pay the echo cost or not".into())),
                Some(true) => {
                    let cost = crate::mana::ManaCost { generic: n, ..crate::mana::ManaCost::default() };
                    crate::costs::pay_mana(state, ctx.controller, &cost, 0, None, crate::mana::SpendPurpose::Other, ev)?;
                }
                Some(false) => {
                    zones::sacrifice(state, this, ev);
                }
            }
        }
        Effect::AdditionalUpkeepStepsAfterThisPhase(amount) => {
            // CR 500.10a: "you get" adds nothing in another player's turn.
            let n = ctx.amount(state, amount);
            if ctx.controller == state.active {
                crate::turn::add_upkeep_phases(state, n);
            }
        }
        Effect::Exile(object) => {
            if let Some(id) = ctx.object(state, *object) {
                zones::move_to(state, id, ZoneKind::Exile, None, ev);
            }
        }
        Effect::RevealTopSeparateIntoPilesHandAndGraveyard { n } => {
            // CR 700.3c: the revealed cards stay in the library while the piles are made and
            // one is chosen; the choices are checked before anything moves.
            let k = usize::try_from(*n).unwrap_or(usize::MAX);
            let revealed: Vec<ObjectId> =
                state.zone_objects(ZoneKind::Library, Some(ctx.controller)).iter().take(k).map(|o| o.id).collect();
            if revealed.is_empty() && ctx.answers.piles.is_none() {
                return Ok(());
            }
            let piles = ctx
                .answers
                .piles
                .as_ref()
                .ok_or_else(|| Rejection::MissingChoice("an opponent separates the revealed cards into two piles (CR 700.3)".into()))?;
            let [first, second] = piles.as_slice() else {
                return Err(Rejection::InvalidChoice("the revealed cards are separated into two piles (CR 700.3)".into()));
            };
            // CR 700.3a, 700.3d: each revealed card in exactly one pile; a pile may be empty.
            let mut named: Vec<ObjectId> = first.iter().chain(second.iter()).copied().collect();
            named.sort_unstable();
            let mut expected = revealed.clone();
            expected.sort_unstable();
            if named != expected {
                return Err(Rejection::InvalidChoice("each revealed card goes into exactly one of the two piles (CR 700.3a)".into()));
            }
            let (hand, graveyard) = match ctx.answers.pile {
                Some(0) => (first, second),
                Some(1) => (second, first),
                Some(_) => return Err(Rejection::InvalidChoice("choose one of the two piles".into())),
                None => return Err(Rejection::MissingChoice("the pile put into your hand".into())),
            };
            let (hand, graveyard) = (hand.clone(), graveyard.clone());
            zones::move_batch(state, &hand, ZoneKind::Hand, None, &[], ev);
            zones::move_batch(state, &graveyard, ZoneKind::Graveyard, None, &[], ev);
        }
        Effect::ExileItHaunting { target } => {
            let Some(card) = ctx.event.object.filter(|id| state.object(*id).is_some_and(|o| o.zone == ZoneKind::Graveyard)) else {
                return Ok(());
            };
            let haunted = ctx.object_target(*target);
            if let (Some(exiled), Some(creature)) = (zones::move_to(state, card, ZoneKind::Exile, None, ev), haunted) {
                state.haunts.push((exiled, creature));
            }
        }
        Effect::ImprintThatCard => {
            let Some(source) = ctx.source else { return Ok(()) };
            // "That card", only while it is that object in a graveyard (Mimic Vat's rulings of
            // 2011-01-01: a card that left the graveyard can't be exiled).
            let Some(card) = ctx.event.object.filter(|id| state.object(*id).is_some_and(|o| o.zone == ZoneKind::Graveyard)) else {
                return Ok(());
            };
            let Some(exiled) = zones::move_to(state, card, ZoneKind::Exile, None, ev) else { return Ok(()) };
            // CR 607.2a: the cards exiled with this source by this ability before.
            let others: Vec<ObjectId> = state
                .linked_exiles
                .iter()
                .filter(|l| l.source == source && l.link == ctx.link && l.exiled != exiled)
                .map(|l| l.exiled)
                .collect();
            state.linked_exiles.retain(|l| !(l.source == source && l.link == ctx.link));
            state.linked_exiles.push(LinkedExile { source, link: ctx.link, exiled });
            let others: Vec<ObjectId> = others.into_iter().filter(|id| state.object(*id).is_some_and(|o| o.zone == ZoneKind::Exile)).collect();
            zones::move_batch(state, &others, ZoneKind::Graveyard, None, &[], ev);
        }
        Effect::CreateTokenCopyOfLinkedExiledThen(then) => {
            let Some(source) = ctx.source else { return Ok(()) };
            // CR 607.2a: a card in exile put there by the linked ability, still that object.
            let Some(original) = state
                .linked_exiles
                .iter()
                .filter(|l| l.source == source && l.link == ctx.link)
                .map(|l| l.exiled)
                .find(|id| state.object(*id).is_some_and(|o| o.zone == ZoneKind::Exile))
            else {
                // CR 111.12: a copy of a nonexistent object: no token.
                return Ok(());
            };
            let Some(values) = crate::layers::copiable_values(state, original) else { return Ok(()) };
            // CR 616.1g: the creation event is replaced first ("twice that many").
            let n = crate::replacement::tokens_created(state, &board_of(state), ctx.controller, 1);
            let n = capped(n, MAX_TOKENS_PER_EFFECT, "tokens created by one effect", ev);
            let asks_color = values.abilities.iter().any(crate::stack::chooses_color_as_it_enters);
            let asks_type = values.abilities.iter().any(crate::stack::chooses_type_as_it_enters);
            let colors = token_colors(ctx.answers, asks_color, n)?;
            let creature_type = crate::stack::enters_choosing_creature_type(asks_type, ctx.answers)?;
            for i in 0..n {
                let copy = zones::TokenCopy {
                    values: values.clone(),
                    origin: crate::layers::CopyOrigin { original, exceptions: Vec::new() },
                    color: colors.get(usize::try_from(i).unwrap_or(usize::MAX)).copied(),
                    creature_type: creature_type.clone(),
                };
                if let Some(token) = zones::create_token_copy(state, ctx.controller, copy, ev) {
                    resolve_naming(state, ctx, token, then, ev)?;
                }
            }
        }
        Effect::Destroy(object) => {
            if let Some(id) = ctx.object(state, *object) {
                destroy(state, &[id], true, &ctx.answers.replacement_order, ev);
            }
        }
        Effect::LifeTotalBecomes(total) => {
            // CR 119.5: the player gains or loses the difference.
            let target = match total {
                crate::abilities::LifeTotal::Fixed(n) => *n,
                crate::abilities::LifeTotal::Starting => crate::game_loss::STARTING_LIFE,
            };
            let now = state.player(ctx.controller).map(|p| p.life).unwrap_or(target);
            let diff = i64::from(target) - i64::from(now);
            if diff > 0 {
                gain_life(state, ctx.controller, u32::try_from(diff).unwrap_or(u32::MAX), ctx.answers, ev)?;
            } else if diff < 0 {
                lose_life(state, ctx.controller, u32::try_from(-diff).unwrap_or(u32::MAX), ev);
            }
        }
        Effect::YouLoseLife(amount) => {
            let n = ctx.amount(state, amount);
            lose_life(state, ctx.controller, n, ev);
        }
        Effect::ShuffleHandGraveyardAndPermanentsIntoLibrary => {
            let p = ctx.controller;
            let mut ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Hand, Some(p)).iter().map(|o| o.id).collect();
            ids.extend(state.zone_objects(ZoneKind::Graveyard, Some(p)).iter().map(|o| o.id));
            ids.extend(state.zone_objects(ZoneKind::Battlefield, None).iter().filter(|o| o.owner == p).map(|o| o.id));
            zones::move_batch(state, &ids, ZoneKind::Library, None, &[], ev);
            zones::shuffle_library(state, p, ev);
        }
        Effect::DamageToEachOpponent(n) => {
            let opponents: Vec<PlayerId> = state.player_ids().into_iter().filter(|p| *p != ctx.controller).collect();
            for p in opponents {
                let board = board_of(state);
                crate::damage::deal(state, &board, ctx.source, crate::targets::Target::Player(p), *n, ev);
            }
        }
        Effect::IfCondition { condition, effect } => {
            if crate::triggers::condition_holds(state, ctx.controller, ctx.source, condition) {
                resolve(state, effect, ctx, ev)?;
            }
        }
        Effect::IfConditionInstead { condition, instead, otherwise } => {
            let effect = if crate::triggers::condition_holds(state, ctx.controller, ctx.source, condition) { instead } else { otherwise };
            resolve(state, effect, ctx, ev)?;
        }
        Effect::ShuffleYourGraveyardIntoLibrary => {
            let p = ctx.controller;
            let ids: Vec<ObjectId> = state.zone_objects(ZoneKind::Graveyard, Some(p)).iter().map(|o| o.id).collect();
            zones::move_batch(state, &ids, ZoneKind::Library, None, &[], ev);
            zones::shuffle_library(state, p, ev);
        }
        Effect::NoMaximumHandSizeForRestOfGame => {
            if let Some(p) = state.player_mut(ctx.controller) {
                p.no_maximum_hand_size = true;
            }
        }
        Effect::ExileThisSpell => {
            // CR 608.2n: only the resolving spell itself, still on the stack.
            if let Some(id) = ctx.source.filter(|s| state.object(*s).is_some_and(|o| o.zone == ZoneKind::Stack)) {
                zones::move_to(state, id, ZoneKind::Exile, None, ev);
            }
        }
        Effect::ExchangeControlOfTargets(a, b) => {
            let (Some(a), Some(b)) = (ctx.object_target(*a), ctx.object_target(*b)) else { return Ok(()) };
            let controller = |id| state.object(id).filter(|o| o.on_battlefield()).map(|o| o.controller);
            let (Some(ca), Some(cb)) = (controller(a), controller(b)) else { return Ok(()) };
            if ca != cb {
                // One timestamp: the two players gain control simultaneously (CR 701.12b).
                let timestamp = state.new_timestamp();
                for (id, to) in [(a, cb), (b, ca)] {
                    state.effects.push(ContinuousEffect {
                        timestamp,
                        source: ctx.source,
                        affected: vec![id],
                        modifications: vec![Modification::GainControl(to)],
                        duration: Duration::Indefinite,
                        copy_of: None,
                    });
                }
                crate::layers::apply_control(state);
            }
        }
        Effect::PlayAdditionalLand => {
            // Only the active player plays lands (CR 305.2): cast on another player's turn,
            // it lets its controller play none that turn.
            if ctx.controller == state.active {
                state.extra_land_plays = state.extra_land_plays.saturating_add(1);
            }
        }
        Effect::EachPlayerSacrifices { types } => {
            crate::sacrifice::each_player_sacrifices(state, types, ctx.answers, ev)?;
        }
    }
    Ok(())
}

/// `player` loses `n` life (CR 119.3).
pub(crate) fn lose_life(state: &mut GameState, player: PlayerId, n: u32, ev: &mut Vec<Event>) {
    if n == 0 {
        return;
    }
    if let Some(pl) = state.player_mut(player) {
        pl.life = pl.life.saturating_sub(i32::try_from(n).unwrap_or(i32::MAX));
        let life = pl.life;
        ev.push(Event::LifeChanged { player, life });
    }
}
