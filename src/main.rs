//! The `lanqi` binary: with no arguments, help (the desktop app will open here); otherwise
//! a subcommand. Bad input prints one line on stderr and exits with status 2.

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use lanqi::cli::{Cli, run};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let Some(command) = cli.command else {
        Cli::command().print_help().expect("printing help");
        return ExitCode::SUCCESS;
    };
    match run(command) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (e.g. `| head`) is not an error worth a panic.
            let _ = stdout
                .write_all(out.as_bytes())
                .and_then(|_| stdout.flush());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("lanqi: {e}");
            ExitCode::from(2)
        }
    }
}
