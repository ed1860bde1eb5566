//! `lanqi verify`: a saved game checked by anyone. A table of three and a game of two are
//! played by headless peers that save their transcripts; each copy holds, every other
//! seat's moves backed by its own signature (at the table, the author's `from`, relayed by
//! the opener). A copy whose record says another move than the one its author signed,
//! re-signed by its writer, does not hold, and the seat is named; so does one whose kept
//! datagram was altered.

#[path = "support/cli.rs"]
mod cli;
use cli::deadline;
#[path = "support/lossy_table.rs"]
mod lossy_table;
#[path = "support/temp_dir.rs"]
mod temp_dir;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use lanqi::net::{LinkQuality, LossyNet};
use lanqi::peer::{BotKind, PeerOptions};
use lanqi::rules::gomoku::{Rule, Settings, Size};
use lanqi::session::transcript::Transcript;
use lanqi::session::{AnyMove, GameKind, Record};
use lanqi::store::Identity;
use temp_dir::TempDir;

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 9], port))
}

fn gomoku(seats: u8) -> GameKind {
    GameKind::Gomoku(Settings {
        rule: Rule::Freestyle,
        size: Size::new(11, 11).expect("a size"),
        seats,
        win: 5,
        opening: Default::default(),
    })
}

/// Plays one game of `seats` headless peers, each saving its games under `dir/pN`; the
/// transcript each wrote.
async fn play(seats: u8, dir: &Path) -> Vec<PathBuf> {
    let net = LossyNet::new(LinkQuality::PERFECT, 31);
    let options = |i: u16| PeerOptions {
        name: format!("p{i}"),
        connect: (i > 1).then(|| addr(1)),
        game: gomoku(seats),
        bot: BotKind::Random,
        seed: 500 + u64::from(i),
        games_dir: Some(dir.join(format!("p{i}"))),
        ..PeerOptions::default()
    };
    let peers = (1..=u16::from(seats))
        .map(|i| (addr(i), [i as u8 + 80; 32], options(i)))
        .collect();
    for (i, (report, events)) in lossy_table::play_all(&net, peers, "the game to verify")
        .await
        .into_iter()
        .enumerate()
    {
        report.unwrap_or_else(|e| panic!("p{}: {e}; {}", i + 1, deadline::last(&events, 10)));
    }
    (1..=seats)
        .map(|i| {
            let games = dir.join(format!("p{i}"));
            let mut files: Vec<PathBuf> = std::fs::read_dir(&games)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "lanqi"))
                .collect();
            assert_eq!(files.len(), 1, "{files:?}");
            files.pop().unwrap()
        })
        .collect()
}

fn verify(file: &Path) -> (bool, String) {
    let out = cli::lanqi(&["verify", file.to_str().unwrap()]);
    (out.status.success(), String::from_utf8(out.stdout).unwrap())
}

#[tokio::test(start_paused = true)]
async fn every_copy_of_a_table_of_three_holds_and_a_changed_move_names_its_seat() {
    let dir = TempDir::new("verify3");
    let files = play(3, &dir.0).await;
    for file in &files {
        let (ok, out) = verify(file);
        assert!(ok, "{out}");
        assert!(out.contains("verdict: holds"), "{out}");
    }
    // Seat 2's copy: seats 1 and 3 each signed every move of theirs it holds.
    let (_, out) = verify(&files[1]);
    for seat in ["seat 1 (p1)", "seat 3 (p3)"] {
        let line = out.lines().find(|l| l.contains(seat)).unwrap();
        let counts: Vec<&str> = line.split(": ").nth(1).unwrap().split(", ").collect();
        let moves = counts[0].trim_end_matches(" moves");
        let signed = counts[1].trim_end_matches(" signed");
        assert!(moves.parse::<u32>().unwrap() >= 3, "{line}");
        assert_eq!(moves, signed, "every move signed by its author: {line}");
    }
    // Its writer changes one of seat 3's moves in the record to a point nobody played,
    // and signs the file again: the record no longer says what seat 3 signed.
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let mut t = Transcript::parse(&text).unwrap();
    let played: Vec<String> = t
        .records
        .iter()
        .filter_map(|r| match r {
            Record::Move { mv, .. } => Some(mv.to_string()),
            _ => None,
        })
        .collect();
    let free = (b'a'..=b'k')
        .flat_map(|f| (1..=11).map(move |r| format!("{}{r}", f as char)))
        .find(|p| !played.iter().any(|m| m == p))
        .expect("a point nobody played");
    let free = free.as_str();
    let i = t
        .records
        .iter()
        .position(|r| matches!(r, Record::Move { seat: 2, .. }))
        .unwrap();
    if let Record::Move { mv, .. } = &mut t.records[i] {
        *mv = AnyMove::parse(t.game, free).unwrap();
    }
    let changed = dir.0.join("changed.lanqi");
    std::fs::write(&changed, t.render(&Identity::from_secret([82; 32]))).unwrap();
    let (ok, out) = verify(&changed);
    assert!(!ok, "{out}");
    assert!(
        out.contains("verdict: does not hold (seat 3 (p3))"),
        "{out}"
    );
    assert!(out.contains(&format!(", the record says {free}")), "{out}");
    // A kept datagram altered by one byte: it no longer carries its sender's signature.
    let mut t = Transcript::parse(&text).unwrap();
    let last = t.evidence.len() - 1;
    let datagram = &mut t.evidence[last].1;
    let mid = datagram.len() / 2;
    datagram[mid] ^= 1;
    let altered = dir.0.join("altered.lanqi");
    std::fs::write(&altered, t.render(&Identity::from_secret([82; 32]))).unwrap();
    let (ok, out) = verify(&altered);
    assert!(!ok, "{out}");
    assert!(out.contains("does not carry its signature"), "{out}");
}

#[tokio::test(start_paused = true)]
async fn both_copies_of_a_game_of_two_hold_with_the_other_seat_s_moves_signed() {
    let dir = TempDir::new("verify2");
    let files = play(2, &dir.0).await;
    for file in &files {
        let (ok, out) = verify(file);
        assert!(ok, "{out}");
        // The other seat (the challenger is seat 1): its moves signed in its datagrams.
        let line = out
            .lines()
            .find(|l| l.starts_with("  seat") && !l.contains("this copy's writer"))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            line.ends_with(": holds") && !line.contains(" 0 signed"),
            "{line}"
        );
    }
    // A file that is not a transcript is named, and does not hold.
    let junk = dir.0.join("junk.lanqi");
    std::fs::write(&junk, "hello\n").unwrap();
    let (ok, out) = verify(&junk);
    assert!(
        !ok && out.contains("junk.lanqi") && out.contains("cannot be read"),
        "{out}"
    );
}
