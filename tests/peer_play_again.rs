//! Play again against the computer: through the app's own commands (Play the computer,
//! a move, Resign, New game), two games in a row in every game, each with the computer
//! moving in the second as in the first. Before the fix the computer left after its first
//! game and the second waited for ever on its turn.

use lanqi::engine::Level;
use lanqi::peer::{Command, Snapshot};
use lanqi::rules::junqi::Layout;
use lanqi::session::{GameKind, Local, standing_moves};

#[path = "support/controlled.rs"]
mod controlled;
#[path = "support/temp_dir.rs"]
mod temp_dir;
use controlled::{person, until};

/// The moves the computer made that stand in the game on screen.
fn computer_moves(s: &Snapshot) -> usize {
    let Some(g) = &s.game else { return 0 };
    standing_moves(&g.record)
        .iter()
        .filter(|(_, seat, _)| *seat != g.me)
        .count()
}

fn over(s: &Snapshot) -> bool {
    s.game.as_ref().is_some_and(|g| g.ending.is_some())
}

/// Plays `game` against the computer at `level`: two games, each until the computer has
/// moved at least once, then resigned; between them, New game from the finished game's
/// screen.
async fn two_games_in_a_row(game: GameKind, level: Level, secret: u8) {
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, secret, "dawa");
    let person = async {
        until(&mut wa, |s| s.name == "dawa").await;
        ca.send(Command::PlayComputer(game, level)).unwrap();
        for round in 1..=2 {
            // The game on screen is a new one (the first, or the one New game started).
            until(&mut wa, |s| {
                s.game.as_ref().is_some_and(|g| g.ending.is_none())
            })
            .await;
            if matches!(game, GameKind::Junqi) {
                ca.send(Command::Deploy(Layout::random(u64::from(secret) + round)))
                    .unwrap();
            }
            // We move when it is our turn, until the computer has answered at least once.
            loop {
                let s = until(&mut wa, |s| {
                    computer_moves(s) > 0
                        || over(s)
                        || s.game.as_ref().is_some_and(|g| !g.legal_moves.is_empty())
                })
                .await;
                assert!(
                    !over(&s),
                    "game {round}: it ended before the computer moved"
                );
                if computer_moves(&s) > 0 {
                    break;
                }
                let g = s.game.unwrap();
                let before = g.record.len();
                ca.send(Command::Game(Local::Move(g.legal_moves[0].clone())))
                    .unwrap();
                until(&mut wa, |s| {
                    s.game.as_ref().is_some_and(|g| g.record.len() > before) || over(s)
                })
                .await;
            }
            ca.send(Command::Game(Local::Resign)).unwrap();
            let s = until(&mut wa, over).await;
            let g = s.game.unwrap();
            assert_ne!(
                g.ending.unwrap().winner,
                Some(g.me),
                "game {round}: we resigned"
            );
            if round == 1 {
                // New game, as the finished game's screen offers it; asked again while the
                // end is still being confirmed (the screen's button stays there too).
                let mut tries = 0;
                loop {
                    ca.send(Command::NewGame).unwrap();
                    let asked = tokio::time::timeout(
                        std::time::Duration::from_secs(2),
                        until(&mut wa, |s| !over(s)),
                    )
                    .await;
                    if asked.is_ok() {
                        break;
                    }
                    tries += 1;
                    assert!(
                        tries < 30,
                        "New game never started a game: {:#?}",
                        wa.borrow()
                    );
                }
            }
        }
        ca.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(me, person).0 };
    tokio::time::timeout(std::time::Duration::from_secs(240), run)
        .await
        .expect("two games against the computer, each answered")
        .expect("the peer quits cleanly");
}

#[tokio::test]
async fn junqi_twice_against_the_computer() {
    two_games_in_a_row(GameKind::Junqi, Level::Easy, 41).await;
}

#[tokio::test]
async fn xiangqi_twice_against_the_computer() {
    two_games_in_a_row(GameKind::Xiangqi, Level::Medium, 42).await;
}

#[tokio::test]
async fn gomoku_twice_against_the_computer() {
    two_games_in_a_row(GameKind::ALL[2], Level::Easy, 43).await;
}

#[tokio::test]
async fn tibetan_chess_twice_against_the_computer() {
    two_games_in_a_row(GameKind::ALL[3], Level::Easy, 44).await;
}

/// A program that speaks just enough UCI to be taken as an engine, and never answers `go`.
fn engine_that_never_moves(dir: &std::path::Path) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("stuck-engine");
    let script = "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name Stuck 1'; \
         echo uciok;;\n    isready) echo readyok;;\n    quit) exit 0;;\n  esac\ndone\n";
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[tokio::test]
async fn a_computer_that_will_not_move_is_said_within_seconds() {
    use lanqi::engine::xiangqi::external::probe;
    let dir = temp_dir::TempDir::new("stuck");
    let engine = probe(&engine_that_never_moves(&dir.0)).expect("it answers uci");
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, 45, "tenzin");
    let person = async {
        until(&mut wa, |s| s.name == "tenzin").await;
        ca.send(Command::PlayEngine(engine)).unwrap();
        let s = until(&mut wa, |s| {
            s.game.as_ref().is_some_and(|g| g.board.is_some())
        })
        .await;
        // We move if we are Red (the coin chooses); then it is the engine's turn for good.
        let g = s.game.unwrap();
        if !g.legal_moves.is_empty() {
            ca.send(Command::Game(Local::Move(g.legal_moves[0].clone())))
                .unwrap();
        }
        let s = until(&mut wa, |s| s.problem.is_some()).await;
        let problem = s.problem.unwrap();
        assert!(
            matches!(
                problem,
                lanqi::peer::problem::Problem::ComputerSilent { .. }
            ),
            "the user is told the computer is not moving: {problem}"
        );
        // In the words of each language the screen speaks.
        assert!(problem.words(lanqi::lang::Lang::Zh).contains("电脑"));
        assert_eq!(
            s.game.unwrap().ending,
            None,
            "nothing was decided for the user"
        );
        ca.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(me, person).0 };
    let result = tokio::time::timeout(std::time::Duration::from_secs(120), run).await;
    result
        .expect("the user was told within the deadline")
        .expect("the peer quits cleanly");
}

/// Answers a presence ping sent to `to` from a stranger's endpoint on loopback: the status
/// the peer there gives (`idle` or `playing`).
async fn status_of(to: std::net::SocketAddr) -> String {
    use lanqi::net::{Endpoint, EndpointConfig, NetEvent};
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let mut ep = Endpoint::new(
        ed25519_dalek::SigningKey::from_bytes(&[99; 32]),
        EndpointConfig::default(),
        Box::new(rand::random),
    );
    let mut buf = vec![0u8; 2048];
    for _ in 0..20 {
        ep.ping(to);
        while let Some((addr, d)) = ep.poll_transmit(0) {
            socket.send_to(&d, addr).await.unwrap();
        }
        let wait = std::time::Duration::from_millis(500);
        if let Ok(Ok((n, from))) = tokio::time::timeout(wait, socket.recv_from(&mut buf)).await {
            ep.handle_datagram(from, &buf[..n], 0);
        }
        while let Some(event) = ep.poll_event() {
            if let NetEvent::Pong { status, .. } = event {
                return status;
            }
        }
    }
    panic!("no answer to 20 pings at {to}");
}

/// A player who adjourns a game against the computer is back in the lobby: others see it
/// ready to play (`idle`), whatever unfinished game it keeps (it said `playing` before).
#[tokio::test]
async fn a_player_who_adjourns_is_shown_ready_in_the_lobby() {
    let dir = temp_dir::TempDir::new("adjourned");
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let addr = socket.local_addr().unwrap();
    let options = lanqi::peer::PeerOptions {
        name: "pema".into(),
        games_dir: Some(dir.0.clone()),
        ..lanqi::peer::PeerOptions::default()
    };
    let (ca, mut wa, me) = controlled::person_with(&socket, 46, options);
    let person = async {
        until(&mut wa, |s| s.name == "pema").await;
        ca.send(Command::PlayComputer(GameKind::ALL[2], Level::Easy))
            .unwrap();
        until(&mut wa, |s| {
            computer_moves(s) > 0 || s.game.as_ref().is_some_and(|g| !g.legal_moves.is_empty())
        })
        .await;
        assert_eq!(status_of(addr).await, "playing", "in a game");
        ca.send(Command::Adjourn).unwrap();
        until(&mut wa, |s| s.adjourned.is_some()).await;
        assert_eq!(
            status_of(addr).await,
            "idle",
            "in the lobby with a game kept"
        );
        ca.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(me, person).0 };
    let result = tokio::time::timeout(std::time::Duration::from_secs(120), run).await;
    result
        .expect("adjourned within the deadline")
        .expect("the peer quits cleanly");
}
