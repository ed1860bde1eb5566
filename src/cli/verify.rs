//! `lanqi verify FILE…`: checks saved transcripts as anyone can — the writer's signature,
//! the record replayed by the rules, and every signed datagram kept as evidence (at a
//! table of three or four, each relayed move's author signature) — and names each seat
//! whose signatures or moves do not hold.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use super::UserError;
use crate::session::verify::{Fault, Verdict, verify};

/// `lanqi verify` arguments.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// Transcripts to check (`.lanqi` files, e.g. from a profile's `games/` folder).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Checks each file and prints what it found; exits 0 when every file holds, 1 when one
/// does not (or cannot be read).
pub fn run(args: VerifyArgs) -> Result<ExitCode, UserError> {
    let mut out = String::new();
    let mut all_hold = true;
    for path in &args.files {
        match crate::peer::archive::read(path) {
            Ok(t) => {
                let verdict = verify(&t);
                all_hold &= verdict.holds();
                out += &report(&path.display().to_string(), &verdict);
            }
            Err(problem) => {
                all_hold = false;
                let _ = writeln!(out, "{problem}\n  verdict: cannot be read");
            }
        }
    }
    print!("{out}");
    Ok(if all_hold {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The lines for one transcript.
fn report(file: &str, v: &Verdict) -> String {
    let name = |seat: usize| v.names.get(seat).map_or("?", String::as_str);
    let mut out = format!(
        "{file}: {} game {:016x}, {} seats, seat {}'s copy ({}){}\n",
        v.game,
        v.game_id,
        v.names.len(),
        usize::from(v.writer) + 1,
        name(usize::from(v.writer)),
        if v.finished { ", finished" } else { "" }
    );
    let mut failing = Vec::new();
    for (i, s) in v.seats.iter().enumerate() {
        let backing = if i == usize::from(v.writer) {
            "this copy's writer".to_string()
        } else {
            format!("{} signed", s.signed)
        };
        let state = if s.faults.is_empty() {
            "holds".to_string()
        } else {
            failing.push(format!("seat {} ({})", i + 1, name(i)));
            let faults: Vec<String> = s.faults.iter().map(fault).collect();
            format!("does not hold: {}", faults.join("; "))
        };
        let _ = writeln!(
            out,
            "  seat {} ({}): {} moves, {backing}: {state}",
            i + 1,
            name(i),
            s.moves
        );
    }
    if v.strangers > 0 {
        let _ = writeln!(
            out,
            "  {} kept datagrams are signed by no seat of this game",
            v.strangers
        );
    }
    let verdict = if v.holds() {
        "holds".to_string()
    } else if failing.is_empty() {
        "does not hold".to_string()
    } else {
        format!("does not hold ({})", failing.join(", "))
    };
    let _ = writeln!(out, "  verdict: {verdict}");
    out
}

/// One finding, in words.
fn fault(f: &Fault) -> String {
    match f {
        Fault::BadDatagram { index } => {
            format!("evidence line {} does not carry its signature", index + 1)
        }
        Fault::BadAuthorSignature { n } => {
            format!("its message {n} does not carry its signature")
        }
        Fault::MoveDiffers {
            ply,
            signed,
            recorded: Some(recorded),
        } => format!("move {ply} signed {signed}, the record says {recorded}"),
        Fault::MoveDiffers {
            ply,
            signed,
            recorded: None,
        } => format!("move {ply} signed {signed}, not in the record"),
        Fault::Refused { why } => format!("the rules refuse its move: {why}"),
    }
}
