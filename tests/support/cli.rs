//! Running the `lanqi` binary as other tools do, for the command-line tests: its output,
//! what it prints when it succeeds, and the one-line error when it must not.
#![allow(dead_code)] // each test file uses what it needs

use std::process::{Command, Output};

#[path = "deadline.rs"]
pub mod deadline;

/// Runs `lanqi` with `args` (failing, with what it printed, if it never ends).
pub fn lanqi(args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lanqi"));
    command.args(args);
    deadline::output(command, None)
}

/// What `lanqi` with `args` prints, asserting that it succeeds.
pub fn stdout(args: &[&str]) -> String {
    let out = lanqi(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Asserts the command fails with status 2, nothing on stdout, and one stderr line
/// containing `expected`.
pub fn fails(args: &[&str], expected: &str) {
    let out = lanqi(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(expected), "{args:?}: {err}");
}
