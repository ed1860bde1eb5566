//! The China Computer Game Championship Junqi referee protocol (version 1.0, 2012), as a
//! line protocol on any reader and writer (stdin/stdout for `lanqi engine junqi --ccgc`).
//!
//! The referee sends `INFO <ver>`, `START <first> <seconds> <steps>`,
//! `GO <move> <result> <flag>`, `RESULT <result> <flag>` and `END <win>`; the program answers
//! `NAME <name>`, `ARRAY <25 letters>` and `BESTMOVE <move>`. Squares are a row letter
//! `A`..`L` (top to bottom) and a column digit `0`..`4` (left to right) in the program's own
//! view, its army at the bottom; a move is two squares (`G0F0`); results are `0` the mover's
//! piece was taken, `1` it took the other, `2` both removed, `3` no battle; a flag is the
//! enemy flag's square once its field marshal is gone, `00` before. See docs/CLI.md.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use crate::rules::junqi::{BattleResult, Move, NoBattleVerdict, RuleSet, Side, Square};

use super::{Budget, JunqiPlayer, Level, Player, deploy};

/// How the program plays under the protocol.
#[derive(Clone, Debug)]
pub struct CcgcOptions {
    /// The engine's level (its per-move time limit applies, within the game's clock).
    pub level: Level,
    /// Seed for the layouts and the engine's choices.
    pub seed: u64,
    /// The name sent in answer to `INFO`.
    pub name: String,
    /// Who loses when `steps` plies pass without a battle (the protocol's words allow both
    /// readings): [`NoBattleVerdict::MoverLoses`] or [`NoBattleVerdict::SideToMoveLoses`].
    pub no_battle: NoBattleVerdict,
}

/// A square in protocol form (`A0`..`L4`), in the program's own view, which is South's.
pub fn parse_square(text: &str) -> Option<Square> {
    let mut chars = text.chars();
    let row = chars.next()?;
    let col = chars.next()?;
    if chars.next().is_some() || !('A'..='L').contains(&row) {
        return None;
    }
    let col = col.to_digit(10)?;
    Square::new(col as u8, row as u8 - b'A')
}

/// The protocol form of a square.
pub fn square_text(s: Square) -> String {
    format!("{}{}", (b'A' + s.row()) as char, s.file())
}

/// A move in protocol form (`G0F0`).
pub fn parse_move(text: &str) -> Option<Move> {
    if text.len() != 4 || !text.is_ascii() {
        return None;
    }
    Some(Move::new(
        parse_square(&text[..2])?,
        parse_square(&text[2..])?,
    ))
}

/// The protocol form of a move.
pub fn move_text(mv: Move) -> String {
    format!("{}{}", square_text(mv.from), square_text(mv.to))
}

/// A result code (`0`..`3`) as the battle result of the move it reports.
pub fn parse_result(text: &str) -> Option<Option<BattleResult>> {
    match text {
        "0" => Some(Some(BattleResult::DefenderWins)),
        "1" => Some(Some(BattleResult::AttackerWins)),
        "2" => Some(Some(BattleResult::BothRemoved)),
        "3" => Some(None),
        _ => None,
    }
}

struct GameState {
    player: JunqiPlayer,
    clock: Duration,
    used: Duration,
    my_move: Option<Move>,
}

/// Speaks the protocol until the input ends. Answers go to `output`, diagnostics about
/// lines it could not use to `log`.
pub fn serve(
    input: impl BufRead,
    mut output: impl Write,
    mut log: impl Write,
    options: &CcgcOptions,
) -> io::Result<()> {
    let mut state: Option<GameState> = None;
    let mut games = 0u64;
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        match (command, &words[1..]) {
            ("INFO", _) => writeln!(output, "NAME {}", options.name)?,
            ("START", [first, time, steps]) => {
                let (Ok(first), Ok(time), Ok(steps)) = (
                    first.parse::<u8>(),
                    time.parse::<u64>(),
                    steps.parse::<u32>(),
                ) else {
                    writeln!(log, "bad START: {line}")?;
                    continue;
                };
                let rules = RuleSet {
                    no_battle_plies: (steps > 0).then_some(steps),
                    no_battle_verdict: options.no_battle,
                    repetition_draws: false,
                };
                let first = if first == 0 { Side::South } else { Side::North };
                let seed = options.seed.wrapping_add(games);
                games += 1;
                let layout = deploy(seed);
                let letters: String = layout
                    .to_string()
                    .chars()
                    .filter(|c| c.is_ascii_lowercase())
                    .collect();
                state = Some(GameState {
                    player: JunqiPlayer::new(
                        options.level,
                        Side::South,
                        &layout,
                        first,
                        rules,
                        seed,
                    ),
                    clock: Duration::from_secs(time),
                    used: Duration::ZERO,
                    my_move: None,
                });
                writeln!(output, "ARRAY {letters}")?;
            }
            ("GO", [mv, result, flag]) => {
                let Some(game) = state.as_mut() else {
                    writeln!(log, "GO before START")?;
                    continue;
                };
                if *mv != "0000" {
                    match (parse_move(mv), parse_result(result)) {
                        (Some(mv), Some(result)) => {
                            if let Err(e) = game.player.observe(mv, result) {
                                writeln!(log, "{line}: {e}")?;
                            }
                        }
                        _ => writeln!(log, "bad GO: {line}")?,
                    }
                }
                see_flag(game, flag, &mut log)?;
                let start = Instant::now();
                let left = game.clock.saturating_sub(game.used);
                let budget = Budget {
                    nodes: options.level.budget().nodes,
                    time: Some(options.level.time_limit().min(left / 30)),
                };
                let choice = game.player.choose(budget);
                game.used += start.elapsed();
                game.my_move = choice;
                match choice {
                    Some(mv) => writeln!(output, "BESTMOVE {}", move_text(mv))?,
                    None => writeln!(output, "BESTMOVE 0000")?,
                }
            }
            ("RESULT", [result, flag]) => {
                let Some(game) = state.as_mut() else {
                    writeln!(log, "RESULT before START")?;
                    continue;
                };
                match (game.my_move.take(), parse_result(result)) {
                    (Some(mv), Some(result)) => {
                        if let Err(e) = game.player.observe(mv, result) {
                            writeln!(log, "{line}: {e}")?;
                        }
                    }
                    _ => writeln!(log, "bad RESULT: {line}")?,
                }
                see_flag(game, flag, &mut log)?;
            }
            ("END", _) => state = None,
            _ => writeln!(log, "unknown command: {line}")?,
        }
        output.flush()?;
    }
    Ok(())
}

fn see_flag(game: &mut GameState, flag: &str, log: &mut impl Write) -> io::Result<()> {
    if flag == "00" || game.player.knowledge().revealed_flag(Side::North).is_some() {
        return Ok(());
    }
    match parse_square(flag) {
        Some(at) => {
            if let Err(e) = game.player.observe_flag(Side::North, at) {
                writeln!(log, "flag {flag}: {e}")?;
            }
        }
        None => writeln!(log, "bad flag square: {flag}")?,
    }
    Ok(())
}
