//! Snapshot checks for the GUI tests: a render compared pixel for pixel with a committed PNG
//! under `tests/snapshots/` (`<name>-tiny-skia.png`).
//!
//! A missing snapshot fails the test unless `LANQI_UPDATE_SNAPSHOTS` is set (then it is
//! written: look at it and commit it), so CI can never pass by writing a new one. When a
//! render differs, it is written to `target/snapshot-failures/` to be looked at.

use std::path::Path;

use iced_test::simulator::Snapshot;

/// Panics unless `snapshot` is exactly `tests/snapshots/<name>-tiny-skia.png`.
pub fn assert_snapshot(snapshot: &Snapshot, name: &str) {
    let base = Path::new("tests/snapshots").join(name);
    let file = base.with_file_name(format!("{name}-tiny-skia.png"));
    assert!(
        std::env::var_os("LANQI_UPDATE_SNAPSHOTS").is_some() || file.exists(),
        "{} is missing: run with LANQI_UPDATE_SNAPSHOTS=1 to create it, look at it, commit it",
        file.display()
    );
    if snapshot
        .matches_image(&base)
        .expect("compare with the snapshot")
    {
        return;
    }
    let failed = Path::new("target/snapshot-failures").join(name);
    let written = failed.with_file_name(format!("{name}-tiny-skia.png"));
    let _ = std::fs::remove_file(&written);
    let _ = snapshot.matches_image(&failed);
    panic!(
        "{} differs from what renders now (written to {}); if the change is intended, \
         delete the snapshot, run with LANQI_UPDATE_SNAPSHOTS=1, look at it and commit it",
        file.display(),
        written.display()
    );
}
