//! Crash-safe file writes: the data goes to a temp file in the same directory, is flushed to
//! disk, and only then takes the target's name, so readers (and a restart after a crash)
//! see either the old file or the new one, never a mix.
//!
//! A crash between creating the temp file and renaming it can leave a hidden
//! `.<name>.<pid>.<n>.tmp` file behind; it is never read and is safe to delete.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Reads a profile file whole, if it is a regular file of at most `max` bytes: anything else
/// (a FIFO, a device, a directory, a file grown huge) is refused with an error that says so,
/// never waited on or read whole. A missing file is [`io::ErrorKind::NotFound`], as from
/// [`fs::read`].
pub fn read_bounded(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file (a FIFO, device or directory is never read): skipped",
        ));
    }
    let too_large = |len: u64| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{len} bytes, more than the {max} such a file may hold: skipped"),
        )
    };
    if meta.len() > max {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::new();
    File::open(path)?.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Writes `bytes` to `path` so that a crash leaves either the old file or the new one, never
/// a mix: a temp file in the same directory, fsync, rename over, fsync the directory (unix).
/// `mode` sets unix permissions on the temp file before the data is written (e.g. 0o600 for
/// secrets); when it is `None` an existing file's permissions are kept. Ignored elsewhere.
pub fn write_atomically(path: &Path, bytes: &[u8], mode: Option<u32>) -> io::Result<()> {
    let mode = mode.or_else(|| existing_mode(path));
    let temp = write_temp(path, bytes, mode)?;
    if let Err(e) = fs::rename(&temp, path) {
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    sync_dir(parent_dir(path))
}

/// Like [`write_atomically`], but only if `path` does not exist yet: fails with
/// [`io::ErrorKind::AlreadyExists`] (leaving the existing file alone) otherwise. Use it for
/// files that must never be replaced once made, such as a freshly generated key, when two
/// processes might create it at once. Where the file system has no hard links the check and
/// the rename are two steps, with a small window for such a race.
pub fn create_atomically(path: &Path, bytes: &[u8], mode: Option<u32>) -> io::Result<()> {
    let temp = write_temp(path, bytes, mode)?;
    // A hard link never replaces an existing file, so it is an atomic "create if absent".
    let result = match fs::hard_link(&temp, path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) => {
            // No hard links here (e.g. FAT): check, then rename.
            if fs::symlink_metadata(path).is_ok() {
                Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    "file already exists",
                ))
            } else {
                fs::rename(&temp, path)
            }
        }
    };
    // After a successful rename the temp name is already gone; otherwise drop it.
    let _ = fs::remove_file(&temp);
    result?;
    sync_dir(parent_dir(path))
}

/// The directory `path` lives in (`.` for a bare file name).
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Creates a fresh temp file next to `path`, sets `mode`, writes `bytes` and syncs it.
/// On failure the temp file is removed.
fn write_temp(path: &Path, bytes: &[u8], mode: Option<u32>) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the path does not name a file")
    })?;
    let dir = parent_dir(path);
    let mut attempts = 0;
    let (temp, file) = loop {
        let temp = dir.join(format!(
            ".{}.{}.{}.tmp",
            name.to_string_lossy(),
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        match open_new(&temp, mode) {
            Ok(file) => break (temp, file),
            // A leftover from a crashed process that had our pid: try the next name.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempts < 100 => {
                attempts += 1;
            }
            Err(e) => return Err(e),
        }
    };
    match fill(file, bytes, mode) {
        Ok(()) => Ok(temp),
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(e)
        }
    }
}

/// Removes the temporary files of [`write_atomically`] in `dir` that a crashed process left
/// behind: the hidden `.<name>.<pid>.<n>.tmp` files not touched for `older_than` (a
/// running writer's are younger). Returns how many were removed.
pub fn remove_stale_temps(dir: &Path, older_than: std::time::Duration) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let stale = |entry: &fs::DirEntry| {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let ours = name.starts_with('.') && name.ends_with(".tmp");
        let old = entry
            .metadata()
            .ok()
            .filter(fs::Metadata::is_file)
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= older_than);
        ours && old
    };
    entries
        .flatten()
        .filter(stale)
        .filter(|e| fs::remove_file(e.path()).is_ok())
        .count()
}

fn open_new(path: &Path, mode: Option<u32>) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    if let Some(mode) = mode {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(mode);
    }
    #[cfg(not(unix))]
    let _ = mode;
    options.open(path)
}

fn fill(mut file: File, bytes: &[u8], mode: Option<u32>) -> io::Result<()> {
    // The umask may have narrowed the mode given at creation: set it exactly, before any
    // data is in the file.
    #[cfg(unix)]
    if let Some(mode) = mode {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(fs::Permissions::from_mode(mode))?;
    }
    #[cfg(not(unix))]
    let _ = mode;
    file.write_all(bytes)?;
    file.sync_all()
}

/// The permission bits of an existing file at `path` (unix only).
fn existing_mode(path: &Path) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::metadata(path)
            .ok()
            .map(|m| m.permissions().mode() & 0o7777)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Makes a rename in `dir` durable (unix; elsewhere there is no portable way, and no need).
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;

    #[test]
    fn a_crash_s_stale_temporary_files_are_removed_and_nothing_else() {
        let dir = std::env::temp_dir().join(format!("lanqi-stale-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        let stale = dir.join(".games.lanqi.123.0.tmp");
        fs::write(&stale, "secret").unwrap();
        File::options()
            .write(true)
            .open(&stale)
            .unwrap()
            .set_modified(old)
            .unwrap();
        let fresh = dir.join(".settings.json.456.1.tmp");
        fs::write(&fresh, "being written").unwrap();
        let kept = dir.join("settings.json");
        fs::write(&kept, "{}").unwrap();
        File::options()
            .write(true)
            .open(&kept)
            .unwrap()
            .set_modified(old)
            .unwrap();
        let removed = remove_stale_temps(&dir, std::time::Duration::from_secs(60));
        assert_eq!(removed, 1);
        assert!(!stale.exists() && fresh.exists() && kept.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn creates_and_replaces_content_without_leftovers() {
        let tmp = TempDir::new("atomic-replace");
        let path = tmp.path().join("data.txt");
        write_atomically(&path, b"first version, rather long", None).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"first version, rather long");
        write_atomically(&path, b"second", None).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        write_atomically(&path, b"", None).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"");
        assert_eq!(tmp.entries(), vec!["data.txt".to_string()]);
    }

    #[test]
    fn failure_leaves_no_temp_file() {
        let tmp = TempDir::new("atomic-fail");
        // Renaming a file over a non-empty directory fails.
        let path = tmp.path().join("occupied");
        fs::create_dir(&path).unwrap();
        fs::write(path.join("inside"), b"x").unwrap();
        assert!(write_atomically(&path, b"data", None).is_err());
        assert_eq!(tmp.entries(), vec!["occupied".to_string()]);
        // A path without a file name is refused.
        assert!(write_atomically(Path::new("/"), b"data", None).is_err());
    }

    #[test]
    fn create_never_replaces() {
        let tmp = TempDir::new("atomic-create");
        let path = tmp.path().join("key");
        create_atomically(&path, b"one", None).unwrap();
        let err = create_atomically(&path, b"two", None).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read(&path).unwrap(), b"one");
        assert_eq!(tmp.entries(), vec!["key".to_string()]);
    }

    /// The temporary file already has the mode asked for before any byte is in it, so a
    /// crash before the rename leaves no secret readable by others.
    #[cfg(unix)]
    #[test]
    fn the_temporary_file_has_the_mode_before_it_holds_the_data() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = TempDir::new("atomic-temp-mode");
        let path = tmp.path().join("game.lanqi");
        let temp = write_temp(&path, b"the game's secret", Some(0o600)).unwrap();
        let mode = fs::metadata(&temp).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{}", temp.display());
        let name = temp.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with(".game.lanqi.") && name.ends_with(".tmp"),
            "{name}"
        );
        fs::remove_file(&temp).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn mode_is_set_and_kept() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = TempDir::new("atomic-mode");
        let path = tmp.path().join("secret");
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        write_atomically(&path, b"s", Some(0o600)).unwrap();
        assert_eq!(mode(&path), 0o600);
        // Without a mode, a rewrite keeps the existing permissions.
        write_atomically(&path, b"t", None).unwrap();
        assert_eq!(mode(&path), 0o600);
        write_atomically(&path, b"u", Some(0o640)).unwrap();
        assert_eq!(mode(&path), 0o640);
        let fresh = tmp.path().join("fresh");
        create_atomically(&fresh, b"k", Some(0o600)).unwrap();
        assert_eq!(mode(&fresh), 0o600);
    }
}
