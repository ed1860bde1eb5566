//! What the echoes of a table of three cost (docs/MEASUREMENTS.md): three headless peers
//! play one Gomoku game over the in-memory link with no loss, and every datagram is
//! counted as it is sent: all of them, and those that carry an echo (a player's word on a
//! message it took, relayed by the opener), per move of the game.
//!
//! `cargo run --release --example table_cost`

use std::net::SocketAddr;
use std::time::Instant;

use lanqi::net::{LinkQuality, LossyNet};
use lanqi::peer::{self, BotKind, PeerOptions};
use lanqi::rules::gomoku::{Rule, Settings, Size};
use lanqi::session::GameKind;
use lanqi::store::Identity;

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 1], port))
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let net = LossyNet::new(LinkQuality::PERFECT, 1);
    let mut tap = net.tap();
    let game = GameKind::Gomoku(Settings {
        rule: Rule::Freestyle,
        size: Size::new(15, 15).expect("a size"),
        seats: 3,
        win: 5,
        opening: Default::default(),
    });
    let options = |i: u16| PeerOptions {
        name: format!("p{i}"),
        connect: (i > 1).then(|| addr(1)),
        game,
        bot: BotKind::Random,
        seed: 7 + u64::from(i),
        ..PeerOptions::default()
    };
    let links: Vec<_> = (1..=3u16).map(|i| net.attach(addr(i))).collect();
    let start = Instant::now();
    let mut plies = 0u64;
    let count = |e: &serde_json::Value| plies += u64::from(e["event"] == "move");
    let runs = async {
        tokio::join!(
            peer::run(
                &links[0],
                Identity::from_secret([1; 32]),
                options(1),
                None,
                count
            ),
            peer::run(
                &links[1],
                Identity::from_secret([2; 32]),
                options(2),
                None,
                |_| {}
            ),
            peer::run(
                &links[2],
                Identity::from_secret([3; 32]),
                options(3),
                None,
                |_| {}
            ),
        )
    };
    let (a, _, _) = runs.await;
    a.expect("the opener's game");
    let elapsed = start.elapsed();
    let mut all = (0u64, 0u64);
    let mut echoes = (0u64, 0u64);
    while let Ok((datagram, _, _)) = tap.try_recv() {
        all.0 += 1;
        all.1 += datagram.len() as u64;
        if String::from_utf8_lossy(&datagram).contains("|echo%7C") {
            echoes.0 += 1;
            echoes.1 += datagram.len() as u64;
        }
    }
    let per = |n: u64| n as f64 / plies.max(1) as f64;
    println!(
        "{plies} moves in {:.2} s: {:.1} datagrams and {:.0} bytes a move in all, of which \
         echoes {:.1} datagrams and {:.0} bytes",
        elapsed.as_secs_f64(),
        per(all.0),
        per(all.1),
        per(echoes.0),
        per(echoes.1)
    );
}
