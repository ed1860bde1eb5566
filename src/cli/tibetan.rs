//! `lanqi tibetan …`: the Tibetan seven-square chess rules core on the command line, as
//! `spec/tibetan.md` states it. The output formats are a stable interface for other tools
//! (see docs/CLI.md).
//!
//! `moves` prints the legal turns of the side to act, sorted by text, each followed by a
//! space and the removals it earns (`remove N` in the opening removals); `play` prints
//! each turn as given, the resulting position, and `result: b|w|draw (<reason>)` if the
//! game ended. Bad input: one line on stderr, exit status 2, nothing on stdout.

use std::fmt::Write;

use clap::{Args, Subcommand};

use super::UserError;
use crate::rules::tibetan::{Game, Phase, Position, Rules, Side, Turn};

/// `lanqi tibetan` subcommands.
#[derive(Debug, Subcommand)]
pub enum TibetanCommand {
    /// Print the legal turns of the side to act, sorted, one per line, each with the
    /// removals it earns (in the opening removals: `remove N`); nothing once the game is
    /// over.
    Moves {
        /// The settings (default: the spec's).
        #[command(flatten)]
        rules: RulesArgs,
        /// The position, one line: `<ranks> <phase> <side> <due-b> <due-w> <first> <quiet>`.
        position: String,
    },
    /// Play turns from a position; print each turn, the resulting position, and the result
    /// if the game ended.
    Play {
        /// The settings (default: the spec's).
        #[command(flatten)]
        rules: RulesArgs,
        /// The position, one line.
        position: String,
        /// Turns: `d4`, `c3-c4`, `c3xc5xe5`, `c3-c4*d5*e6`, `*d5*e6`.
        turns: Vec<String>,
    },
}

/// The spec's settings as options; without any, its defaults.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Stones in an enemy square or line may not be removed (unless all are).
    #[arg(long)]
    protect: bool,
    /// A turn earns every square it forms (default: at most two).
    #[arg(long)]
    no_square_cap: bool,
    /// The two-square cap applies to battle turns only, not to placements.
    #[arg(long)]
    uncapped_placement: bool,
    /// A side with N stones or fewer may fly; 0: never.
    #[arg(long, default_value_t = 7, value_name = "N",
          value_parser = clap::value_parser!(u8).range(0..=25))]
    fly: u8,
    /// Who moves first in the battle, b or w.
    #[arg(long, default_value = "w", value_name = "SIDE")]
    battle_first: Side,
    /// N battle turns without a stone leaving the board draw; 0: never.
    #[arg(long, default_value_t = 50, value_name = "N",
          value_parser = clap::value_parser!(u8).range(0..=50))]
    quiet_draw: u8,
    /// The third occurrence of a battle position does not draw.
    #[arg(long)]
    no_repetition: bool,
}

impl RulesArgs {
    fn rules(&self) -> Rules {
        Rules {
            square_cap: !self.no_square_cap,
            cap_placements: !self.uncapped_placement,
            protect_formations: self.protect,
            fly_at: (self.fly > 0).then_some(self.fly),
            battle_first: self.battle_first,
            quiet_draw: (self.quiet_draw > 0).then_some(self.quiet_draw),
            repetition_draw: !self.no_repetition,
            adjudication: None,
        }
    }
}

/// Runs a `lanqi tibetan` subcommand.
pub fn run(command: TibetanCommand) -> Result<String, UserError> {
    match command {
        TibetanCommand::Moves { rules, position } => {
            let game = game(&position, rules.rules())?;
            let mut out = String::new();
            let turns = game.legal_turns();
            if game.position().phase() == Phase::Remove {
                if let Some(remove) = turns.first() {
                    writeln!(out, "remove {}", remove.earned).expect("writing to a string");
                }
            } else {
                for t in turns {
                    writeln!(out, "{} {}", t.turn, t.earned).expect("writing to a string");
                }
            }
            Ok(out)
        }
        TibetanCommand::Play {
            rules,
            position,
            turns,
        } => {
            let mut game = game(&position, rules.rules())?;
            let mut out = String::new();
            for (i, text) in turns.iter().enumerate() {
                let at = |e: &dyn std::fmt::Display| {
                    UserError(format!("turn {} of {} ({text}): {e}", i + 1, turns.len()))
                };
                let turn: Turn = text.parse().map_err(|e| at(&e))?;
                game.play(&turn).map_err(|e| at(&e))?;
                writeln!(out, "{text}").expect("writing to a string");
            }
            writeln!(out, "{}", game.position()).expect("writing to a string");
            if let Some(ending) = game.ending() {
                writeln!(out, "result: {ending}").expect("writing to a string");
            }
            Ok(out)
        }
    }
}

/// The game from the position text, or why it cannot be.
fn game(text: &str, rules: Rules) -> Result<Game, UserError> {
    let position: Position = text
        .parse()
        .map_err(|e| UserError(format!("position: {e}")))?;
    Game::from_position(position, rules).map_err(UserError::from_display)
}
