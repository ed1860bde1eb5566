//! Leaving a game without ending it, as the app does: adjourned against the computer and
//! resumed, surviving the app's restart (its peer stopped and started again on the same
//! profile), abandoned; and between two people, one adjourns and resumes, the other keeps
//! the game meanwhile.

use std::net::SocketAddr;
use std::path::Path;

use lanqi::engine::Level;
use lanqi::net::{LinkQuality, LossyNet};
use lanqi::peer::{Command, PeerOptions, Snapshot};
use lanqi::session::transcript::Transcript;
use lanqi::session::{GameKind, Local, Reason};
use tokio::sync::watch;

#[path = "support/controlled.rs"]
mod controlled;
#[path = "support/temp_dir.rs"]
mod temp_dir;
use controlled::{person_with, until};
use temp_dir::TempDir;

/// The moves of a record that stand, as (ply, seat, move) text.
fn standing(record: &[lanqi::session::Record]) -> Vec<String> {
    lanqi::session::standing_moves(record)
        .iter()
        .map(|(ply, seat, mv)| format!("{ply} {seat} {mv}"))
        .collect()
}

/// The moves that stand in the game on screen.
fn moves(s: &Snapshot) -> usize {
    s.game
        .as_ref()
        .map_or(0, |g| lanqi::session::standing_moves(&g.record).len())
}

fn options(name: &str, games: &Path) -> PeerOptions {
    PeerOptions {
        name: name.into(),
        games_dir: Some(games.to_path_buf()),
        ..PeerOptions::default()
    }
}

/// Plays our first legal move each turn until `target` moves stand (the computer answers).
async fn play_until(
    commands: &tokio::sync::mpsc::UnboundedSender<Command>,
    w: &mut watch::Receiver<Snapshot>,
    target: usize,
) {
    while moves(&w.borrow()) < target {
        let s = until(w, |s| {
            s.game
                .as_ref()
                .is_some_and(|g| !g.legal_moves.is_empty() || g.ending.is_some())
        })
        .await;
        let before = moves(&s);
        if before >= target {
            break;
        }
        let g = s.game.unwrap();
        assert!(g.ending.is_none(), "the game ended early: {:?}", g.ending);
        commands
            .send(Command::Game(Local::Move(g.legal_moves[0].clone())))
            .unwrap();
        until(w, |s| moves(s) > before).await;
    }
}

#[tokio::test]
async fn a_game_against_the_computer_is_adjourned_resumed_and_survives_a_restart() {
    let dir = TempDir::new("adjourn-computer");
    let games = dir.0.join("games");
    // The first run of the app: play, adjourn, resume, play on, close the window.
    {
        let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let (c, mut w, me) = person_with(&socket, 21, options("erin", &games));
        let person = async {
            until(&mut w, |s| s.name == "erin").await;
            c.send(Command::PlayComputer(GameKind::Xiangqi, Level::Easy))
                .unwrap();
            play_until(&c, &mut w, 4).await;
            let left = until(&mut w, |s| moves(s) == 4).await;
            c.send(Command::Adjourn).unwrap();
            let s = until(&mut w, |s| s.game.is_none() && s.adjourned.is_some()).await;
            let adjourned = s.adjourned.unwrap();
            assert_eq!(adjourned.game, GameKind::Xiangqi);
            assert_eq!(adjourned.computer, Some(Level::Easy));
            assert_eq!(adjourned.opponent, "computer (easy)");
            assert_eq!(adjourned.moves, 4);
            // Resuming starts the computer again on its own copy of the game.
            c.send(Command::Resume).unwrap();
            let s = until(&mut w, |s| {
                s.game.as_ref().is_some_and(|g| !g.legal_moves.is_empty())
            })
            .await;
            // Where it was left (the computer, if it is to move, has moved since).
            let (was, is) = (&left.game.unwrap().record, &s.game.as_ref().unwrap().record);
            assert_eq!(
                standing(is)[..4],
                standing(was)[..],
                "the game goes on where it was"
            );
            assert!(s.adjourned.is_none());
            play_until(&c, &mut w, 6).await;
            until(&mut w, |s| moves(s) == 6).await;
            // Closing the window: the peer stops mid-game.
            c.send(Command::Quit).unwrap();
        };
        let (run, ()) = tokio::join!(me, person);
        run.expect("the peer stops cleanly");
    }
    // The next start: the game is offered, and resumes against the computer again.
    {
        let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let (c, mut w, me) = person_with(&socket, 21, options("erin", &games));
        let person = async {
            let s = until(&mut w, |s| s.adjourned.is_some()).await;
            let saved = s.adjourned.as_ref().unwrap().moves;
            assert!((6..=7).contains(&saved), "{saved} moves saved");
            assert!(s.game.is_none(), "offered in the lobby, not forced");
            c.send(Command::Resume).unwrap();
            let s = until(&mut w, |s| moves(s) >= saved as usize).await;
            assert!(s.adjourned.is_none());
            if s.game.as_ref().unwrap().ending.is_none() {
                c.send(Command::Game(Local::Resign)).unwrap();
            }
            until(&mut w, |s| {
                s.game.as_ref().is_some_and(|g| g.ending.is_some())
            })
            .await;
            c.send(Command::Quit).unwrap();
        };
        let (run, ()) = tokio::join!(me, person);
        run.expect("the peer stops cleanly");
    }
    // Over: nothing is offered any more.
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (c, mut w, me) = person_with(&socket, 21, options("erin", &games));
    let person = async {
        let s = until(&mut w, |s| s.name == "erin").await;
        assert!(s.adjourned.is_none(), "{:?}", s.adjourned);
        c.send(Command::Quit).unwrap();
    };
    let (run, ()) = tokio::join!(me, person);
    run.expect("the peer stops cleanly");
}

#[tokio::test]
async fn an_abandoned_game_is_lost_and_no_longer_offered() {
    let dir = TempDir::new("adjourn-abandon");
    let games = dir.0.join("games");
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (c, mut w, me) = person_with(&socket, 22, options("finn", &games));
    let person = async {
        until(&mut w, |s| s.name == "finn").await;
        c.send(Command::PlayComputer(GameKind::ALL[2], Level::Easy))
            .unwrap();
        play_until(&c, &mut w, 2).await;
        c.send(Command::Adjourn).unwrap();
        until(&mut w, |s| s.adjourned.is_some()).await;
        c.send(Command::Abandon).unwrap();
        let s = until(&mut w, |s| s.adjourned.is_none()).await;
        assert_eq!(s.problem, None);
        c.send(Command::Quit).unwrap();
    };
    let (run, ()) = tokio::join!(me, person);
    run.expect("the peer stops cleanly");
    // Its transcript (ours, not the computer's) ends with our resignation.
    let ours: Vec<Transcript> = std::fs::read_dir(&games)
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "lanqi"))
        .map(|e| Transcript::parse(&std::fs::read_to_string(e.path()).unwrap()).unwrap())
        .collect();
    assert_eq!(ours.len(), 1);
    assert!(ours[0].is_finished());
    // Both copies of the game, ours and the computer's, held its secret: the user's only,
    // in folders that are the user's only.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let computer = games.join("computer");
        for folder in [&games, &computer] {
            assert_eq!(mode(folder), 0o700, "{}", folder.display());
            let files: Vec<_> = std::fs::read_dir(folder)
                .unwrap()
                .flatten()
                .filter(|e| e.path().is_file())
                .collect();
            assert!(!files.is_empty(), "{}", folder.display());
            for file in files {
                assert_eq!(mode(&file.path()), 0o600, "{}", file.path().display());
            }
        }
    }
    // The lobby lists it as lost, and it opens for review and exports as SGF.
    let (finished, problems) = lanqi::peer::archive::finished_games(&games);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(finished.len(), 1);
    assert_eq!(finished[0].result, lanqi::peer::archive::Score::Lost);
    assert_eq!(finished[0].reason, Reason::Resignation);
    let reviewed = lanqi::peer::archive::open(&finished[0].path).unwrap();
    let (extension, sgf) = reviewed.export;
    assert_eq!(extension, "sgf");
    assert!(
        sgf.starts_with("(;GM[4]FF[4]") && sgf.contains("PB[") && sgf.contains(";B["),
        "{sgf}"
    );
    let game = reviewed.snapshot.game.unwrap();
    assert!(game.ending.is_some() && game.legal_moves.is_empty());
    assert!(matches!(
        ours[0].records.last(),
        Some(lanqi::session::Record::Over { winner: Some(w), reason: Reason::Resignation })
            if *w != ours[0].me
    ));
}

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 7], port))
}

#[tokio::test(start_paused = true)]
async fn between_people_one_adjourns_the_other_keeps_it_and_they_resume() {
    let dir = TempDir::new("adjourn-people");
    let net = LossyNet::new(LinkQuality::BAD_WIFI, 4);
    let (ta, tb) = (net.attach(addr(1)), net.attach(addr(2)));
    let (ca, mut wa, alice) = person_with(&ta, 31, options("alice", &dir.0.join("a")));
    let (cb, mut wb, bob) = person_with(&tb, 32, options("bob", &dir.0.join("b")));
    let people = async {
        until(&mut wa, |s| s.name == "alice").await;
        ca.send(Command::Challenge(addr(2), GameKind::Xiangqi))
            .unwrap();
        until(&mut wb, |s| s.incoming.is_some()).await;
        cb.send(Command::Accept).unwrap();
        // Whoever plays Red (the coin decides) moves first.
        let s = until(&mut wa, |s| {
            s.game.as_ref().is_some_and(|g| g.to_move.is_some())
        })
        .await;
        let alice_first = s.game.unwrap().first == 0;
        for ply in 0..4 {
            let (c, w, other) = if (ply % 2 == 0) == alice_first {
                (&ca, &mut wa, &mut wb)
            } else {
                (&cb, &mut wb, &mut wa)
            };
            let s = until(w, |s| {
                s.game.as_ref().is_some_and(|g| !g.legal_moves.is_empty())
            })
            .await;
            let before = moves(&s);
            let mv = s.game.unwrap().legal_moves[0].clone();
            c.send(Command::Game(Local::Move(mv))).unwrap();
            until(other, |s| moves(s) == before + 1).await;
        }
        // Alice leaves the game; Bob is told, and both lobbies offer it.
        ca.send(Command::Adjourn).unwrap();
        let s = until(&mut wb, |s| s.adjourned.is_some()).await;
        assert_eq!(s.adjourned.as_ref().unwrap().opponent, "alice");
        assert!(s.game.is_none());
        assert!(
            s.problem
                .unwrap()
                .to_string()
                .contains("alice left the game")
        );
        let s = until(&mut wa, |s| s.adjourned.is_some()).await;
        assert_eq!(s.adjourned.as_ref().unwrap().moves, 4);
        // Alice resumes it; Bob's peer takes it up at once, where it was.
        ca.send(Command::Resume).unwrap();
        for w in [&mut wa, &mut wb] {
            let s = until(w, |s| s.game.is_some() && s.adjourned.is_none()).await;
            assert_eq!(moves(&s), 4);
        }
        // Red moves again, and the move reaches the other side.
        let (c, w, other) = if alice_first {
            (&ca, &mut wa, &mut wb)
        } else {
            (&cb, &mut wb, &mut wa)
        };
        let s = until(w, |s| {
            s.game.as_ref().is_some_and(|g| !g.legal_moves.is_empty())
        })
        .await;
        c.send(Command::Game(Local::Move(
            s.game.unwrap().legal_moves[0].clone(),
        )))
        .unwrap();
        until(other, |s| moves(s) == 5).await;
        ca.send(Command::Quit).unwrap();
        cb.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(alice, bob, people) };
    let (a, b, ()) = tokio::time::timeout(std::time::Duration::from_secs(600), run)
        .await
        .expect("adjourning and resuming never got stuck");
    a.expect("alice stops cleanly");
    b.expect("bob stops cleanly");
}

#[tokio::test]
async fn a_hot_seat_game_is_adjourned_and_resumed_with_the_second_player_back() {
    let dir = TempDir::new("adjourn-hot-seat");
    let games = dir.0.join("games");
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (c, mut w, me) = person_with(&socket, 23, options("gesar", &games));
    let person = async {
        until(&mut w, |s| s.name == "gesar").await;
        c.send(Command::HotSeat(GameKind::Xiangqi, "drukmo".into()))
            .unwrap();
        // Two moves, each by the seat to move (the host's or the guest's).
        while moves(&w.borrow()) < 2 {
            let s = until(&mut w, |s| {
                s.game.as_ref().is_some_and(|g| !g.legal_moves.is_empty())
                    || s.guests
                        .first()
                        .is_some_and(|g| g.game.as_ref().is_some_and(|g| !g.legal_moves.is_empty()))
            })
            .await;
            let before = moves(&s);
            let host = s.game.as_ref().filter(|g| !g.legal_moves.is_empty());
            let command = match host {
                Some(g) => Command::Game(Local::Move(g.legal_moves[0].clone())),
                None => {
                    let g = s.guests[0].game.as_ref().unwrap();
                    Command::Guest(
                        0,
                        Box::new(Command::Game(Local::Move(g.legal_moves[0].clone()))),
                    )
                }
            };
            c.send(command).unwrap();
            until(&mut w, |s| moves(s) > before).await;
        }
        let left = until(&mut w, |s| moves(s) == 2).await;
        c.send(Command::Adjourn).unwrap();
        let s = until(&mut w, |s| s.adjourned.is_some() && s.guests.is_empty()).await;
        let adjourned = s.adjourned.unwrap();
        assert!(adjourned.here && adjourned.computer.is_none());
        assert_eq!(adjourned.opponent, "drukmo");
        c.send(Command::Resume).unwrap();
        // Both seats at the screen have the game back, where it was.
        let s = until(&mut w, |s| {
            s.game.is_some() && s.guests.first().is_some_and(|g| moves(g) == 2)
        })
        .await;
        let (was, is) = (&left.game.unwrap().record, &s.game.as_ref().unwrap().record);
        assert_eq!(standing(is), standing(was));
        assert!(s.adjourned.is_none());
        c.send(Command::Quit).unwrap();
    };
    let (run, ()) = tokio::join!(me, person);
    run.expect("the peer stops cleanly");
}

#[tokio::test]
async fn a_game_against_an_external_engine_is_adjourned_and_resumed_after_a_restart() {
    use lanqi::engine::xiangqi::external::probe;
    let path = Path::new("/usr/games/fairy-stockfish");
    if !path.exists() {
        eprintln!(
            "skipped: {} is not installed (apt-get install fairy-stockfish)",
            path.display()
        );
        return;
    }
    let engine = probe(path).expect("Fairy-Stockfish answers uci");
    let dir = TempDir::new("adjourn-engine");
    let games = dir.0.join("games");
    {
        let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let (c, mut w, me) = person_with(&socket, 22, options("erin", &games));
        let person = async {
            until(&mut w, |s| s.name == "erin").await;
            c.send(Command::PlayEngine(engine.clone())).unwrap();
            play_until(&c, &mut w, 2).await;
            let left = until(&mut w, |s| {
                moves(s) >= 2 && s.game.as_ref().is_some_and(|g| !g.legal_moves.is_empty())
            })
            .await;
            c.send(Command::Adjourn).unwrap();
            let s = until(&mut w, |s| s.game.is_none() && s.adjourned.is_some()).await;
            let adjourned = s.adjourned.unwrap();
            assert_eq!(adjourned.opponent, engine.name);
            assert_eq!(adjourned.computer, None);
            assert_eq!(adjourned.moves as usize, moves(&left));
            c.send(Command::Quit).unwrap();
        };
        let (run, ()) = tokio::join!(me, person);
        run.expect("the peer stops cleanly");
    }
    // The next start: told the engines offered (as the app tells its new peer), it
    // resumes the game against the same engine, where it was.
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (c, mut w, me) = person_with(&socket, 22, options("erin", &games));
    let person = async {
        let s = until(&mut w, |s| s.adjourned.is_some()).await;
        let saved = s.adjourned.unwrap().moves as usize;
        c.send(Command::Engines(vec![engine.clone()])).unwrap();
        c.send(Command::Resume).unwrap();
        let s = until(&mut w, |s| {
            s.game.as_ref().is_some_and(|g| !g.legal_moves.is_empty()) || s.problem.is_some()
        })
        .await;
        assert_eq!(s.problem, None);
        assert_eq!(moves(&s), saved);
        assert_eq!(s.opponent.unwrap().0, engine.name);
        // The engine answers the next move.
        play_until(&c, &mut w, saved + 2).await;
        c.send(Command::Game(Local::Resign)).unwrap();
        until(&mut w, |s| {
            s.game.as_ref().is_some_and(|g| g.ending.is_some())
        })
        .await;
        c.send(Command::Quit).unwrap();
    };
    let (run, ()) = tokio::join!(me, person);
    run.expect("the peer stops cleanly");
}
