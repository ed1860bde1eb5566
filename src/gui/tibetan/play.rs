//! What the game screen shows of a Tibetan seven-square chess game, and how a turn is
//! made on it:
//!
//! - placement (布局): a click on an empty point places a stone;
//! - the opening removals (开局): the removable enemy stones are ringed; each click picks
//!   one (a second click drops it), and the turn is sent once as many as are due are
//!   picked;
//! - the battle (战斗): a click on a stone of one's own picks it (its destinations show as
//!   dots), a click on a destination steps or flies there, or jumps (the jumped stone
//!   fades); after a jump the chain goes on with the next landing point, and stops when no
//!   jump is left, on a second click on the last landing point, or with **Stop here**.
//!   When the turn earns removals, the removable enemy stones are ringed and picked as in
//!   the opening removals; only then is the whole turn sent (`c3xc5xe5*d6`), one of the
//!   snapshot's legal moves. **Cancel** drops what was picked.
//!
//! Above the board, the phase and each side's removals earned or due, or in the battle its
//! stones and who may fly; under it, what to do now. Formations standing are shaded, the
//! last turn drawn. The move list numbers each turn (`1. d4`); after the game the replay
//! slider goes through every position.
//!
//! All of it is read from the peer's [`GameView`] with the rules core: the board is the
//! session's [`Game`] itself; which turns may be made comes from [`Game::legal_turns`] and
//! [`Game::removable`], and what is sent is checked against the snapshot's legal moves.

use iced::widget::{button, canvas, row, text};
use iced::{Element, Fill};

use super::board::{self, TibetanBoard, TibetanModel, formations_of};
use crate::gui::games::{Event, GamePart, PartView, WatchPart};
use crate::gui::i18n::{Lang, TibetanPrompt};
use crate::peer::control::GameView;
use crate::peer::watch::WatchView;
use crate::rules::tibetan::{Game, LegalTurn, Path, Phase, Point, Position, Rules, Side, Turn};
use crate::session::{AnyMove, Board, GameKind, Seat};

/// A Tibetan chess game's part of the game screen: the replay's place, and the turn being
/// made.
#[derive(Clone, Debug, Default)]
pub struct Play {
    /// The replay's ply (turns played from the start); the last when `None`.
    replay: Option<u32>,
    /// The turn being made.
    making: Making,
}

/// The turn being made, in the battle and the removals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Making {
    /// The stone picked, then each landing point of its jump chain so far.
    pub picked: Vec<Point>,
    /// The turn whose removals are being picked (its own list empty).
    pub pending: Option<Turn>,
    /// The enemy stones picked to remove.
    pub removals: Vec<Point>,
}

/// What a Tibetan chess game's part reacts to.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A click on the board.
    Board(board::Message),
    /// End the jump chain where it is.
    Stop,
    /// Drop what was picked.
    Cancel,
}

impl GamePart for Play {
    type Message = Message;

    /// A turn played or taken back drops the turn being made.
    fn observe(&mut self, old: &GameView, new: &GameView, _lang: Lang) -> Option<String> {
        if old.record.len() != new.record.len() || new.legal_moves.is_empty() {
            self.making = Making::default();
        }
        None
    }

    fn update(&mut self, message: Message, view: &GameView) -> Option<Event> {
        if view.ending.is_some() || view.legal_moves.is_empty() {
            self.making = Making::default();
            return None;
        }
        let game = game_of(view);
        let legal: Vec<Turn> = view
            .legal_moves
            .iter()
            .filter_map(|m| m.tibetan().cloned())
            .collect();
        let event = match message {
            Message::Board(board::Message::Clicked(point)) => {
                click(&game, &legal, &mut self.making, point)
            }
            Message::Stop => stop(&game, &legal, &mut self.making),
            Message::Cancel => {
                self.making = Making::default();
                None
            }
        };
        if event.is_some() {
            self.making = Making::default();
        }
        event.map(|turn| Event::Move(AnyMove::Tibetan(turn)))
    }

    fn replay(&mut self, ply: u32) {
        self.replay = Some(ply);
    }

    fn view<'a>(
        &'a self,
        view: &'a GameView,
        lang: Lang,
        _name_of: &dyn Fn(Seat) -> String,
    ) -> PartView<'a, Message> {
        let game = game_of(view);
        let last = game.history().len() as u32;
        let replay = view
            .ending
            .is_some()
            .then(|| (self.replay.unwrap_or(last).min(last), last));
        let at = replay.map_or(last, |(at, _)| at);
        let (position, last_turn) = position_at(&game, at);
        let mut model = model(&position, last_turn, game.rules(), lang);
        let playing = replay.is_none() && !view.legal_moves.is_empty();
        let mut action = None;
        if playing {
            let making = &self.making;
            mark(&mut model, &game, making, lang);
            let [stop_word, cancel_word] = lang.tibetan_buttons();
            let chain = making.pending.is_none() && making.picked.len() > 1;
            let any = !making.picked.is_empty() || making.pending.is_some();
            if any {
                let mut buttons = row![].spacing(8);
                if chain {
                    buttons = buttons.push(
                        button(text(stop_word))
                            .on_press(Message::Stop)
                            .style(button::primary),
                    );
                }
                buttons = buttons.push(
                    button(text(cancel_word))
                        .on_press(Message::Cancel)
                        .style(button::secondary),
                );
                action = Some(buttons.into());
            }
        } else if view.ending.is_none() {
            model.prompt = lang.tibetan_prompt(TibetanPrompt::Waiting(position.side()));
        }
        let board: Element<'_, board::Message> = canvas(TibetanBoard::new(model))
            .width(Fill)
            .height(Fill)
            .into();
        PartView {
            board: board.map(Message::Board),
            beside: beside(&position, game.rules(), view.first, lang),
            moves: move_lines(&game),
            replay,
            replay_hint: None,
            note: None,
            action,
            last_mover: crate::gui::play::last_mover(&view.record),
        }
    }

    fn watched<'a, M: 'a>(
        game: &'a WatchView,
        lang: Lang,
        name_of: &dyn Fn(Seat) -> String,
    ) -> WatchPart<'a, M> {
        super::watch::watched(game, lang, name_of)
    }
}

impl Play {
    /// The turn being made.
    pub fn making(&self) -> &Making {
        &self.making
    }
}

/// The rules of a game of `kind` (the defaults for another game, never asked for).
pub fn rules_of(kind: GameKind) -> Rules {
    match kind {
        GameKind::Tibetan(rules) => rules,
        _ => Rules::default(),
    }
}

/// The game as the seat sees it: the session's own, or (before it has sent one) the start
/// under the game's rules.
pub fn game_of(view: &GameView) -> Game {
    match &view.board {
        Some(Board::Tibetan(game)) => (**game).clone(),
        _ => replayed(rules_of(view.game), &[]),
    }
}

/// The game of `rules` after `turns` from the start (stopping at the first that does not
/// play, which a checked record never holds).
pub fn replayed(rules: Rules, turns: &[Turn]) -> Game {
    let mut game = Game::new(rules)
        .or_else(|_| Game::new(Rules::default()))
        .expect("the default rules make a game");
    for turn in turns {
        if game.play(turn).is_err() {
            break;
        }
    }
    game
}

/// The position after `at` turns of `game`, and the turn that led to it.
pub fn position_at(game: &Game, at: u32) -> (Position, Option<(Position, Turn)>) {
    let history = game.history();
    let at = (at as usize).min(history.len());
    let position = history
        .get(at)
        .map_or_else(|| game.position().clone(), |(p, _)| p.clone());
    let last = at.checked_sub(1).map(|i| history[i].clone());
    (position, last)
}

/// The point between two points two apart along a line.
fn between(a: Point, b: Point) -> Option<Point> {
    Point::new((a.file() + b.file()) / 2, (a.rank() + b.rank()) / 2)
}

/// The stones a jump chain through `points` jumps.
pub fn jumped(points: &[Point]) -> Vec<Point> {
    points
        .windows(2)
        .filter_map(|w| between(w[0], w[1]))
        .collect()
}

/// Whether `side` may fly in `position` under `rules`.
fn may_fly(position: &Position, rules: &Rules, side: Side) -> bool {
    position.phase() == Phase::Battle && rules.fly_at.is_some_and(|n| position.count(side) <= n)
}

/// The board of `position`: its stones, its formations, the turn that led to it
/// (`last`: the position it was played from, and the turn), the caption. Nothing to play
/// (the screen adds that).
pub fn model(
    position: &Position,
    last: Option<(Position, Turn)>,
    rules: &Rules,
    lang: Lang,
) -> TibetanModel {
    let mut model = TibetanModel::empty();
    for point in Point::all() {
        model.stones[point.index()] = position.get(point);
    }
    let (squares, lines) = formations_of(&model.stones);
    model.squares = squares;
    model.lines = lines;
    if let Some((_, turn)) = last {
        match &turn {
            Turn::Place(point, _) => model.last_path = vec![*point],
            Turn::Move { path, .. } => match path {
                Path::Slide { from, to } => model.last_path = vec![*from, *to],
                Path::Jump(points) => {
                    model.last_path = points.clone();
                    model.last_taken = jumped(points);
                }
            },
            Turn::Remove(_) => {}
        }
        model.last_taken.extend_from_slice(turn.removals());
    }
    let [b, w] = Side::BOTH;
    model.caption = lang.tibetan_caption(
        position.phase(),
        [position.count(b), position.count(w)],
        [position.due(b), position.due(w)],
        position.first(),
        [may_fly(position, rules, b), may_fly(position, rules, w)],
    );
    model
}

/// Beside each seat's name (by the session's seat, `first` playing Black): its colour, its
/// stones, what it earned or has due, whether it may fly.
pub fn beside(position: &Position, rules: &Rules, first: Seat, lang: Lang) -> Vec<String> {
    (0..2)
        .map(|seat| {
            let side = side_of(seat, first);
            lang.tibetan_beside(
                side,
                position.phase(),
                position.count(side),
                position.due(side),
                may_fly(position, rules, side),
            )
        })
        .collect()
}

/// The side the session's seat `seat` plays (`first` plays Black).
pub fn side_of(seat: Seat, first: Seat) -> Side {
    if seat == first {
        Side::Black
    } else {
        Side::White
    }
}

/// The turns, a line each, numbered from the first (`1. d4`).
pub fn move_lines(game: &Game) -> Vec<String> {
    game.history()
        .iter()
        .enumerate()
        .map(|(i, (_, turn))| format!("{}. {turn}", i + 1))
        .collect()
}

/// The legal battle moves' starts.
fn starts(turns: &[LegalTurn]) -> Vec<Point> {
    let mut out: Vec<Point> = turns
        .iter()
        .filter_map(|t| match &t.turn {
            Turn::Move { path, .. } => Some(path.from()),
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Where the stone picked (and its chain so far, `picked`) may go next: the steps and
/// flights (only before a jump), and the next landing points.
fn next(turns: &[LegalTurn], picked: &[Point]) -> (Vec<Point>, Vec<Point>) {
    let mut slides = Vec::new();
    let mut jumps = Vec::new();
    for t in turns {
        match &t.turn {
            Turn::Move {
                path: Path::Slide { from, to },
                ..
            } if picked.len() == 1 && *from == picked[0] => slides.push(*to),
            Turn::Move {
                path: Path::Jump(points),
                ..
            } if points.len() == picked.len() + 1 && points[..picked.len()] == *picked => {
                jumps.push(points[picked.len()])
            }
            _ => {}
        }
    }
    (slides, jumps)
}

/// The enemy stones that may be picked now for `pending`'s removals, how many it removes
/// in all, and those already picked.
fn removable_now(game: &Game, pending: &Turn, picked: &[Point]) -> (Vec<Point>, u8) {
    let Ok(r) = game.removable(pending) else {
        return (Vec::new(), 0);
    };
    let free_left: Vec<Point> = r
        .free
        .iter()
        .copied()
        .filter(|p| !picked.contains(p))
        .collect();
    let mut now = free_left.clone();
    if free_left.is_empty() {
        now.extend(r.protected.iter().filter(|p| !picked.contains(p)));
    }
    if picked.len() >= usize::from(r.count) {
        now.clear();
    }
    (now, r.count)
}

/// The removal turn in effect: the one being picked for, or in the opening removals the
/// side's removal turn.
fn pending_of(game: &Game, making: &Making) -> Option<Turn> {
    match (&making.pending, game.position().phase()) {
        (Some(turn), _) => Some(turn.clone()),
        (None, Phase::Remove) => Some(Turn::Remove(vec![])),
        _ => None,
    }
}

/// The legal turn (as the snapshot lists it) that is `turn` with `removals`, in whatever
/// order they were picked.
fn legal_turn(legal: &[Turn], turn: &Turn, removals: &[Point]) -> Option<Turn> {
    let mut wanted: Vec<Point> = removals.to_vec();
    wanted.sort();
    legal
        .iter()
        .find(|t| {
            let mut listed = t.removals().to_vec();
            listed.sort();
            t.with_removals(vec![]) == turn.with_removals(vec![]) && listed == wanted
        })
        .cloned()
}

/// A turn whose stone part is done: sent when it removes nothing, or else its removals
/// are to be picked.
fn finish(game: &Game, legal: &[Turn], making: &mut Making, turn: Turn) -> Option<Turn> {
    let removals = game
        .legal_turns()
        .into_iter()
        .find(|t| t.turn == turn)
        .map_or(0, |t| t.removals);
    if removals == 0 {
        return legal_turn(legal, &turn, &[]);
    }
    making.picked.clear();
    making.pending = Some(turn);
    making.removals.clear();
    None
}

/// A click on `point`: returns the turn to send, once complete.
pub fn click(game: &Game, legal: &[Turn], making: &mut Making, point: Point) -> Option<Turn> {
    if let Some(pending) = pending_of(game, making) {
        if let Some(i) = making.removals.iter().position(|p| *p == point) {
            making.removals.remove(i);
            return None;
        }
        let (now, count) = removable_now(game, &pending, &making.removals);
        if now.contains(&point) {
            making.removals.push(point);
            if making.removals.len() >= usize::from(count) {
                return legal_turn(legal, &pending, &making.removals);
            }
        }
        return None;
    }
    let turns = game.legal_turns();
    match game.position().phase() {
        Phase::Place => legal_turn(legal, &Turn::Place(point, vec![]), &[]),
        Phase::Remove => None,
        Phase::Battle => {
            let picked = making.picked.clone();
            if picked.is_empty() {
                if starts(&turns).contains(&point) {
                    making.picked = vec![point];
                }
                return None;
            }
            let (slides, jumps) = next(&turns, &picked);
            if jumps.contains(&point) {
                making.picked.push(point);
                let (_, more) = next(&turns, &making.picked);
                if more.is_empty() {
                    let path = Path::Jump(making.picked.clone());
                    return finish(
                        game,
                        legal,
                        making,
                        Turn::Move {
                            path,
                            removals: vec![],
                        },
                    );
                }
                None
            } else if picked.len() == 1 && slides.contains(&point) {
                let path = Path::Slide {
                    from: picked[0],
                    to: point,
                };
                finish(
                    game,
                    legal,
                    making,
                    Turn::Move {
                        path,
                        removals: vec![],
                    },
                )
            } else if picked.len() > 1 && picked.last() == Some(&point) {
                stop(game, legal, making)
            } else if picked.len() == 1 && point == picked[0] {
                making.picked.clear();
                None
            } else if picked.len() == 1 && starts(&turns).contains(&point) {
                making.picked = vec![point];
                None
            } else {
                None
            }
        }
    }
}

/// Ends the jump chain where it is.
pub fn stop(game: &Game, legal: &[Turn], making: &mut Making) -> Option<Turn> {
    if making.pending.is_some() || making.picked.len() < 2 {
        return None;
    }
    let path = Path::Jump(making.picked.clone());
    finish(
        game,
        legal,
        making,
        Turn::Move {
            path,
            removals: vec![],
        },
    )
}

/// Marks on `model` what the player to act may click and what is picked, and the prompt.
pub fn mark(model: &mut TibetanModel, game: &Game, making: &Making, lang: Lang) {
    let position = game.position();
    let side = position.side();
    let turns = game.legal_turns();
    // The stone part of the turn being made, shown as if done.
    let moving: Option<(Point, Point, Vec<Point>)> = match &making.pending {
        Some(Turn::Move { path, .. }) => Some((
            path.from(),
            path.to(),
            match path {
                Path::Jump(points) => jumped(points),
                Path::Slide { .. } => Vec::new(),
            },
        )),
        _ if making.picked.len() > 1 => Some((
            making.picked[0],
            *making.picked.last().expect("picked"),
            jumped(&making.picked),
        )),
        _ => None,
    };
    if let Some((from, to, over)) = moving {
        model.stones[from.index()] = None;
        model.stones[to.index()] = Some(side);
        model.jumped = over;
        // The formations the move makes show at once.
        let (squares, lines) = formations_of(&model.stones);
        model.squares = squares;
        model.lines = lines;
    }
    if let Some(pending) = pending_of(game, making) {
        let (now, count) = removable_now(game, &pending, &making.removals);
        model.removable = now;
        model.removing = making.removals.clone();
        model.selected = match &pending {
            Turn::Move { path, .. } => match path {
                Path::Jump(points) => points.clone(),
                Path::Slide { from, to } => vec![*from, *to],
            },
            _ => Vec::new(),
        };
        let left = count.saturating_sub(making.removals.len() as u8);
        model.prompt = lang.tibetan_prompt(TibetanPrompt::Remove {
            enemy: side.opponent(),
            total: count,
            left,
        });
        return;
    }
    match position.phase() {
        Phase::Place => {
            model.placeable = turns
                .iter()
                .filter_map(|t| match t.turn {
                    Turn::Place(p, _) => Some(p),
                    _ => None,
                })
                .collect();
            model.mover = Some(side);
            model.prompt = lang.tibetan_prompt(TibetanPrompt::Place);
        }
        Phase::Remove => {}
        Phase::Battle => {
            model.movable = starts(&turns);
            if making.picked.is_empty() {
                model.prompt = lang.tibetan_prompt(TibetanPrompt::PickStone);
                return;
            }
            model.selected = making.picked.clone();
            let (slides, jumps) = next(&turns, &making.picked);
            model.targets = jumps;
            model.mover = Some(side);
            if making.picked.len() == 1 {
                model.targets.extend(slides);
                model.prompt = lang.tibetan_prompt(TibetanPrompt::PickTarget {
                    fly: may_fly(position, game.rules(), side),
                });
            } else {
                model.movable.clear();
                model.prompt = lang.tibetan_prompt(TibetanPrompt::Chain);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> Point {
        name.parse().unwrap()
    }

    fn t(text: &str) -> Turn {
        text.parse().unwrap()
    }

    /// A game of default rules after `turns`, each of which must play, and its legal moves
    /// as the session lists them.
    fn after(turns: &[&str]) -> (Game, Vec<Turn>) {
        let mut game = Game::new(Rules::default()).unwrap();
        for t in turns {
            game.play(&t.parse().unwrap())
                .unwrap_or_else(|e| panic!("{t}: {e}"));
        }
        let legal = legal_moves(&game);
        (game, legal)
    }

    fn legal_moves(game: &Game) -> Vec<Turn> {
        crate::session::tibetan::complete_turns(game)
    }

    /// The 49 placements of a board whose Black stones fill a1 b1 a2 b2 first (a square),
    /// then checkerboard-like.
    fn placements() -> Vec<String> {
        // Black: a1 b1 a2 b2 first; White: g7 f7 e7 g5 (no square).
        let mut order: Vec<String> = ["a1", "g7", "b1", "f7", "a2", "e7", "b2", "g5"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for point in Point::all() {
            let name = point.to_string();
            if !order.contains(&name) {
                order.push(name);
            }
        }
        order
    }

    #[test]
    fn a_placement_is_one_click_on_an_empty_point() {
        let (game, legal) = after(&["d4"]);
        let mut making = Making::default();
        assert_eq!(click(&game, &legal, &mut making, p("d4")), None, "taken");
        assert_eq!(click(&game, &legal, &mut making, p("c3")), Some(t("c3")));
    }

    #[test]
    fn the_opening_removals_are_picked_one_stone_at_a_time() {
        let mut game = Game::new(Rules::default()).unwrap();
        let mut placed = 0;
        for name in placements() {
            if game.play(&name.parse().unwrap()).is_ok() {
                placed += 1;
            }
        }
        assert_eq!(placed, 49);
        assert_eq!(game.position().phase(), Phase::Remove);
        let legal = legal_moves(&game);
        let side = game.position().side();
        let due = game.position().due(side);
        let enemy: Vec<Point> = Point::all()
            .filter(|q| game.position().get(*q) == Some(side.opponent()))
            .collect();
        let mut making = Making::default();
        let mut m = TibetanModel::empty();
        mark(&mut m, &game, &making, Lang::En);
        assert_eq!(m.removable.len(), enemy.len(), "every enemy stone ringed");
        assert!(m.prompt.starts_with("Remove"), "{}", m.prompt);
        // A click on an own stone does nothing; on an enemy stone picks it, twice drops it.
        let own = Point::all()
            .find(|q| game.position().get(*q) == Some(side))
            .unwrap();
        assert_eq!(click(&game, &legal, &mut making, own), None);
        assert!(making.removals.is_empty());
        if due > 1 {
            assert_eq!(click(&game, &legal, &mut making, enemy[0]), None);
            assert_eq!(click(&game, &legal, &mut making, enemy[0]), None);
            assert!(making.removals.is_empty());
        }
        let mut sent = None;
        for &q in enemy.iter().rev().take(usize::from(due)) {
            sent = click(&game, &legal, &mut making, q);
        }
        let sent = sent.expect("sent once all are picked");
        assert!(legal.contains(&sent), "{sent} is a legal move");
    }

    /// The game from a battle position (each must parse), and its legal moves.
    fn battle(fen: &str) -> (Game, Vec<Turn>) {
        let position: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let game = Game::from_position(position, Rules::default()).unwrap();
        let legal = legal_moves(&game);
        (game, legal)
    }

    #[test]
    fn a_jump_chain_goes_on_and_stops_on_its_last_landing_point_or_at_its_end() {
        // White c1 under Black c2 and c4, c3 and c5 empty: c1xc3, then c3xc5.
        let fen = "w.....b/w.....b/w.....b/..b..../......./..b..../..w.... battle w 0 0 - 0";
        let (game, legal) = battle(fen);
        let mut making = Making::default();
        assert_eq!(click(&game, &legal, &mut making, p("c1")), None);
        assert_eq!(making.picked, [p("c1")]);
        let mut m = TibetanModel::empty();
        mark(&mut m, &game, &making, Lang::En);
        assert!(m.targets.contains(&p("c3")) && m.targets.contains(&p("d1")));
        assert_eq!(click(&game, &legal, &mut making, p("c3")), None);
        assert_eq!(making.picked, [p("c1"), p("c3")], "the chain may go on");
        let mut m = TibetanModel::empty();
        mark(&mut m, &game, &making, Lang::En);
        assert_eq!(m.targets, [p("c5")], "only the next jump");
        assert_eq!(m.jumped, [p("c2")], "the jumped stone fades");
        assert_eq!(
            click(&game, &legal, &mut making, p("c3")),
            Some(t("c1xc3")),
            "a second click on the last landing point stops"
        );
        let mut making = Making::default();
        let sent: Vec<Option<Turn>> = ["c1", "c3", "c5"]
            .iter()
            .map(|q| click(&game, &legal, &mut making, p(q)))
            .collect();
        assert_eq!(sent, [None, None, Some(t("c1xc3xc5"))], "no jump is left");
        let mut making = Making::default();
        let _ = click(&game, &legal, &mut making, p("c1"));
        let _ = click(&game, &legal, &mut making, p("c3"));
        assert_eq!(stop(&game, &legal, &mut making), Some(t("c1xc3")));
    }

    #[test]
    fn a_step_that_forms_a_square_asks_for_its_removal_then_sends_it_whole() {
        // White c1 steps to b1 and forms the square a1 b1 a2 b2.
        let fen = "......b/......b/......b/......b/......./ww...../w.w.... battle w 0 0 - 0";
        let (game, legal) = battle(fen);
        let mut making = Making::default();
        let _ = click(&game, &legal, &mut making, p("c1"));
        assert_eq!(click(&game, &legal, &mut making, p("b1")), None);
        assert_eq!(making.pending, Some(t("c1-b1")));
        let mut m = model(game.position(), None, game.rules(), Lang::En);
        mark(&mut m, &game, &making, Lang::En);
        assert!(m.removable.contains(&p("g7")));
        assert_eq!(
            m.squares,
            [(p("a1"), Side::White)],
            "the square shows at once"
        );
        assert_eq!(m.prompt, "Remove 1 Black stone: click 1 more");
        assert_eq!(
            click(&game, &legal, &mut making, p("g7")),
            Some(t("c1-b1*g7"))
        );
    }
}
