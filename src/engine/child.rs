//! An outside engine's process: started with its standard input and output piped, its
//! output read line by line on a thread of its own, so that waiting for an answer can have
//! a deadline (a hung engine never hangs lanqi).

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};

/// Starts `program` with `args`: the process, where to write to it, and its output's lines
/// as they come (the channel closes when the engine closes its output or exits).
pub fn spawn_lines<S: AsRef<OsStr>>(
    program: impl AsRef<OsStr>,
    args: impl IntoIterator<Item = S>,
) -> std::io::Result<(Child, ChildStdin, Receiver<String>)> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let closed = || std::io::Error::new(std::io::ErrorKind::BrokenPipe, "no pipe to the engine");
    let stdin = child.stdin.take().ok_or_else(closed)?;
    let stdout = child.stdout.take().ok_or_else(closed)?;
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    Ok((child, stdin, lines))
}
