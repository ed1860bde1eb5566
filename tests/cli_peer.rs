//! `lanqi peer` and `lanqi peers` refuse contradictory or malformed options at once, with
//! one line naming the problem and status 2 (none of these start any networking).

#[path = "support/cli.rs"]
mod cli;
#[path = "support/temp_dir.rs"]
mod temp_dir;

/// `cli::fails`, with a profile of its own (nothing is written there: these fail first).
fn fails(args: &[&str], expected: &str) {
    let dir = temp_dir::TempDir::new("cli-peer");
    let profile = dir.0.to_str().expect("a UTF-8 temp dir");
    let args: Vec<&str> = args.iter().copied().chain(["--profile", profile]).collect();
    cli::fails(&args, expected);
}

#[test]
fn contradictory_or_bad_peer_options_are_refused() {
    let long_name = "x".repeat(33);
    let cases: [(&[&str], &str); 10] = [
        (
            &["peer", "--auto", "--mdns", "off"],
            "--auto needs discovery",
        ),
        (
            &[
                "peer",
                "--auto",
                "--mdns",
                "off",
                "--connect",
                "127.0.0.1:9",
            ],
            "leave out --connect",
        ),
        (
            &["peer", "--mdns", "off", "--connect", "[::1]:9"],
            "add --bind ::",
        ),
        (
            &["peer", "--mdns", "off", "--connect", "[fe80::1%nosuchif]:9"],
            "no network interface named 'nosuchif'",
        ),
        (
            &["peer", "--mdns", "off", "--connect", "localhost"],
            "is not IP:PORT",
        ),
        (&["peer", "--mdns", "eth0"], "is not an mDNS mode"),
        (
            &["peer", "--mdns", "off", "--name", &long_name],
            "--name must be 1 to 32 characters",
        ),
        (
            &["peer", "--mdns", "off", "--game", "go"],
            "unknown game 'go'",
        ),
        (
            &["peer", "--mdns", "off", "--bot", "smart"],
            "unknown bot 'smart'",
        ),
        (&["peers", "--mdns", "off"], "discovery is off"),
    ];
    for (args, expected) in cases {
        fails(args, expected);
    }
}

/// A reader that stops early (`lanqi --help | head -1`) is no reason to panic: the help is
/// written as far as the pipe takes it, and lanqi exits 0 with nothing on stderr.
#[test]
fn a_closed_pipe_ends_the_help_quietly() {
    use std::process::{Command, Stdio};
    for args in [&["--help"][..], &["peer", "--help"], &["junqi", "--help"]] {
        // The pipe's reading end is closed before lanqi starts: every write to it fails.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let child = Command::new(env!("CARGO_BIN_EXE_lanqi"))
            .args(args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .spawn()
            .expect("start lanqi");
        let out = cli::deadline::finish(child, &format!("lanqi {args:?}"));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(out.status.success(), "{args:?}: {:?} {stderr}", out.status);
    }
}
