//! Two peers driven by hand (as the desktop app drives them) over the in-memory link: one
//! challenges from its lobby, the other sees the challenge and accepts; both deploy; they
//! move from the legal moves their snapshots offer; an undo is asked and granted on the
//! other side; a chat line crosses; one resigns; both see the same ending and a passed
//! audit; both leave on Quit. Tables of three: the app opens one with computers, or with
//! another app on the LAN and a computer, and plays it to the end.

use std::net::SocketAddr;

use lanqi::engine::Level;
use lanqi::net::{LinkQuality, LossyNet};
use lanqi::peer::control::Chair;
use lanqi::peer::{Command, PeerOptions, Snapshot};

#[path = "support/controlled.rs"]
mod controlled;
#[path = "support/temp_dir.rs"]
mod temp_dir;
use controlled::{person, person_with, until};
use lanqi::rules::junqi::Layout;
use lanqi::session::{AnyMove, GameKind, Local, Reason};
use temp_dir::TempDir;
use tokio::sync::watch;

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 5], port))
}

/// The moves that stand (an undo takes back a move and every one since).
fn moves(s: &Snapshot) -> usize {
    moves_of(s.game.as_ref().unwrap())
}

#[tokio::test(start_paused = true)]
async fn two_people_play_through_their_snapshots() {
    let net = LossyNet::new(LinkQuality::BAD_WIFI, 9);
    let (ta, tb) = (net.attach(addr(1)), net.attach(addr(2)));
    let (ca, mut wa, alice) = person(&ta, 1, "alice");
    let (cb, mut wb, bob) = person(&tb, 2, "bob");
    let people = async {
        until(&mut wa, |s| s.name == "alice").await;
        cb.send(Command::Challenge(addr(1), GameKind::Junqi))
            .unwrap();
        let seen = until(&mut wa, |s| s.incoming.is_some()).await;
        assert_eq!(seen.incoming.unwrap().name, "bob");
        ca.send(Command::Accept).unwrap();
        // Bob challenged: seat 0, South. Both deploy.
        until(&mut wb, |s| s.game.is_some()).await;
        cb.send(Command::Deploy(Layout::random(11))).unwrap();
        until(&mut wa, |s| s.game.is_some()).await;
        ca.send(Command::Deploy(Layout::random(12))).unwrap();
        until(&mut wa, |s| {
            s.game.as_ref().is_some_and(|g| g.board.is_some())
        })
        .await;
        assert_eq!(wa.borrow().opponent.as_ref().unwrap().0, "bob");
        // Play: whoever has legal moves plays the first.
        let mut undo_done = false;
        loop {
            let (a, b) = (wa.borrow().clone(), wb.borrow().clone());
            let (ga, gb) = (a.game.as_ref().unwrap(), b.game.as_ref().unwrap());
            if ga.ending.is_some() && gb.ending.is_some() {
                break;
            }
            let played = moves(&a).min(moves(&b));
            if played == 6 && !undo_done && !ga.busy && !gb.busy && moves(&a) == moves(&b) {
                // The last mover asks to take its move back; the other side sees the
                // request and grants it.
                let last = if ga.to_move == Some(0) { &ca } else { &cb };
                last.send(Command::Game(Local::AskUndo)).unwrap();
                let (asker_is_alice, other) = if ga.to_move == Some(0) {
                    (true, &mut wb)
                } else {
                    (false, &mut wa)
                };
                let s = until(other, |s| s.game.as_ref().unwrap().undo.is_some()).await;
                assert_eq!(s.game.unwrap().undo.unwrap().1, 6);
                let answer = if asker_is_alice { &cb } else { &ca };
                answer.send(Command::Game(Local::AnswerUndo(true))).unwrap();
                until(&mut wa, |s| moves(s) == 5).await;
                until(&mut wb, |s| moves(s) == 5).await;
                undo_done = true;
                ca.send(Command::Game(Local::Chat("稍等".into()))).unwrap();
                continue;
            }
            if played >= 14 && undo_done {
                cb.send(Command::Game(Local::Resign)).unwrap();
                until(&mut wa, |s| s.game.as_ref().unwrap().ending.is_some()).await;
                continue;
            }
            if let Some(mv) = ga.legal_moves.first() {
                ca.send(Command::Game(Local::Move(mv.clone()))).unwrap();
                until(&mut wb, |s| moves(s) == moves(&a) + 1).await;
            } else if let Some(mv) = gb.legal_moves.first() {
                cb.send(Command::Game(Local::Move(mv.clone()))).unwrap();
                until(&mut wa, |s| moves(s) == moves(&b) + 1).await;
            } else {
                tokio::select! {
                    _ = wa.changed() => {},
                    _ = wb.changed() => {},
                }
            }
        }
        for w in [&mut wa, &mut wb] {
            let s = until(w, |s| s.game.as_ref().unwrap().audit.is_some()).await;
            let g = s.game.unwrap();
            let ending = g.ending.unwrap();
            assert_eq!(ending.reason, Reason::Resignation);
            assert_eq!(ending.winner, Some(1), "bob resigned: alice (north) wins");
            assert!(g.audit.unwrap().ok, "an honest game passes the audit");
        }
        ca.send(Command::Quit).unwrap();
        cb.send(Command::Quit).unwrap();
    };
    let (ra, rb, ()) = tokio::join!(alice, bob, people);
    ra.expect("alice quits cleanly");
    rb.expect("bob quits cleanly");
}

#[tokio::test]
async fn the_lobby_offers_the_computer_as_an_opponent() {
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, 3, "carol");
    let person = async {
        until(&mut wa, |s| s.name == "carol").await;
        ca.send(Command::PlayComputer(GameKind::Junqi, Level::Easy))
            .unwrap();
        let s = until(&mut wa, |s| s.game.is_some()).await;
        assert_eq!(s.opponent.unwrap().0, "computer (easy)");
        ca.send(Command::Deploy(Layout::random(5))).unwrap();
        // The computer deploys its own army and plays; we answer with our first legal move
        // until it has made three moves, then resign.
        loop {
            let s = until(&mut wa, |s| {
                let g = s.game.as_ref().unwrap();
                !g.legal_moves.is_empty() || g.ending.is_some()
            })
            .await;
            let g = s.game.unwrap();
            if g.ending.is_some() || moves(&wa.borrow()) >= 6 {
                break;
            }
            ca.send(Command::Game(Local::Move(g.legal_moves[0].clone())))
                .unwrap();
            let before = moves(&wa.borrow());
            until(&mut wa, |s| moves(s) > before).await;
        }
        // The computer grants every undo: in Junqi too, back to before our first move.
        if wa.borrow().game.as_ref().unwrap().ending.is_none() {
            loop {
                let s = until(&mut wa, |s| {
                    let g = s.game.as_ref().unwrap();
                    !g.busy && g.undo.is_none() && (!g.legal_moves.is_empty() || g.ending.is_some())
                })
                .await;
                let before = moves(&s);
                let g = s.game.unwrap();
                let ours = lanqi::session::standing_moves(&g.record)
                    .iter()
                    .any(|(_, seat, _)| *seat == g.me);
                if !ours || g.ending.is_some() {
                    break;
                }
                ca.send(Command::Game(Local::AskUndo)).unwrap();
                until(&mut wa, |s| moves(s) < before).await;
            }
            let s = until(&mut wa, |s| {
                !s.game.as_ref().unwrap().legal_moves.is_empty()
            })
            .await;
            assert!(
                moves(&s) <= 1,
                "back to the start: our first move is to make again"
            );
        }
        ca.send(Command::Game(Local::Resign)).unwrap();
        let s = until(&mut wa, |s| s.game.as_ref().unwrap().audit.is_some()).await;
        assert!(s.game.unwrap().audit.unwrap().ok, "the computer plays fair");
        ca.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(me, person).0 };
    tokio::time::timeout(std::time::Duration::from_secs(120), run)
        .await
        .expect("the game against the computer never got stuck")
        .expect("the peer quits cleanly");
}

#[tokio::test(start_paused = true)]
async fn two_people_play_xiangqi_with_an_undo_a_chat_and_a_draw_by_agreement() {
    let net = LossyNet::new(LinkQuality::BAD_WIFI, 21);
    let (ta, tb) = (net.attach(addr(1)), net.attach(addr(2)));
    let (ca, mut wa, alice) = person(&ta, 1, "alice");
    let (cb, mut wb, bob) = person(&tb, 2, "bob");
    let people = async {
        until(&mut wa, |s| s.name == "alice").await;
        cb.send(Command::Challenge(addr(1), GameKind::Xiangqi))
            .unwrap();
        let seen = until(&mut wa, |s| s.incoming.is_some()).await;
        assert_eq!(
            seen.incoming.unwrap().game,
            GameKind::Xiangqi,
            "the game is named"
        );
        ca.send(Command::Accept).unwrap();
        // Nothing to deploy: both boards show the start position at once.
        let a = until(&mut wa, |s| {
            s.game.as_ref().is_some_and(|g| g.board.is_some())
        })
        .await;
        let b = until(&mut wb, |s| {
            s.game.as_ref().is_some_and(|g| g.board.is_some())
        })
        .await;
        let (ga, gb) = (a.game.unwrap(), b.game.unwrap());
        assert_eq!(ga.game, GameKind::Xiangqi);
        assert_eq!(ga.board, gb.board);
        assert!(
            ga.board
                .as_ref()
                .unwrap()
                .to_string()
                .starts_with("rnbakabnr/9/1c5c1/")
        );
        assert_eq!(ga.first, gb.first);
        // Red (the first seat) has the 44 opening moves; Black has none yet.
        let (red, black) = if ga.me == ga.first {
            (&ca, &cb)
        } else {
            (&cb, &ca)
        };
        let (wred, wblack) = if ga.me == ga.first {
            (&mut wa, &mut wb)
        } else {
            (&mut wb, &mut wa)
        };
        let r = until(wred, |s| !s.game.as_ref().unwrap().legal_moves.is_empty()).await;
        assert_eq!(r.game.unwrap().legal_moves.len(), 44);
        // 炮二平五, 马8进7, 马二进三, then Red takes its third move back by consent.
        for (mover, mv) in [(red, "h2e2"), (black, "h9g7"), (red, "h0g2"), (red, "-")] {
            if mv == "-" {
                red.send(Command::Game(Local::AskUndo)).unwrap();
                let s = until(wblack, |s| s.game.as_ref().unwrap().undo.is_some()).await;
                assert_eq!(s.game.unwrap().undo.unwrap().1, 3);
                black.send(Command::Game(Local::AnswerUndo(true))).unwrap();
                until(wred, |s| moves(s) == 2).await;
                until(wblack, |s| moves(s) == 2).await;
                continue;
            }
            let before = moves(&wred.borrow());
            let mv = AnyMove::parse(GameKind::Xiangqi, mv).unwrap();
            mover.send(Command::Game(Local::Move(mv))).unwrap();
            until(wred, |s| moves(s) == before + 1).await;
            until(wblack, |s| moves(s) == before + 1).await;
        }
        assert_eq!(
            wred.borrow().game.as_ref().unwrap().board,
            wblack.borrow().game.as_ref().unwrap().board,
            "both boards agree after the undo"
        );
        black
            .send(Command::Game(Local::Chat("和棋吗?".into())))
            .unwrap();
        until(wred, |s| s.game.as_ref().unwrap().chat.len() == 1).await;
        red.send(Command::Game(Local::OfferDraw)).unwrap();
        until(wblack, |s| s.game.as_ref().unwrap().draw.is_some()).await;
        black.send(Command::Game(Local::AnswerDraw(true))).unwrap();
        for w in [&mut wa, &mut wb] {
            let s = until(w, |s| s.game.as_ref().unwrap().ending.is_some()).await;
            let g = s.game.unwrap();
            let ending = g.ending.unwrap();
            assert_eq!((ending.winner, ending.reason), (None, Reason::DrawAgreed));
            assert!(g.audit.is_none(), "nothing hidden, nothing to audit");
        }
        ca.send(Command::Quit).unwrap();
        cb.send(Command::Quit).unwrap();
    };
    let (ra, rb, ()) = tokio::join!(alice, bob, people);
    ra.expect("alice quits cleanly");
    rb.expect("bob quits cleanly");
}

#[tokio::test]
async fn xiangqi_against_the_computer_over_loopback() {
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, 4, "dave");
    let person = async {
        until(&mut wa, |s| s.name == "dave").await;
        ca.send(Command::PlayComputer(GameKind::Xiangqi, Level::Easy))
            .unwrap();
        let s = until(&mut wa, |s| {
            s.game.as_ref().is_some_and(|g| g.board.is_some())
        })
        .await;
        assert_eq!(s.opponent.unwrap().0, "computer (easy)");
        // We play our first legal move each turn; the computer answers every one.
        while moves(&wa.borrow()) < 8 {
            let s = until(&mut wa, |s| {
                let g = s.game.as_ref().unwrap();
                !g.legal_moves.is_empty() || g.ending.is_some()
            })
            .await;
            let g = s.game.unwrap();
            if g.ending.is_some() {
                break;
            }
            let before = moves(&wa.borrow());
            ca.send(Command::Game(Local::Move(g.legal_moves[0].clone())))
                .unwrap();
            // Our move, then the computer's answer.
            until(&mut wa, |s| {
                moves(s) >= before + 2 || s.game.as_ref().unwrap().ending.is_some()
            })
            .await;
        }
        // The computer grants every undo: back to before our first move, one of ours (and
        // its answer) at a time.
        if wa.borrow().game.as_ref().unwrap().ending.is_none() {
            loop {
                let before = moves(&wa.borrow());
                let me = wa.borrow().game.as_ref().unwrap().me;
                let record = wa.borrow().game.as_ref().unwrap().record.clone();
                let ours = lanqi::session::standing_moves(&record)
                    .iter()
                    .any(|(_, seat, _)| *seat == me);
                if !ours {
                    break;
                }
                ca.send(Command::Game(Local::AskUndo)).unwrap();
                until(&mut wa, |s| {
                    moves(s) < before && s.game.as_ref().unwrap().undo.is_none()
                })
                .await;
            }
            let s = until(&mut wa, |s| {
                !s.game.as_ref().unwrap().legal_moves.is_empty()
            })
            .await;
            assert!(
                moves(&s) <= 1,
                "back to the start: our first move is to make again"
            );
        }
        ca.send(Command::Game(Local::Resign)).unwrap();
        let s = until(&mut wa, |s| s.game.as_ref().unwrap().ending.is_some()).await;
        let g = s.game.unwrap();
        assert_ne!(g.ending.as_ref().unwrap().winner, Some(g.me), "we resigned");
        ca.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(me, person).0 };
    tokio::time::timeout(std::time::Duration::from_secs(120), run)
        .await
        .expect("the game against the computer never got stuck")
        .expect("the peer quits cleanly");
}

/// The seat whose turn it is at the screen and its snapshot; none while the two seats
/// disagree on whose turn it is (a datagram between them is in flight).
fn at_screen(s: &Snapshot) -> Option<(Chair, Snapshot)> {
    let chair = s.chair()?;
    let seat = match chair {
        Chair::Host => s.clone(),
        Chair::Guest(i) => s.guests.get(i).cloned().expect("a hot-seat guest"),
    };
    Some((chair, seat))
}

/// `command` for the seat in `chair`, as the host takes it.
fn to(chair: Chair, command: Command) -> Command {
    match chair {
        Chair::Host => command,
        Chair::Guest(i) => Command::Guest(i, Box::new(command)),
    }
}

#[tokio::test]
async fn hot_seat_two_people_deploy_play_and_undo_at_one_screen() {
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let games = TempDir::new("hot-seat-games");
    let options = PeerOptions {
        name: "erin".into(),
        games_dir: Some(games.0.clone()),
        ..PeerOptions::default()
    };
    let (host, mut w, run) = person_with(&socket, 6, options);
    let last = w.clone();
    let people = async {
        until(&mut w, |s| s.name == "erin").await;
        host.send(Command::HotSeat(GameKind::Junqi, "frank".into()))
            .unwrap();
        let s = until(&mut w, |s| {
            s.game.is_some() && s.guests.first().is_some_and(|g| g.game.is_some())
        })
        .await;
        assert_eq!(s.opponent.as_ref().unwrap().0, "frank");
        assert_eq!(s.guests[0].opponent.as_ref().unwrap().0, "erin");
        // The host deploys first, then the screen is the guest's.
        assert_eq!(s.chair(), Some(Chair::Host));
        host.send(Command::Deploy(Layout::random(1))).unwrap();
        until(&mut w, |s| s.chair() == Some(Chair::Guest(0))).await;
        host.send(Command::Guest(
            0,
            Box::new(Command::Deploy(Layout::random(2))),
        ))
        .unwrap();
        until(&mut w, |s| {
            let board = |s: &Snapshot| s.game.as_ref().is_some_and(|g| g.board.is_some());
            board(s) && s.guests.first().is_some_and(board)
        })
        .await;
        // Whoever's turn it is at the screen moves, ten times.
        while moves(&w.borrow()) < 10 {
            let Some((chair, seat)) = at_screen(&w.borrow()) else {
                w.changed().await.unwrap();
                continue;
            };
            let g = seat.game.as_ref().unwrap();
            assert!(g.ending.is_none(), "ten quiet moves do not end a game");
            let mv = g.legal_moves.first().expect("the seat to move can move");
            let before = moves(&w.borrow());
            host.send(to(chair, Command::Game(Local::Move(mv.clone()))))
                .unwrap();
            until(&mut w, |s| moves(s) > before).await;
        }
        // The last mover asks to take its move back; the screen stays with the seat that
        // must answer, which grants it; then the screen is the asker's again.
        let s = until(&mut w, |s| s.chair().is_some()).await;
        let answering = s.chair().unwrap();
        let asker = match answering {
            Chair::Host => Chair::Guest(0),
            Chair::Guest(_) => Chair::Host,
        };
        host.send(to(asker, Command::Game(Local::AskUndo))).unwrap();
        // (The answering seat's own view must have the request before it can answer.)
        let s = until(&mut w, |s| {
            at_screen(s).is_some_and(|(_, seat)| seat.game.unwrap().undo.is_some())
        })
        .await;
        assert_eq!(s.chair(), Some(answering), "the one asked answers");
        host.send(to(answering, Command::Game(Local::AnswerUndo(true))))
            .unwrap();
        let s = until(&mut w, |s| moves(s) == 9 && s.chair().is_some()).await;
        assert_eq!(s.chair(), Some(asker), "the move is the asker's again");
        // The seat to move resigns; both see the end and a passed audit.
        host.send(to(asker, Command::Game(Local::Resign))).unwrap();
        let s = until(&mut w, |s| {
            let audited = |s: &Snapshot| s.game.as_ref().is_some_and(|g| g.audit.is_some());
            audited(s) && s.guests.first().is_some_and(audited)
        })
        .await;
        assert_eq!(
            s.chair(),
            Some(Chair::Host),
            "after the game the screen is the host's"
        );
        for g in [s.game.clone(), s.guests[0].game.clone()].map(Option::unwrap) {
            assert_eq!(g.ending.unwrap().reason, Reason::Resignation);
            assert!(
                g.audit.unwrap().ok,
                "an honest hot-seat game passes the audit"
            );
        }
        host.send(Command::Quit).unwrap();
    };
    let result = tokio::time::timeout(std::time::Duration::from_secs(120), async {
        tokio::join!(run, people).0
    })
    .await
    .unwrap_or_else(|_| panic!("the hot-seat game got stuck at {:#?}", last.borrow()));
    result.expect("the host quits cleanly");
    // Kept like any other game: listed among the finished ones, against the second player.
    let (finished, problems) = lanqi::peer::archive::finished_games(&games.0);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(finished.len(), 1);
    assert_eq!(finished[0].opponent, "frank");
    assert_eq!(finished[0].reason, Reason::Resignation);
}

/// A person watches a Junqi game from the app (观战): two bots play over a bad Wi-Fi, and
/// a hand-driven peer that joins mid-game sees the game so far, follows it to the end,
/// agrees with the player on every move and the result, and sees a rank only in the
/// audit: until then its board shows every piece as a back (a revealed flag aside).
#[tokio::test(start_paused = true)]
async fn a_person_watches_a_junqi_game_and_sees_no_rank_before_the_audit() {
    use lanqi::peer::{self, BotKind};
    use lanqi::store::Identity;
    use std::cell::RefCell;
    let net = LossyNet::new(LinkQuality::BAD_WIFI, 21);
    let (ta, tb, tc) = (
        net.attach(addr(1)),
        net.attach(addr(2)),
        net.attach(addr(3)),
    );
    let options = |name: &str, connect, seed| PeerOptions {
        name: name.into(),
        connect,
        bot: BotKind::Random,
        delay_ms: 40,
        seed,
        ..PeerOptions::default()
    };
    let events = RefCell::new(Vec::new());
    let alice = peer::run(
        &ta,
        Identity::from_secret([1; 32]),
        options("alice", None, 11),
        None,
        |v| events.borrow_mut().push(v.clone()),
    );
    let bob = peer::run(
        &tb,
        Identity::from_secret([2; 32]),
        options("bob", Some(addr(1)), 12),
        None,
        |_| {},
    );
    let (cc, mut wc, carol) = person(&tc, 3, "carol");
    let hidden_letter = |c: char| !c.is_ascii_alphabetic() || "xX".contains(c);
    let flag = lanqi::rules::junqi::Kind::Flag.letter();
    let watcher = async {
        until(&mut wc, |s| s.name == "carol").await;
        // Join once the game is under way.
        loop {
            if events
                .borrow()
                .iter()
                .filter(|e| e["event"] == "move")
                .count()
                >= 6
            {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        cc.send(Command::Watch(addr(1))).unwrap();
        let mut boards = Vec::new();
        let view = loop {
            let s = until(&mut wc, |s| {
                s.watching.as_ref().is_some_and(|(_, v)| v.is_some()) || s.problem.is_some()
            })
            .await;
            assert!(s.problem.is_none(), "{:?}", s.problem);
            let (player, view) = s.watching.unwrap();
            assert_eq!(player, "alice");
            let view = view.unwrap();
            boards.extend(view.board.clone());
            if view.audit.is_some() {
                break view;
            }
            wc.changed().await.unwrap();
        };
        cc.send(Command::Quit).unwrap();
        (view, boards)
    };
    let run = async { tokio::join!(alice, bob, carol, watcher) };
    let (ra, rb, rc, (view, boards)) =
        tokio::time::timeout(std::time::Duration::from_secs(600), run)
            .await
            .expect("the watched game ended");
    ra.unwrap();
    rb.unwrap();
    rc.unwrap();
    let events = events.into_inner();
    let theirs: Vec<(u64, String, String)> = events
        .iter()
        .filter(|e| e["event"] == "move")
        .map(|e| {
            (
                e["ply"].as_u64().unwrap(),
                e["side"].to_string(),
                e["move"].to_string(),
            )
        })
        .collect();
    let side = |seat: u8| if seat == 0 { "\"south\"" } else { "\"north\"" };
    let mine: Vec<(u64, String, String)> = view
        .moves
        .iter()
        .map(|(ply, seat, mv, _)| (*ply as u64, side(*seat).to_string(), format!("\"{mv}\"")))
        .collect();
    assert_eq!(mine, theirs, "the spectator's moves are the player's");
    let over = events.iter().find(|e| e["event"] == "over").unwrap();
    let ending = view.ending.as_ref().unwrap();
    assert_eq!(ending.reason.to_string(), over["reason"]);
    let audit = events.iter().find(|e| e["event"] == "audit").unwrap();
    assert_eq!(view.audit.as_ref().unwrap().1, audit["start"]);
    assert!(!boards.is_empty());
    for board in boards.iter().map(ToString::to_string) {
        let field = board.split(' ').next().unwrap();
        assert!(
            field
                .chars()
                .all(|c| hidden_letter(c) || c.eq_ignore_ascii_case(&flag)),
            "a rank shows on the spectator's board: {board}"
        );
    }
}

/// The time control chosen in the lobby is the one the computer's game is played with.
#[tokio::test]
async fn the_time_control_chosen_is_proposed_to_the_computer() {
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, 6, "erin");
    let person = async {
        until(&mut wa, |s| s.name == "erin").await;
        let clock = lanqi::protocol::Clock {
            game_secs: 600,
            move_secs: 0,
        };
        ca.send(Command::SetClock(clock)).unwrap();
        until(&mut wa, |s| s.clock == clock).await;
        ca.send(Command::PlayComputer(GameKind::Xiangqi, Level::Easy))
            .unwrap();
        let s = until(&mut wa, |s| {
            s.game.as_ref().is_some_and(|g| g.board.is_some())
        })
        .await;
        let seats = s.game.unwrap().seats;
        for seat in seats {
            let left = seat.clock.expect("a game clock");
            assert!(left > 590_000 && left <= 600_000, "{left} ms left");
        }
        ca.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(me, person).0 };
    tokio::time::timeout(std::time::Duration::from_secs(120), run)
        .await
        .expect("the game against the computer started")
        .expect("the peer quits cleanly");
}

/// Tibetan chess against the computer through the app's commands, from the first stone to
/// the end: placement, the opening removals, steps, jump chains and flights all happen,
/// each picked from the snapshot's legal moves as the screen offers them.
#[tokio::test]
async fn tibetan_chess_against_the_computer_through_every_phase() {
    use lanqi::rules::tibetan::{Path, Turn};
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, 5, "dolma");
    let person = async {
        until(&mut wa, |s| s.name == "dolma").await;
        // Flying from 26 stones down (a documented setting): flights are open to both
        // sides from the first battle turn, so each of our battle turns is a jump chain
        // (when one is offered) or a flight, whatever the game's course.
        let GameKind::Tibetan(mut rules) = GameKind::ALL[3] else {
            unreachable!("the fourth game is Tibetan chess")
        };
        rules.fly_at = Some(26);
        ca.send(Command::PlayComputer(GameKind::Tibetan(rules), Level::Easy))
            .unwrap();
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut sent = Vec::new();
        loop {
            let s = until(&mut wa, |s| {
                s.game
                    .as_ref()
                    .is_some_and(|g| !g.legal_moves.is_empty() || g.ending.is_some())
            })
            .await;
            let g = s.game.unwrap();
            if g.ending.is_some() {
                break;
            }
            let turn = pick_tibetan(&g.legal_moves, &mut x);
            sent.push(turn.clone());
            let before = moves(&wa.borrow());
            ca.send(Command::Game(Local::Move(
                lanqi::session::AnyMove::Tibetan(turn),
            )))
            .unwrap();
            until(&mut wa, |s| moves(s) > before).await;
        }
        let g = wa.borrow().game.clone().unwrap();
        let turns: Vec<Turn> = lanqi::session::standing_moves(&g.record)
            .iter()
            .filter_map(|(_, _, m)| m.tibetan().cloned())
            .collect();
        let placements = turns
            .iter()
            .filter(|t| matches!(t, Turn::Place(..)))
            .count();
        assert_eq!(placements, 49, "the board was filled in placement");
        assert!(
            turns.iter().any(|t| matches!(t, Turn::Remove(_))),
            "opening removals"
        );
        let jump = |t: &Turn| {
            matches!(
                t,
                Turn::Move {
                    path: Path::Jump(_),
                    ..
                }
            )
        };
        assert!(
            sent.iter().any(|t| jump(t) || is_flight(t)),
            "a jump chain or a flight was made"
        );
        // Every turn made at the screen, of every kind, stands in the game as made.
        let mine: Vec<Turn> = lanqi::session::standing_moves(&g.record)
            .iter()
            .filter(|(_, seat, _)| *seat == g.me)
            .filter_map(|(_, _, m)| m.tibetan().cloned())
            .collect();
        assert_eq!(mine, sent, "every turn we made stands, as made");
        ca.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(me, person).0 };
    tokio::time::timeout(std::time::Duration::from_secs(300), run)
        .await
        .expect("the game against the computer never got stuck")
        .expect("the peer stops cleanly");
}

/// The turn a test player picks from the legal moves on screen: the longest jump chain,
/// else a flight, else any, at random (`x` is its xorshift state).
fn pick_tibetan(legal: &[lanqi::session::AnyMove], x: &mut u64) -> lanqi::rules::tibetan::Turn {
    use lanqi::rules::tibetan::{Path, Turn};
    let turns: Vec<Turn> = legal.iter().filter_map(|m| m.tibetan().cloned()).collect();
    let jump = turns
        .iter()
        .filter_map(|t| match t {
            Turn::Move {
                path: Path::Jump(p),
                ..
            } => Some((p.len(), t)),
            _ => None,
        })
        .max_by_key(|(len, _)| *len)
        .map(|(_, t)| t);
    let flight = turns.iter().find(|t| is_flight(t));
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    let any = &turns[(*x % turns.len() as u64) as usize];
    jump.or(flight).unwrap_or(any).clone()
}

/// Tibetan chess between two people on the LAN (a lossy link), through the app's
/// commands: both finish the same game, placement to the end, and agree on it.
#[tokio::test(start_paused = true)]
async fn tibetan_chess_between_two_people_on_a_lossy_lan() {
    use lanqi::session::AnyMove;
    let net = LossyNet::new(LinkQuality::BAD_WIFI, 16);
    let (ta, tb) = (net.attach(addr(11)), net.attach(addr(12)));
    let (ca, mut wa, alice) = person(&ta, 41, "tashi");
    let (cb, mut wb, bob) = person(&tb, 42, "pema");
    let people = async {
        until(&mut wa, |s| s.name == "tashi").await;
        ca.send(Command::Challenge(addr(12), GameKind::ALL[3]))
            .unwrap();
        until(&mut wb, |s| s.incoming.is_some()).await;
        cb.send(Command::Accept).unwrap();
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        loop {
            let (a, b) = (wa.borrow().clone(), wb.borrow().clone());
            let (ga, gb) = (a.game.as_ref(), b.game.as_ref());
            if ga.is_some_and(|g| g.ending.is_some()) && gb.is_some_and(|g| g.ending.is_some()) {
                break;
            }
            let mover = [(&ca, ga, &mut wb), (&cb, gb, &mut wa)]
                .into_iter()
                .find(|(_, g, _)| {
                    g.is_some_and(|g| !g.legal_moves.is_empty() && g.ending.is_none())
                });
            match mover {
                Some((c, g, other)) => {
                    let g = g.unwrap();
                    let before = moves_of(g);
                    let turn = pick_tibetan(&g.legal_moves, &mut x);
                    c.send(Command::Game(Local::Move(AnyMove::Tibetan(turn))))
                        .unwrap();
                    until(other, |s| {
                        s.game.as_ref().is_some_and(|g| moves_of(g) > before)
                    })
                    .await;
                }
                None => {
                    tokio::select! {
                        _ = wa.changed() => {},
                        _ = wb.changed() => {},
                    }
                }
            }
        }
        let (a, b) = (wa.borrow().clone(), wb.borrow().clone());
        let (ga, gb) = (a.game.unwrap(), b.game.unwrap());
        assert_eq!(ga.ending, gb.ending, "both see the same result");
        assert_eq!(ga.record, gb.record, "and the same game");
        assert!(moves_of(&ga) > 49, "past placement");
        ca.send(Command::Quit).unwrap();
        cb.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(alice, bob, people) };
    let (a, b, ()) = tokio::time::timeout(std::time::Duration::from_secs(3600), run)
        .await
        .expect("the game never got stuck");
    a.expect("tashi stops cleanly");
    b.expect("pema stops cleanly");
}

/// The moves that stand in a game on screen.
fn moves_of(g: &lanqi::peer::control::GameView) -> usize {
    lanqi::session::standing_moves(&g.record).len()
}

/// A step to a point that is not next to the stone: only a side that may fly makes one.
fn is_flight(turn: &lanqi::rules::tibetan::Turn) -> bool {
    use lanqi::rules::tibetan::{Path, Turn};
    match turn {
        Turn::Move {
            path: Path::Slide { from, to },
            ..
        } => from.neighbours() & to.bit() == 0,
        _ => false,
    }
}

/// Plays the first legal move of the seat behind `commands` whenever it is its turn, until
/// its game is over; returns the last snapshot.
async fn play_to_the_end(
    commands: &tokio::sync::mpsc::UnboundedSender<Command>,
    rx: &mut watch::Receiver<Snapshot>,
) -> Snapshot {
    loop {
        let s = until(rx, |s| {
            s.game
                .as_ref()
                .is_some_and(|g| g.ending.is_some() || !g.legal_moves.is_empty())
        })
        .await;
        let g = s.game.as_ref().unwrap();
        if g.ending.is_some() {
            return s;
        }
        let before = moves_of(g);
        commands
            .send(Command::Game(Local::Move(g.legal_moves[0].clone())))
            .unwrap();
        until(rx, |s| {
            s.game
                .as_ref()
                .is_some_and(|g| g.ending.is_some() || moves_of(g) > before)
        })
        .await;
    }
}

/// Gomoku for three on a small board (7x7, four in a row).
fn gomoku_for(seats: u8) -> GameKind {
    format!("gomoku:freestyle:7x7:{seats}:4").parse().unwrap()
}

/// The app opens a Gomoku table of three with two computers: they take seats 2 and 3 at
/// once, the game starts with me in seat 1, an undo of mine is granted by both computers,
/// and the game is played to its end.
#[tokio::test]
async fn a_table_of_three_with_two_computers_is_played_to_the_end() {
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, 53, "gwen");
    let person = async {
        until(&mut wa, |s| s.name == "gwen").await;
        let sitters = vec![
            lanqi::peer::Sitter::Computer(Level::Easy),
            lanqi::peer::Sitter::Computer(Level::Medium),
        ];
        ca.send(Command::OpenTable(gomoku_for(3), sitters)).unwrap();
        let s = until(&mut wa, |s| s.game.is_some()).await;
        let g = s.game.as_ref().unwrap();
        let names: Vec<&str> = g.seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            ["gwen", "computer (easy)", "computer (medium)"],
            "the seats as they were set up"
        );
        assert_eq!((g.me, g.game), (0, gomoku_for(3)));
        assert_eq!(s.gathering, None, "the table is complete");
        // Two rounds, then my undo: both computers consent, my last move is taken back.
        for _ in 0..2 {
            let s = until(&mut wa, |s| {
                !s.game.as_ref().unwrap().legal_moves.is_empty()
            })
            .await;
            let before = moves(&s);
            let mv = s.game.unwrap().legal_moves[0].clone();
            ca.send(Command::Game(Local::Move(mv))).unwrap();
            until(&mut wa, |s| moves(s) > before).await;
        }
        let s = until(&mut wa, |s| {
            let g = s.game.as_ref().unwrap();
            moves_of(g) == 6 && !g.legal_moves.is_empty()
        })
        .await;
        assert!(
            s.game.as_ref().unwrap().ending.is_none(),
            "six stones win nothing"
        );
        ca.send(Command::Game(Local::AskUndo)).unwrap();
        let s = until(&mut wa, |s| moves(s) < 6).await;
        assert_eq!(moves(&s), 3, "back to before my second stone");
        let s = play_to_the_end(&ca, &mut wa).await;
        let ending = s.game.unwrap().ending.unwrap();
        assert!(
            ending.winner.is_some() || ending.reason == Reason::FullBoard,
            "{ending:?}"
        );
        ca.send(Command::Quit).unwrap();
    };
    let (report, ()) = tokio::time::timeout(std::time::Duration::from_secs(300), async {
        tokio::join!(me, person)
    })
    .await
    .expect("the table of three finished");
    report.expect("gwen stops cleanly");
}

/// Two app peers and a computer finish a Gomoku table of three: ann opens it with ben (on
/// the LAN, by address) in seat 2 and the computer in seat 3; ben's app shows the challenge
/// to a table of three, he accepts, and both play until the end, which they see the same.
#[tokio::test]
async fn two_app_peers_and_a_computer_finish_a_table_of_three_and_agree() {
    let sa = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let sb = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let ben_at = sb.local_addr().unwrap();
    let (ca, mut wa, alice) = person(&sa, 54, "ann");
    let (cb, mut wb, bob) = person(&sb, 55, "ben");
    let people = async {
        until(&mut wa, |s| s.name == "ann").await;
        until(&mut wb, |s| s.name == "ben").await;
        let sitters = vec![
            lanqi::peer::Sitter::Lan(ben_at),
            lanqi::peer::Sitter::Computer(Level::Easy),
        ];
        ca.send(Command::OpenTable(gomoku_for(3), sitters)).unwrap();
        let s = until(&mut wb, |s| s.incoming.is_some()).await;
        let incoming = s.incoming.unwrap();
        assert_eq!(
            (incoming.name.as_str(), incoming.game),
            ("ann", gomoku_for(3))
        );
        let s = until(&mut wa, |s| s.gathering == Some((2, 3))).await;
        assert!(s.game.is_none(), "the computer is seated, ben is asked");
        cb.send(Command::Accept).unwrap();
        let a = play_to_the_end(&ca, &mut wa);
        let b = play_to_the_end(&cb, &mut wb);
        let (a, b) = tokio::join!(a, b);
        let (ga, gb) = (a.game.unwrap(), b.game.unwrap());
        let names: Vec<&str> = gb.seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["ann", "ben", "computer (easy)"]);
        assert_eq!((ga.me, gb.me), (0, 1));
        assert_eq!(ga.ending, gb.ending, "both see the same end");
        assert_eq!(ga.record.len(), gb.record.len());
        ca.send(Command::Quit).unwrap();
        cb.send(Command::Quit).unwrap();
    };
    let (a, b, ()) = tokio::time::timeout(std::time::Duration::from_secs(300), async {
        tokio::join!(alice, bob, people)
    })
    .await
    .expect("the table of three finished");
    a.expect("ann stops cleanly");
    b.expect("ben stops cleanly");
}

/// The time control chosen in the lobby is the table's, for every seat: the person at this
/// screen and the computer take their seats with it.
#[tokio::test]
async fn a_table_of_three_has_the_time_control_chosen() {
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, 58, "gwen");
    let person = async {
        until(&mut wa, |s| s.name == "gwen").await;
        let clock = lanqi::protocol::Clock {
            game_secs: 300,
            move_secs: 0,
        };
        ca.send(Command::SetClock(clock)).unwrap();
        let sitters = vec![
            lanqi::peer::Sitter::Here("Pema".into()),
            lanqi::peer::Sitter::Computer(Level::Easy),
        ];
        ca.send(Command::OpenTable(gomoku_for(3), sitters)).unwrap();
        let s = until(&mut wa, |s| {
            s.game.is_some() && s.guests.first().is_some_and(|g| g.game.is_some())
        })
        .await;
        for view in [&s, &s.guests[0]] {
            let g = view.game.as_ref().unwrap();
            assert_eq!(g.seats.len(), 3);
            for seat in &g.seats {
                let left = seat.clock.expect("a game clock for every seat");
                assert!(left > 290_000 && left <= 300_000, "{left} ms left");
            }
        }
        assert_eq!(s.guests[0].game.as_ref().unwrap().me, 1, "Pema in seat 2");
        ca.send(Command::Quit).unwrap();
    };
    let (report, ()) = tokio::time::timeout(std::time::Duration::from_secs(120), async {
        tokio::join!(me, person)
    })
    .await
    .expect("the table of three started");
    report.expect("gwen stops cleanly");
}

/// A table that cannot be completed is given up: the player on the LAN declines, ann is
/// told why, the computer already seated is let go, and her lobby is as it was.
#[tokio::test]
async fn a_table_whose_player_declines_is_given_up() {
    let sa = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let sb = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let ben_at = sb.local_addr().unwrap();
    let (ca, mut wa, alice) = person(&sa, 56, "ann");
    let (cb, mut wb, bob) = person(&sb, 57, "ben");
    let people = async {
        until(&mut wa, |s| s.name == "ann").await;
        let sitters = vec![
            lanqi::peer::Sitter::Computer(Level::Easy),
            lanqi::peer::Sitter::Lan(ben_at),
        ];
        ca.send(Command::OpenTable(gomoku_for(3), sitters)).unwrap();
        until(&mut wb, |s| s.incoming.is_some()).await;
        cb.send(Command::Decline).unwrap();
        let s = until(&mut wa, |s| s.problem.is_some()).await;
        let problem = s.problem.unwrap().to_string();
        assert!(
            problem.contains("given up") && problem.contains("declined"),
            "{problem}"
        );
        assert_eq!((s.gathering, s.game), (None, None));
        // The lobby works again: ben can be challenged to a game of two.
        ca.send(Command::Challenge(ben_at, GameKind::Xiangqi))
            .unwrap();
        until(&mut wb, |s| s.incoming.is_some()).await;
        ca.send(Command::Quit).unwrap();
        cb.send(Command::Quit).unwrap();
    };
    let (a, b, ()) = tokio::time::timeout(std::time::Duration::from_secs(120), async {
        tokio::join!(alice, bob, people)
    })
    .await
    .expect("the decline came");
    a.expect("ann stops cleanly");
    b.expect("ben stops cleanly");
}

/// Debian's Fairy-Stockfish (package `fairy-stockfish`), where the tests expect it.
const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

/// A program that speaks just enough UCI to be taken as an engine, then does `on_go`
/// when asked for a move (a shell script in `dir`).
fn scripted_engine(dir: &TempDir, on_go: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.0.join("brittle-engine");
    let script = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name Brittle 1'; \
         echo uciok;;\n    isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\n\
         done\n"
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[tokio::test]
async fn xiangqi_against_fairy_stockfish_over_loopback() {
    use lanqi::engine::xiangqi::external::{Protocol, probe};
    use lanqi::rules::xiangqi::{Game, Position};
    let path = std::path::Path::new(FAIRY_STOCKFISH);
    if !path.exists() {
        eprintln!("skipped: {FAIRY_STOCKFISH} is not installed (apt-get install fairy-stockfish)");
        return;
    }
    let engine = probe(path).expect("Fairy-Stockfish answers uci");
    assert_eq!(engine.protocol, Protocol::Uci);
    assert!(engine.name.contains("Fairy-Stockfish"), "{}", engine.name);
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, 5, "erin");
    let name = engine.name.clone();
    let person = async {
        until(&mut wa, |s| s.name == "erin").await;
        ca.send(Command::PlayEngine(engine)).unwrap();
        let s = until(&mut wa, |s| {
            s.game.as_ref().is_some_and(|g| g.board.is_some()) || s.problem.is_some()
        })
        .await;
        assert_eq!(s.problem, None);
        assert_eq!(s.opponent.unwrap().0, name);
        // We play our first legal move each turn; the engine answers each one with a
        // move the rules allow (checked by replaying the record).
        while moves(&wa.borrow()) < 8 {
            let s = until(&mut wa, |s| {
                let g = s.game.as_ref().unwrap();
                !g.legal_moves.is_empty() || g.ending.is_some()
            })
            .await;
            let g = s.game.unwrap();
            assert_eq!(g.ending, None, "the game ended early: {:?}", g.chat);
            let before = moves(&wa.borrow());
            ca.send(Command::Game(Local::Move(g.legal_moves[0].clone())))
                .unwrap();
            until(&mut wa, |s| {
                moves(s) >= before + 2 || s.game.as_ref().unwrap().ending.is_some()
            })
            .await;
        }
        let g = wa.borrow().game.clone().unwrap();
        let mut game = Game::new(Position::start());
        for (_, _, mv) in lanqi::session::standing_moves(&g.record) {
            game.play(mv.xiangqi().expect("a Xiangqi move"))
                .unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        assert!(game.moves().len() >= 8, "{:?}", game.moves());
        ca.send(Command::Game(Local::Resign)).unwrap();
        until(&mut wa, |s| s.game.as_ref().unwrap().ending.is_some()).await;
        ca.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(me, person).0 };
    tokio::time::timeout(std::time::Duration::from_secs(120), run)
        .await
        .expect("the game against Fairy-Stockfish finishes in time")
        .expect("the person's peer quits cleanly");
}

#[tokio::test]
async fn an_engine_that_dies_mid_game_resigns_and_says_why() {
    use lanqi::engine::xiangqi::external::probe;
    let dir = TempDir::new("brittle");
    let engine = probe(&scripted_engine(&dir, "exit 3")).expect("it answers uci");
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, 6, "fay");
    let person = async {
        until(&mut wa, |s| s.name == "fay").await;
        ca.send(Command::PlayEngine(engine)).unwrap();
        let s = until(&mut wa, |s| {
            s.game
                .as_ref()
                .is_some_and(|g| !g.legal_moves.is_empty() || g.ending.is_some())
        })
        .await;
        // The engine dies when it is asked for its first move: at once if it is Red (the
        // coin chooses), after ours if we are.
        let g = s.game.unwrap();
        if g.ending.is_none() {
            ca.send(Command::Game(Local::Move(g.legal_moves[0].clone())))
                .unwrap();
        }
        let s = until(&mut wa, |s| s.game.as_ref().unwrap().ending.is_some()).await;
        let g = s.game.unwrap();
        let ending = g.ending.unwrap();
        assert_eq!(ending.winner, Some(g.me));
        assert_eq!(ending.reason, Reason::Resignation);
        assert!(
            g.chat
                .iter()
                .any(|(_, line)| line == "Brittle 1 stopped: the engine exited: it resigns"),
            "{:?}",
            g.chat
        );
        ca.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(me, person).0 };
    tokio::time::timeout(std::time::Duration::from_secs(60), run)
        .await
        .expect("the game ends in time")
        .expect("the person's peer quits cleanly");
}

#[tokio::test]
async fn an_engine_that_will_not_start_is_named_in_the_lobby() {
    use lanqi::engine::xiangqi::external::probe;
    let dir = TempDir::new("gone-engine");
    let path = scripted_engine(&dir, "exit 3");
    let engine = probe(&path).expect("it answers uci");
    // It was offered, then the program went away.
    std::fs::remove_file(&path).unwrap();
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (ca, mut wa, me) = person(&socket, 7, "gus");
    let person = async {
        until(&mut wa, |s| s.name == "gus").await;
        ca.send(Command::PlayEngine(engine)).unwrap();
        let s = until(&mut wa, |s| s.problem.is_some()).await;
        // Typed, with the system's words inside: the screen words the frame.
        let problem = s.problem.unwrap();
        assert!(
            matches!(&problem, lanqi::peer::problem::Problem::NotStarted(detail)
                if detail.starts_with("Brittle 1 did not start: engine i/o:")),
            "{problem:?}"
        );
        assert!(s.game.is_none() && !s.challenging);
        ca.send(Command::Quit).unwrap();
    };
    let run = async { tokio::join!(me, person).0 };
    tokio::time::timeout(std::time::Duration::from_secs(60), run)
        .await
        .expect("the problem shows in time")
        .expect("the person's peer quits cleanly");
}
