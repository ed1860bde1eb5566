//! The `lanqi` binary: with no subcommand, the desktop app (in a build without the `gui`
//! feature, help); otherwise a subcommand. Bad input prints one line on stderr and exits
//! with status 2.

use std::io::Write;
use std::process::ExitCode;

#[cfg(not(feature = "gui"))]
use clap::CommandFactory;
use clap::Parser;
use clap::error::ErrorKind;
use lanqi::cli::{Cli, Outcome, run};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            return match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    print_quietly(&e.render().to_string());
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
        #[cfg(feature = "gui")]
        return app(cli.app);
        #[cfg(not(feature = "gui"))]
        {
            let _ = Cli::command().print_help();
            return ExitCode::SUCCESS;
        }
    };
    match run(command) {
        Ok(Outcome::Exit(code)) => code,
        Ok(Outcome::Print(out)) => {
            print_quietly(&out);
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e.to_string()),
    }
}

/// Writes to standard output; a closed pipe (`lanqi --help | head -1`) is not an error
/// worth a panic: the reader has what it wanted.
fn print_quietly(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush());
}

/// Opens the desktop app; without a display, says how to run headless and exits with 2.
#[cfg(feature = "gui")]
fn app(args: lanqi::cli::AppArgs) -> ExitCode {
    let options = match args.options() {
        Ok(options) => options,
        Err(e) => return fail(&e.to_string()),
    };
    if !lanqi::gui::app::display_available() {
        return fail(
            "no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset): \
             run `xvfb-run lanqi` for a virtual one, or `lanqi peer` for the headless peer",
        );
    }
    match lanqi::gui::app::run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&format!(
            "cannot open the window ({e}): run `xvfb-run lanqi` for a virtual display, \
             or `lanqi peer` for the headless peer"
        )),
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
