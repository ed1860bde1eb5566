//! Waiting with a deadline: a test that waits on a process, or on peers playing inside it,
//! never hangs. When the deadline passes, the process is killed (the peers dropped) and the
//! test fails, printing what it had seen so far. The deadline is a bound, not a speed claim:
//! it is far above what any run needs.
#![allow(dead_code)] // each test file uses what it needs

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdout, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long any process a test waits on may take.
pub const DEADLINE: Duration = Duration::from_secs(300);

/// How long peers running inside a test (over the in-memory link) may take to play what
/// the test asks of them, on tokio's clock. In a paused-clock test that clock is virtual and
/// moves on with the peers' own timers (heartbeats, retransmissions, silence), so peers that
/// never finish reach it within moments of real time; it is far above what a game needs.
pub const PLAY: Duration = Duration::from_secs(3600);

/// `future`'s output, or `None` once `limit` has passed on tokio's clock: the caller then
/// fails, printing what it saw (the future, and its borrows of what it saw, are gone by
/// then).
pub async fn within<T>(limit: Duration, future: impl std::future::Future<Output = T>) -> Option<T> {
    tokio::time::timeout(limit, future).await.ok()
}

/// The last `n` of `seen`, one per line, for a failure message.
pub fn last<T: std::fmt::Debug>(seen: &[T], n: usize) -> String {
    let from = seen.len().saturating_sub(n);
    let lines: Vec<String> = seen[from..].iter().map(|v| format!("{v:?}")).collect();
    format!(
        "the last {} of {}:\n{}",
        lines.len(),
        seen.len(),
        lines.join("\n")
    )
}

/// Runs `command` to its end (stdin `input`, if any; stdout and stderr collected).
pub fn output(mut command: Command, input: Option<&[u8]>) -> Output {
    command
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("start {command:?}: {e}"));
    if let (Some(bytes), Some(mut stdin)) = (input, child.stdin.take()) {
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        });
    }
    finish(child, &format!("{command:?}"))
}

/// Waits for a spawned `child` (named `what` in failures) to end, collecting whichever of
/// its stdout and stderr are piped.
pub fn finish(mut child: Child, what: &str) -> Output {
    let stdout = collect(child.stdout.take());
    let stderr = collect(child.stderr.take());
    let status = wait(&mut child, what, &|| {
        format!(
            "stdout so far: {}\nstderr so far: {}",
            String::from_utf8_lossy(&stdout.0.lock().unwrap()),
            String::from_utf8_lossy(&stderr.0.lock().unwrap())
        )
    });
    Output {
        status,
        stdout: stdout.join(),
        stderr: stderr.join(),
    }
}

/// Waits for `child` to end; past the deadline kills it and fails with `seen()`.
pub fn wait(child: &mut Child, what: &str, seen: &dyn Fn() -> String) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for the process") {
            return status;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not end within {DEADLINE:?}\n{}", seen());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Bytes read from a pipe on a thread of their own, visible while they come.
struct Collected(Arc<Mutex<Vec<u8>>>, Option<JoinHandle<()>>);

impl Collected {
    fn join(mut self) -> Vec<u8> {
        if let Some(thread) = self.1.take() {
            let _ = thread.join();
        }
        std::mem::take(&mut self.0.lock().unwrap())
    }
}

fn collect(pipe: Option<impl Read + Send + 'static>) -> Collected {
    let bytes = Arc::new(Mutex::new(Vec::new()));
    let thread = pipe.map(|mut pipe| {
        let bytes = bytes.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                bytes.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        })
    });
    Collected(bytes, thread)
}

/// A process's output lines, each waited for at most [`DEADLINE`]: for tests that talk to a
/// process line by line (engines).
pub struct Lines {
    lines: mpsc::Receiver<String>,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl Lines {
    /// Reads `stdout`'s lines on a thread of their own.
    pub fn new(stdout: ChildStdout) -> Lines {
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Lines {
            lines,
            seen: Vec::new(),
        }
    }

    /// The next line, or `None` once the process closed its output; fails past the
    /// deadline, printing the lines seen, while waiting for `what`.
    pub fn next(&mut self, what: &str) -> Option<String> {
        match self.lines.recv_timeout(DEADLINE) {
            Ok(line) => {
                self.seen.push(line.clone());
                Some(line)
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => None,
            Err(mpsc::RecvTimeoutError::Timeout) => panic!(
                "no line within {DEADLINE:?} while waiting for {what}; seen: {:#?}",
                self.seen
            ),
        }
    }
}
