//! The games this profile played, from the transcripts its peer saved after every move:
//! the finished ones listed for the lobby, one opened for review (what the game screen
//! shows of a finished game), and written out in a form other software reads — Xiangqi as
//! PGN with ICCS moves, Gomoku as SGF (`GM[4]`, as renju programs read it), Junqi as its
//! move list with both armies as the audit opened them, Tibetan chess as its turns.

use std::path::{Path, PathBuf};

use super::adjourn::others;
use super::control::{GameView, Snapshot};
use crate::session::transcript::Transcript;
use crate::session::{AnyMove, AnyTable, GameKind, Reason, Seat, Session};
use crate::store::{fingerprint, read_bounded};

/// The finished games listed (the newest first).
pub const LISTED: usize = 10;
/// The transcripts read at most to find them (a folder of thousands is not read whole).
const SCANNED: usize = 200;
/// The largest transcript read.
const MAX_TRANSCRIPT: u64 = 16 << 20;

/// How a game ended for this profile's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// This player won.
    Won,
    /// This player lost.
    Lost,
    /// A draw.
    Drawn,
}

/// A finished game, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// Its transcript.
    pub path: PathBuf,
    /// Which game, with its settings.
    pub game: GameKind,
    /// The opponent's nickname (the others', at a larger table, joined).
    pub opponent: String,
    /// How it ended for this player.
    pub result: Score,
    /// Why it ended.
    pub reason: Reason,
    /// The moves that stand.
    pub moves: u32,
}

/// A finished game opened for review: what the game screen shows of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reviewed {
    /// The snapshot the game screen draws (my name, the opponent, the finished game).
    pub snapshot: Snapshot,
    /// The game in a form other software reads: a file name extension and the text.
    pub export: (&'static str, String),
}

/// Reads one transcript (bounded), naming the file in what goes wrong.
pub fn read(path: &Path) -> Result<Transcript, String> {
    let shown = path.display();
    let bytes = read_bounded(path, MAX_TRANSCRIPT).map_err(|e| format!("{shown}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{shown}: not UTF-8 text"))?;
    Transcript::parse(&text).map_err(|e| format!("{shown}: {e}"))
}

/// The finished games whose transcripts are in `dir`, the newest first (at most
/// [`LISTED`]), and a line for each file that could not be read.
pub fn finished_games(dir: &Path) -> (Vec<Finished>, Vec<String>) {
    let files = crate::store::files_newest_first(dir, |n| n.ends_with(".lanqi"));
    let (mut games, mut problems) = (Vec::new(), Vec::new());
    for path in files.into_iter().take(SCANNED) {
        match read(&path) {
            Ok(t) => games.extend(summary(&t, path)),
            Err(problem) => problems.push(problem),
        }
        if games.len() == LISTED {
            break;
        }
    }
    (games, problems)
}

/// The lobby's line of a transcript, if its game is over.
fn summary(t: &Transcript, path: PathBuf) -> Option<Finished> {
    use crate::session::Record;
    let over = t.records.iter().rev().find_map(|r| match r {
        Record::Over { winner, reason } => Some((*winner, reason.clone())),
        _ => None,
    });
    // A table of three or four this seat left (resigned, ran out of time) goes on without
    // it: its copy ends there, a game it lost.
    let left = || {
        t.records.iter().find_map(|r| match r {
            Record::Left { seat, reason } if *seat == t.me => Some(reason.clone()),
            _ => None,
        })
    };
    let (result, reason) = match (over, left()) {
        (_, Some(reason)) => (Score::Lost, reason),
        (Some((None, reason)), None) => (Score::Drawn, reason),
        (Some((Some(w), reason)), None) if w == t.me => (Score::Won, reason),
        (Some((Some(_), reason)), None) => (Score::Lost, reason),
        (None, None) => return None,
    };
    Some(Finished {
        path,
        game: t.game,
        opponent: others(t),
        result,
        reason,
        moves: crate::session::standing_moves(&t.records).len() as u32,
    })
}

/// Opens the transcript at `path` for review: the game replayed from its record (and, in
/// Junqi, audited again from the openings it holds).
pub fn open(path: &Path) -> Result<Reviewed, String> {
    let t = read(path)?;
    let session = t
        .replay(&t.records, t.secrets, 0)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut game = GameView::of(&session, &t.names, Vec::new(), 0);
    for seat in &mut game.seats {
        seat.clock = None;
    }
    let them = usize::from(1 - t.me.min(1));
    let snapshot = Snapshot {
        name: t.names.get(usize::from(t.me)).cloned().unwrap_or_default(),
        opponent: Some((
            others(&t),
            t.keys.get(them).map(fingerprint).unwrap_or_default(),
        )),
        game: Some(game),
        ..Snapshot::default()
    };
    Ok(Reviewed {
        snapshot,
        export: export(&t, &session),
    })
}

/// The game's result in PGN and SGF terms: 1-0, 0-1, ½-½ from the first seat's side.
fn first_won(session: &Session<AnyTable>) -> Option<Option<bool>> {
    let ending = session.ending()?;
    Some(ending.winner.map(|w| w == session.first()))
}

/// The game written in a form other software reads.
fn export(t: &Transcript, session: &Session<AnyTable>) -> (&'static str, String) {
    let name = |seat: Seat| t.names.get(usize::from(seat)).cloned().unwrap_or_default();
    let (first, second) = (name(t.first), name(1 - t.first.min(1)));
    let moves: Vec<(Seat, AnyMove)> = session
        .public_moves()
        .iter()
        .map(|(_, seat, played)| (*seat, played.absolute.clone()))
        .collect();
    let reason = session
        .ending()
        .map(|e| e.reason.to_string())
        .unwrap_or_default();
    match t.game {
        GameKind::Xiangqi => (
            "pgn",
            xiangqi_pgn(&first, &second, first_won(session), &moves),
        ),
        GameKind::Gomoku(settings) if settings.seats == 2 => {
            // Who played Black (after a swap opening, not always the first seat).
            let table = session.table().and_then(AnyTable::gomoku);
            let black = (0..2)
                .find(|s| {
                    table.is_some_and(|t| t.colour_of(*s) == crate::rules::gomoku::Seat::BLACK)
                })
                .unwrap_or(t.first);
            let black_won = session.ending().map(|e| e.winner.map(|w| w == black));
            let stones: Vec<crate::rules::gomoku::Point> = moves
                .iter()
                .filter_map(|(_, m)| m.gomoku()?.point())
                .collect();
            let players = Players::Two {
                black: name(black),
                white: name(1 - black),
                black_won,
            };
            ("sgf", gomoku_sgf(settings, &players, &stones))
        }
        GameKind::Gomoku(settings) => {
            // Three or four seats: renju software knows two colours, so the stones
            // alternate Black and White in the order played, and each names its seat.
            let labels = |seat: Seat| format!("seat {}: {}", session.seat_name(seat), name(seat));
            let stones = moves
                .iter()
                .filter(|(_, m)| m.gomoku().and_then(|a| a.point()).is_some())
                .map(|(seat, _)| labels(*seat))
                .collect();
            let result = match session.ending() {
                Some(e) => match e.winner {
                    Some(w) => format!("{} won: {reason}", labels(w)),
                    None => format!("no winner: {reason}"),
                },
                None => "unfinished".into(),
            };
            let players = Players::More {
                seats: (0..t.names.len() as Seat).map(labels).collect(),
                stones,
                result,
                draw: session.ending().is_some_and(|e| e.winner.is_none()),
            };
            let points: Vec<crate::rules::gomoku::Point> = moves
                .iter()
                .filter_map(|(_, m)| m.gomoku()?.point())
                .collect();
            ("sgf", gomoku_sgf(settings, &players, &points))
        }
        _ => ("txt", move_list(t, session, &reason)),
    }
}

/// Xiangqi as PGN with ICCS moves (`H2-E2`), as Xiangqi programs read it: Red is the seat
/// that moved first.
fn xiangqi_pgn(
    red: &str,
    black: &str,
    red_won: Option<Option<bool>>,
    moves: &[(Seat, AnyMove)],
) -> String {
    let result = match red_won {
        Some(Some(true)) => "1-0",
        Some(Some(false)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    };
    let mut out = String::new();
    for (tag, value) in [
        ("Game", "Chinese Chess"),
        ("Event", "lanqi"),
        ("Red", red),
        ("Black", black),
        ("Result", result),
        ("Format", "ICCS"),
    ] {
        out += &format!("[{tag} \"{}\"]\n", value.replace(['"', '\\'], "'"));
    }
    out.push('\n');
    let mut line = String::new();
    for (i, (_, mv)) in moves.iter().enumerate() {
        if i % 2 == 0 {
            line += &format!("{}. ", i / 2 + 1);
        }
        let text = mv.to_string().to_uppercase();
        let (from, to) = text.split_at(2);
        line += &format!("{from}-{to} ");
    }
    out += line.trim_end();
    out += &format!(" {result}\n");
    out
}

/// Who played a Gomoku game, as its SGF says it.
enum Players {
    /// Two seats: Black's and White's names, and whether Black won (`None` inside: a
    /// draw; outside: unfinished).
    Two {
        black: String,
        white: String,
        black_won: Option<Option<bool>>,
    },
    /// Three or four: each seat's label (`seat 2: ann`) in seat order, each stone's seat's
    /// label in the order played, the result in words, and whether it was drawn.
    More {
        seats: Vec<String>,
        stones: Vec<String>,
        result: String,
        draw: bool,
    },
}

/// Gomoku as SGF (`GM[4]`, as renju programs read it): the stones in order, Black's first
/// and the colours alternating (an opening's decisions are not moves there); a point's row
/// counts from the top. At a table of three or four the colours still alternate (renju
/// software knows two), the game comment `GC` names every seat and the result, and each
/// stone's comment `C` names the seat that played it.
fn gomoku_sgf(
    settings: crate::rules::gomoku::Settings,
    players: &Players,
    stones: &[crate::rules::gomoku::Point],
) -> String {
    let (w, h) = (settings.size.width(), settings.size.height());
    let size = if w == h {
        format!("{w}")
    } else {
        format!("{w}:{h}")
    };
    let escape = |s: &str| s.replace('\\', "\\\\").replace(']', "\\]");
    let (black, white, result, comment) = match players {
        Players::Two {
            black,
            white,
            black_won,
        } => {
            let result = match black_won {
                Some(Some(true)) => "B+",
                Some(Some(false)) => "W+",
                Some(None) => "0",
                None => "?",
            };
            (black.clone(), white.clone(), result, String::new())
        }
        Players::More {
            seats,
            result,
            draw,
            ..
        } => {
            let comment = format!(
                "GC[{} players, stones coloured alternately in the order played; {}; {}]",
                seats.len(),
                escape(&seats.join(", ")),
                escape(result)
            );
            let black = seats[0].split_once(": ").map_or("", |(_, n)| n).to_string();
            let white = seats[1..]
                .iter()
                .map(|s| s.split_once(": ").map_or("", |(_, n)| n))
                .collect::<Vec<_>>()
                .join(", ");
            (black, white, if *draw { "0" } else { "?" }, comment)
        }
    };
    let mut out = format!(
        "(;GM[4]FF[4]CA[UTF-8]AP[lanqi]SZ[{size}]RU[{}]PB[{}]PW[{}]RE[{result}]{comment}",
        settings.rule,
        escape(&black),
        escape(&white)
    );
    for (i, p) in stones.iter().enumerate() {
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        let x = (b'a' + p.file()) as char;
        let y = (b'a' + (h - 1 - p.rank())) as char;
        out += &format!(";{colour}[{x}{y}]");
        if let Players::More { stones: seats, .. } = players
            && let Some(seat) = seats.get(i)
        {
            out += &format!("C[{}]", escape(seat));
        }
    }
    out += ")\n";
    out
}

/// Any game as its move list: the game and players, for Junqi both armies as the audit
/// opened them (JNF), each move in the absolute frame with its battle outcome, the result.
fn move_list(t: &Transcript, session: &Session<AnyTable>, reason: &str) -> String {
    let mut out = format!("lanqi game {}\n", t.game);
    for (seat, name) in t.names.iter().enumerate() {
        let seat = seat as Seat;
        out += &format!("{}: {name}\n", session.seat_name(seat));
    }
    if let Some(audit) = session.audit().filter(|a| !a.start.is_empty()) {
        out += &format!("start {}\n", audit.start);
    }
    for (ply, seat, played) in session.public_moves() {
        let outcome = played
            .outcome
            .map(|o| format!(" {}", o.word()))
            .unwrap_or_default();
        out += &format!(
            "{ply}. {} {}{outcome}\n",
            session.seat_name(*seat),
            played.absolute
        );
    }
    if let Some(ending) = session.ending() {
        out += &format!("result {} {reason}\n", session.winner_word(ending.winner));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xiangqi(moves: &[&str]) -> Vec<(Seat, AnyMove)> {
        moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                (
                    (i % 2) as Seat,
                    AnyMove::parse(GameKind::Xiangqi, m).unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn xiangqi_is_written_as_pgn_with_iccs_moves() {
        let pgn = xiangqi_pgn(
            "ann",
            "bo\"b",
            Some(Some(false)),
            &xiangqi(&["h2e2", "h9g7", "h0g2"]),
        );
        assert!(pgn.starts_with("[Game \"Chinese Chess\"]\n"), "{pgn}");
        assert!(
            pgn.contains("[Red \"ann\"]\n[Black \"bo'b\"]\n[Result \"0-1\"]\n[Format \"ICCS\"]\n")
        );
        assert!(pgn.ends_with("\n1. H2-E2 H9-G7 2. H0-G2 0-1\n"), "{pgn}");
    }

    #[test]
    fn gomoku_is_written_as_sgf_with_rows_from_the_top() {
        let settings = crate::rules::gomoku::Settings {
            size: crate::rules::gomoku::Size::new(15, 15).unwrap(),
            ..Default::default()
        };
        let stones: Vec<crate::rules::gomoku::Point> = ["h8", "a1", "o15"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let two = |black: &str, white: &str, black_won| Players::Two {
            black: black.into(),
            white: white.into(),
            black_won,
        };
        let sgf = gomoku_sgf(settings, &two("ann", "b]ob", Some(Some(true))), &stones);
        assert_eq!(
            sgf,
            "(;GM[4]FF[4]CA[UTF-8]AP[lanqi]SZ[15]RU[freestyle]PB[ann]PW[b\\]ob]RE[B+];B[hh];W[ao];B[oa])\n"
        );
        // A board that is not square names both sides; its rows still count from the top.
        let narrow = crate::rules::gomoku::Settings {
            size: crate::rules::gomoku::Size::new(9, 7).unwrap(),
            ..settings
        };
        let sgf = gomoku_sgf(narrow, &two("a", "b", None), &["a1".parse().unwrap()]);
        assert!(
            sgf.contains("SZ[9:7]") && sgf.contains(";B[ag])") && sgf.contains("RE[?]"),
            "{sgf}"
        );
    }

    #[test]
    fn a_table_of_three_is_sgf_with_alternating_colours_and_each_stone_naming_its_seat() {
        let settings = crate::rules::gomoku::Settings {
            size: crate::rules::gomoku::Size::new(7, 7).unwrap(),
            seats: 3,
            win: 4,
            ..Default::default()
        };
        let label = |n: u8, name: &str| format!("seat {n}: {name}");
        let players = Players::More {
            seats: vec![label(1, "ann"), label(2, "b]o"), label(3, "cy")],
            stones: vec![label(1, "ann"), label(2, "b]o"), label(3, "cy")],
            result: format!("{} won: four in a row", label(2, "b]o")),
            draw: false,
        };
        let stones: Vec<crate::rules::gomoku::Point> = ["d4", "d5", "e5"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let sgf = gomoku_sgf(settings, &players, &stones);
        assert_eq!(
            sgf,
            "(;GM[4]FF[4]CA[UTF-8]AP[lanqi]SZ[7]RU[freestyle]PB[ann]PW[b\\]o, cy]RE[?]\
             GC[3 players, stones coloured alternately in the order played; seat 1: ann, \
             seat 2: b\\]o, seat 3: cy; seat 2: b\\]o won: four in a row]\
             ;B[dd]C[seat 1: ann];W[dc]C[seat 2: b\\]o];B[ec]C[seat 3: cy])\n"
        );
    }

    /// A table of three this seat resigned from goes on without it: its copy has no `over`,
    /// only its leaving. It is a finished game, lost, listed with the reason it left.
    #[test]
    fn a_table_of_three_this_seat_left_is_listed_as_lost() {
        use crate::session::{Reason, Record, Secrets};
        let game: GameKind = "gomoku:freestyle:7x7:3:4".parse().unwrap();
        let stone = |ply: u32, seat: Seat, point: &str| Record::Move {
            ply,
            seat,
            mv: AnyMove::parse(game, point).unwrap(),
            clock_ms: 0,
        };
        let t = Transcript {
            game,
            game_id: 7,
            first: 0,
            clock: Default::default(),
            keys: vec![[1; 32], [2; 32], [3; 32]],
            names: vec!["ann".into(), "bo".into(), "cy".into()],
            me: 1,
            peer_addr: "127.0.0.1:1".into(),
            records: vec![
                stone(1, 0, "d4"),
                stone(2, 1, "d5"),
                Record::Left {
                    seat: 1,
                    reason: Reason::Resignation,
                },
            ],
            evidence: Vec::new(),
            secrets: Secrets::fixed(0),
            private: None,
        };
        let finished = summary(&t, PathBuf::from("x")).expect("listed");
        assert_eq!(finished.result, Score::Lost);
        assert_eq!(finished.reason, Reason::Resignation);
        assert_eq!(finished.moves, 2);
        // Another seat's leaving is not this seat's end: that copy goes on.
        let mut other = t.clone();
        other.me = 2;
        assert!(summary(&other, PathBuf::from("x")).is_none());
    }
}
