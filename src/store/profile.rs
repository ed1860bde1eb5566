//! The profile directory and where each thing lives in it:
//!
//! ```text
//! identity.key       this copy's secret ed25519 key (mode 0600 on unix)
//! known_peers.txt    peers seen before, trust on first use
//! settings.json      settings (owned by whoever reads them)
//! layouts/           saved Junqi layouts (mode 0600: a layout is a player's secret)
//! games/             saved games (signed transcripts, mode 0600: during a game each holds
//!                    the game's secret and the private layout)
//! games/computer/    the computer player's copies of its games against this profile
//! games/guest/       the hot-seat guest's copies of its games
//! saved/             Xiangqi games saved by hand (FEN and moves)
//! exports/           finished games written for other programs (PGN, SGF, move lists)
//! ```
//!
//! Directories are created 0700 (unix). Every file is written atomically through a hidden
//! temporary file in its own folder ([`super::write_atomically`]); at every start the
//! temporary files a crash left in any of these folders are removed ([`FOLDERS`]).

use std::path::{Path, PathBuf};

use super::StoreError;
use super::identity::Identity;
use super::known_peers::KnownPeers;

/// Every folder of a profile that files are written to (atomically: a crash may leave a
/// temporary file behind), the profile itself first.
pub const FOLDERS: [&str; 7] = [
    "",
    "games",
    "games/computer",
    "games/guest",
    "saved",
    "layouts",
    "exports",
];

/// A profile directory: everything one user of lanqi keeps between runs.
#[derive(Clone, Debug)]
pub struct Profile {
    dir: PathBuf,
}

impl Profile {
    /// Opens (creating if needed) `dir`, or when None the platform data dir from
    /// `directories::ProjectDirs::from("", "", "lanqi")` (e.g. `~/.local/share/lanqi` on
    /// Linux). Directories it creates are private to the user (mode 0700 on unix); an
    /// existing directory's permissions are left alone.
    pub fn open(dir: Option<&Path>) -> Result<Profile, StoreError> {
        let dir = match dir {
            Some(dir) => dir.to_path_buf(),
            None => directories::ProjectDirs::from("", "", "lanqi")
                .ok_or(StoreError::NoDataDir)?
                .data_dir()
                .to_path_buf(),
        };
        create_dir(&dir)?;
        // What a crash left half-written (and possibly readable by others) goes, in every
        // folder that is written to.
        for folder in FOLDERS {
            super::atomic::remove_stale_temps(
                &dir.join(folder),
                std::time::Duration::from_secs(60),
            );
        }
        Ok(Profile { dir })
    }

    /// The profile directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Loads the identity from `identity.key`, creating it on first run (mode 0600).
    pub fn identity(&self) -> Result<Identity, StoreError> {
        Identity::load_or_create(&self.identity_path())
    }

    /// Loads `known_peers.txt` (empty if missing).
    pub fn known_peers(&self) -> Result<KnownPeers, StoreError> {
        KnownPeers::load(&self.known_peers_path())
    }

    /// Where the identity key lives: `identity.key`.
    pub fn identity_path(&self) -> PathBuf {
        self.dir.join("identity.key")
    }

    /// Where the known peers live: `known_peers.txt`.
    pub fn known_peers_path(&self) -> PathBuf {
        self.dir.join("known_peers.txt")
    }

    /// Where the friends met beyond the LAN live: `friends.txt`.
    pub fn friends_path(&self) -> PathBuf {
        self.dir.join("friends.txt")
    }

    /// Where settings live: `settings.json` (not created here).
    pub fn settings_path(&self) -> PathBuf {
        self.dir.join("settings.json")
    }

    /// The directory for saved games, `games/`, created on demand.
    pub fn games_dir(&self) -> Result<PathBuf, StoreError> {
        self.subdir("games")
    }

    /// The directory for games saved by hand (Xiangqi as FEN plus moves), `saved/`,
    /// created on demand.
    pub fn saved_dir(&self) -> Result<PathBuf, StoreError> {
        self.subdir("saved")
    }

    /// The directory for saved layouts, `layouts/`, created on demand.
    pub fn layouts_dir(&self) -> Result<PathBuf, StoreError> {
        self.subdir("layouts")
    }

    /// The directory finished games are exported to, `exports/`, created on demand.
    pub fn exports_dir(&self) -> Result<PathBuf, StoreError> {
        self.subdir("exports")
    }

    fn subdir(&self, name: &str) -> Result<PathBuf, StoreError> {
        let dir = self.dir.join(name);
        create_dir(&dir)?;
        Ok(dir)
    }
}

/// Creates `dir` and any missing parents (mode 0700 on unix); fine if it already exists.
fn create_dir(dir: &Path) -> Result<(), StoreError> {
    create_private_dir(dir).map_err(|e| StoreError::io("create directory", dir, e))
}

/// Creates `dir` and any missing parents private to the user (mode 0700 on unix; an
/// existing directory's permissions are left alone); fine if it already exists.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Trust;
    use crate::store::test_util::TempDir;

    #[test]
    fn open_creates_the_directory_and_everything_reloads() {
        let tmp = TempDir::new("profile");
        let dir = tmp.path().join("nested").join("profile");
        let profile = Profile::open(Some(&dir)).unwrap();
        assert_eq!(profile.dir(), dir);
        assert!(dir.is_dir());

        let identity = profile.identity().unwrap();
        assert!(profile.identity_path().is_file());
        let mut peers = profile.known_peers().unwrap();
        assert!(peers.is_empty());
        assert_eq!(peers.check("bob", &[9; 32]).unwrap(), Trust::New);

        let games = profile.games_dir().unwrap();
        assert_eq!(games, dir.join("games"));
        assert!(games.is_dir());
        assert!(profile.layouts_dir().unwrap().is_dir());
        // Asking again is fine.
        profile.games_dir().unwrap();

        let again = Profile::open(Some(&dir)).unwrap();
        assert_eq!(
            again.identity().unwrap().public_key(),
            identity.public_key()
        );
        assert_eq!(again.known_peers().unwrap().get("bob"), Some([9; 32]));
    }

    #[cfg(unix)]
    #[test]
    fn created_directories_are_private() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = TempDir::new("profile-mode");
        let dir = tmp.path().join("p");
        let profile = Profile::open(Some(&dir)).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&profile.games_dir().unwrap()), 0o700);
    }

    /// A crash between writing a temporary file and renaming it leaves the file behind,
    /// holding what was being written (a game's secret, a private layout); every folder
    /// the profile writes to is cleaned of such files at the next start, and nothing else
    /// is touched.
    #[test]
    fn a_crash_s_temporary_files_are_removed_at_start_from_every_folder() {
        let tmp = TempDir::new("profile-stale");
        let dir = tmp.path().join("p");
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        let mut left = Vec::new();
        for folder in FOLDERS {
            let folder = dir.join(folder);
            std::fs::create_dir_all(&folder).unwrap();
            let stale = folder.join(".x.lanqi.123.0.tmp");
            let kept = folder.join("kept.lanqi");
            for path in [&stale, &kept] {
                std::fs::write(path, "secret").unwrap();
                std::fs::File::options()
                    .write(true)
                    .open(path)
                    .unwrap()
                    .set_modified(old)
                    .unwrap();
            }
            left.push((stale, kept));
        }
        for folder in ["games/computer", "games/guest", "layouts", "exports"] {
            assert!(FOLDERS.contains(&folder), "{folder}");
        }
        Profile::open(Some(&dir)).unwrap();
        for (stale, kept) in left {
            assert!(!stale.exists(), "{} is left", stale.display());
            assert!(kept.exists(), "{} was removed", kept.display());
        }
    }

    #[test]
    fn a_file_in_the_way_is_an_io_error_naming_it() {
        let tmp = TempDir::new("profile-file");
        let path = tmp.path().join("not-a-dir");
        std::fs::write(&path, b"x").unwrap();
        let err = Profile::open(Some(&path)).unwrap_err();
        assert!(
            matches!(&err, StoreError::Io { path: p, .. } if p == &path),
            "{err:?}"
        );
        assert!(err.to_string().contains("not-a-dir"), "{err}");
    }
}
