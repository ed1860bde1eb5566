//! Gomoku as the desktop app plays it, through a peer driven by hand on loopback: against
//! the computer on a board of its own size and rule, undo without limit back to the empty
//! board, and the game adjourned, the peer restarted on the same profile, and the game
//! resumed where it was (issue #15's "undo and saving, as the source had them"); a draw
//! offered to the computer is declined, never left hanging.

use std::path::Path;

use lanqi::engine::Level;
use lanqi::peer::{Command, PeerOptions, Snapshot};
use lanqi::rules::gomoku::{Rule, Settings, Size};
use lanqi::session::{AnyMove, GameKind, Local};
use tokio::sync::watch;

#[path = "support/controlled.rs"]
mod controlled;
#[path = "support/temp_dir.rs"]
mod temp_dir;
use controlled::{person_with, until};
use temp_dir::TempDir;

/// The stones that stand in the game on screen, as their points' text, in order.
fn stones(s: &Snapshot) -> Vec<String> {
    s.game.as_ref().map_or(Vec::new(), |g| {
        lanqi::session::standing_moves(&g.record)
            .iter()
            .map(|(_, _, m)| m.to_string())
            .collect()
    })
}

/// How many of the stones that stand are ours.
fn ours(s: &Snapshot) -> usize {
    let g = s.game.as_ref().unwrap();
    lanqi::session::standing_moves(&g.record)
        .iter()
        .filter(|(_, seat, _)| *seat == g.me)
        .count()
}

fn options(name: &str, games: &Path) -> PeerOptions {
    PeerOptions {
        name: name.into(),
        games_dir: Some(games.to_path_buf()),
        ..PeerOptions::default()
    }
}

/// Our stone: the legal point nearest the board's centre (so the game is a real one, not
/// a line along the edge), first in point order among equals.
fn our_stone(s: &Snapshot, size: Size) -> AnyMove {
    let g = s.game.as_ref().unwrap();
    let (cx, cy) = (size.width() as i32 / 2, size.height() as i32 / 2);
    g.legal_moves
        .iter()
        .min_by_key(|m| {
            let p = m.gomoku().and_then(|a| a.point()).expect("a stone");
            (p.file() as i32 - cx).abs() + (p.rank() as i32 - cy).abs()
        })
        .cloned()
        .expect("a legal stone")
}

/// Plays our stone each turn until `target` stones stand (the computer answers).
async fn play_until(
    commands: &tokio::sync::mpsc::UnboundedSender<Command>,
    w: &mut watch::Receiver<Snapshot>,
    size: Size,
    target: usize,
) {
    loop {
        let s = until(w, |s| {
            s.game
                .as_ref()
                .is_some_and(|g| !g.legal_moves.is_empty() || g.ending.is_some())
        })
        .await;
        let before = stones(&s).len();
        if before >= target {
            return;
        }
        let g = s.game.as_ref().unwrap();
        assert!(g.ending.is_none(), "the game ended early: {:?}", g.ending);
        commands
            .send(Command::Game(Local::Move(our_stone(&s, size))))
            .unwrap();
        until(w, |s| stones(s).len() > before).await;
    }
}

#[tokio::test]
async fn gomoku_against_the_computer_undoes_to_the_empty_board_and_resumes_after_a_restart() {
    let dir = TempDir::new("gomoku-computer");
    let games = dir.0.join("games");
    let size = Size::new(11, 9).unwrap();
    let settings = Settings {
        rule: Rule::Standard,
        size,
        // Five to win: with at most seven stones on the board nobody can have won, so the
        // game is still going wherever the test looks.
        win: 5,
        ..Settings::default()
    };
    let kind = GameKind::Gomoku(settings);
    let left;
    // The first run of the app.
    {
        let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let (c, mut w, me) = person_with(&socket, 31, options("mei", &games));
        let person = async {
            until(&mut w, |s| s.name == "mei").await;
            c.send(Command::PlayComputer(kind, Level::Easy)).unwrap();
            let s = until(&mut w, |s| s.game.is_some()).await;
            assert_eq!(s.opponent.as_ref().unwrap().0, "computer (easy)");
            play_until(&c, &mut w, size, 6).await;
            // Undo without limit: one of ours (and the computer's answer) at a time, until
            // none of ours stands: the empty board, or the computer's first stone when it
            // opened.
            loop {
                let s = until(&mut w, |s| s.game.as_ref().unwrap().undo.is_none()).await;
                if ours(&s) == 0 {
                    break;
                }
                let before = stones(&s).len();
                c.send(Command::Game(Local::AskUndo)).unwrap();
                until(&mut w, |s| {
                    stones(s).len() < before && s.game.as_ref().unwrap().undo.is_none()
                })
                .await;
            }
            let s = until(&mut w, |s| !s.game.as_ref().unwrap().legal_moves.is_empty()).await;
            let left = stones(&s).len();
            assert!(left <= 1, "back to the start, not {left} stones");
            assert_eq!(
                s.game.as_ref().unwrap().legal_moves.len(),
                11 * 9 - left,
                "every other point of the 11x9 board is ours to play"
            );
            // Play again, then adjourn and close the window.
            play_until(&c, &mut w, size, 4).await;
            // On our turn (the computer has answered), so the count stays put.
            let s = until(&mut w, |s| !s.game.as_ref().unwrap().legal_moves.is_empty()).await;
            c.send(Command::Adjourn).unwrap();
            let a = until(&mut w, |s| s.adjourned.is_some()).await;
            let adjourned = a.adjourned.unwrap();
            assert_eq!(adjourned.game, kind, "the table's settings are kept");
            assert_eq!(adjourned.moves as usize, stones(&s).len());
            c.send(Command::Quit).unwrap();
            stones(&s)
        };
        let (run, kept) = tokio::join!(me, person);
        run.expect("the peer stops cleanly");
        left = kept;
    }
    // The next start on the same profile: offered, resumed where it was, played on.
    {
        let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let (c, mut w, me) = person_with(&socket, 31, options("mei", &games));
        let person = async {
            let s = until(&mut w, |s| s.adjourned.is_some()).await;
            assert_eq!(s.adjourned.as_ref().unwrap().game, kind);
            c.send(Command::Resume).unwrap();
            let s = until(&mut w, |s| {
                s.game.as_ref().is_some_and(|g| !g.legal_moves.is_empty())
            })
            .await;
            assert_eq!(stones(&s), left, "the game goes on where it was");
            play_until(&c, &mut w, size, left.len() + 2).await;
            // The computer plays on: a draw offered is declined at once, and we are told.
            c.send(Command::Game(Local::OfferDraw)).unwrap();
            let s = until(&mut w, |s| {
                s.problem == Some(lanqi::peer::problem::Problem::DrawDeclined)
            })
            .await;
            let g = s.game.as_ref().unwrap();
            assert!(g.draw.is_none() && g.ending.is_none(), "the game goes on");
            c.send(Command::Game(Local::Resign)).unwrap();
            let s = until(&mut w, |s| s.game.as_ref().unwrap().ending.is_some()).await;
            let g = s.game.unwrap();
            assert_ne!(g.ending.as_ref().unwrap().winner, Some(g.me), "we resigned");
            // Play again after the resumed game: the computer (started again for the
            // resume) plays a new game too.
            let mut tries = 0;
            loop {
                c.send(Command::NewGame).unwrap();
                let wait = std::time::Duration::from_secs(2);
                let new = until(&mut w, |s| s.game.as_ref().unwrap().ending.is_none());
                if tokio::time::timeout(wait, new).await.is_ok() {
                    break;
                }
                tries += 1;
                assert!(tries < 30, "New game never started: {:#?}", w.borrow());
            }
            play_until(&c, &mut w, size, 2).await;
            c.send(Command::Quit).unwrap();
        };
        let (run, ()) = tokio::join!(me, person);
        run.expect("the peer stops cleanly");
    }
}
