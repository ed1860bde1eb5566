//! The headless peer's players: simple pickers over the legal moves (`random`, `first`),
//! the computer players (`greedy`, `engine:easy|medium|hard`), and for Xiangqi an external
//! UCI or UCCI engine (`uci:PATH`, `ucci:PATH`: Pikafish, Fairy-Stockfish, ElephantEye…),
//! started at its first move and given [`engine_movetime`] a move. An external engine that
//! fails (it will not start, dies, or answers an illegal move) is not replaced: the bot
//! says why ([`Bot::take_failure`]) and its peer resigns the game. In Junqi they are told
//! only what the peer's side learns (moves, battle outcomes, revealed flags); in Xiangqi,
//! which hides nothing, the engine plays from its opening book while the game is in it and
//! then searches the table's game (`greedy` is its easy level);
//! so in Gomoku.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::engine::junqi::{Level, Player, PlayerSpec};
use crate::engine::xiangqi::Searcher;
use crate::engine::xiangqi::book::Book;
use crate::engine::xiangqi::external::{EngineInfo, External, Go, Protocol};
use crate::rules::junqi::{Layout, Report, RuleSet, Side, Square};
use crate::rules::xiangqi::{Game, Move};
use crate::session::junqi::side_of;
use crate::session::{AnyMove, AnyTable, Record, Session};

/// One move as a player learned it: the absolute move, its outcome if it was a
/// battle, and the flags (side, absolute square) shown with it.
struct Learned {
    mv: AnyMove,
    outcome: Option<Report>,
    flags: Vec<(Side, String)>,
}

/// How long an external engine thinks about a move at most.
pub const ENGINE_MOVETIME: std::time::Duration = std::time::Duration::from_secs(1);

/// How long an external engine thinks about a move: [`ENGINE_MOVETIME`], less with a
/// short clock (a thirtieth of the game time left, half of a move clock), never under 50
/// ms.
pub fn engine_movetime(clock: crate::protocol::Clock, left_ms: Option<u64>) -> std::time::Duration {
    let mut ms = ENGINE_MOVETIME.as_millis() as u64;
    if let Some(left) = left_ms {
        ms = ms.min(left / 30);
    }
    if clock.move_secs > 0 {
        ms = ms.min(u64::from(clock.move_secs) * 500);
    }
    std::time::Duration::from_millis(ms.max(50))
}

/// How the headless peer chooses its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotKind {
    /// A uniformly random legal move.
    Random,
    /// The first legal move in text order (fully predictable).
    First,
    /// A battle whenever it has one, with its highest-ranked piece; else random.
    Greedy,
    /// The Junqi computer player at a level.
    Engine(Level),
    /// An external Xiangqi engine (Xiangqi only).
    External(EngineInfo),
}

impl std::str::FromStr for BotKind {
    type Err = String;

    fn from_str(s: &str) -> Result<BotKind, String> {
        let external = |path: &str, protocol| {
            let path = std::path::PathBuf::from(path);
            let name = path
                .file_name()
                .map_or_else(|| "engine".into(), |n| n.to_string_lossy().into_owned());
            BotKind::External(EngineInfo {
                path,
                protocol,
                name,
            })
        };
        match s {
            "random" => Ok(BotKind::Random),
            "first" => Ok(BotKind::First),
            _ if s.starts_with("uci:") && s.len() > 4 => Ok(external(&s[4..], Protocol::Uci)),
            _ if s.starts_with("ucci:") && s.len() > 5 => Ok(external(&s[5..], Protocol::Ucci)),
            other => match other.parse::<PlayerSpec>() {
                Ok(PlayerSpec::Greedy) => Ok(BotKind::Greedy),
                Ok(PlayerSpec::Engine(level)) => Ok(BotKind::Engine(level)),
                _ => Err(format!(
                    "unknown bot '{other}' (random, first, greedy, engine:easy, engine:medium, \
                     engine:hard, uci:PATH or ucci:PATH)"
                )),
            },
        }
    }
}

impl BotKind {
    /// The computer player behind this kind, if it is one.
    fn spec(&self) -> Option<PlayerSpec> {
        match *self {
            BotKind::Greedy => Some(PlayerSpec::Greedy),
            BotKind::Engine(level) => Some(PlayerSpec::Engine(level)),
            BotKind::Random | BotKind::First | BotKind::External(_) => None,
        }
    }

    /// The level of lanqi's own computer player (greedy is the easy level), if this is one.
    fn level(&self) -> Option<Level> {
        match *self {
            BotKind::Greedy => Some(Level::Easy),
            BotKind::Engine(level) => Some(level),
            _ => None,
        }
    }
}

/// A bot with its own seeded randomness, and for a computer player its view of the game.
pub struct Bot {
    kind: BotKind,
    rng: ChaCha8Rng,
    seed: u64,
    /// The Junqi computer player of the game in progress, and its side.
    player: Option<(Box<dyn Player>, Side)>,
    /// The Xiangqi search (with its transposition table), once it has been needed.
    searcher: Option<Searcher>,
    /// The Gomoku search (pattern and transposition tables), once it has been needed.
    gomoku: Option<crate::engine::gomoku::Searcher>,
    /// The external engine, once started.
    external: Option<External>,
    /// How long the external engine may think about its next move.
    movetime: std::time::Duration,
    /// Why the external engine stopped playing, until the peer takes it.
    failure: Option<String>,
}

impl Bot {
    /// A bot of `kind` whose choices follow from `seed`.
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot {
            kind,
            rng: ChaCha8Rng::seed_from_u64(seed),
            seed,
            player: None,
            searcher: None,
            gomoku: None,
            external: None,
            movetime: ENGINE_MOVETIME,
            failure: None,
        }
    }

    /// The clock before a move: the time control, and the time this side has left (with
    /// a game clock). An external engine thinks [`engine_movetime`].
    pub fn set_clock(&mut self, clock: crate::protocol::Clock, left_ms: Option<u64>) {
        self.movetime = engine_movetime(clock, left_ms);
    }

    /// Why this bot cannot move (its external engine failed), once: its peer resigns.
    pub fn take_failure(&mut self) -> Option<String> {
        self.failure.take()
    }

    /// The external engine's move in `game`, starting the engine first if need be; none,
    /// with the reason kept for [`Bot::take_failure`], when it fails.
    fn external_move(&mut self, info: &EngineInfo, game: &Game) -> Option<Move> {
        let played = match self.external.as_mut() {
            Some(engine) => Ok(engine),
            None => info
                .start()
                .and_then(|mut engine| engine.new_game().map(|()| engine))
                .map(|engine| self.external.insert(engine)),
        };
        let start = game.positions().first()?;
        let go = Go {
            movetime: Some(self.movetime),
            ..Go::default()
        };
        match played.and_then(|engine| engine.best_move(start, game.moves(), go)) {
            Ok(mv) => Some(mv),
            Err(e) => {
                self.external = None;
                self.failure = Some(format!("{} stopped: {e}", info.name));
                None
            }
        }
    }

    /// The layout this bot deploys for a seed (the engine's own deployment, or a random
    /// one).
    pub fn layout(&self, seed: u64) -> Layout {
        self.kind
            .spec()
            .map_or_else(|| Layout::random(seed), |spec| spec.layout(seed))
    }

    /// A game begins in which this bot plays `side` with `own`, and `first` moves first.
    pub fn start(&mut self, side: Side, own: &Layout, first: Side) {
        self.player = self.kind.spec().map(|spec| {
            let seed = self.seed ^ 0x5eed;
            (
                spec.create(side, own, first, RuleSet::default(), seed),
                side,
            )
        });
    }

    /// A move of either side, absolute, with its outcome word if it was a battle. A
    /// computer player that cannot follow (it should not happen) is dropped, and the bot
    /// plays random moves from then on; the error says so.
    pub fn observe(&mut self, absolute: &AnyMove, outcome: Option<Report>) -> Result<(), String> {
        let Some((player, _)) = &mut self.player else {
            return Ok(());
        };
        let observed = match absolute.junqi() {
            Some(mv) => player
                .observe(mv, outcome.map(|r| r.result))
                .map_err(|e| e.to_string()),
            None => Err(format!("{absolute} is not a Junqi move")),
        };
        observed.map_err(|e| {
            self.player = None;
            format!("the computer player lost track of the game ({e}); playing random moves")
        })
    }

    /// `side`'s flag is shown on `square` (absolute).
    pub fn observe_flag(&mut self, side: Side, square: &str) -> Result<(), String> {
        let Some((player, _)) = &mut self.player else {
            return Ok(());
        };
        let at: Square = square.parse().map_err(|e| format!("{e}"))?;
        player.observe_flag(side, at).map_err(|e| {
            self.player = None;
            format!("the computer player lost track of the game ({e}); playing random moves")
        })
    }

    /// Starts again from the game's record (after a resume, or an undo a computer player
    /// cannot otherwise forget): its own layout, then every move not taken back, with its
    /// outcome and the flags it showed.
    pub fn catch_up(&mut self, session: &Session<AnyTable>) {
        self.player = None;
        let junqi = session.table().is_none_or(|t| t.junqi().is_some());
        let layout = session.private().and_then(|p| p.parse::<Layout>().ok());
        let (true, Some(layout)) = (junqi, layout) else {
            return;
        };
        let mut history: Vec<Learned> = Vec::new();
        for line in session.record() {
            match line {
                Record::Move { seat, mv, .. } => history.push(Learned {
                    mv: mv.junqi().map_or_else(
                        || mv.clone(),
                        |m| AnyMove::Junqi(m.from_view(side_of(*seat))),
                    ),
                    outcome: None,
                    flags: Vec::new(),
                }),
                Record::Report { outcome, .. } => {
                    if let Some(last) = history.last_mut() {
                        last.outcome = Some(*outcome);
                    }
                }
                Record::Reveal { seat, cell } => {
                    let side = side_of(*seat);
                    if let (Some(last), Ok(own)) = (history.last_mut(), cell.parse::<Square>()) {
                        last.flags.push((side, own.from_view(side).to_string()));
                    }
                }
                Record::Undo { ply } => {
                    history.truncate((*ply as usize).saturating_sub(1));
                }
                _ => {}
            }
        }
        self.start(side_of(session.me()), &layout, side_of(session.first()));
        for learned in history {
            let _ = self.observe(&learned.mv, learned.outcome);
            for (side, square) in learned.flags {
                let _ = self.observe_flag(side, &square);
            }
        }
    }

    /// Picks one of `moves` (the legal moves in the bot's own view) in the game at `table`.
    pub fn pick(&mut self, table: &AnyTable, moves: &[AnyMove]) -> Option<AnyMove> {
        if let BotKind::External(info) = &self.kind {
            let info = info.clone();
            let Some(xiangqi) = table.xiangqi() else {
                self.failure = Some(format!("{} plays only Xiangqi", info.name));
                return None;
            };
            let mv = self
                .external_move(&info, xiangqi.game())
                .map(AnyMove::Xiangqi);
            if let Some(m) = mv.as_ref().filter(|m| !moves.contains(m)) {
                self.failure = Some(format!(
                    "{} answered {m}, not a move the table allows",
                    info.name
                ));
                return None;
            }
            return mv;
        }
        if let (Some(tibetan), Some(level)) = (table.tibetan(), self.kind.level()) {
            let game = tibetan.game();
            let seed = self.seed ^ game.history().len() as u64;
            let choice = crate::engine::tibetan::best_turn(game, level.tibetan_limits(), seed)
                .map(|r| AnyMove::Tibetan(r.turn))
                .filter(|m| moves.contains(m));
            if choice.is_some() {
                return choice;
            }
        }
        if let (Some(xiangqi), Some(level)) = (table.xiangqi(), self.kind.level()) {
            let game = xiangqi.game();
            let (now, history) = game.positions().split_last()?;
            // In the opening book, a book move at once (at every level).
            let seed = self.seed ^ history.len() as u64;
            let book = Book::standard()
                .pick(now, seed)
                .map(AnyMove::Xiangqi)
                .filter(|m| moves.contains(m));
            if book.is_some() {
                return book;
            }
            let searcher = self.searcher.get_or_insert_with(|| Searcher::new(16));
            let choice = searcher
                .search(history, now, level.limits(), |_| {})
                .best
                .map(AnyMove::Xiangqi)
                .filter(|m| moves.contains(m));
            if choice.is_some() {
                return choice;
            }
        }
        if let (Some(table), Some(level)) = (table.gomoku(), self.kind.level()) {
            let searcher = self
                .gomoku
                .get_or_insert_with(crate::engine::gomoku::Searcher::default);
            let limits = crate::engine::gomoku::level_limits_timed(level);
            let choice = crate::engine::gomoku::best_action(searcher, table.game(), limits)
                .map(AnyMove::Gomoku)
                .filter(|m| moves.contains(m));
            if choice.is_some() {
                return choice;
            }
        }
        if let (Some((player, side)), BotKind::Greedy | BotKind::Engine(_)) =
            (&mut self.player, &self.kind)
        {
            let budget = match self.kind {
                BotKind::Engine(level) => level.budget(),
                _ => PlayerSpec::Greedy.budget(true),
            };
            let choice = player
                .choose(budget)
                .map(|mv| AnyMove::Junqi(mv.to_view(*side)))
                .filter(|m| moves.contains(m));
            if choice.is_some() {
                return choice;
            }
        }
        match self.kind {
            // The first in notation order.
            BotKind::First => moves.iter().min_by_key(|m| m.to_string()).cloned(),
            _ if moves.is_empty() => None,
            _ => Some(moves[(self.rng.next_u64() % moves.len() as u64) as usize].clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_parse_by_name_with_external_engines_by_path() {
        assert_eq!("random".parse(), Ok(BotKind::Random));
        assert_eq!("engine:hard".parse(), Ok(BotKind::Engine(Level::Hard)));
        let BotKind::External(e) = "uci:/usr/games/fairy-stockfish".parse().unwrap() else {
            panic!("not an external engine");
        };
        assert_eq!(e.path, std::path::Path::new("/usr/games/fairy-stockfish"));
        assert_eq!(
            (e.protocol, e.name.as_str()),
            (Protocol::Uci, "fairy-stockfish")
        );
        let BotKind::External(e) = "ucci:eleeye".parse().unwrap() else {
            panic!("not an external engine");
        };
        assert_eq!(e.protocol, Protocol::Ucci);
        let e = "uci:".parse::<BotKind>().unwrap_err();
        assert!(e.contains("uci:PATH"), "{e}");
    }

    #[test]
    fn an_engine_thinks_a_second_a_move_unless_the_clock_is_short() {
        use crate::protocol::Clock;
        let ms = |game_secs, move_secs, left| {
            let clock = Clock {
                game_secs,
                move_secs,
            };
            engine_movetime(clock, left).as_millis()
        };
        assert_eq!(ms(0, 0, None), 1000);
        assert_eq!(ms(600, 0, Some(600_000)), 1000);
        assert_eq!(ms(300, 0, Some(15_000)), 500);
        assert_eq!(ms(0, 1, None), 500);
        assert_eq!(ms(60, 0, Some(600)), 50);
    }
}
