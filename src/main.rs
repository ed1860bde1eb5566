//! The `lanqi` binary: with no arguments, help (the desktop app will open here); otherwise
//! a subcommand. Bad input prints one line on stderr and exits with status 2.

use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use lanqi::cli::{Cli, Outcome, run};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            return match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    print!("{}", e.render());
                    ExitCode::SUCCESS
                }
                _ => {
                    let text = e.to_string();
                    let first = text.lines().next().unwrap_or("bad arguments");
                    fail(first.strip_prefix("error: ").unwrap_or(first))
                }
            };
        }
    };
    let Some(command) = cli.command else {
        Cli::command().print_help().expect("printing help");
        return ExitCode::SUCCESS;
    };
    match run(command) {
        Ok(Outcome::Exit(code)) => code,
        Ok(Outcome::Print(out)) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (e.g. `| head`) is not an error worth a panic.
            let _ = stdout
                .write_all(out.as_bytes())
                .and_then(|_| stdout.flush());
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e.to_string()),
    }
}

/// Prints one line on stderr (control characters from the input escaped) and exits with 2.
fn fail(message: &str) -> ExitCode {
    let line: String = message
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    eprintln!("lanqi: {line}");
    ExitCode::from(2)
}
