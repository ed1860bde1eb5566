//! `lanqi junqi …`: the Junqi rules core on the command line. The output formats are a
//! stable interface for other tools (see docs/CLI.md).

use std::fmt::Write;

use clap::{Subcommand, ValueEnum};

use super::UserError;
use crate::rules::junqi::{
    Game, Layout, Move, NoBattleVerdict, Position, RuleSet, Setup, Side, View, perft,
};

/// `lanqi junqi` subcommands.
#[derive(Debug, Subcommand)]
pub enum JunqiCommand {
    /// Print the legal moves of the side to move, one per line, sorted (a full position, or
    /// a view by the side to move).
    Moves {
        /// The position, in JNF.
        jnf: String,
    },
    /// Play moves on a full-information position; print each move's battle, the resulting
    /// JNF, and the result if the game ended.
    Play {
        /// The position, in JNF.
        jnf: String,
        /// Moves such as a5-a6, in the absolute frame.
        moves: Vec<String>,
        /// The end-of-game rule set.
        #[arg(long, value_enum, default_value_t = Rules::Default)]
        rules: Rules,
        /// Under the championship rules, who loses when the no-battle count runs out.
        #[arg(long, value_enum, default_value_t = NoBattleLoser::Mover)]
        no_battle_loser: NoBattleLoser,
    },
    /// Print what one side may see of a position, in the same absolute frame.
    View {
        /// The position, in JNF.
        jnf: String,
        /// The viewer: s or n.
        side: Side,
    },
    /// Check or generate layouts (deployments).
    #[command(subcommand)]
    Layout(LayoutCommand),
    /// Count the legal move sequences of a given length (full information).
    Perft {
        /// The position, in JNF.
        jnf: String,
        /// The sequence length (at most 64).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
    },
    /// Play games between computer players and print player A's score: `wins N draws N
    /// losses N`, the score with its 95% confidence interval, and each player's time per move.
    Match(super::junqi_match::MatchArgs),
}

/// `lanqi junqi layout` subcommands.
#[derive(Debug, Subcommand)]
pub enum LayoutCommand {
    /// Check a layout; print it back normalised.
    Check {
        /// The layout text, e.g. hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf.
        layout: String,
    },
    /// Print a random valid layout; a seed gives the same one on every machine.
    Random {
        /// The seed.
        #[arg(long)]
        seed: u64,
    },
}

/// The rule sets the command line offers.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Rules {
    /// 100 plies without a battle draw; threefold repetition draws.
    Default,
    /// 31 consecutive plies without a battle lose (who loses: [`NoBattleLoser`]).
    Championship,
}

impl Rules {
    /// The rule set it names, the championship one under `loser`'s reading.
    pub fn rule_set(self, loser: NoBattleLoser) -> RuleSet {
        match self {
            Rules::Default => RuleSet::default(),
            Rules::Championship => RuleSet::championship_read(loser.verdict()),
        }
    }
}

/// The two readings of the championship no-battle rule, by who loses when the count runs
/// out (`--no-battle-loser`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NoBattleLoser {
    /// Whoever makes the last quiet ply (the 31st) loses: the rule's stated aim.
    Mover,
    /// The side to move after the last quiet ply loses.
    SideToMove,
}

impl NoBattleLoser {
    /// The rules core's verdict for this reading.
    pub fn verdict(self) -> NoBattleVerdict {
        match self {
            NoBattleLoser::Mover => NoBattleVerdict::MoverLoses,
            NoBattleLoser::SideToMove => NoBattleVerdict::SideToMoveLoses,
        }
    }
}

/// Runs a `lanqi junqi` subcommand.
pub fn run(command: JunqiCommand) -> Result<String, UserError> {
    match command {
        JunqiCommand::Moves { jnf } => moves(&jnf),
        JunqiCommand::Play {
            jnf,
            moves,
            rules,
            no_battle_loser,
        } => play(&jnf, &moves, rules.rule_set(no_battle_loser)),
        JunqiCommand::View { jnf, side } => {
            let view: View = jnf.parse().map_err(UserError::from_display)?;
            let seen = view.for_side(side).map_err(UserError::from_display)?;
            Ok(format!("{seen}\n"))
        }
        JunqiCommand::Layout(LayoutCommand::Check { layout }) => {
            let layout: Layout = layout.parse().map_err(UserError::from_display)?;
            Ok(format!("{layout}\n"))
        }
        JunqiCommand::Layout(LayoutCommand::Random { seed }) => {
            Ok(format!("{}\n", Layout::random(seed)))
        }
        JunqiCommand::Perft { jnf, depth } => {
            let position = full_position(&jnf)?;
            Ok(format!("{}\n", perft(&position, depth)))
        }
        JunqiCommand::Match(args) => super::junqi_match::run(args),
    }
}

fn full_position(jnf: &str) -> Result<Position, UserError> {
    jnf.parse::<Position>().map_err(UserError::from_display)
}

fn moves(jnf: &str) -> Result<String, UserError> {
    let setup: Setup = jnf.parse().map_err(UserError::from_display)?;
    let hidden = Side::BOTH.iter().any(|&s| setup.hides(s));
    let moves = if hidden {
        let view = View::try_from(setup).map_err(UserError::from_display)?;
        view.legal_moves().map_err(UserError::from_display)?
    } else {
        let position = Position::try_from(setup).map_err(UserError::from_display)?;
        position.legal_moves()
    };
    let mut lines: Vec<String> = moves.iter().map(Move::to_string).collect();
    lines.sort();
    Ok(lines.into_iter().map(|l| l + "\n").collect())
}

fn play(jnf: &str, moves: &[String], rules: RuleSet) -> Result<String, UserError> {
    let mut game = Game::new(full_position(jnf)?, rules);
    let mut out = String::new();
    for (i, text) in moves.iter().enumerate() {
        let at = |e: &dyn std::fmt::Display| {
            UserError(format!("move {} of {}: {e}", i + 1, moves.len()))
        };
        let mv: Move = text.parse().map_err(|e| at(&e))?;
        let battle = game.play(mv).map_err(|e| at(&e))?;
        match battle {
            Some(b) => writeln!(out, "{mv} {}", b.result.word()),
            None => writeln!(out, "{mv}"),
        }
        .expect("writing to a string");
    }
    writeln!(out, "{}", game.position()).expect("writing to a string");
    if let Some(outcome) = game.outcome() {
        writeln!(out, "result: {outcome}").expect("writing to a string");
    }
    Ok(out)
}
