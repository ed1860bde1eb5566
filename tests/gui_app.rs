//! The desktop app driven through iced_test's simulator, with snapshots built by hand (no
//! network): the lobby shows who is there and an incoming challenge, and its buttons send
//! the right commands; the game screen selects a piece and shows where it may go, moves it,
//! answers an undo request, resigns, and shows the result with its reason and the audited
//! replay; a game watched (观战) is shown read-only with its moves, chat and result.
//! Commands are caught on the channel the network worker would have handed over.
//!
//! Snapshots: `tests/snapshots/app-*-tiny-skia.png` (see `support/snapshot.rs`).
#![cfg(feature = "gui")]

use std::net::SocketAddr;
use std::time::Instant;

use iced::{Point, Size, Theme};
use iced_test::selector;
use iced_test::simulator::{self, Simulator};
use lanqi::engine::Level;
use lanqi::gui::app::{App, Message, NetEvent, Options, Screen};
use lanqi::gui::i18n::Lang;
use lanqi::gui::junqi::board::Geometry;
use lanqi::gui::settings;
use lanqi::net::discovery::MdnsMode;
use lanqi::peer::Command;
use lanqi::peer::adjourn::Adjourned;
use lanqi::peer::control::{Found, GameView, Incoming, SeatView, Snapshot};
use lanqi::peer::problem::Problem;
use lanqi::peer::watch::WatchView;
use lanqi::protocol::Clock;
use lanqi::rules::junqi::{Layout, Move, Position, Report, Side, Square};
use lanqi::session::{AnyMove, Audit, Board, Ending, GameKind, Local, Record};
use lanqi::store::Settings;
use tokio::sync::mpsc;

#[path = "support/controlled.rs"]
mod controlled;
#[path = "support/snapshot.rs"]
mod snapshot;
use controlled::person;
use snapshot::assert_snapshot;

/// The simulated window's size.
const SIZE: Size = Size::new(1200.0, 800.0);

#[path = "support/temp_dir.rs"]
mod temp_dir;
use temp_dir::TempDir;

/// The app's options in these tests: this name and profile, English, no discovery, no
/// sound, no settings file.
fn options(name: &str, profile: &TempDir) -> Options {
    Options {
        profile: Some(profile.0.clone()),
        name: name.into(),
        port: 0,
        mdns: MdnsMode::Off,
        clock: Clock::default(),
        lang: Lang::En,
        settings: None,
        sound: false,
        sound_path: None,
        spectators: true,
        window: None,
        engine: None,
        internet: None,
    }
}

/// Feeds `app` its peer's latest snapshot from `rx`, again each time it changes, until
/// `done` holds; past a deadline (on tokio's clock, virtual in a paused-clock test: a bound,
/// not a speed claim), fails saying what the app showed.
async fn until(
    app: &mut App,
    rx: &mut tokio::sync::watch::Receiver<Snapshot>,
    done: impl Fn(&App) -> bool,
) {
    until_within(app, rx, "the app to get there", 300, done).await
}

/// The app under test, with a channel standing in for the network worker's.
struct Harness {
    app: App,
    commands: mpsc::UnboundedReceiver<Command>,
    _profile: TempDir,
}

impl Harness {
    fn new(snapshot: Snapshot) -> Harness {
        Harness::with_sound_path(snapshot, None)
    }

    /// [`Harness::new`], looking for the system's sound player in `sound_path`.
    fn with_sound_path(snapshot: Snapshot, sound_path: Option<std::ffi::OsString>) -> Harness {
        Harness::with_profile(snapshot, sound_path, |_| {})
    }

    /// [`Harness::with_sound_path`], with `prepare` run on the profile's directory first.
    fn with_profile(
        snapshot: Snapshot,
        sound_path: Option<std::ffi::OsString>,
        prepare: impl FnOnce(&std::path::Path),
    ) -> Harness {
        let profile = TempDir::new("app");
        prepare(&profile.0);
        let mut app = App::new(Options {
            settings: Some(profile.0.join("settings.json")),
            sound_path,
            ..options(&snapshot.name, &profile)
        });
        let (tx, commands) = mpsc::unbounded_channel();
        let _ = app.update(Message::Net((0, NetEvent::Ready(tx))));
        app.set_snapshot(snapshot, Instant::now());
        Harness {
            app,
            commands,
            _profile: profile,
        }
    }

    fn ui(&self) -> Simulator<'_, Message> {
        Simulator::with_size(settings(), SIZE, self.app.view())
    }

    /// Runs `f` on a simulator of the current view, then feeds its messages to the app.
    fn interact(&mut self, f: impl FnOnce(&mut Simulator<'_, Message>)) {
        self.interact_in(SIZE, f)
    }

    /// [`Harness::interact`] in a window of this size (a tall one shows the whole lobby).
    fn interact_in(&mut self, size: Size, f: impl FnOnce(&mut Simulator<'_, Message>)) {
        let messages: Vec<Message> = {
            let mut ui = Simulator::with_size(settings(), size, self.app.view());
            f(&mut ui);
            ui.into_messages().collect()
        };
        for m in messages {
            let _ = self.app.update(m);
        }
    }

    /// Types `text` into the lobby's address box (and presses Enter, if `enter`).
    fn type_address(&mut self, text: &str, enter: bool) {
        self.interact(|ui| {
            ui.click(selector::id("address")).unwrap();
            let _ = ui.typewrite(text);
            if enter {
                let _ = ui.tap_key(iced::keyboard::key::Named::Enter);
            }
        });
    }

    fn click(&mut self, label: &str) {
        self.interact(|ui| {
            ui.click(label)
                .unwrap_or_else(|e| panic!("no {label:?} to click: {e:?}"));
        });
    }

    /// Clicks the centre of an absolute square on the board.
    fn click_square(&mut self, square: Square, viewer: Side) {
        self.interact(|ui| {
            let board = ui.find(selector::id("board")).expect("the board").bounds();
            let g = Geometry::new(board.size(), viewer);
            let c = g.center(square);
            ui.point_at(Point::new(board.x + c.x, board.y + c.y));
            let _ = ui.simulate(simulator::click());
        });
    }

    fn shows(&self, text: &str) -> bool {
        self.ui().find(text).is_ok()
    }

    /// The commands sent so far.
    fn sent(&mut self) -> Vec<Command> {
        let mut out = Vec::new();
        while let Ok(c) = self.commands.try_recv() {
            out.push(c);
        }
        out
    }
}

/// The game screen's part for the Junqi game on show.
fn junqi(app: &App) -> &lanqi::gui::junqi::play::Play {
    match app.play().part() {
        lanqi::gui::games::Part::Junqi(part) => part,
        other => panic!("not a Junqi game: {other:?}"),
    }
}

/// Two seats at the table: their players' `names` and clocks, in seat order, both
/// deployed.
fn two_seats(names: [&str; 2], clocks: [Option<u64>; 2]) -> Vec<SeatView> {
    names
        .into_iter()
        .zip(clocks)
        .map(|(name, clock)| SeatView {
            name: name.into(),
            deployed: true,
            clock,
            ..SeatView::default()
        })
        .collect()
}

fn addr(text: &str) -> SocketAddr {
    text.parse().unwrap()
}

fn lobby_snapshot() -> Snapshot {
    Snapshot {
        name: "alice".into(),
        fingerprint: "3f2a-91c0-77de-0b14".into(),
        addresses: vec!["192.168.1.10:40001".into(), "127.0.0.1:40001".into()],
        found: vec![
            Found {
                name: "bob".into(),
                fingerprint: "0c11-5e2d-9a40-7b83".into(),
                status: "idle".into(),
                games: vec!["junqi".into()],
                answered: Some(addr("192.168.1.11:40002")),
            },
            Found {
                name: "carol".into(),
                fingerprint: "a9e0-14b6-c2d7-6f35".into(),
                status: "playing".into(),
                games: vec!["junqi".into()],
                answered: Some(addr("192.168.1.12:40003")),
            },
        ],
        spectators: (true, 0),
        ..Snapshot::default()
    }
}

#[test]
fn the_lobby_shows_who_is_there_and_challenges_them() {
    let mut h = Harness::new(lobby_snapshot());
    assert_eq!(h.app.screen(), Screen::Lobby);
    for shown in [
        "bob",
        "carol",
        "busy",
        "ready",
        "Key fingerprint: 3f2a-91c0-77de-0b14",
        "Others can reach you at: 192.168.1.10:40001   127.0.0.1:40001",
    ] {
        assert!(h.shows(shown), "{shown}");
    }
    assert_snapshot(&h.ui().snapshot(&Theme::Light).unwrap(), "app-lobby");
    // The first Challenge button is bob's (carol is busy: hers does nothing).
    h.click("Challenge");
    assert_eq!(
        h.sent(),
        vec![Command::Challenge(
            addr("192.168.1.11:40002"),
            GameKind::Junqi
        )]
    );
    // The computer, at a level.
    h.click("Hard");
    assert_eq!(
        h.sent(),
        vec![Command::PlayComputer(GameKind::Junqi, Level::Hard)]
    );
    // The chosen game's rules page, its history page, and back.
    h.click("Junqi: Rules");
    assert!(h.shows("How to play Junqi"));
    h.click("Junqi: History");
    assert!(h.shows("Where Junqi comes from"));
    h.click("Back");
    assert!(h.shows("Players on your network"));
    // By address: type it, press Enter.
    h.type_address("127.0.0.1:4000", true);
    assert_eq!(
        h.sent(),
        vec![Command::Challenge(addr("127.0.0.1:4000"), GameKind::Junqi)]
    );
    // A bad address is refused with a reason, and nothing is sent.
    let mut h = Harness::new(lobby_snapshot());
    h.type_address("nonsense", true);
    assert!(h.sent().is_empty());
    assert!(h.shows(&Lang::En.bad_address("nonsense")));
}

#[test]
fn an_incoming_challenge_is_accepted_or_declined() {
    let mut snapshot = lobby_snapshot();
    snapshot.incoming = Some(Incoming {
        name: "dave".into(),
        fingerprint: "77aa-0000-1111-2222".into(),
        addr: addr("192.168.1.13:40004"),
        game: GameKind::Junqi,
        clock: Clock::default(),
    });
    let mut h = Harness::new(snapshot);
    assert!(h.shows(&Lang::En.challenged_by("dave", GameKind::Junqi)));
    assert!(h.shows("dave challenges you to a game of Junqi."));
    h.click("Accept");
    assert_eq!(h.sent(), vec![Command::Accept]);
    h.click("Decline");
    assert_eq!(h.sent(), vec![Command::Decline]);
    // While a challenge waits, nobody else can be challenged.
    h.click("Challenge");
    assert!(h.sent().is_empty());
}

#[test]
fn a_new_name_restarts_the_peer_under_it() {
    let mut h = Harness::new(lobby_snapshot());
    let before = h.app.net_config();
    h.interact(|ui| {
        ui.click(selector::id("name")).unwrap();
        let _ = ui.typewrite("2");
        let _ = ui.tap_key(iced::keyboard::key::Named::Enter);
    });
    // The old peer is told to quit; a new one (another subscription identity) starts.
    assert_eq!(h.sent(), vec![Command::Quit]);
    assert_ne!(format!("{before:?}"), format!("{:?}", h.app.net_config()));
    assert!(format!("{:?}", h.app.net_config()).contains("alice2"));
    // The new name is saved for the next start.
    let saved = lanqi::store::Settings::load(&h._profile.0.join("settings.json")).0;
    assert_eq!(saved.name, "alice2");
}

/// A game played by the rules core from two random layouts: the start, the position after
/// `plies` moves, and the record (moves in each mover's own view, battle reports).
fn scripted(plies: u32) -> (Position, Position, Vec<Record>) {
    let start = Position::from_layouts(&Layout::random(5), &Layout::random(6), Side::South);
    let mut position = start.clone();
    let mut record = Vec::new();
    for ply in 1..=plies {
        let moves = position.legal_moves();
        let attack = moves
            .iter()
            .find(|m| position.piece_at(m.to).is_some())
            .filter(|_| ply % 3 == 0);
        let mv = *attack.unwrap_or(&moves[(ply as usize * 7) % moves.len()]);
        let side = position.side_to_move();
        let (next, battle) = position.play(mv).unwrap();
        record.push(Record::Move {
            ply,
            seat: u8::from(side == Side::North),
            mv: AnyMove::Junqi(mv.to_view(side)),
            clock_ms: 0,
        });
        if let Some(b) = battle {
            record.push(Record::Report {
                ply,
                outcome: Report::of(b.attacker.kind, b.defender.kind),
            });
        }
        position = next;
        assert!(
            position.outcome().is_none(),
            "the scripted game ended early"
        );
    }
    (start, position, record)
}

/// South's (seat 0's) view of a scripted game after `plies` moves.
fn game_snapshot(plies: u32) -> Snapshot {
    seat_snapshot(plies, Side::South)
}

/// One side's view of a scripted game after `plies` moves (alice plays South, bob North).
fn seat_snapshot(plies: u32, side: Side) -> Snapshot {
    let (_, position, record) = scripted(plies);
    let view = position.view(side);
    let my_turn = position.side_to_move() == side;
    let seat_of = |side: Side| u8::from(side == Side::North);
    let (me, them) = if side == Side::South {
        ("alice", ("bob", "0c11-5e2d-9a40-7b83"))
    } else {
        ("bob", ("alice", "3f2a-91c0-77de-0b14"))
    };
    Snapshot {
        name: me.into(),
        fingerprint: "3f2a-91c0-77de-0b14".into(),
        opponent: Some((them.0.into(), them.1.into())),
        game: Some(GameView {
            game: GameKind::Junqi,
            me: seat_of(side),
            first: 0,
            seats: two_seats(["alice", "bob"], [Some(754_000), Some(1_023_000)]),
            board: Some(Board::Junqi(Box::new(view.clone()))),
            legal_moves: if my_turn {
                view.legal_moves()
                    .unwrap()
                    .iter()
                    .map(|m| AnyMove::Junqi(m.to_view(side)))
                    .collect()
            } else {
                Vec::new()
            },
            to_move: Some(seat_of(position.side_to_move())),
            busy: false,
            record,
            undo: None,
            draw: None,
            ending: None,
            audit: None,
            chat: vec![(1, "好棋！".into()), (0, "thanks, you too".into())],
        }),
        ..lobby_snapshot()
    }
}

#[test]
fn a_piece_is_selected_then_moved_to_one_of_its_destinations() {
    let snapshot = game_snapshot(10);
    let game = snapshot.game.clone().unwrap();
    assert!(!game.legal_moves.is_empty(), "south to move");
    let mut h = Harness::new(snapshot);
    assert_eq!(h.app.screen(), Screen::Play);
    assert!(h.shows("Your turn"));
    let first: Move = game.legal_moves[0].junqi().unwrap();
    h.click_square(first.from, Side::South);
    assert_eq!(junqi(&h.app).selected(), Some(first.from));
    let model = junqi(&h.app).board_model(&game);
    let expected: Vec<Square> = game
        .legal_moves
        .iter()
        .filter_map(AnyMove::junqi)
        .filter(|m| m.from == first.from)
        .map(|m| m.to)
        .collect();
    assert_eq!(model.targets, expected);
    assert!(h.sent().is_empty());
    h.click_square(first.to, Side::South);
    assert_eq!(
        h.sent(),
        vec![Command::Game(Local::Move(AnyMove::Junqi(first)))]
    );
    assert_eq!(junqi(&h.app).selected(), None);
}

#[test]
fn mid_game_with_a_battle_flash_chat_and_clocks() {
    // Ply 9 was a battle: the flash appears when the snapshot with its report comes in.
    let before = game_snapshot(8);
    let after = game_snapshot(10);
    let mut h = Harness::new(before);
    h.app.set_snapshot(after.clone(), Instant::now());
    let flash = h.app.play().flash().expect("a battle flash").to_string();
    assert!(flash.contains("c") || !flash.is_empty());
    assert!(h.shows(&flash));
    assert!(h.shows("12:34") && h.shows("17:03"), "both clocks");
    assert!(h.shows("bob: 好棋！") && h.shows("You: thanks, you too"));
    // Select a piece so the destinations show in the picture.
    let game = after.game.unwrap();
    let first: Move = game.legal_moves[0].junqi().unwrap();
    h.click_square(first.from, Side::South);
    assert_snapshot(&h.ui().snapshot(&Theme::Light).unwrap(), "app-midgame");
}

#[test]
fn the_opponents_undo_request_is_answered_in_a_dialog() {
    let mut snapshot = game_snapshot(9);
    let game = snapshot.game.as_mut().unwrap();
    game.undo = Some((1, 9));
    game.seats[0].to_answer = true;
    let mut h = Harness::new(snapshot);
    assert!(h.shows(&Lang::En.undo_asked("bob", 9)));
    h.click("Accept");
    assert_eq!(h.sent(), vec![Command::Game(Local::AnswerUndo(true))]);
    h.click("Refuse");
    assert_eq!(h.sent(), vec![Command::Game(Local::AnswerUndo(false))]);
}

#[test]
fn resigning_asks_first_then_sends_it() {
    let mut h = Harness::new(game_snapshot(6));
    h.click("Resign");
    assert!(h.sent().is_empty(), "nothing before the confirmation");
    assert!(h.shows("Resign this game? Your opponent wins."));
    h.click("Cancel");
    assert!(h.sent().is_empty());
    h.click("Resign");
    h.click("Yes, resign");
    assert_eq!(h.sent(), vec![Command::Game(Local::Resign)]);
}

#[test]
fn a_game_is_adjourned_from_the_game_screen_and_offered_in_the_lobby() {
    let mut h = Harness::new(game_snapshot(6));
    h.click("Adjourn");
    assert_eq!(h.sent(), vec![Command::Adjourn]);
    // The peer shelves it: the lobby offers it, against the computer here.
    let mut snapshot = lobby_snapshot();
    snapshot.adjourned = Some(Adjourned {
        game: GameKind::Xiangqi,
        opponent: "computer (medium)".into(),
        moves: 14,
        computer: Some(Level::Medium),
        here: false,
    });
    let mut h = Harness::new(snapshot);
    assert_eq!(h.app.screen(), Screen::Lobby);
    assert!(h.shows("Unfinished game"));
    assert!(h.shows("Xiangqi with Computer (Medium), 14 moves played"));
    assert_snapshot(
        &h.ui().snapshot(&Theme::Light).unwrap(),
        "app-lobby-adjourned",
    );
    h.click("Resume");
    assert_eq!(h.sent(), vec![Command::Resume]);
    // Abandoning asks first; keeping it sends nothing.
    h.click("Abandon");
    assert!(h.shows("Abandon this game? It counts as a loss."));
    h.click("Keep it");
    assert!(h.sent().is_empty());
    h.click("Abandon");
    h.click("Abandon");
    assert_eq!(h.sent(), vec![Command::Abandon]);
}

/// A finished Xiangqi game's transcript, as alice's peer saves it: alice (Red) resigned to
/// bob after `moves`.
fn finished_xiangqi(moves: &[&str]) -> String {
    use lanqi::session::transcript::Transcript;
    use lanqi::session::{Reason, Secrets};
    use lanqi::store::Identity;
    let alice = Identity::from_secret([5; 32]);
    let bob = Identity::from_secret([6; 32]);
    let mut records: Vec<Record> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| Record::Move {
            ply: i as u32 + 1,
            seat: (i % 2) as u8,
            mv: AnyMove::parse(GameKind::Xiangqi, m).unwrap(),
            clock_ms: 0,
        })
        .collect();
    records.push(Record::Over {
        winner: Some(1),
        reason: Reason::Resignation,
    });
    Transcript {
        game: GameKind::Xiangqi,
        game_id: 0x51,
        first: 0,
        clock: Clock::default(),
        keys: vec![alice.public_key(), bob.public_key()],
        names: vec!["alice".into(), "bob".into()],
        me: 0,
        peer_addr: "127.0.0.1:4000".into(),
        records,
        evidence: Vec::new(),
        secrets: Secrets::fixed(1),
        private: None,
    }
    .render(&alice)
}

#[test]
fn a_finished_game_is_listed_reviewed_move_by_move_and_exported_as_pgn() {
    let mut h = Harness::with_profile(lobby_snapshot(), None, |profile| {
        let games = profile.join("games");
        std::fs::create_dir_all(&games).unwrap();
        let text = finished_xiangqi(&["h2e2", "h9g7", "h0g2", "i9h9"]);
        let file = games.join("0000000000000051-bob.lanqi");
        std::fs::write(&file, text).unwrap();
        // Saved on 14 March 2026 (the export is named by that day).
        let day = std::time::UNIX_EPOCH + std::time::Duration::from_secs(20_526 * 86_400 + 3_600);
        std::fs::File::options()
            .append(true)
            .open(&file)
            .and_then(|f| f.set_modified(day))
            .unwrap();
        // A damaged file is named, and the rest still listed.
        std::fs::write(
            games.join("0000000000000052-bob.lanqi"),
            "lanqi transcript 1\ngame chess\n",
        )
        .unwrap();
    });
    assert!(h.shows("Finished games"));
    assert!(
        h.shows("Xiangqi with bob: lost, 4 moves"),
        "the line for the game"
    );
    let damaged = h
        ._profile
        .0
        .join("games")
        .join("0000000000000052-bob.lanqi");
    let problem = format!(
        "{}: transcript line 2: unknown game 'chess' (junqi, xiangqi, gomoku or tibetan)",
        damaged.display()
    );
    assert!(h.shows(&problem), "the damaged file is named with its line");
    h.click("Review");
    let archived = h.app.archived().expect("the game under review");
    assert_eq!(archived.snapshot.game.as_ref().unwrap().record.len(), 5);
    assert!(h.shows("Export") && h.shows("Back to lobby"));
    assert!(
        !h.shows("Resign") && !h.shows("New game"),
        "nothing to play"
    );
    assert!(
        !h.shows("Chat") && !h.shows("Send"),
        "nobody to chat with in a review"
    );
    assert_snapshot(
        &h.ui().snapshot(&Theme::Light).unwrap(),
        "app-review-finished",
    );
    h.click("Export");
    let exported = h
        ._profile
        .0
        .join("exports")
        .join("xiangqi-alice-bob-2026-03-14.pgn");
    let pgn = std::fs::read_to_string(&exported).expect("the PGN written");
    assert!(
        pgn.contains("[Red \"alice\"]") && pgn.contains("[Result \"0-1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("1. H2-E2 H9-G7 2. H0-G2 I9-H9 0-1"), "{pgn}");
    assert!(h.shows(&Lang::En.exported(&exported.display().to_string())));
    // Save as… asks the desktop's save dialog; where it says, the same PGN goes (none, as
    // when it is cancelled or there is no dialog: nothing is written, nothing said).
    assert!(h.shows("Save as…"));
    let chosen = h._profile.0.join("elsewhere.pgn");
    let _ = h.app.update(Message::ExportTo(None));
    assert!(!chosen.exists());
    let _ = h.app.update(Message::ExportTo(Some(chosen.clone())));
    assert_eq!(std::fs::read_to_string(&chosen).expect("written"), pgn);
    assert!(h.shows(&Lang::En.exported(&chosen.display().to_string())));
    assert!(h.sent().is_empty(), "a review sends nothing to the peer");
    h.click("Back to lobby");
    assert!(h.app.archived().is_none());
    assert!(h.shows("Players on your network"));
}

#[test]
fn the_end_dialog_shows_the_result_and_the_audited_replay_follows() {
    let plies = 12;
    let (start, end, _) = scripted(plies);
    let mut snapshot = game_snapshot(plies);
    {
        let game = snapshot.game.as_mut().unwrap();
        game.ending = Some(Ending {
            winner: Some(1),
            reason: lanqi::session::Reason::Resignation,
        });
        game.to_move = None;
        game.legal_moves.clear();
        game.audit = Some(Audit {
            ok: true,
            cheater: None,
            findings: Vec::new(),
            start: start.to_string(),
        });
    }
    let game = snapshot.game.clone().unwrap();
    let mut h = Harness::new(snapshot);
    assert!(h.shows("You lost"));
    assert!(h.shows("Resignation"));
    assert!(h.shows(Lang::En.app().audit_ok));
    assert_snapshot(&h.ui().snapshot(&Theme::Light).unwrap(), "app-gameover");
    // The board behind shows every piece, at the end; the slider goes back to the start.
    let model = junqi(&h.app).board_model(&game);
    for s in Square::all() {
        assert_eq!(
            model.at(s).and_then(|t| t.piece()),
            end.piece_at(s),
            "{s} at the end"
        );
    }
    h.click("See the board");
    assert!(h.shows(&format!("Replay {plies}/{plies}")));
    let _ = h
        .app
        .update(Message::Play(lanqi::gui::play::Message::Replay(0)));
    let model = junqi(&h.app).board_model(&game);
    for s in Square::all() {
        assert_eq!(model.at(s).and_then(|t| t.piece()), start.piece_at(s));
    }
    assert!(h.shows(&format!("Replay 0/{plies}")));
    // The challenger (seat 0) starts the next game.
    h.click("New game");
    assert_eq!(h.sent(), vec![Command::NewGame]);
}

#[test]
fn deployment_says_when_the_opponent_is_ready_and_sends_the_layout() {
    let mut snapshot = game_snapshot(0);
    {
        let game = snapshot.game.as_mut().unwrap();
        game.board = None;
        game.seats[0].deployed = false;
        game.legal_moves.clear();
        game.record.clear();
    }
    let mut h = Harness::new(snapshot);
    assert_eq!(h.app.screen(), Screen::Deploy);
    assert!(h.shows(Lang::En.app().opponent_ready));
    let layout = h.app.deploy().unwrap().layout().clone();
    h.click("Ready");
    assert_eq!(h.sent(), vec![Command::Deploy(layout)]);
    assert!(h.shows(Lang::En.app().waiting_deploy));
    // A second press sends nothing more.
    h.click("Ready");
    assert!(h.sent().is_empty());
}

/// Two real hand-driven peers over the in-memory lossy link, each driven by an app state
/// fed with its snapshots: bob challenges alice from his lobby, she accepts, both deploy
/// with Ready, they move by clicking squares, bob resigns; both apps show the ending and,
/// after the audit, the replay with every piece.
#[tokio::test(start_paused = true)]
async fn two_apps_play_over_the_lossy_link() {
    use lanqi::gui::junqi::{self, deploy};
    use lanqi::gui::{games, lobby, play};
    use lanqi::net::{LinkQuality, LossyNet};

    let at = |port: u16| SocketAddr::from(([10, 0, 0, 7], port));
    let net = LossyNet::new(LinkQuality::BAD_WIFI, 21);
    let (ta, tb) = (net.attach(at(1)), net.attach(at(2)));
    let (ca, mut wa, alice) = person(&ta, 3, "alice");
    let (cb, mut wb, bob) = person(&tb, 4, "bob");
    let people = async {
        let (pa, pb) = (TempDir::new("e2e-a"), TempDir::new("e2e-b"));
        let new_app = |name: &str, profile: &TempDir, tx| {
            let mut app = App::new(options(name, profile));
            let _ = app.update(Message::Net((0, NetEvent::Ready(tx))));
            app
        };
        let mut a = new_app("alice", &pa, ca.clone());
        let mut b = new_app("bob", &pb, cb.clone());
        until(&mut a, &mut wa, |a| !a.snapshot().addresses.is_empty()).await;
        let _ = b.update(Message::Lobby(lobby::Message::Challenge(at(1))));
        until(&mut a, &mut wa, |a| a.snapshot().incoming.is_some()).await;
        let _ = a.update(Message::Lobby(lobby::Message::Accept));
        until(&mut a, &mut wa, |a| a.screen() == Screen::Deploy).await;
        until(&mut b, &mut wb, |b| b.screen() == Screen::Deploy).await;
        let _ = a.update(Message::Deploy(deploy::Message::Ready));
        let _ = b.update(Message::Deploy(deploy::Message::Ready));
        until(&mut a, &mut wa, |a| a.screen() == Screen::Play).await;
        until(&mut b, &mut wb, |b| b.screen() == Screen::Play).await;
        // Bob challenged: he is seat 0, South. Whoever's turn it is moves its first legal
        // move by clicking its from and to squares, for eight moves.
        let moves = |app: &App| {
            app.snapshot().game.as_ref().map_or(0, |g| {
                g.record
                    .iter()
                    .filter(|r| matches!(r, Record::Move { .. }))
                    .count()
            })
        };
        let to_move = |app: &App| app.snapshot().game.as_ref().and_then(|g| g.to_move);
        until(&mut a, &mut wa, |a| to_move(a).is_some()).await;
        let first = to_move(&a).unwrap();
        for n in 0..8usize {
            let seat = (first as usize + n) % 2;
            let (app, rx, side) = if seat == 0 {
                (&mut b, &mut wb, Side::South)
            } else {
                (&mut a, &mut wa, Side::North)
            };
            until(app, rx, |app| {
                moves(app) == n
                    && app
                        .snapshot()
                        .game
                        .as_ref()
                        .is_some_and(|g| !g.legal_moves.is_empty())
            })
            .await;
            let game = app.snapshot().game.clone().unwrap();
            let mv: Move = game.legal_moves[0].junqi().unwrap();
            let mv = mv.from_view(side);
            for square in [mv.from, mv.to] {
                let _ = app.update(Message::Play(play::Message::Game(games::Message::Junqi(
                    junqi::play::Message::Board(junqi::board::Message::Clicked(square)),
                ))));
            }
            until(app, rx, |app| moves(app) > n).await;
        }
        let _ = b.update(Message::Play(play::Message::Resign));
        let _ = b.update(Message::Play(play::Message::ConfirmResign));
        for (app, rx) in [(&mut a, &mut wa), (&mut b, &mut wb)] {
            until(app, rx, |app| {
                app.snapshot()
                    .game
                    .as_ref()
                    .is_some_and(|g| g.audit.is_some())
            })
            .await;
            let game = app.snapshot().game.clone().unwrap();
            assert_eq!(
                game.ending.as_ref().unwrap().reason,
                lanqi::session::Reason::Resignation,
                "the audit: {:?}; the record: {:?}",
                game.audit,
                game.record
            );
            assert!(game.audit.as_ref().unwrap().ok);
            // The replay shows every piece: no backs left on the board.
            let model = junqi(app).board_model(&game);
            assert!(Square::all().all(|s| model.at(s).is_none_or(|t| t.kind.is_some())));
        }
        let winner = a.snapshot().game.as_ref().unwrap().ending.clone().unwrap();
        assert_eq!(winner.winner, Some(1), "bob resigned: alice wins");
        let _ = a.update(Message::CloseRequested(iced::window::Id::unique()));
        let _ = b.update(Message::CloseRequested(iced::window::Id::unique()));
    };
    let (ra, rb, ()) = tokio::join!(alice, bob, people);
    ra.expect("alice quits cleanly");
    rb.expect("bob quits cleanly");
}

/// A move taken back and a different one played at the same ply: the move list shows the
/// battle only on the move that had it.
#[test]
fn the_move_list_keeps_each_battle_with_its_own_move() {
    let mut snapshot = game_snapshot(2);
    {
        let game = snapshot.game.as_mut().unwrap();
        game.record.extend([
            Record::Move {
                ply: 3,
                seat: 0,
                mv: AnyMove::Junqi("c6-c7".parse().unwrap()),
                clock_ms: 0,
            },
            Record::Report {
                ply: 3,
                outcome: lanqi::protocol::fair::Report::from_word("lose").unwrap(),
            },
            Record::Undo { ply: 3 },
            Record::Move {
                ply: 3,
                seat: 0,
                mv: AnyMove::Junqi("b6-b5".parse().unwrap()),
                clock_ms: 0,
            },
        ]);
    }
    let h = Harness::new(snapshot);
    assert!(h.shows("3. You  c6-c7  — defender held"));
    assert!(h.shows("   (3. taken back)"));
    assert!(h.shows("3. You  b6-b5"));
}

#[test]
fn the_game_picker_chooses_what_a_challenge_and_the_computer_play() {
    let mut h = Harness::new(lobby_snapshot());
    h.click("Xiangqi");
    h.click("Challenge");
    assert_eq!(
        h.sent(),
        vec![Command::Challenge(
            addr("192.168.1.11:40002"),
            GameKind::Xiangqi
        )]
    );
    h.click("Easy");
    assert_eq!(
        h.sent(),
        vec![Command::PlayComputer(GameKind::Xiangqi, Level::Easy)]
    );
    h.click("Junqi");
    h.click("Medium");
    assert_eq!(
        h.sent(),
        vec![Command::PlayComputer(GameKind::Junqi, Level::Medium)]
    );
}

/// Types `text` into the lobby's engine path box and presses Enter.
fn type_engine_path(h: &mut Harness, text: &str) {
    h.interact(|ui| {
        ui.click(selector::id("engine-path")).unwrap();
        let _ = ui.typewrite(text);
        let _ = ui.tap_key(iced::keyboard::key::Named::Enter);
    });
}

#[test]
fn the_lobby_offers_the_xiangqi_engines_found_and_refuses_a_path_that_is_none() {
    use lanqi::engine::xiangqi::external::{EngineInfo, ProbeError, Protocol};
    let fairy = EngineInfo {
        path: "/usr/games/fairy-stockfish".into(),
        protocol: Protocol::Uci,
        name: "Fairy-Stockfish 11.1 LB 64".into(),
    };
    let mut h = Harness::new(lobby_snapshot());
    let _ = h.app.update(Message::EnginesFound(vec![fairy.clone()]));
    // The peer is told (to resume a game against one of them).
    assert_eq!(h.sent(), vec![Command::Engines(vec![fairy.clone()])]);
    // Engines play Xiangqi only.
    assert!(!h.shows("Fairy-Stockfish 11.1 LB 64"));
    h.click("Xiangqi");
    assert!(h.shows("Fairy-Stockfish 11.1 LB 64"));
    assert!(h.shows("/usr/games/fairy-stockfish"));
    assert_snapshot(
        &h.ui().snapshot(&Theme::Light).unwrap(),
        "app-lobby-engines",
    );
    h.click("Play");
    assert_eq!(h.sent(), vec![Command::PlayEngine(fairy.clone())]);
    // A path with nothing there, a file that cannot run: refused with the reason, at
    // once, and nothing is offered or saved.
    type_engine_path(&mut h, "/nonexistent/pikafish");
    assert!(h.shows(&Lang::En.engine_refused("/nonexistent/pikafish", &ProbeError::NotFound)));
    let text = h._profile.0.join("notes.txt");
    std::fs::write(&text, "not a program").unwrap();
    let typed = text.display().to_string();
    h.interact(|ui| {
        ui.click(selector::id("engine-path")).unwrap();
        // Clear what was typed before.
        for _ in 0.."/nonexistent/pikafish".len() {
            let _ = ui.tap_key(iced::keyboard::key::Named::Backspace);
        }
    });
    type_engine_path(&mut h, &typed);
    let refused = Lang::En.engine_refused(&typed, &ProbeError::NotExecutable);
    assert_eq!(
        refused,
        format!("{typed} is not taken as an engine: not executable")
    );
    assert!(h.shows(&refused));
    assert_eq!(h.app.lobby_engines(), std::slice::from_ref(&fairy));
    let saved = std::fs::read_to_string(h._profile.0.join("settings.json")).unwrap_or_default();
    assert!(!saved.contains("notes.txt"), "{saved}");
    // A program that answered is offered and kept in the settings.
    let other = EngineInfo {
        path: "/opt/pikafish".into(),
        protocol: Protocol::Uci,
        name: "Pikafish".into(),
    };
    let _ = h.app.update(Message::EngineChecked(
        other.path.clone(),
        Ok(other.clone()),
    ));
    assert!(h.shows("Pikafish"));
    assert_eq!(
        h.sent(),
        vec![Command::Engines(vec![fairy.clone(), other.clone()])]
    );
    let (settings, _) = Settings::load(&h._profile.0.join("settings.json"));
    assert_eq!(settings.engine, Some(other.path));
}

#[test]
fn the_sound_switch_and_the_window_size_are_saved_in_the_settings() {
    // Where nothing can play sounds, the header says so and offers no switch.
    let mut h = Harness::new(lobby_snapshot());
    if !h.shows("Sound: off") {
        assert!(h.shows("Sound: none here"));
        h.click("Sound: none here");
        assert!(h.shows("Sound: none here"), "nothing to switch on");
    }
    // A player on the PATH (a stand-in for aplay): the switch works and is saved.
    let bin = TempDir::new("sound-player");
    let player = bin.0.join("aplay");
    std::fs::write(&player, "#!/bin/sh\nexit 0\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&player, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let mut h = Harness::with_sound_path(lobby_snapshot(), Some(bin.0.clone().into()));
    let path = h._profile.0.join("settings.json");
    h.click("Sound: off");
    assert!(h.shows("Sound: on"));
    let (saved, _) = Settings::load(&path);
    assert!(
        saved.sound,
        "the app started with sound off; the switch turned it on"
    );
    let _ = h.app.update(Message::Resized(Size::new(1111.0, 777.0)));
    let _ = h
        .app
        .update(Message::CloseRequested(iced::window::Id::unique()));
    let (saved, _) = Settings::load(&path);
    assert_eq!(saved.window, Some((1111.0, 777.0)), "remembered on closing");
    assert!(saved.sound);
}

/// Seat 0's view of a Xiangqi game in which it plays Red, after `moves`.
fn xiangqi_snapshot(moves: &[&str]) -> Snapshot {
    use lanqi::rules::xiangqi::Position as XPosition;
    let mut position = XPosition::start();
    let mut record = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        let mv = mv.parse().unwrap();
        position = position.play(mv).unwrap();
        record.push(Record::Move {
            ply: i as u32 + 1,
            seat: (i % 2) as u8,
            mv: AnyMove::Xiangqi(mv),
            clock_ms: 240_000,
        });
    }
    let red_to_move = moves.len().is_multiple_of(2);
    Snapshot {
        name: "alice".into(),
        fingerprint: "3f2a-91c0-77de-0b14".into(),
        opponent: Some(("bob".into(), "0c11-5e2d-9a40-7b83".into())),
        game: Some(GameView {
            game: GameKind::Xiangqi,
            me: 0,
            first: 0,
            seats: two_seats(["alice", "bob"], [Some(240_000), Some(251_000)]),
            board: Some(Board::Xiangqi(position.clone())),
            legal_moves: if red_to_move {
                position
                    .legal_moves()
                    .iter()
                    .map(|m| AnyMove::Xiangqi(*m))
                    .collect()
            } else {
                Vec::new()
            },
            to_move: Some(if red_to_move { 0 } else { 1 }),
            busy: false,
            record,
            undo: None,
            draw: None,
            ending: None,
            audit: None,
            chat: vec![(1, "请多指教".into())],
        }),
        ..Snapshot::default()
    }
}

#[test]
fn xiangqi_is_played_by_clicking_points_with_the_moves_in_chinese() {
    use lanqi::gui::xiangqi::board::Geometry as XGeometry;
    use lanqi::rules::xiangqi::{Side as XSide, Square as XSquare};
    let mut h = Harness::new(xiangqi_snapshot(&["h2e2", "h9g7"]));
    assert_eq!(h.app.screen(), Screen::Play, "nothing to deploy");
    assert!(
        h.shows("1. 炮二平五   马8进7"),
        "the move list in Chinese notation"
    );
    assert_snapshot(&h.ui().snapshot(&Theme::Light).unwrap(), "app-xiangqi");
    let click = |h: &mut Harness, square: &str| {
        let square: XSquare = square.parse().unwrap();
        h.interact(|ui| {
            let board = ui.find(selector::id("board")).expect("the board").bounds();
            let c = XGeometry::new(board.size(), XSide::Red).center(square);
            ui.point_at(Point::new(board.x + c.x, board.y + c.y));
            let _ = ui.simulate(simulator::click());
        });
    };
    // 马二进三: the horse, then its point.
    click(&mut h, "h0");
    click(&mut h, "g2");
    assert_eq!(
        h.sent(),
        vec![Command::Game(Local::Move(AnyMove::Xiangqi(
            "h0g2".parse().unwrap()
        )))]
    );
    // An illegal destination sends nothing.
    click(&mut h, "e2");
    click(&mut h, "e5");
    assert!(h.sent().is_empty());
}

#[test]
fn a_finished_xiangqi_game_has_no_audit_but_a_replay() {
    let mut snapshot = xiangqi_snapshot(&["h2e2", "h9g7", "h0g2"]);
    let game = snapshot.game.as_mut().unwrap();
    game.ending = Some(Ending {
        winner: Some(0),
        reason: lanqi::session::Reason::Resignation,
    });
    game.legal_moves.clear();
    let mut h = Harness::new(snapshot);
    assert!(h.shows("You won!"));
    assert!(
        !h.shows(Lang::En.app().audit_waiting),
        "nothing hidden, no audit"
    );
    h.click("See the board");
    assert!(h.shows("Replay 3/3"));
}

#[test]
fn a_xiangqi_game_is_saved_as_fen_and_moves_and_reads_back() {
    let mut h = Harness::new(xiangqi_snapshot(&["h2e2", "h9g7", "h0g2"]));
    h.click("Save game");
    let dir = h._profile.0.join("saved");
    let file = std::fs::read_dir(&dir)
        .expect("the saved directory")
        .flatten()
        .next()
        .expect("a saved game")
        .path();
    assert!(h.shows(&format!("Saved to {}", file.display())));
    let saved = lanqi::store::SavedXiangqi::load(&file).unwrap();
    let moves: Vec<String> = saved.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(saved.result, None, "the game goes on");
}

/// A hot-seat Junqi game after `plies` moves: alice (the host, South) and frank (the
/// guest, North) at one screen.
fn hot_seat_snapshot(plies: u32) -> Snapshot {
    let mut guest = seat_snapshot(plies, Side::North);
    guest.name = "frank".into();
    guest.found.clear();
    guest.addresses.clear();
    let mut host = seat_snapshot(plies, Side::South);
    host.opponent = Some(("frank".into(), "77aa-0b21-e3c4-5d60".into()));
    host.guests = vec![guest];
    host
}

#[test]
fn the_lobby_starts_a_hot_seat_game_for_the_game_chosen() {
    use lanqi::gui::lobby;
    let mut h = Harness::new(lobby_snapshot());
    h.click("Play here");
    assert_eq!(
        h.sent(),
        vec![Command::HotSeat(GameKind::Junqi, "Player 2".into())],
        "an unnamed second player is Player 2"
    );
    h.click("Xiangqi");
    let _ = h.app.update(Message::Lobby(lobby::Message::SecondChanged(
        "  frank ".into(),
    )));
    h.click("Play here");
    assert_eq!(
        h.sent(),
        vec![Command::HotSeat(GameKind::Xiangqi, "frank".into())]
    );
    // Not while a challenge waits for an answer (Enter in the name box included).
    let mut busy = lobby_snapshot();
    busy.challenging = true;
    h.app.set_snapshot(busy, Instant::now());
    let _ = h.app.update(Message::Lobby(lobby::Message::HotSeat));
    assert!(h.sent().is_empty(), "the challenge out is not replaced");
}

/// In hot-seat Junqi the screen is never simply handed over: the player who just moved
/// keeps their board with a bar to pass it on; passing covers the board; the next player
/// uncovers their own, and their clicks are their moves.
#[test]
fn hot_seat_junqi_covers_the_board_between_turns() {
    use lanqi::peer::control::Chair;
    // Eleven moves from South's first: North (frank) is to move.
    let mut h = Harness::new(hot_seat_snapshot(11));
    assert_eq!(h.app.snapshot().name, "alice", "alice's board stays");
    assert!(h.shows("Pass the screen to frank"));
    h.click("Pass the screen to frank");
    assert!(h.shows("frank's turn"));
    assert!(
        !h.shows("Resign") && !h.shows("Undo"),
        "the curtain covers the whole game"
    );
    assert_snapshot(
        &h.ui().snapshot(&Theme::Light).unwrap(),
        "app-hot-seat-curtain",
    );
    h.click("I am at the screen: show my board");
    assert_eq!(h.app.snapshot().name, "frank");
    // A click on alice's board that was queued before the hand-over is dropped.
    let stale = Message::Play(lanqi::gui::play::Message::AskUndo);
    let _ = h.app.update(Message::From(Chair::Host, Box::new(stale)));
    assert!(
        h.sent().is_empty(),
        "nothing is sent for a board no longer shown"
    );
    assert!(!h.shows("Pass the screen to alice"));
    let game = h.app.snapshot().game.clone().unwrap();
    assert_eq!(game.me, 1);
    let mv: Move = game.legal_moves[0].junqi().unwrap();
    let absolute = mv.from_view(Side::North);
    h.click_square(absolute.from, Side::North);
    h.click_square(absolute.to, Side::North);
    assert_eq!(
        h.sent(),
        vec![Command::Guest(
            0,
            Box::new(Command::Game(Local::Move(game.legal_moves[0].clone())))
        )],
        "frank's move is the guest's"
    );
    // Once frank has moved, his board waits to be passed back.
    h.app.set_snapshot(hot_seat_snapshot(12), Instant::now());
    assert_eq!(h.app.snapshot().name, "frank");
    assert!(h.shows("Pass the screen to alice"));
    // An undo asked from there is frank's, too.
    h.click("Undo");
    assert_eq!(
        h.sent(),
        vec![Command::Guest(0, Box::new(Command::Game(Local::AskUndo)))]
    );
}

/// Xiangqi hides nothing: the screen goes straight to the side to move.
#[test]
fn hot_seat_xiangqi_hands_the_screen_straight_over() {
    let mut host = xiangqi_snapshot(&["h2e2"]);
    let mut guest = host.clone();
    guest.name = "frank".into();
    let game = guest.game.as_mut().unwrap();
    game.me = 1;
    game.legal_moves = vec![AnyMove::Xiangqi("h9g7".parse().unwrap())];
    host.game.as_mut().unwrap().legal_moves.clear();
    host.guests = vec![guest];
    let mut h = Harness::new(host);
    assert_eq!(h.app.snapshot().name, "frank", "black (frank) is to move");
    assert!(!h.shows("Pass the screen to frank"));
    assert!(!h.app.seating().curtain);
    // Alice wants her move back: Undo on frank's board asks for it in her name (the
    // request goes to frank, who answers it on his board).
    h.click("Undo");
    assert_eq!(h.sent(), vec![Command::Game(Local::AskUndo)]);
}

/// Hot-seat in the app with the real peers: the lobby's Play here starts a guest on
/// loopback; alice deploys, passes the screen, the guest uncovers it and deploys; they
/// take turns clicking moves, passing the screen after each; the guest resigns from its
/// own board; the host's screen shows the audited end.
#[tokio::test]
async fn hot_seat_in_the_app_with_real_peers_on_loopback() {
    use lanqi::gui::junqi::{self, deploy};
    use lanqi::gui::{games, lobby, play};
    use lanqi::peer::control::Chair;

    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (commands, mut rx, host) = person(&socket, 9, "alice");
    let people = async {
        let profile = TempDir::new("hot-seat");
        let mut app = App::new(options("alice", &profile));
        let _ = app.update(Message::Net((0, NetEvent::Ready(commands.clone()))));
        /// Passes the screen when it waits to be passed, and uncovers it.
        fn hand_over(app: &mut App) {
            let _ = app.update(Message::PassScreen);
            assert!(app.seating().curtain);
            let _ = app.update(Message::Uncover);
        }
        until(&mut app, &mut rx, |a| !a.snapshot().addresses.is_empty()).await;
        let _ = app.update(Message::Lobby(lobby::Message::HotSeat));
        until(&mut app, &mut rx, |a| a.screen() == Screen::Deploy).await;
        assert_eq!(app.snapshot().name, "alice", "the host deploys first");
        let _ = app.update(Message::Deploy(deploy::Message::Ready));
        until(&mut app, &mut rx, |a| a.waiting() == Some(Chair::Guest(0))).await;
        hand_over(&mut app);
        assert_eq!(app.snapshot().name, "Player 2");
        assert_eq!(app.screen(), Screen::Deploy);
        {
            // The saved layouts are alice's: not offered to the second player.
            let mut ui = Simulator::with_size(settings(), SIZE, app.view());
            assert!(ui.find(Lang::En.app().hotseat_no_library).is_ok());
        }
        let _ = app.update(Message::Deploy(deploy::Message::Ready));
        until(&mut app, &mut rx, |a| {
            a.snapshot()
                .game
                .as_ref()
                .is_some_and(|g| g.board.is_some())
        })
        .await;
        let moves = |app: &App| {
            app.snapshot().game.as_ref().map_or(0, |g| {
                g.record
                    .iter()
                    .filter(|r| matches!(r, Record::Move { .. }))
                    .count()
            })
        };
        // Six moves, each clicked on the board of the seat on screen.
        for n in 0..6usize {
            until(&mut app, &mut rx, |a| {
                a.waiting().is_some()
                    || a.snapshot()
                        .game
                        .as_ref()
                        .is_some_and(|g| !g.legal_moves.is_empty())
            })
            .await;
            if app.waiting().is_some() {
                hand_over(&mut app);
                until(&mut app, &mut rx, |a| {
                    a.snapshot()
                        .game
                        .as_ref()
                        .is_some_and(|g| !g.legal_moves.is_empty())
                })
                .await;
            }
            let game = app.snapshot().game.clone().unwrap();
            let side = if game.me == 0 {
                Side::South
            } else {
                Side::North
            };
            let mv: Move = game.legal_moves[0].junqi().unwrap();
            let mv = mv.from_view(side);
            for square in [mv.from, mv.to] {
                let _ = app.update(Message::Play(play::Message::Game(games::Message::Junqi(
                    junqi::play::Message::Board(junqi::board::Message::Clicked(square)),
                ))));
            }
            until(&mut app, &mut rx, |a| moves(a) > n).await;
        }
        // Whoever's turn it is now resigns from their own board.
        until(&mut app, &mut rx, |a| a.waiting().is_some()).await;
        hand_over(&mut app);
        let resigner = app.snapshot().game.as_ref().unwrap().me;
        let _ = app.update(Message::Play(play::Message::Resign));
        let _ = app.update(Message::Play(play::Message::ConfirmResign));
        until(&mut app, &mut rx, |a| {
            a.snapshot()
                .game
                .as_ref()
                .is_some_and(|g| g.audit.is_some())
        })
        .await;
        assert_eq!(
            app.seating().shown,
            Chair::Host,
            "the end is on the host's desk"
        );
        assert!(!app.seating().curtain, "nothing is covered after the game");
        let game = app.snapshot().game.clone().unwrap();
        assert_eq!(game.ending.as_ref().unwrap().winner, Some(1 - resigner));
        assert!(game.audit.as_ref().unwrap().ok);
        // Both players are at the screen: the end names the winner, not "you".
        let winner = ["alice", "Player 2"][1 - resigner as usize];
        {
            let mut ui = Simulator::with_size(settings(), SIZE, app.view());
            assert!(
                ui.find(format!("{winner} wins")).is_ok(),
                "the end names {winner}"
            );
        }
        let _ = app.update(Message::CloseRequested(iced::window::Id::unique()));
    };
    let run = async { tokio::join!(host, people).0 };
    tokio::time::timeout(std::time::Duration::from_secs(120), run)
        .await
        .expect("the hot-seat game never got stuck")
        .expect("the host quits cleanly");
}

/// A saved game is listed in the lobby (the newest first) and opens there for review: the
/// board at any move, the moves in Chinese notation, the result; a file that is not a
/// game says what is wrong with it.
#[test]
fn a_saved_xiangqi_game_opens_from_the_lobby_for_review() {
    use lanqi::gui::{lobby, review};
    use lanqi::store::SavedXiangqi;
    let mut h = Harness::new(xiangqi_snapshot(&["h2e2", "h9g7", "h0g2"]));
    let dir = h._profile.0.join("saved");
    std::fs::create_dir_all(&dir).unwrap();
    let dated = |name: &str, text: &str, secs: u64| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(when).unwrap();
        path
    };
    let bad = dated(
        "xiangqi-1-bad.txt",
        "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nmoves h2e2 h2e2\n",
        1000,
    );
    let opening = SavedXiangqi {
        start: lanqi::rules::xiangqi::Position::start(),
        moves: ["h2e2", "h9g7", "h0g2"]
            .map(|m| m.parse().unwrap())
            .to_vec(),
        result: Some("red resignation".into()),
    };
    dated("xiangqi-2-opening.txt", &opening.render(), 2000);
    // Saving lists the games again: the one just saved first, then the older two.
    h.click("Save game");
    h.app.set_snapshot(lobby_snapshot(), Instant::now());
    assert!(h.shows("Saved games"));
    assert!(h.shows("xiangqi-2-opening.txt") && h.shows("xiangqi-1-bad.txt"));
    let _ = h.app.update(Message::Lobby(lobby::Message::OpenSaved(0)));
    assert_eq!(
        h.app.review().unwrap().at(),
        3,
        "the game just saved, at its end"
    );
    h.click("Back to lobby");
    // A file that is not a game says so, naming the file, the line and the move.
    let _ = h.app.update(Message::Lobby(lobby::Message::OpenSaved(2)));
    assert!(h.app.review().is_none());
    let why = SavedXiangqi::load(&bad).unwrap_err();
    assert!(
        why.ends_with(
            "xiangqi-1-bad.txt: line 2: move 2 (h2e2): h2e2 is not legal here: no piece on its from-point"
        ),
        "{why}"
    );
    assert!(h.shows(&why), "the lobby says why the file does not open");
    let _ = h.app.update(Message::Lobby(lobby::Message::OpenSaved(1)));
    assert!(h.shows("xiangqi-2-opening.txt") && h.shows("Red: Resignation"));
    assert!(h.shows("1. 炮二平五   马8进7"));
    h.click("◀");
    assert!(h.shows("Replay 2/3"));
    assert_snapshot(&h.ui().snapshot(&Theme::Light).unwrap(), "app-review");
    let _ = h.app.update(Message::Review(review::Message::Replay(0)));
    assert!(h.shows("Replay 0/3"));
    h.click("Back to lobby");
    assert!(h.app.review().is_none());
    assert!(h.shows("Saved games"));
}

/// Hot-seat Xiangqi in the app with the real peers: the screen turns to the side to move
/// after each clicked move; Undo on the board of the side to move asks, in the last mover's
/// name, for that move back; the side to move grants it on its own board, and the screen
/// is the last mover's again. (Who moves first is the coin's: either seat.)
#[tokio::test]
async fn hot_seat_xiangqi_undo_in_the_app_with_real_peers() {
    use lanqi::gui::{games, lobby, play, xiangqi};
    use lanqi::peer::control::Chair;

    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (commands, mut rx, host) = person(&socket, 10, "alice");
    let people = async {
        let profile = TempDir::new("hot-seat-xiangqi");
        let mut app = App::new(options("alice", &profile));
        let _ = app.update(Message::Net((0, NetEvent::Ready(commands.clone()))));
        let standing = |app: &App| {
            app.snapshot()
                .game
                .as_ref()
                .map_or(0, |g| xiangqi::play::standing_moves(&g.record).len())
        };
        let can_move = |app: &App| {
            app.snapshot()
                .game
                .as_ref()
                .is_some_and(|g| !g.legal_moves.is_empty())
        };
        until(&mut app, &mut rx, |a| !a.snapshot().addresses.is_empty()).await;
        let _ = app.update(Message::Lobby(lobby::Message::Game(GameKind::Xiangqi)));
        let _ = app.update(Message::Lobby(lobby::Message::HotSeat));
        // Two moves, each clicked on the board of the side to move; no curtain between.
        for n in 0..2 {
            until(&mut app, &mut rx, |a| standing(a) == n && can_move(a)).await;
            assert!(app.waiting().is_none() && !app.seating().curtain);
            let game = app.snapshot().game.clone().unwrap();
            let mv = game.legal_moves[0].xiangqi().unwrap();
            for square in [mv.from, mv.to] {
                let _ = app.update(Message::Play(play::Message::Game(games::Message::Xiangqi(
                    xiangqi::play::Message::Board(xiangqi::board::Message::Clicked(square)),
                ))));
            }
            until(&mut app, &mut rx, |a| standing(a) > n).await;
        }
        // The first mover (by the coin) is to move again; the other made the last move and
        // asks for it back from the board on screen; the one on screen grants it.
        until(&mut app, &mut rx, |a| standing(a) == 2 && can_move(a)).await;
        let answering = app.seating().shown;
        let asker = match answering {
            Chair::Host => Chair::Guest(0),
            Chair::Guest(_) => Chair::Host,
        };
        let _ = app.update(Message::Play(play::Message::AskUndo));
        until(&mut app, &mut rx, |a| {
            a.snapshot().game.as_ref().is_some_and(|g| g.undo.is_some())
        })
        .await;
        assert_eq!(app.seating().shown, answering, "the one asked answers");
        let _ = app.update(Message::Play(play::Message::AnswerUndo(true)));
        until(&mut app, &mut rx, |a| {
            standing(a) == 1 && a.seating().shown == asker && can_move(a)
        })
        .await;
        let _ = app.update(Message::CloseRequested(iced::window::Id::unique()));
    };
    let run = async { tokio::join!(host, people).0 };
    tokio::time::timeout(std::time::Duration::from_secs(120), run)
        .await
        .expect("the hot-seat game never got stuck")
        .expect("the host quits cleanly");
}

#[test]
fn the_lobby_watches_a_player_in_a_game_or_an_address() {
    let mut h = Harness::new(lobby_snapshot());
    // carol is playing and answers: her row has Watch.
    assert!(h.shows("Watch"));
    h.click("Watch");
    assert_eq!(h.sent(), vec![Command::Watch(addr("192.168.1.12:40003"))]);
    // With discovery off, nobody found: watch a typed address.
    let mut h = Harness::new(Snapshot {
        found: Vec::new(),
        ..lobby_snapshot()
    });
    h.type_address("127.0.0.1:4000", false);
    h.click("Watch");
    assert_eq!(h.sent(), vec![Command::Watch(addr("127.0.0.1:4000"))]);
    // A bad address is refused with a reason, and nothing is sent.
    let mut h = Harness::new(Snapshot {
        found: Vec::new(),
        ..lobby_snapshot()
    });
    h.type_address("nonsense", false);
    h.click("Watch");
    assert!(h.sent().is_empty());
    assert!(h.shows(&Lang::En.bad_address("nonsense")));
}

/// The lobby offers time controls: choosing one proposes it from then on, and an incoming
/// challenge says the time control it proposes.
#[test]
fn the_lobby_chooses_the_time_control_and_shows_a_challenges() {
    let mut h = Harness::new(lobby_snapshot());
    assert!(h.shows("Time:"), "the time controls are offered");
    // The pick list's choice (its list is an overlay the simulator does not open).
    let chosen = lanqi::gui::lobby::CLOCKS[3];
    let _ = h
        .app
        .update(Message::Lobby(lanqi::gui::lobby::Message::Clock(chosen)));
    let (saved, _) = Settings::load(&h._profile.0.join("settings.json"));
    assert_eq!(
        saved.clock,
        Some(chosen),
        "the choice is kept for the next start"
    );
    assert_eq!(
        h.sent(),
        vec![Command::SetClock(Clock {
            game_secs: 900,
            move_secs: 30
        })]
    );
    let h = Harness::new(Snapshot {
        incoming: Some(Incoming {
            name: "bob".into(),
            fingerprint: "0c11-5e2d-9a40-7b83".into(),
            addr: addr("192.168.1.11:40002"),
            game: GameKind::Xiangqi,
            clock: Clock {
                game_secs: 600,
                move_secs: 0,
            },
        }),
        ..lobby_snapshot()
    });
    assert!(h.shows("10 min"), "the challenge's time control is shown");
}

/// A time control of one's own: "Custom…" opens two boxes; what is typed there is proposed
/// (and nothing that is not a number in range).
#[test]
fn the_lobby_takes_a_custom_time_control() {
    let mut h = Harness::new(lobby_snapshot());
    // "Custom…" in the pick list (its list is an overlay the simulator does not open).
    let _ = h
        .app
        .update(Message::Lobby(lanqi::gui::lobby::Message::CustomClock));
    assert!(h.shows("minutes a side") && h.shows("seconds a move"));
    let type_into = |h: &mut Harness, id: &'static str, text: &str| {
        h.interact(|ui| {
            ui.click(selector::id(id)).unwrap();
            let _ = ui.typewrite(text);
        })
    };
    type_into(&mut h, "clock-minutes", "2x");
    h.click("Use");
    assert!(h.sent().is_empty(), "2x is not a number of minutes");
    let _ = h
        .app
        .update(Message::Lobby(lanqi::gui::lobby::Message::CustomChanged(
            String::new(),
            String::new(),
        )));
    type_into(&mut h, "clock-minutes", "20");
    type_into(&mut h, "clock-seconds", "15");
    h.click("Use");
    let custom = Clock {
        game_secs: 1200,
        move_secs: 15,
    };
    assert_eq!(h.sent(), vec![Command::SetClock(custom)]);
    let (saved, _) = Settings::load(&h._profile.0.join("settings.json"));
    assert_eq!(saved.clock, Some(custom), "kept for the next start");
    assert!(!h.shows("minutes a side"), "the boxes close");
}

/// The lobby's switch says whether others may watch my games and hands the other choice
/// to the peer.
#[test]
fn the_lobby_lets_others_watch_my_games_or_not() {
    let mut h = Harness::new(lobby_snapshot());
    assert!(h.shows("Spectators: allowed"));
    h.click("Spectators: allowed");
    assert_eq!(h.sent(), vec![Command::TakeSpectators(false)]);
    let mut h = Harness::new(Snapshot {
        spectators: (false, 0),
        ..lobby_snapshot()
    });
    h.click("Spectators: not allowed");
    assert_eq!(h.sent(), vec![Command::TakeSpectators(true)]);
}

/// A spectator's (carol's) snapshot of alice (South) and bob (North)'s scripted Junqi
/// game after `plies` moves, as alice relays it: the public board, the absolute moves with
/// their battles, the chat.
fn junqi_watch_snapshot(plies: u32) -> Snapshot {
    use lanqi::rules::junqi::View;
    let (_, position, record) = scripted(plies);
    let mut moves = Vec::new();
    for (i, r) in record.iter().enumerate() {
        if let Record::Move { ply, seat, mv, .. } = r {
            let side = if *seat == 0 { Side::South } else { Side::North };
            let absolute = AnyMove::Junqi(mv.junqi().unwrap().from_view(side));
            let outcome = match record.get(i + 1) {
                Some(Record::Report { outcome, .. }) => Some(*outcome),
                _ => None,
            };
            moves.push((*ply, *seat, absolute, outcome));
        }
    }
    let public = View::seen_by(position.view(Side::South).setup(), None);
    Snapshot {
        name: "carol".into(),
        fingerprint: "a9e0-14b6-c2d7-6f35".into(),
        watching: Some((
            "alice".into(),
            Some(WatchView {
                game: GameKind::Junqi,
                game_id: 7,
                first: 0,
                names: vec!["alice".into(), "bob".into()],
                board: Some(Board::Junqi(Box::new(public.clone()))),
                moves,
                chat: vec![(1, "好棋！".into()), (0, "thanks, you too".into())],
                ending: None,
                audit: None,
            }),
        )),
        ..Snapshot::default()
    }
}

#[test]
fn a_watched_junqi_game_shows_read_only_and_stop_watching_leaves() {
    let snapshot = junqi_watch_snapshot(10);
    let view = snapshot.watching.clone().unwrap().1.unwrap();
    let mut h = Harness::new(snapshot);
    assert_eq!(h.app.screen(), Screen::Watch);
    // A battle's move, with its outcome in words.
    let (ply, seat, mv, outcome) = view
        .moves
        .iter()
        .find(|m| m.3.is_some())
        .cloned()
        .expect("a battle in the scripted game");
    let line = format!(
        "{ply}. {}  {mv}  — {}",
        view.names[seat as usize],
        Lang::En.outcome(outcome.unwrap())
    );
    for shown in [
        "Watching alice (South) vs bob (North) · Junqi",
        line.as_str(),
        "bob: 好棋！",
        "alice: thanks, you too",
        "Stop watching",
    ] {
        assert!(h.shows(shown), "{shown}");
    }
    assert_snapshot(&h.ui().snapshot(&Theme::Light).unwrap(), "app-watch-junqi");
    // Nothing on the board answers a click.
    let target: Move = view.moves[0].2.junqi().unwrap();
    h.click_square(target.to, Side::South);
    assert!(h.sent().is_empty());
    h.click("Stop watching");
    assert_eq!(h.sent(), vec![Command::StopWatching]);
}

/// The watched game in a spectator's snapshot.
fn watched(s: &mut Snapshot) -> &mut lanqi::peer::WatchView {
    s.watching.as_mut().unwrap().1.as_mut().unwrap()
}

#[test]
fn a_watched_game_shows_its_result_and_the_audit() {
    let mut snapshot = junqi_watch_snapshot(12);
    watched(&mut snapshot).ending = Some(Ending {
        winner: Some(1),
        reason: lanqi::session::Reason::Resignation,
    });
    let mut h = Harness::new(snapshot.clone());
    assert!(h.shows("bob wins") && h.shows("Resignation"));
    assert!(h.shows(Lang::En.app().audit_waiting));
    watched(&mut snapshot).audit = Some((true, String::new()));
    h.app.set_snapshot(snapshot.clone(), Instant::now());
    assert!(h.shows(Lang::En.app().watch_audit_ok));
    watched(&mut snapshot).audit = Some((false, String::new()));
    h.app.set_snapshot(snapshot.clone(), Instant::now());
    assert!(h.shows(Lang::En.app().watch_audit_failed));
    // Before the player has named its game: whose it is, and Stop watching.
    snapshot.watching = Some(("alice".into(), None));
    h.app.set_snapshot(snapshot.clone(), Instant::now());
    assert!(h.shows("Watching alice's game") && h.shows(Lang::En.app().watch_waiting));
    // Leaving: the peer drops the game, and the lobby is back.
    snapshot.watching = None;
    h.app.set_snapshot(snapshot, Instant::now());
    assert_eq!(h.app.screen(), Screen::Lobby);
}

#[test]
fn a_watched_xiangqi_game_reads_in_chinese_notation_red_at_the_bottom() {
    use lanqi::rules::xiangqi::Position as XPosition;
    let played = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"];
    let mut position = XPosition::start();
    for mv in played {
        position = position.play(mv.parse().unwrap()).unwrap();
    }
    let view = WatchView {
        game: GameKind::Xiangqi,
        game_id: 9,
        // bob challenged, alice plays Red: the first seat is seat 1.
        first: 1,
        names: vec!["bob".into(), "alice".into()],
        board: Some(Board::Xiangqi(position.clone())),
        moves: played
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                (
                    i as u32 + 1,
                    (1 + i % 2) as u8 % 2,
                    AnyMove::parse(GameKind::Xiangqi, mv).unwrap(),
                    None,
                )
            })
            .collect(),
        chat: vec![(0, "你好".into())],
        ending: None,
        audit: None,
    };
    let mut h = Harness::new(Snapshot {
        name: "carol".into(),
        watching: Some(("bob".into(), Some(view))),
        ..Snapshot::default()
    });
    for shown in [
        "Watching bob (Black) vs alice (Red) · Xiangqi",
        "1. 炮二平五   马8进7",
        "3. 车一平二   马2进3",
        "bob: 你好",
        "▶ alice · Red",
    ] {
        assert!(h.shows(shown), "{shown}");
    }
    assert_snapshot(
        &h.ui().snapshot(&Theme::Light).unwrap(),
        "app-watch-xiangqi",
    );
    h.click("Stop watching");
    assert_eq!(h.sent(), vec![Command::StopWatching]);
}

/// Feeds `app` its peer's snapshots until `done` holds, for at most `secs` seconds; past
/// that, fails saying what it waited for and what the app's game looked like.
async fn until_within(
    app: &mut App,
    rx: &mut tokio::sync::watch::Receiver<Snapshot>,
    what: &str,
    secs: u64,
    done: impl Fn(&App) -> bool,
) {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(secs);
    loop {
        let s = rx.borrow_and_update().clone();
        app.set_snapshot(s, Instant::now());
        if done(app) {
            return;
        }
        if tokio::time::timeout_at(deadline, rx.changed())
            .await
            .is_err()
        {
            let s = app.snapshot();
            panic!(
                "waited {secs} s for {what}; saw: screen {:?}, problem {:?}, game {:?}",
                app.screen(),
                s.problem,
                s.game
                    .as_ref()
                    .map(|g| (g.game, g.me, g.to_move, &g.record, &g.ending))
            );
        }
    }
}

/// The lobby offers Gomoku, and its settings chosen there travel with the challenge, the
/// computer and hot-seat.
#[test]
fn the_lobby_challenges_to_gomoku_with_the_settings_chosen() {
    use lanqi::gui::lobby;
    use lanqi::rules::gomoku::{Rule, Settings, Size};
    let mut h = Harness::new(lobby_snapshot());
    h.click("Gomoku");
    assert!(
        h.shows("Board (columns × rows)") && h.shows("In a row to win"),
        "Gomoku's settings"
    );
    h.click("Challenge");
    assert_eq!(
        h.sent(),
        vec![Command::Challenge(
            addr("192.168.1.11:40002"),
            GameKind::Gomoku(Settings::default())
        )]
    );
    let renju_9x7 = Settings {
        rule: Rule::Renju,
        size: Size::new(9, 7).unwrap(),
        seats: 2,
        win: 4,
        opening: Default::default(),
    };
    let _ = h
        .app
        .update(Message::Lobby(lobby::Message::Gomoku(renju_9x7)));
    h.click("Easy");
    let five = Settings {
        win: 5,
        ..renju_9x7
    };
    assert_eq!(
        h.sent(),
        vec![Command::PlayComputer(GameKind::Gomoku(five), Level::Easy)],
        "renju is played to five"
    );
    // Another game and back: the settings stay.
    h.click("Xiangqi");
    h.click("Gomoku");
    h.click("Challenge");
    assert_eq!(
        h.sent(),
        vec![Command::Challenge(
            addr("192.168.1.11:40002"),
            GameKind::Gomoku(five)
        )]
    );
}

/// Hot-seat Gomoku in the app with the real peers on loopback, on a 9x9 board with four in
/// a row to win chosen in the lobby: each stone is clicked on the board on screen (the
/// board of the seat to move, handed straight over); the stones appear, the move list
/// grows, and Black's four on rank 1 ends the game with Black's player named as the
/// winner and the row's reason.
#[tokio::test]
async fn hot_seat_gomoku_in_the_app_with_real_peers() {
    use lanqi::gui::gomoku::board::Geometry as GGeometry;
    use lanqi::gui::lobby;
    use lanqi::rules::gomoku::{Point as GPoint, Rule, Settings, Size as GSize};

    let settings9 = Settings {
        rule: Rule::Freestyle,
        size: GSize::new(9, 9).unwrap(),
        seats: 2,
        win: 4,
        opening: Default::default(),
    };
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (commands, mut rx, host) = person(&socket, 11, "alice");
    let people = async {
        let profile = TempDir::new("hot-seat-gomoku");
        let mut app = App::new(options("alice", &profile));
        let _ = app.update(Message::Net((0, NetEvent::Ready(commands.clone()))));
        let stones = |app: &App| {
            app.snapshot()
                .game
                .as_ref()
                .map_or(0, |g| lanqi::session::standing_moves(&g.record).len())
        };
        let can_move = |app: &App| {
            app.snapshot()
                .game
                .as_ref()
                .is_some_and(|g| !g.legal_moves.is_empty())
        };
        until_within(&mut app, &mut rx, "the peer's addresses", 30, |a| {
            !a.snapshot().addresses.is_empty()
        })
        .await;
        let _ = app.update(Message::Lobby(lobby::Message::Gomoku(settings9)));
        let _ = app.update(Message::Lobby(lobby::Message::HotSeat));
        // Black (who moves first, by the coin: alice or the guest) on rank 1, White on rank 2.
        let moves = ["a1", "a2", "b1", "b2", "c1", "c2", "d1"];
        let mut first = None;
        for (n, mv) in moves.iter().enumerate() {
            until_within(
                &mut app,
                &mut rx,
                &format!("the turn for move {}", n + 1),
                30,
                |a| stones(a) == n && can_move(a) && a.waiting().is_none(),
            )
            .await;
            let game = app.snapshot().game.clone().unwrap();
            assert_eq!(
                game.game,
                GameKind::Gomoku(settings9),
                "the lobby's settings reached the table"
            );
            let first = *first.get_or_insert(game.first);
            assert_eq!(
                game.me as usize,
                (first as usize + n) % 2,
                "the seat to move is on screen"
            );
            let point: GPoint = mv.parse().unwrap();
            let messages: Vec<Message> = {
                let mut ui = Simulator::with_size(settings(), SIZE, app.view());
                let board = ui.find(selector::id("board")).expect("the board").bounds();
                let c = GGeometry::new(board.size(), settings9.size).center(point);
                ui.point_at(Point::new(board.x + c.x, board.y + c.y));
                let _ = ui.simulate(simulator::click());
                ui.into_messages().collect()
            };
            for m in messages {
                let _ = app.update(m);
            }
            until_within(
                &mut app,
                &mut rx,
                &format!("move {} ({mv}) played", n + 1),
                30,
                |a| stones(a) > n,
            )
            .await;
            let mut ui = Simulator::with_size(settings(), SIZE, app.view());
            assert!(
                ui.find(format!("{}. {mv}", n + 1)).is_ok(),
                "the move list shows {}. {mv}",
                n + 1
            );
        }
        until_within(&mut app, &mut rx, "the end of the game", 30, |a| {
            a.snapshot()
                .game
                .as_ref()
                .is_some_and(|g| g.ending.is_some())
        })
        .await;
        let game = app.snapshot().game.clone().unwrap();
        let black = first.expect("moves were played");
        assert_eq!(
            game.ending.as_ref().unwrap().winner,
            Some(black),
            "Black won"
        );
        let board = game.board.as_ref().and_then(Board::gomoku).unwrap();
        assert_eq!(board.moves().len(), 7, "every stone stands");
        {
            let mut ui = Simulator::with_size(settings(), SIZE, app.view());
            let winner = ["alice", "Player 2"][black as usize];
            assert!(
                ui.find(format!("{winner} wins")).is_ok(),
                "the end names the winner"
            );
            assert!(ui.find("4 in a row").is_ok(), "and why");
            assert!(
                ui.find("Black · 4 stones").is_ok(),
                "beside the winner's name"
            );
        }
        let _ = app.update(Message::CloseRequested(iced::window::Id::unique()));
    };
    let run = async { tokio::join!(host, people).0 };
    tokio::time::timeout(std::time::Duration::from_secs(120), run)
        .await
        .expect("the hot-seat game never got stuck")
        .expect("the host quits cleanly");
}

/// Hot-seat Tibetan chess in the app with the real peers on loopback: all 49 placements
/// clicked on the board on screen (Black's square a1 b1 a2 b2 formed first, then White's
/// f6 g6 f7 g7), the opening removals picked on the board (Black takes f6, White a2), then
/// the battle: White's jump c2xa2 (a stone picked, then its landing point), Black's step
/// b1-b2, and White's step e6-f6, which remakes its square and earns a removal picked on
/// the board (a1) before the whole turn goes out. What each player sees is checked on the
/// way: the removals earned beside the names, Cancel while a turn is being made, the move
/// list, the stones left.
#[tokio::test]
async fn hot_seat_tibetan_in_the_app_with_real_peers() {
    use lanqi::gui::lobby;
    use lanqi::gui::tibetan::board::Geometry as TGeometry;
    use lanqi::rules::tibetan::{Point as TPoint, Rules};

    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (commands, mut rx, host) = person(&socket, 12, "alice");
    let people = async {
        let profile = TempDir::new("hot-seat-tibetan");
        let mut app = App::new(options("alice", &profile));
        let _ = app.update(Message::Net((0, NetEvent::Ready(commands.clone()))));
        let turns_played = |app: &App| {
            app.snapshot()
                .game
                .as_ref()
                .map_or(0, |g| lanqi::session::standing_moves(&g.record).len())
        };
        let can_move = |app: &App| {
            app.snapshot()
                .game
                .as_ref()
                .is_some_and(|g| !g.legal_moves.is_empty())
        };
        let sees = |app: &App, what: &str| {
            Simulator::with_size(settings(), SIZE, app.view())
                .find(what)
                .is_ok()
        };
        // Clicks a point on the board on screen.
        let click = |app: &mut App, point: &str| {
            let point: TPoint = point.parse().unwrap();
            let messages: Vec<Message> = {
                let mut ui = Simulator::with_size(settings(), SIZE, app.view());
                let board = ui.find(selector::id("board")).expect("the board").bounds();
                let c = TGeometry::new(board.size()).center(point);
                ui.point_at(Point::new(board.x + c.x, board.y + c.y));
                let _ = ui.simulate(simulator::click());
                ui.into_messages().collect()
            };
            for m in messages {
                let _ = app.update(m);
            }
        };
        until_within(&mut app, &mut rx, "the peer's addresses", 30, |a| {
            !a.snapshot().addresses.is_empty()
        })
        .await;
        let _ = app.update(Message::Lobby(lobby::Message::Game(GameKind::Tibetan(
            Rules::default(),
        ))));
        let _ = app.update(Message::Lobby(lobby::Message::HotSeat));

        let first = ["a1", "g7", "b1", "f7", "a2", "g6", "b2", "f6"];
        let mut placements: Vec<String> = first.iter().map(|s| s.to_string()).collect();
        for rank in 1..=7 {
            for file in 'a'..='g' {
                let name = format!("{file}{rank}");
                if !placements.contains(&name) {
                    placements.push(name);
                }
            }
        }
        // Each turn: the points clicked, and the turn as the move list shows it.
        let mut script: Vec<(Vec<String>, String)> = placements
            .iter()
            .map(|p| (vec![p.clone()], p.clone()))
            .collect();
        for (clicks, turn) in [
            (&["f6"][..], "*f6"),
            (&["a2"][..], "*a2"),
            (&["c2", "a2"][..], "c2xa2"),
            (&["b1", "b2"][..], "b1-b2"),
            (&["e6", "f6", "a1"][..], "e6-f6*a1"),
        ] {
            script.push((clicks.iter().map(|c| c.to_string()).collect(), turn.into()));
        }
        for (n, (clicks, turn)) in script.iter().enumerate() {
            until_within(
                &mut app,
                &mut rx,
                &format!("the turn for {} ({turn})", n + 1),
                30,
                |a| turns_played(a) == n && can_move(a) && a.waiting().is_none(),
            )
            .await;
            if n == 8 {
                for line in [
                    "Black · 4 stones · 1 removal earned",
                    "White · 4 stones · 1 removal earned",
                ] {
                    assert!(sees(&app, line), "after both squares: {line}");
                }
            }
            if n == 49 {
                assert!(
                    sees(&app, "Black · 25 stones · 1 to remove"),
                    "the opening removals: Black's due beside its name"
                );
            }
            for (i, point) in clicks.iter().enumerate() {
                click(&mut app, point);
                if i + 1 < clicks.len() {
                    assert!(
                        sees(&app, "Cancel"),
                        "{turn}: Cancel while the turn is being made"
                    );
                    assert_eq!(turns_played(&app), n, "{turn}: nothing sent yet");
                }
            }
            until_within(
                &mut app,
                &mut rx,
                &format!("turn {} ({turn}) played", n + 1),
                30,
                |a| turns_played(a) > n,
            )
            .await;
            let line = format!("{}. {turn}", n + 1);
            assert!(sees(&app, &line), "the move list shows {line}");
        }
        let game = app.snapshot().game.clone().unwrap();
        let Some(Board::Tibetan(board)) = game.board.as_ref() else {
            panic!("a Tibetan board: {:?}", game.board);
        };
        let position = board.position().to_string();
        assert_eq!(
            position, "bwbwbww/wbwb.ww/bwbwbwb/wbwbwbw/bwbwbwb/wb.bwbw/..bwbwb battle b 0 0 - 0",
            "every turn played as clicked"
        );
        assert!(sees(&app, "Black · 22 stones"), "Black lost three stones");
        assert!(sees(&app, "White · 23 stones"), "White lost one");
        let _ = app.update(Message::CloseRequested(iced::window::Id::unique()));
    };
    let run = async { tokio::join!(host, people).0 };
    tokio::time::timeout(std::time::Duration::from_secs(300), run)
        .await
        .expect("the hot-seat game never got stuck")
        .expect("the host quits cleanly");
}

/// Gomoku for `seats` on 7x7, four in a row to win.
fn small_gomoku(seats: u8) -> lanqi::rules::gomoku::Settings {
    use lanqi::rules::gomoku::{Rule, Settings, Size as GSize};
    Settings {
        rule: Rule::Freestyle,
        size: GSize::new(7, 7).unwrap(),
        seats,
        win: 4,
        opening: Default::default(),
    }
}

/// A Gomoku table of three opened from the lobby with the real peers on loopback: me, a
/// person at this screen (Pema) and the computer. The seat setup is filled in and Open the
/// table clicked; the screen goes to whichever of us two is to move (the computer answers
/// by itself), each stone is clicked on the board on screen, the three strips name the
/// seats, and the game is played to its end, whose line names the winner or the draw.
#[tokio::test]
async fn a_gomoku_table_of_three_with_a_person_here_and_the_computer_in_the_app() {
    use lanqi::gui::gomoku::board::Geometry as GGeometry;
    use lanqi::gui::{lobby, seats};

    let settings3 = small_gomoku(3);
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (commands, mut rx, host) = person(&socket, 13, "alice");
    let people = async {
        let profile = TempDir::new("table-of-three");
        let mut app = App::new(options("alice", &profile));
        let _ = app.update(Message::Net((0, NetEvent::Ready(commands.clone()))));
        until_within(&mut app, &mut rx, "the peer's addresses", 30, |a| {
            !a.snapshot().addresses.is_empty()
        })
        .await;
        let _ = app.update(Message::Lobby(lobby::Message::Gomoku(settings3)));
        for m in [
            seats::Message::Kind(0, seats::Kind::Here),
            seats::Message::Name(0, "Pema".into()),
            seats::Message::Kind(1, seats::Kind::Computer),
            seats::Message::Level(1, Level::Easy),
        ] {
            let _ = app.update(Message::Lobby(lobby::Message::Seats(m)));
        }
        let messages: Vec<Message> = {
            let mut ui = Simulator::with_size(settings(), SIZE, app.view());
            ui.click("Open the table").expect("the button");
            ui.into_messages().collect()
        };
        for m in messages {
            let _ = app.update(m);
        }
        let stones = |app: &App| {
            app.snapshot()
                .game
                .as_ref()
                .map_or(0, |g| lanqi::session::standing_moves(&g.record).len())
        };
        let over = |app: &App| {
            app.snapshot()
                .game
                .as_ref()
                .is_some_and(|g| g.ending.is_some())
        };
        until_within(&mut app, &mut rx, "the table's game", 60, |a| {
            a.snapshot().game.is_some()
        })
        .await;
        {
            let mut ui = Simulator::with_size(settings(), SIZE, app.view());
            for strip in ["   2. Pema", "   3. Computer (Easy)"] {
                assert!(ui.find(strip).is_ok(), "a strip for {strip}");
            }
        }
        let mut clicked_by = std::collections::BTreeSet::new();
        while !over(&app) {
            until_within(
                &mut app,
                &mut rx,
                "a turn at this screen, or the end",
                60,
                |a| {
                    over(a)
                        || (a.waiting().is_none()
                            && a.snapshot()
                                .game
                                .as_ref()
                                .is_some_and(|g| !g.legal_moves.is_empty()))
                },
            )
            .await;
            if over(&app) {
                break;
            }
            let game = app.snapshot().game.clone().unwrap();
            assert_eq!(game.game, GameKind::Gomoku(settings3));
            clicked_by.insert(app.snapshot().name.clone());
            let point = game.legal_moves[0].gomoku().unwrap().point().unwrap();
            let n = stones(&app);
            let messages: Vec<Message> = {
                let mut ui = Simulator::with_size(settings(), SIZE, app.view());
                let board = ui.find(selector::id("board")).expect("the board").bounds();
                let c = GGeometry::new(board.size(), settings3.size).center(point);
                ui.point_at(Point::new(board.x + c.x, board.y + c.y));
                let _ = ui.simulate(simulator::click());
                ui.into_messages().collect()
            };
            for m in messages {
                let _ = app.update(m);
            }
            until_within(
                &mut app,
                &mut rx,
                &format!("stone {point} played"),
                60,
                |a| stones(a) > n || over(a),
            )
            .await;
        }
        assert_eq!(
            clicked_by,
            ["Pema".to_string(), "alice".to_string()].into(),
            "both people here played from their own board"
        );
        let game = app.snapshot().game.clone().unwrap();
        let ending = game.ending.clone().unwrap();
        let names = ["alice", "Pema", "Computer (Easy)"];
        let line = match ending.winner {
            Some(w) => format!("{} wins", names[usize::from(w)]),
            None => "Draw".to_string(),
        };
        {
            let mut ui = Simulator::with_size(settings(), SIZE, app.view());
            assert!(ui.find(line.as_str()).is_ok(), "the end says {line}");
        }
        let _ = app.update(Message::CloseRequested(iced::window::Id::unique()));
    };
    let run = async { tokio::join!(host, people).0 };
    tokio::time::timeout(std::time::Duration::from_secs(300), run)
        .await
        .expect("the table of three never got stuck")
        .expect("the host quits cleanly");
}

/// The lobby's seat setup for a Gomoku table of four: the seat count beside the rules, a
/// row for each other seat (a person here, a player found on the LAN, the computer), and
/// Open the table, which sends who sits where.
#[test]
fn the_lobby_sets_up_a_gomoku_table_of_four() {
    use lanqi::gui::{lobby, seats};
    use lanqi::peer::Sitter;
    let mut h = Harness::new(lobby_snapshot());
    h.click("Gomoku");
    assert!(h.shows("Seats"), "the seat count beside Gomoku's rules");
    assert!(
        !h.shows("Who plays"),
        "a table of two is challenged as before"
    );
    let _ = h
        .app
        .update(Message::Lobby(lobby::Message::Gomoku(small_gomoku(4))));
    for m in [
        seats::Message::Kind(0, seats::Kind::Here),
        seats::Message::Name(0, "Pema".into()),
        seats::Message::Kind(1, seats::Kind::Lan),
        seats::Message::Address(1, "192.168.1.11:40002".into()),
        seats::Message::Level(2, Level::Hard),
    ] {
        let _ = h.app.update(Message::Lobby(lobby::Message::Seats(m)));
    }
    assert!(h.shows("Who plays") && h.shows("Seat 4 (Blue)"));
    assert_snapshot(
        &h.ui().snapshot(&Theme::Light).unwrap(),
        "app-lobby-gomoku-four-seats",
    );
    h.click("Open the table");
    assert_eq!(
        h.sent(),
        vec![Command::OpenTable(
            GameKind::Gomoku(small_gomoku(4)),
            vec![
                Sitter::Here("Pema".into()),
                Sitter::Lan(addr("192.168.1.11:40002")),
                Sitter::Computer(Level::Hard),
            ]
        )]
    );
    // While it is being opened: how far it got, and Cancel.
    let mut gathering = lobby_snapshot();
    gathering.gathering = Some((3, 4));
    h.app.set_snapshot(gathering, Instant::now());
    assert!(h.shows("Opening the table: 3 of 4 seats taken…"));
    h.click("Cancel");
    assert_eq!(h.sent(), vec![Command::CancelTable]);
}

/// The seat setup and Gomoku's settings are remembered in the settings file, and the lobby
/// has them again at the next start.
#[test]
fn the_gomoku_table_setup_is_remembered() {
    use lanqi::gui::{lobby, seats};
    let profile = TempDir::new("table-remembered");
    let path = profile.0.join("settings.json");
    let opts = Options {
        settings: Some(path.clone()),
        ..options("alice", &profile)
    };
    let mut app = App::new(opts.clone());
    let _ = app.update(Message::Lobby(lobby::Message::Game(GameKind::Gomoku(
        Default::default(),
    ))));
    let _ = app.update(Message::Lobby(lobby::Message::Gomoku(small_gomoku(3))));
    let _ = app.update(Message::Lobby(lobby::Message::Seats(seats::Message::Kind(
        0,
        seats::Kind::Here,
    ))));
    let _ = app.update(Message::Lobby(lobby::Message::Seats(seats::Message::Name(
        0,
        "Pema".into(),
    ))));
    let (saved, warning) = lanqi::store::Settings::load(&path);
    assert_eq!(warning, None);
    assert_eq!(saved.gomoku, Some(small_gomoku(3)));
    assert_eq!(saved.table[..2], ["here:Pema", "computer:medium"]);
    let mut again = App::new(opts);
    let _ = again.update(Message::Lobby(lobby::Message::Game(GameKind::Gomoku(
        Default::default(),
    ))));
    assert_eq!(again.lobby_game(), GameKind::Gomoku(small_gomoku(3)));
    let ui = Simulator::with_size(settings(), SIZE, again.view());
    let mut ui = ui;
    assert!(ui.find("Pema").is_ok(), "the name typed before");
}

/// The game screen at a Gomoku table of four (me in seat 2): a strip for each seat, the
/// others above the board in turn order and mine below, each with its colour, stones and
/// clock; the seat that left marked; whose turn it is by name.
#[test]
fn the_game_screen_of_a_gomoku_table_of_four() {
    use lanqi::rules::gomoku::{Action, Game};
    let settings4 = lanqi::rules::gomoku::Settings {
        size: lanqi::rules::gomoku::Size::new(11, 11).unwrap(),
        win: 5,
        ..small_gomoku(4)
    };
    let moves = ["f6", "g6", "f7", "e5", "g7", "h8", "e6", "d4", "f5"];
    let mut game = Game::new(settings4).unwrap();
    let mut record = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let action: Action = m.parse().unwrap();
        game.act(action).unwrap();
        record.push(Record::Move {
            ply: i as u32 + 1,
            seat: (i % 4) as u8,
            mv: AnyMove::Gomoku(action),
            clock_ms: 0,
        });
    }
    let names = ["alice", "bob", "Pema", "computer (hard)"];
    let seats: Vec<SeatView> = names
        .iter()
        .enumerate()
        .map(|(i, name)| SeatView {
            name: name.to_string(),
            deployed: true,
            clock: Some(300_000 - 7_000 * i as u64),
            left: i == 3,
            to_answer: false,
        })
        .collect();
    let snapshot = Snapshot {
        name: "bob".into(),
        opponent: Some(("alice".into(), "3f2a-91c0-77de-0b14".into())),
        game: Some(GameView {
            game: GameKind::Gomoku(settings4),
            me: 1,
            first: 0,
            seats,
            board: Some(Board::Gomoku(Box::new(game))),
            legal_moves: Vec::new(),
            to_move: Some(2),
            busy: false,
            record,
            undo: None,
            draw: None,
            ending: None,
            audit: None,
            chat: vec![(2, "三个人下更热闹".into())],
        }),
        ..lobby_snapshot()
    };
    let h = Harness::new(snapshot.clone());
    assert_eq!(h.app.screen(), Screen::Play);
    for line in [
        "   1. alice",
        "▶ 3. Pema",
        "   4. Computer (Hard)",
        "left the game",
        "Red · 2 stones",
        "Blue · 2 stones",
        "Pema's turn",
        // The move list says whose stone each was.
        "1. f6   Black · alice",
        "2. g6   White · You",
        "3. f7   Red · Pema",
        "4. e5   Blue · Computer (Hard)",
    ] {
        assert!(h.shows(line), "shows {line:?}");
    }
    assert!(
        !h.shows("Adjourn"),
        "a player does not adjourn another's table"
    );
    assert_snapshot(
        &h.ui().snapshot(&Theme::Light).unwrap(),
        "app-gomoku-four-seats",
    );
    // The table's opener (seat 1) adjourns it.
    let mut opener = snapshot;
    opener.name = "alice".into();
    opener.game.as_mut().unwrap().me = 0;
    let mut h = Harness::new(opener);
    h.click("Adjourn");
    assert_eq!(h.sent(), vec![Command::Adjourn]);
}

/// A Gomoku table of three left unfinished: the lobby's Unfinished game card names every
/// other seat, and offers Resume and Abandon.
#[test]
fn the_unfinished_card_names_the_seats_of_a_table_of_three() {
    let mut snapshot = lobby_snapshot();
    snapshot.adjourned = Some(Adjourned {
        game: GameKind::Gomoku(small_gomoku(3)),
        opponent: "Pema, computer (easy)".into(),
        moves: 9,
        computer: None,
        here: false,
    });
    let mut h = Harness::new(snapshot);
    assert!(h.shows("Unfinished game"));
    assert!(h.shows("Gomoku with Pema, computer (easy), 9 moves played"));
    h.click("Resume");
    assert_eq!(h.sent(), vec![Command::Resume]);
}

/// A Gomoku game of two on 7x7 between alice (seat 0, moving first: the snapshot is hers)
/// and bob, `plies` stones in.
fn gomoku_two(plies: usize) -> Snapshot {
    use lanqi::rules::gomoku::{Action, Game};
    let settings = small_gomoku(2);
    let points = ["d4", "e5", "c3", "e4", "b2", "e3"];
    let mut game = Game::new(settings).unwrap();
    let mut record = Vec::new();
    for (i, p) in points.iter().take(plies).enumerate() {
        let action: Action = p.parse().unwrap();
        game.act(action).unwrap();
        record.push(Record::Move {
            ply: i as u32 + 1,
            seat: (i % 2) as u8,
            mv: AnyMove::Gomoku(action),
            clock_ms: 0,
        });
    }
    Snapshot {
        opponent: Some(("bob".into(), "0c11-5e2d-9a40-7b83".into())),
        game: Some(GameView {
            game: GameKind::Gomoku(settings),
            me: 0,
            first: 0,
            seats: two_seats(["alice", "bob"], [None, None]),
            board: Some(Board::Gomoku(Box::new(game))),
            legal_moves: Vec::new(),
            to_move: Some((plies % 2) as u8),
            busy: false,
            record,
            undo: None,
            draw: None,
            ending: None,
            audit: None,
            chat: Vec::new(),
        }),
        ..lobby_snapshot()
    }
}

/// My undo request and draw offer are said to wait for an answer while the game goes on,
/// and no longer once it is over (the session may still hold them then).
#[test]
fn a_request_of_mine_is_not_awaited_once_the_game_is_over() {
    let waiting_undo = "You asked to take your move back: waiting for the answer…";
    let waiting_draw = "You offered a draw: waiting for the answer…";
    let mut asked = gomoku_two(3);
    let game = asked.game.as_mut().unwrap();
    game.undo = Some((0, 3));
    game.draw = Some(0);
    let mut h = Harness::new(asked.clone());
    assert!(h.shows(waiting_undo) && h.shows(waiting_draw));
    // bob answers: nothing is awaited any more.
    let mut answered = asked.clone();
    let game = answered.game.as_mut().unwrap();
    (game.undo, game.draw) = (None, None);
    h.app.set_snapshot(answered, Instant::now());
    assert!(!h.shows(waiting_undo) && !h.shows(waiting_draw));
    // Asked again, and the game ends (I resign) before bob answers.
    h.app.set_snapshot(asked.clone(), Instant::now());
    assert!(h.shows(waiting_undo));
    let mut over = asked;
    let game = over.game.as_mut().unwrap();
    game.ending = Some(Ending {
        winner: Some(1),
        reason: lanqi::session::Reason::Resignation,
    });
    game.record.push(Record::Over {
        winner: Some(1),
        reason: lanqi::session::Reason::Resignation,
    });
    h.app.set_snapshot(over, Instant::now());
    h.click("See the board");
    assert!(h.shows("Game over"));
    assert!(
        !h.shows(waiting_undo) && !h.shows(waiting_draw),
        "nobody answers a request once the game is over"
    );
}

/// What went wrong before a game came on screen (the opponent left it, and it was saved)
/// is not shown under its board once it is resumed; what goes wrong in the game is, until
/// the game moves on.
#[test]
fn a_problem_is_shown_under_the_board_only_while_it_is_news() {
    let left = "bob left the game: it is saved, and the lobby offers to resume it.";
    let left_problem = || Some(Problem::LeftAndSaved { name: "bob".into() });
    let mut gone = lobby_snapshot();
    gone.problem = left_problem();
    gone.adjourned = Some(Adjourned {
        game: GameKind::Gomoku(small_gomoku(2)),
        opponent: "bob".into(),
        moves: 3,
        computer: None,
        here: false,
    });
    let mut h = Harness::new(gone);
    assert_eq!(h.app.screen(), Screen::Lobby);
    assert!(h.shows(left), "the lobby says why the game stopped");
    // bob resumes it: the peer still holds the line, the screen does not show it.
    let mut resumed = gomoku_two(3);
    resumed.problem = left_problem();
    h.app.set_snapshot(resumed.clone(), Instant::now());
    assert_eq!(h.app.screen(), Screen::Play);
    assert!(!h.shows(left), "the resumed game is not said to be left");
    // A move refused now is shown…
    let refused = "that stone cannot be placed now";
    let mut problem = resumed.clone();
    problem.problem = Some(Problem::Detail(refused.into()));
    h.app.set_snapshot(problem.clone(), Instant::now());
    assert!(h.shows(refused));
    // …until the game moves on.
    let mut on = gomoku_two(4);
    on.problem = Some(Problem::Detail(refused.into()));
    h.app.set_snapshot(on, Instant::now());
    assert!(
        !h.shows(refused),
        "a problem is not shown once the game has moved on"
    );
}

/// The bounds of what `selector` finds on the app's screen.
fn bounds_of(h: &Harness, what: &str) -> iced::Rectangle {
    let mut ui = h.ui();
    match what.strip_prefix('#') {
        Some(id) => ui.find(selector::id(id.to_string())).map(|t| t.bounds()),
        None => ui.find(what).map(|t| t.bounds()),
    }
    .unwrap_or_else(|e| panic!("no {what:?} on screen: {e:?}"))
}

/// Choosing a game moves nothing above its settings: the game picker and Time stay where
/// they are, whichever game is chosen (the rules and history buttons are with the game's
/// settings, under it).
#[test]
fn choosing_a_game_moves_nothing_above_its_settings() {
    let mut h = Harness::new(lobby_snapshot());
    for _ in Lang::ALL {
        let first = bounds_of(&h, "#game-row");
        for game in ["xiangqi", "gomoku", "tibetan", "junqi"] {
            let label = h.app.lang().games(&[game.to_string()]);
            h.click(&label);
            assert_eq!(
                bounds_of(&h, "#game-row"),
                first,
                "the game row stays put when {game} is chosen"
            );
        }
        let _ = h.app.update(Message::ToggleLanguage);
    }
}

/// Gomoku's settings fit in the window, each label on the line of its control, in every
/// language: the board's sides and the win length are stepped with – and + (not chosen
/// from a list of every number).
#[test]
fn gomoku_settings_fit_with_each_label_beside_its_control() {
    let mut h = Harness::new(lobby_snapshot());
    h.click("Gomoku");
    for _ in Lang::ALL {
        for (label, control) in [
            ("setting-rule", "#setting-rule"),
            ("setting-board", "#setting-board"),
            ("setting-win", "#setting-win"),
            ("setting-seats", "#setting-seats"),
            ("setting-opening", "#setting-opening"),
        ] {
            let c = bounds_of(&h, control);
            assert!(
                c.x + c.width <= SIZE.width && c.y + c.height <= SIZE.height,
                "{label} fits in the window: {c:?}"
            );
        }
        let t = h.app.lang().app();
        let seats = h.app.lang().table_words().seats;
        for (label, control) in [
            (t.gomoku_rule, "#setting-rule"),
            (t.gomoku_board, "#setting-board"),
            (t.gomoku_win, "#setting-win"),
            (seats, "#setting-seats"),
            (t.gomoku_opening, "#setting-opening"),
        ] {
            let (l, c) = (bounds_of(&h, label), bounds_of(&h, control));
            let centre = |r: iced::Rectangle| r.y + r.height / 2.0;
            assert!(
                (centre(l) - centre(c)).abs() < 4.0 && c.x > l.x,
                "{label:?} ({l:?}) sits on the line of its control ({c:?})"
            );
        }
        let _ = h.app.update(Message::ToggleLanguage);
    }
    // 15 × 15 to 16 × 15, and the win length down to four.
    h.interact(|ui| {
        ui.click(selector::id("gomoku-columns-more")).unwrap();
    });
    h.interact(|ui| {
        ui.click(selector::id("gomoku-win-less")).unwrap();
    });
    let GameKind::Gomoku(chosen) = h.app.lobby_game() else {
        panic!("Gomoku chosen")
    };
    assert_eq!((chosen.size.width(), chosen.size.height()), (16, 15));
    assert_eq!(chosen.win, 4);
}

/// The game chosen in the lobby, and Tibetan chess's settings, are remembered in the
/// settings file: the next start opens on them; a file with a bad value opens on Junqi.
#[test]
fn the_game_chosen_is_remembered_across_a_restart() {
    use lanqi::gui::lobby;
    let profile = TempDir::new("game-remembered");
    let path = profile.0.join("settings.json");
    let opts = Options {
        settings: Some(path.clone()),
        ..options("alice", &profile)
    };
    let mut app = App::new(opts.clone());
    let rules = lanqi::rules::tibetan::Rules {
        protect_formations: !lanqi::rules::tibetan::Rules::default().protect_formations,
        ..Default::default()
    };
    let _ = app.update(Message::Lobby(lobby::Message::Game(GameKind::Tibetan(
        Default::default(),
    ))));
    let _ = app.update(Message::Lobby(lobby::Message::Tibetan(rules)));
    assert_eq!(
        App::new(opts.clone()).lobby_game(),
        GameKind::Tibetan(rules)
    );
    let _ = app.update(Message::Lobby(lobby::Message::Game(GameKind::Xiangqi)));
    let mut again = App::new(opts.clone());
    assert_eq!(again.lobby_game(), GameKind::Xiangqi);
    // Back to Tibetan chess: its settings were kept too.
    let _ = again.update(Message::Lobby(lobby::Message::Game(GameKind::Tibetan(
        Default::default(),
    ))));
    assert_eq!(again.lobby_game(), GameKind::Tibetan(rules));
    std::fs::write(&path, "{\"game\": 42, \"tibetan\": \"chess\"}").unwrap();
    assert_eq!(App::new(opts).lobby_game(), GameKind::Junqi);
}

/// A peer's games in the lobby: one short line in words each language uses, never a
/// broken word.
#[test]
fn a_peers_games_read_in_one_short_line() {
    let mut snapshot = lobby_snapshot();
    snapshot.found[0].games = ["junqi", "xiangqi", "gomoku", "tibetan"]
        .map(String::from)
        .to_vec();
    snapshot.found[1].games = vec!["junqi".into(), "gomoku".into()];
    let mut h = Harness::new(snapshot);
    assert!(h.shows("all four games") && h.shows("Junqi · Gomoku"));
    let line = bounds_of(&h, "all four games");
    assert!(line.height < 30.0, "one line: {line:?}");
    let _ = h.app.update(Message::ToggleLanguage);
    assert!(h.shows("四种棋都下") && h.shows("军棋、五子棋"));
    let line = bounds_of(&h, "军棋、五子棋");
    assert!(line.height < 30.0, "one line: {line:?}");
    let _ = h.app.update(Message::ToggleLanguage);
    assert!(h.shows("四種棋都下") && h.shows("軍棋、五子棋"));
    let line = bounds_of(&h, "軍棋、五子棋");
    assert!(line.height < 30.0, "one line: {line:?}");
}

/// Every change of what the window shows is painted afresh (tiny-skia's damage tracking
/// leaves ink outside a text's line box behind: descenders, Tibetan stacks): the window's
/// background is nudged after each change, which makes iced repaint all of it, and stays
/// as it is while nothing changes (a clock's tick repaints only what it damages).
/// `scripts/check-repaint.sh` checks the real window under Xvfb.
#[test]
fn every_change_on_screen_is_painted_afresh() {
    let mut h = Harness::new(lobby_snapshot());
    let background = |h: &Harness| h.app.style(&Theme::Light).background_color;
    let before = background(&h);
    assert_eq!(background(&h), before, "nothing changed: no repaint");
    let _ = h.app.update(Message::ToggleLanguage);
    let after = background(&h);
    assert_ne!(after, before, "the words changed: all repainted");
    assert_eq!(background(&h), after);
    let _ = h.app.update(Message::Repaint);
    assert_ne!(background(&h), after, "a scroll: all repainted");
    let still = background(&h);
    let _ = h.app.update(Message::Tick(Instant::now()));
    assert_eq!(
        background(&h),
        still,
        "a plain tick repaints what it damages only"
    );
    // Never more than a shade from the theme's.
    let theme = iced::theme::Base::base(&Theme::Light).background_color;
    assert!((theme.b - still.b).abs() < 0.01 && theme.r == still.r && theme.g == still.g);
}

/// After the game the side panel says who won and why in one line: "You won: Resignation",
/// without the title's exclamation mark before the colon.
#[test]
fn the_result_line_reads_as_one_sentence() {
    let mut won = gomoku_two(3);
    let game = won.game.as_mut().unwrap();
    game.ending = Some(Ending {
        winner: Some(0),
        reason: lanqi::session::Reason::Resignation,
    });
    let mut h = Harness::new(won);
    h.click("See the board");
    assert!(h.shows("You won: Resignation"));
    assert!(!h.shows("You won!: Resignation"));
}

/// The result of a game that just ended leaves the board in view: the replay's counter and
/// the position it names are seen together (a dialog in the middle of the window hid the
/// first stones, at the board's centre, while the counter said they were there).
#[test]
fn the_result_leaves_the_board_and_its_replay_in_view() {
    let mut over = gomoku_two(1);
    let game = over.game.as_mut().unwrap();
    game.ending = Some(Ending {
        winner: Some(1),
        reason: lanqi::session::Reason::Resignation,
    });
    let h = Harness::new(over);
    assert!(h.shows("See the board") && h.shows("Replay 1/1"));
    let (result, board) = (bounds_of(&h, "#end-dialog"), bounds_of(&h, "#board"));
    assert!(
        result.intersection(&board).is_none(),
        "the result ({result:?}) covers none of the board ({board:?})"
    );
}

/// Names and chat in Tibetan script (bkra shis bde legs; rdo rje sgrol ma; "are you well?"
/// and "very well, thank you"), with stacked consonants and vowel signs above and below.
const TIBETAN_ME: &str = "བཀྲ་ཤིས་བདེ་ལེགས";
const TIBETAN_THEM: &str = "རྡོ་རྗེ་སྒྲོལ་མ";
const TIBETAN_CHAT: [&str; 2] = ["ཁྱེད་རང་སྐུ་གཟུགས་བདེ་པོ་ཡིན་པས།", "བདེ་པོ་ཡིན། ཐུགས་རྗེ་ཆེ།"];

/// The rendered pixels of `ui` (RGBA, row by row) and the width.
fn pixels(ui: &mut Simulator<'_, Message>, name: &str) -> (Vec<u8>, usize) {
    let shot = ui.snapshot(&Theme::Light).unwrap();
    let dir = TempDir::new(name);
    assert!(shot.matches_image(dir.0.join(name)).unwrap(), "written");
    let file = std::fs::File::open(dir.0.join(format!("{name}-tiny-skia.png"))).unwrap();
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap();
    let mut rgba = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut rgba).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    rgba.truncate(info.buffer_size());
    (rgba, info.width as usize)
}

/// The first and last rows with ink (dark text on the light theme) in the columns `x0..x1`
/// and the rows `y0..y1`, in logical pixels (the render may be at a larger scale).
fn ink_rows(pixels: &(Vec<u8>, usize), x0: f32, x1: f32, y0: f32, y1: f32) -> Option<(f32, f32)> {
    let (rgba, width) = pixels;
    let height = rgba.len() / 4 / width;
    let scale = *width as f32 / SIZE.width;
    let at = |v: f32| (v * scale).max(0.0);
    let (x0, x1) = (
        at(x0).floor() as usize,
        (at(x1).ceil() as usize).min(*width),
    );
    let (y0, y1) = (
        at(y0).floor() as usize,
        (at(y1).ceil() as usize).min(height),
    );
    let inked = |y: usize| {
        (x0..x1).any(|x| {
            let p = &rgba[4 * (y * width + x)..][..3];
            (u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])) < 3 * 110
        })
    };
    let first = (y0..y1).find(|&y| inked(y))?;
    let last = (y0..y1).rev().find(|&y| inked(y))?;
    Some((first as f32 / scale, (last + 1) as f32 / scale))
}

/// The ink of the text `content` on screen stays within its line: none in the two rows
/// above its top or below its bottom (where a box's border or the next line is).
fn assert_ink_inside(ui: &mut Simulator<'_, Message>, shot: &(Vec<u8>, usize), content: &str) {
    let b = ui.find(content).expect(content).bounds();
    let inside = ink_rows(shot, b.x, b.x + b.width, b.y, b.y + b.height);
    assert!(inside.is_some(), "{content:?} shows no ink inside {b:?}");
    let (top, bottom) = (b.y, b.y + b.height);
    let above = ink_rows(shot, b.x, b.x + b.width, top - 2.0, top);
    let below = ink_rows(shot, b.x, b.x + b.width, bottom, bottom + 2.0);
    assert!(
        above.is_none() && below.is_none(),
        "{content:?} inks outside its line {b:?}: above {above:?}, below {below:?}"
    );
}

/// The game screen of a player named in Tibetan against another, with two Tibetan chat
/// lines: the header's name, the opponent's strip and both chat lines keep their glyphs
/// (vowel signs above, stacked consonants below) inside their own lines, so nothing
/// touches the header's edge and the two chat lines never overlap.
#[test]
fn tibetan_names_and_chat_sit_inside_their_lines() {
    let mut snapshot = seat_snapshot(10, Side::South);
    snapshot.name = TIBETAN_ME.into();
    snapshot.opponent = Some((TIBETAN_THEM.into(), "0c11-5e2d-9a40-7b83".into()));
    let game = snapshot.game.as_mut().unwrap();
    game.seats = two_seats([TIBETAN_ME, TIBETAN_THEM], [Some(754_000), Some(1_023_000)]);
    game.chat = vec![(1, TIBETAN_CHAT[0].into()), (0, TIBETAN_CHAT[1].into())];
    let h = Harness::new(snapshot);
    assert_eq!(h.app.screen(), Screen::Play);
    let mut ui = h.ui();
    let shot = pixels(&mut ui, "tibetan-game");
    let strip = [format!("   {TIBETAN_THEM}"), format!("▶ {TIBETAN_THEM}")]
        .into_iter()
        .find(|s| ui.find(s.as_str()).is_ok())
        .expect("the opponent's strip");
    for content in [
        TIBETAN_ME.to_string(),
        strip,
        format!("{TIBETAN_THEM}: {}", TIBETAN_CHAT[0]),
        format!("You: {}", TIBETAN_CHAT[1]),
    ] {
        assert_ink_inside(&mut ui, &shot, &content);
    }
    assert_snapshot(&ui.snapshot(&Theme::Light).unwrap(), "app-tibetan-game");
}

/// The lobby's name box with a Tibetan name: its glyphs stay clear of the box's border
/// (at least one row of the box's own background between them and each border).
#[test]
fn a_tibetan_name_sits_inside_the_name_box() {
    let snapshot = Snapshot {
        name: TIBETAN_ME.into(),
        ..lobby_snapshot()
    };
    let h = Harness::new(snapshot);
    let mut ui = h.ui();
    let shot = pixels(&mut ui, "tibetan-lobby");
    let b = ui.find(selector::id("name")).unwrap().bounds();
    // Inside the border (one pixel all round), with one more pixel of the box's own
    // background between the glyphs and the border.
    let (y0, y1) = (b.y + 1.0, b.y + b.height - 1.0);
    let (top, bottom) =
        ink_rows(&shot, b.x + 2.0, b.x + b.width - 2.0, y0, y1).expect("the name shows");
    assert!(
        top >= y0 + 1.0 && bottom <= y1 - 1.0,
        "ink rows {top}..={bottom} reach the border of the box {b:?}"
    );
    assert_snapshot(
        &ui.snapshot(&Theme::Light).unwrap(),
        "app-lobby-tibetan-name",
    );
}

/// The problem line is worded in the window's language: a declined draw under the board
/// reads in English, then in simplified and in traditional Chinese, never the English
/// sentence in a Chinese window.
#[test]
fn a_problem_under_the_board_reads_in_the_window_s_language() {
    let mut h = Harness::new(gomoku_two(3));
    assert_eq!(h.app.screen(), Screen::Play);
    // Declined while the game is on screen: news, shown under the board.
    let mut declined = gomoku_two(3);
    declined.problem = Some(Problem::DrawDeclined);
    h.app.set_snapshot(declined, Instant::now());
    assert!(h.shows("Your draw offer was declined."));
    let _ = h.app.update(Message::ToggleLanguage);
    assert!(h.shows("对方拒绝了和棋。"));
    assert!(!h.shows("Your draw offer was declined."));
    let _ = h.app.update(Message::ToggleLanguage);
    assert_eq!(h.app.lang(), Lang::ZhHant);
    assert!(h.shows("對方拒絕了和棋。"));
    assert!(!h.shows("对方拒绝了和棋。"));
    let _ = h.app.update(Message::ToggleLanguage);
    assert!(
        h.shows("Your draw offer was declined."),
        "and back to English"
    );
}

/// The lobby in traditional Chinese (繁體中文), the third choice of the language button:
/// its words are the traditional file's, every character drawn from the bundled fonts
/// (the snapshot shows no missing-glyph boxes), and the button offers English next.
#[test]
fn the_lobby_reads_in_traditional_chinese() {
    let mut h = Harness::new(lobby_snapshot());
    assert!(
        h.shows("简体中文"),
        "the button offers simplified Chinese first"
    );
    let _ = h.app.update(Message::ToggleLanguage);
    assert!(h.shows("繁體中文"), "then traditional");
    let _ = h.app.update(Message::ToggleLanguage);
    assert_eq!(h.app.lang(), Lang::ZhHant);
    for shown in [
        "網路上的玩家",
        "金鑰指紋：3f2a-91c0-77de-0b14",
        "對局中",
        "挑戰",
        "與電腦對弈",
        "English",
    ] {
        assert!(h.shows(shown), "{shown}");
    }
    assert!(!h.shows("网络上的玩家"), "no simplified words left");
    assert_snapshot(
        &h.ui().snapshot(&Theme::Light).unwrap(),
        "app-lobby-zh-hant",
    );
}

/// Play a friend anywhere: my code is shown to copy, with Hide; a friend is listed online;
/// a code cut short is refused with its reason, a good one joins its player.
#[test]
fn the_lobby_invites_a_friend_and_joins_by_code() {
    use lanqi::net::internet::{Relays, synthetic};
    use lanqi::net::invite::Invitation;
    let invitation = Invitation {
        key: [7; 32],
        issued: 1_796_000_000,
        relay: Some("https://relay.example./".into()),
        addrs: vec![addr("192.168.1.10:40001")],
        quic: Vec::new(),
    };
    let code = invitation.code();
    let mut h = Harness::new(Snapshot {
        internet: Some(Relays::Default),
        invitation: Some(code.clone()),
        friends: vec![lanqi::peer::internet::FriendView {
            name: "dawa".into(),
            fingerprint: "9c1e-0b2a-77d1-4e03".into(),
            online: true,
            addr: synthetic(&[8; 32]),
        }],
        ..lobby_snapshot()
    });
    for shown in ["Play a friend anywhere", "dawa", "Copy", "Hide my code"] {
        assert!(h.shows(shown), "{shown}");
    }
    assert!(h.shows(&code), "the code itself");
    let tall = Size::new(1200.0, 2000.0);
    h.interact_in(tall, |ui| {
        ui.click("Hide my code").unwrap();
    });
    assert_eq!(h.sent(), vec![Command::Invite(false)]);
    let typed = |h: &mut Harness, text: &str| {
        h.interact_in(tall, |ui| {
            ui.click(selector::id("code")).unwrap();
            let _ = ui.typewrite(text);
            let _ = ui.tap_key(iced::keyboard::key::Named::Enter);
        })
    };
    typed(&mut h, &code[..code.len() - 4]);
    assert!(h.sent().is_empty(), "a damaged code joins nobody");
    assert!(h.shows("The code is cut short or mistyped: copy all of it again."));
    // The whole code pasted in the box this time, and Join pressed.
    let _ = h
        .app
        .update(Message::Lobby(lanqi::gui::lobby::Message::CodeChanged(
            code.clone(),
        )));
    assert!(!h.shows("The code is cut short or mistyped: copy all of it again."));
    h.interact_in(tall, |ui| {
        ui.click("Join").unwrap();
    });
    assert_eq!(h.sent(), vec![Command::Join(invitation, GameKind::Junqi)]);
}
