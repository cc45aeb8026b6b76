//! Searching zones for cards (CR 701.23): a search looks at every card of the zones searched,
//! hidden ones included (CR 701.23a), and finds the cards that match its description. In a
//! public zone (a graveyard) every match is found; in a hidden zone (a hand, a library, CR
//! 400.2) a search for cards with a stated quality, such as a name, may find some or none of
//! them (CR 701.23b): the searcher's choice, `Answers::find`. A search for a quality left
//! undefined finds nothing (CR 701.23c). "If an opponent would search a library, that player
//! searches the top four cards of that library instead" replaces the search of a library with
//! a search of a portion of it, the rest of the instruction unchanged (CR 701.23f).

use crate::abilities::StaticAbility;
use crate::actions::Answers;
use crate::ids::{ObjectId, PlayerId};
use crate::layers::Board;
use crate::rejection::Rejection;
use crate::state::{GameState, ZoneKind};

/// Whether cards of this zone are hidden from the searcher's opponents, so that a search for
/// a quality needn't find them all (CR 400.2, 701.23b).
fn hidden(zone: ZoneKind) -> bool {
    matches!(zone, ZoneKind::Hand | ZoneKind::Library)
}

/// The cards of `owner`'s library that a search by `searcher` looks at (CR 701.23a): all of them,
/// or only the top N when a permanent an opponent of the searcher controls says "if an opponent
/// would search a library, that player searches the top N cards of that library instead" (CR
/// 701.23f; the smallest N if several).
pub(crate) fn searched_library(state: &GameState, board: &Board, searcher: PlayerId, owner: PlayerId) -> Vec<ObjectId> {
    let library: Vec<ObjectId> = state.zone_objects(ZoneKind::Library, Some(owner)).iter().map(|o| o.id).collect();
    let top = state
        .zone_objects(ZoneKind::Battlefield, None)
        .iter()
        .filter(|o| o.controller != searcher)
        .filter_map(|o| board.get(&o.id))
        .flat_map(|c| c.statics().filter_map(|(st, _)| match st {
            StaticAbility::OpponentsSearchTopOfLibrary(n) => Some(*n),
            _ => None,
        }).collect::<Vec<_>>())
        .min();
    match top {
        Some(n) => library.into_iter().take(usize::try_from(n).unwrap_or(usize::MAX)).collect(),
        None => library,
    }
}

/// The cards of `player`'s `zones` that a search by `searcher` for cards named `name` finds: every one in a
/// public zone, and in a hidden zone those named by `answers.find` (which must each be such a
/// card there, and must be given when any is). `name` `None` is an undefined quality: the
/// zones are searched and nothing is found (CR 701.23c). `always` are found in any case (a
/// card chosen from a revealed hand, which the effect names as one of them).
#[allow(clippy::too_many_arguments)]
pub(crate) fn cards_named(
    state: &GameState,
    board: &Board,
    searcher: PlayerId,
    player: PlayerId,
    zones: &[ZoneKind],
    name: Option<&str>,
    always: Option<ObjectId>,
    answers: &Answers,
) -> Result<Vec<ObjectId>, Rejection> {
    let Some(name) = name else {
        if answers.find.as_ref().is_some_and(|f| !f.is_empty()) {
            return Err(Rejection::InvalidChoice("this search can't find any card (CR 701.23c)".into()));
        }
        return Ok(Vec::new());
    };
    let mut public = Vec::new();
    let mut optional = Vec::new();
    for zone in zones {
        let ids: Vec<ObjectId> = match zone {
            ZoneKind::Library => searched_library(state, board, searcher, player),
            _ => state.zone_objects(*zone, Some(player)).iter().map(|o| o.id).collect(),
        };
        for id in ids {
            if board.get(&id).is_none_or(|c| c.name.as_ref() as &str != name) {
                continue;
            }
            if hidden(*zone) && Some(id) != always {
                optional.push(id);
            } else {
                public.push(id);
            }
        }
    }
    let found = match answers.find.as_deref() {
        None if !optional.is_empty() => {
            return Err(Rejection::MissingChoice("the cards the search finds in the hand and library (CR 701.23b)".into()))
        }
        None => Vec::new(),
        Some(f) => {
            if let Some(bad) = f.iter().find(|id| !optional.contains(id) && !public.contains(id)) {
                return Err(Rejection::InvalidChoice(format!("{bad:?} isn't a card this search could find")));
            }
            f.iter().copied().filter(|id| optional.contains(id)).collect()
        }
    };
    let mut out = public;
    for id in found {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    Ok(out)
}

/// "Each player may search their library for up to `up_to` basic land cards" (CR 701.23b, a
/// stated quality: any number up to that many may be found): for each player in APNAP order,
/// the cards of `answers.find` in the part of their library they search (`searched_library`),
/// each a basic land card, at most `up_to` of a player's. `find` must be given when any could be
/// found.
pub(crate) fn basic_lands_each_player(
    state: &GameState,
    board: &Board,
    up_to: u32,
    answers: &Answers,
) -> Result<Vec<(PlayerId, Vec<ObjectId>)>, Rejection> {
    let basic_land = |id: &ObjectId| {
        board.get(id).is_some_and(|c| c.is(crate::types::CardType::Land) && c.supertypes.iter().any(|s| s == "Basic"))
    };
    let mut out = Vec::new();
    let mut any = false;
    let find = answers.find.as_deref().unwrap_or(&[]);
    let mut placed = 0;
    for p in state.apnap() {
        let searchable: Vec<ObjectId> = searched_library(state, board, p, p).into_iter().filter(basic_land).collect();
        any |= !searchable.is_empty();
        let mine: Vec<ObjectId> = find.iter().copied().filter(|id| searchable.contains(id)).collect();
        if mine.len() > usize::try_from(up_to).unwrap_or(usize::MAX) {
            return Err(Rejection::InvalidChoice(format!("a search for up to {up_to} cards found more")));
        }
        placed += mine.len();
        out.push((p, mine));
    }
    if answers.find.is_none() && any {
        return Err(Rejection::MissingChoice("the basic land cards each search finds (CR 701.23b)".into()));
    }
    if placed != find.len() {
        return Err(Rejection::InvalidChoice("a card named in `find` isn't one the search could find (CR 701.23f)".into()));
    }
    Ok(out)
}
