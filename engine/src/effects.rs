//! Carrying out the effects of resolving spells and abilities (CR 608.2c-h), with the choices
//! made during resolution taken from `Answers`.

use std::collections::BTreeMap;

use crate::abilities::{Amount, Effect, EffectObject};
use crate::actions::Answers;
use crate::costs::pay_mana;
use crate::events::Event;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::compute_all;
use crate::mana::ManaCost;
use crate::mana_abilities::damage_player;
use crate::rejection::Rejection;
use crate::state::{ContinuousEffect, Duration, GameState, ZoneKind};
use crate::targets::Target;
use crate::zones;

/// Tokens one effect may create: a fuzzed board can hold billions of counters, and the engine
/// must stay responsive. Far above anything the corpus reaches.
const MAX_TOKENS_PER_EFFECT: u32 = 100;

/// Cards one effect may draw; a bound like `MAX_TOKENS_PER_EFFECT`.
const MAX_DRAWS_PER_EFFECT: u32 = 100;

/// What the resolving spell or ability knows.
pub(crate) struct ResolveCtx<'a> {
    pub controller: PlayerId,
    pub source: Option<ObjectId>,
    /// Counters on the source when it was last on the battlefield (CR 608.2h).
    pub source_counters: &'a BTreeMap<String, u32>,
    pub x: u32,
    pub targets: &'a [Target],
    /// Which targets are still legal (CR 608.2b): illegal ones are not affected.
    pub legal: &'a [bool],
    pub answers: &'a Answers,
}

impl ResolveCtx<'_> {
    fn amount(&self, a: &Amount) -> u32 {
        match a {
            Amount::Fixed(n) => *n,
            Amount::X => self.x,
            Amount::CountersOnThis(kind) => self.source_counters.get(kind).copied().unwrap_or(0),
        }
    }

    /// The object an effect acts on, if it is still there.
    fn object(&self, state: &GameState, o: EffectObject) -> Option<ObjectId> {
        match o {
            EffectObject::This => self
                .source
                .filter(|s| state.object(*s).is_some_and(|x| x.zone == ZoneKind::Battlefield)),
            EffectObject::Target(i) => {
                if !self.legal.get(i).copied().unwrap_or(false) {
                    return None;
                }
                match self.targets.get(i) {
                    Some(Target::Object(id)) => Some(*id),
                    _ => None,
                }
            }
        }
    }
}

fn add_counters(state: &mut GameState, id: ObjectId, kind: &str, n: u32, ev: &mut Vec<Event>) {
    if n == 0 {
        return;
    }
    if let Some(o) = state.object_mut(id) {
        let c = o.counters.entry(kind.to_string()).or_insert(0);
        *c = c.saturating_add(n);
        ev.push(Event::CountersAdded { object: id, kind: kind.to_string(), amount: n });
    }
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
            let board = compute_all(state);
            let reps = crate::replacement::active(state, &board);
            let table = if matches!(spec, crate::abilities::ManaSpec::CouldProduce { .. }) {
                crate::could_produce::produce_table(state, &board, &reps, None)
            } else {
                Default::default()
            };
            let mana = match crate::could_produce::raw_mana(state, &board, &table, ctx.controller, spec) {
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
        Effect::AddManaOfTypeProduced => {}
        Effect::DrawCards(n) => {
            for _ in 0..(*n).min(MAX_DRAWS_PER_EFFECT) {
                zones::draw(state, ctx.controller, ev);
            }
        }
        Effect::DamageToController(n) => damage_player(state, ctx.source, ctx.controller, *n, ev),
        Effect::UntilEndOfTurn { object, modifications } => {
            if let Some(id) = ctx.object(state, *object) {
                let timestamp = state.new_timestamp();
                state.effects.push(ContinuousEffect {
                    timestamp,
                    source: ctx.source,
                    affected: vec![id],
                    modifications: modifications.clone(),
                    duration: Duration::EndOfTurn,
                });
            }
        }
        Effect::PutCounters { object, kind, amount } => {
            if let Some(id) = ctx.object(state, *object) {
                add_counters(state, id, kind, ctx.amount(amount), ev);
            }
        }
        Effect::CreateTokens { token, amount } => {
            for _ in 0..ctx.amount(amount).min(MAX_TOKENS_PER_EFFECT) {
                zones::create_token(state, token, ctx.controller, ev);
            }
        }
        Effect::ReturnToBattlefield { object } => {
            if let Some(id) = ctx.object(state, *object) {
                zones::put_onto_battlefield(state, id, ctx.controller, None, ev);
            }
        }
        Effect::SacrificeThisUnlessSacrifice { types } => {
            let board = compute_all(state);
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
        Effect::CumulativeUpkeep { cost } => {
            // CR 702.24a: put an age counter, then pay the cost once per age counter or sacrifice.
            let Some(this) = ctx.object(state, EffectObject::This) else { return Ok(()) };
            add_counters(state, this, "age", 1, ev);
            let n = state.object(this).and_then(|o| o.counters.get("age").copied()).unwrap_or(0);
            let mut total = ManaCost { generic: cost.generic.saturating_mul(n), colored: Vec::new(), x: 0 };
            for _ in 0..n.min(1000) {
                total.colored.extend(cost.colored.iter().copied());
            }
            match ctx.answers.pay {
                None => return Err(Rejection::MissingChoice("pay the cumulative upkeep or not".into())),
                Some(true) => pay_mana(state, ctx.controller, &total, 0, None, crate::mana::SpendPurpose::Other, ev)?,
                Some(false) => {
                    zones::sacrifice(state, this, ev);
                }
            }
        }
    }
    Ok(())
}
