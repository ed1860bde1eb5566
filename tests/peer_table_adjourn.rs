//! A Gomoku table of three opened by the app, left unfinished and resumed: adjourned with
//! two computers, the app closed and started again on the same profile, resumed where it
//! was (the computers back with their own copies) and played to the end; with a person at
//! this screen, the app closed mid-game, resumed, and abandoned. The finished games are
//! listed, reviewed and exported.

use std::path::Path;

use lanqi::engine::Level;
use lanqi::peer::{Command, PeerOptions, Sitter, Snapshot};
use lanqi::session::{GameKind, Local, Reason};
use tokio::sync::watch;

#[path = "support/controlled.rs"]
mod controlled;
#[path = "support/temp_dir.rs"]
mod temp_dir;
use controlled::{person_with, until};
use temp_dir::TempDir;

/// The moves that stand in the game on screen, as (ply, seat, move) text.
fn standing(s: &Snapshot) -> Vec<String> {
    s.game.as_ref().map_or_else(Vec::new, |g| {
        lanqi::session::standing_moves(&g.record)
            .iter()
            .map(|(ply, seat, mv)| format!("{ply} {seat} {mv}"))
            .collect()
    })
}

fn moves(s: &Snapshot) -> usize {
    standing(s).len()
}

fn options(name: &str, games: &Path) -> PeerOptions {
    PeerOptions {
        name: name.into(),
        games_dir: Some(games.to_path_buf()),
        ..PeerOptions::default()
    }
}

/// Gomoku for three on a small board (7x7, four in a row).
fn gomoku3() -> GameKind {
    "gomoku:freestyle:7x7:3:4".parse().unwrap()
}

/// The command that plays the first legal move of whichever seat at this screen is to move
/// (mine or a guest's), if one is.
fn next_move(s: &Snapshot) -> Option<Command> {
    let first = |s: &Snapshot| {
        s.game
            .as_ref()
            .filter(|g| g.ending.is_none())
            .and_then(|g| g.legal_moves.first().cloned())
    };
    if let Some(mv) = first(s) {
        return Some(Command::Game(Local::Move(mv)));
    }
    s.guests.iter().enumerate().find_map(|(i, g)| {
        first(g).map(|mv| Command::Guest(i, Box::new(Command::Game(Local::Move(mv)))))
    })
}

/// Plays at this screen (the computers answer) until `target` moves stand, or to the end
/// with `None`; returns the last snapshot.
async fn play(
    c: &tokio::sync::mpsc::UnboundedSender<Command>,
    w: &mut watch::Receiver<Snapshot>,
    target: Option<usize>,
) -> Snapshot {
    loop {
        let s = until(w, |s| {
            s.game.as_ref().is_some_and(|g| g.ending.is_some())
                || target.is_some_and(|t| moves(s) >= t)
                || next_move(s).is_some()
        })
        .await;
        let over = s.game.as_ref().is_some_and(|g| g.ending.is_some());
        if over || target.is_some_and(|t| moves(&s) >= t) {
            return s;
        }
        let before = moves(&s);
        c.send(next_move(&s).unwrap()).unwrap();
        until(w, |s| {
            moves(s) > before || s.game.as_ref().is_some_and(|g| g.ending.is_some())
        })
        .await;
    }
}

#[tokio::test]
async fn a_table_with_two_computers_is_adjourned_resumed_after_a_restart_and_finished() {
    let dir = TempDir::new("table-adjourn");
    let games = dir.0.join("games");
    let names = ["gwen", "computer (easy)", "computer (easy)"];
    // The first run: two computers of one level (two players, each its own identity),
    // two rounds, Adjourn, close the window.
    let left = {
        let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let (c, mut w, me) = person_with(&socket, 61, options("gwen", &games));
        let person = async {
            until(&mut w, |s| s.name == "gwen").await;
            let sitters = vec![Sitter::Computer(Level::Easy), Sitter::Computer(Level::Easy)];
            c.send(Command::OpenTable(gomoku3(), sitters)).unwrap();
            play(&c, &mut w, Some(6)).await;
            let left = until(&mut w, |s| moves(s) == 6 && next_move(s).is_some()).await;
            let g = left.game.as_ref().unwrap();
            let seats: Vec<&str> = g.seats.iter().map(|s| s.name.as_str()).collect();
            assert_eq!(seats, names);
            c.send(Command::Adjourn).unwrap();
            let s = until(&mut w, |s| s.game.is_none() && s.adjourned.is_some()).await;
            let adjourned = s.adjourned.unwrap();
            assert_eq!(adjourned.game, gomoku3());
            assert_eq!(adjourned.opponent, "computer (easy), computer (easy)");
            assert_eq!(adjourned.moves, 6);
            c.send(Command::Quit).unwrap();
            left
        };
        let (run, left) = tokio::join!(me, person);
        run.expect("the peer stops cleanly");
        left
    };
    // The next start: offered in the lobby; resumed where it was, the computers back.
    {
        let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let (c, mut w, me) = person_with(&socket, 61, options("gwen", &games));
        let person = async {
            let s = until(&mut w, |s| s.adjourned.is_some()).await;
            assert!(s.game.is_none(), "offered, not forced");
            assert_eq!(s.adjourned.as_ref().unwrap().moves, 6);
            c.send(Command::Resume).unwrap();
            let s = until(&mut w, |s| s.game.is_some()).await;
            assert_eq!(
                standing(&s),
                standing(&left),
                "the game goes on where it was"
            );
            assert!(s.adjourned.is_none());
            let g = s.game.as_ref().unwrap();
            let seats: Vec<&str> = g.seats.iter().map(|s| s.name.as_str()).collect();
            assert_eq!(seats, names);
            // My move, and both computers answer: the table is whole again.
            let s = play(&c, &mut w, Some(9)).await;
            assert!(moves(&s) >= 9 || s.game.unwrap().ending.is_some());
            let s = play(&c, &mut w, None).await;
            let ending = s.game.unwrap().ending.unwrap();
            assert!(
                ending.winner.is_some() || ending.reason == Reason::FullBoard,
                "{ending:?}"
            );
            c.send(Command::Quit).unwrap();
        };
        let (run, ()) = tokio::join!(me, person);
        run.expect("the peer stops cleanly");
    }
    // Finished: listed with the other seats' names, reviewed, exported.
    let (finished, problems) = lanqi::peer::archive::finished_games(&games);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(finished.len(), 1, "{finished:?}");
    assert_eq!(finished[0].opponent, "computer (easy), computer (easy)");
    assert!(finished[0].moves > 6);
    let reviewed = lanqi::peer::archive::open(&finished[0].path).unwrap();
    let game = reviewed.snapshot.game.unwrap();
    assert_eq!(game.seats.len(), 3);
    assert!(game.ending.is_some());
    let (extension, sgf) = reviewed.export;
    assert_eq!(extension, "sgf");
    assert!(sgf.starts_with("(;GM[4]FF[4]"), "{sgf}");
    assert!(sgf.contains("C[seat 1: gwen]"), "{sgf}");
    assert!(sgf.contains("C[seat 3: computer (easy)]"), "{sgf}");
    // Nothing is offered any more.
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (c, mut w, me) = person_with(&socket, 61, options("gwen", &games));
    let person = async {
        let s = until(&mut w, |s| s.name == "gwen").await;
        assert!(s.adjourned.is_none(), "{:?}", s.adjourned);
        c.send(Command::Quit).unwrap();
    };
    let (run, ()) = tokio::join!(me, person);
    run.expect("the peer stops cleanly");
}

#[tokio::test]
async fn a_table_with_a_person_here_survives_closing_the_app_and_is_abandoned() {
    let dir = TempDir::new("table-here");
    let games = dir.0.join("games");
    // The first run: Pema at this screen and the computer; the window closed mid-game.
    let left = {
        let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let (c, mut w, me) = person_with(&socket, 62, options("gwen", &games));
        let person = async {
            until(&mut w, |s| s.name == "gwen").await;
            let sitters = vec![Sitter::Here("Pema".into()), Sitter::Computer(Level::Easy)];
            c.send(Command::OpenTable(gomoku3(), sitters)).unwrap();
            play(&c, &mut w, Some(4)).await;
            // Pema (seat 2) is to move: the closing catches her turn.
            let left = until(&mut w, |s| moves(s) == 4 && next_move(s).is_some()).await;
            c.send(Command::Quit).unwrap();
            left
        };
        let (run, left) = tokio::join!(me, person);
        run.expect("the peer stops cleanly");
        left
    };
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (c, mut w, me) = person_with(&socket, 62, options("gwen", &games));
    let person = async {
        let s = until(&mut w, |s| s.adjourned.is_some()).await;
        let adjourned = s.adjourned.unwrap();
        assert_eq!(adjourned.opponent, "Pema, computer (easy)");
        assert_eq!(adjourned.moves, 4);
        c.send(Command::Resume).unwrap();
        // Pema is back at this screen with her copy, where it was.
        let s = until(&mut w, |s| {
            s.game.is_some() && s.guests.first().is_some_and(|g| moves(g) == 4)
        })
        .await;
        assert_eq!(standing(&s), standing(&left));
        assert_eq!(s.guests[0].name, "Pema");
        assert_eq!(s.guests[0].game.as_ref().unwrap().me, 1);
        // Play on a round, then adjourn and give it up.
        play(&c, &mut w, Some(7)).await;
        until(&mut w, |s| moves(s) >= 7 && next_move(s).is_some()).await;
        c.send(Command::Adjourn).unwrap();
        until(&mut w, |s| s.adjourned.is_some() && s.guests.is_empty()).await;
        c.send(Command::Abandon).unwrap();
        let s = until(&mut w, |s| s.adjourned.is_none()).await;
        assert_eq!(s.problem, None);
        c.send(Command::Quit).unwrap();
    };
    let (run, ()) = tokio::join!(me, person);
    run.expect("the peer stops cleanly");
    // Given up: listed as finished, by resignation, and no longer offered.
    let (finished, _) = lanqi::peer::archive::finished_games(&games);
    assert_eq!(finished.len(), 1, "{finished:?}");
    assert_eq!(finished[0].reason, Reason::Resignation);
    assert_eq!(finished[0].opponent, "Pema, computer (easy)");
    lanqi::peer::archive::open(&finished[0].path).expect("a given-up table opens for review");
}

/// Two app peers and a computer: ann opened the table with ben (on the LAN) and the
/// computer; she adjourns, ben is told and keeps his copy; both apps restart (ben at the
/// same address); ben's lobby offers it too, but ann resumes it: ben's app takes it up from
/// its copy, the computer comes back, and the game goes on where it was at both.
#[tokio::test]
async fn two_app_peers_and_a_computer_adjourn_restart_and_resume() {
    let dir = TempDir::new("table-lan");
    let (ga, gb) = (dir.0.join("ann"), dir.0.join("ben"));
    let sb = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let ben_at = sb.local_addr().unwrap();
    let left = {
        let sa = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let (ca, mut wa, ann) = person_with(&sa, 63, options("ann", &ga));
        let (cb, mut wb, ben) = person_with(&sb, 64, options("ben", &gb));
        let people = async {
            until(&mut wa, |s| s.name == "ann").await;
            let sitters = vec![Sitter::Lan(ben_at), Sitter::Computer(Level::Easy)];
            ca.send(Command::OpenTable(gomoku3(), sitters)).unwrap();
            until(&mut wb, |s| s.incoming.is_some()).await;
            cb.send(Command::Accept).unwrap();
            // Two rounds: ann, ben, the computer.
            for n in [0, 3] {
                play(&ca, &mut wa, Some(n + 1)).await;
                play(&cb, &mut wb, Some(n + 2)).await;
                until(&mut wa, |a| moves(a) == n + 3).await;
            }
            let left = until(&mut wa, |s| moves(s) == 6 && next_move(s).is_some()).await;
            until(&mut wb, |s| moves(s) == 6).await;
            ca.send(Command::Adjourn).unwrap();
            let s = until(&mut wb, |s| s.adjourned.is_some()).await;
            assert_eq!(s.adjourned.unwrap().opponent, "ann, computer (easy)");
            let s = until(&mut wa, |s| s.adjourned.is_some()).await;
            assert_eq!(s.adjourned.unwrap().opponent, "ben, computer (easy)");
            ca.send(Command::Quit).unwrap();
            cb.send(Command::Quit).unwrap();
            left
        };
        let (a, b, left) = tokio::join!(ann, ben, people);
        a.expect("ann stops cleanly");
        b.expect("ben stops cleanly");
        left
    };
    drop(sb);
    let sa = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let sb = tokio::net::UdpSocket::bind(ben_at).await.unwrap();
    let (ca, mut wa, ann) = person_with(&sa, 63, options("ann", &ga));
    let (cb, mut wb, ben) = person_with(&sb, 64, options("ben", &gb));
    let people = async {
        until(&mut wb, |s| s.adjourned.is_some()).await;
        // Ben cannot resume ann's table himself: she opened it.
        cb.send(Command::Resume).unwrap();
        let s = until(&mut wb, |s| s.problem.is_some()).await;
        assert!(
            s.problem
                .unwrap()
                .to_string()
                .contains("ann opened this table")
        );
        until(&mut wa, |s| s.adjourned.is_some()).await;
        ca.send(Command::Resume).unwrap();
        let a = until(&mut wa, |s| s.game.is_some()).await;
        let b = until(&mut wb, |s| s.game.is_some()).await;
        assert_eq!(standing(&a), standing(&left), "where it was, at ann");
        assert_eq!(standing(&b), standing(&left), "and at ben");
        assert!(a.adjourned.is_none() && b.adjourned.is_none());
        // It goes on: ann's move reaches ben.
        play(&ca, &mut wa, Some(7)).await;
        until(&mut wb, |s| moves(s) == 7).await;
        ca.send(Command::Quit).unwrap();
        cb.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(ann, ben, people) };
    let (a, b, ()) = tokio::time::timeout(std::time::Duration::from_secs(300), run)
        .await
        .expect("resuming the table never got stuck");
    a.expect("ann stops cleanly");
    b.expect("ben stops cleanly");
}
