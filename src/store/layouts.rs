//! The layout library: Junqi layouts the user saved under a name, one file per layout in the
//! profile's `layouts/` directory.
//!
//! Each file is `<name>.layout` holding the layout text (spec/junqi.md, "Layout text") and a
//! line break. Names are checked before they become file names (see [`check_name`]); files
//! are written atomically; a file that cannot be read or parsed is reported, never a panic,
//! and is left as it is.

use std::io;
use std::path::{Path, PathBuf};

use super::{Profile, StoreError, write_atomically};
use crate::rules::junqi::Layout;

/// The extension of a saved layout's file.
const EXTENSION: &str = "layout";
/// The longest name accepted, in characters.
const MAX_NAME_CHARS: usize = 40;

/// The saved layouts of one profile.
#[derive(Clone, Debug)]
pub struct LayoutLibrary {
    dir: PathBuf,
}

/// What [`LayoutLibrary::list`] found: the readable layouts by name, and the files that
/// could not be read (each a [`StoreError`] naming the file and the problem).
#[derive(Clone, Debug, Default)]
pub struct Listing {
    /// Saved layouts, sorted by name.
    pub layouts: Vec<(String, Layout)>,
    /// Files in the directory that look like layouts but could not be used.
    pub problems: Vec<String>,
}

/// Why a name cannot be used for a saved layout, or `Ok` if it can. The name is used as a
/// file name, so it must be non-empty, at most 40 characters, without
/// path separators, control characters or characters Windows forbids in file names, not
/// start with a dot, and not start or end with a space.
pub fn check_name(name: &str) -> Result<(), &'static str> {
    if name.is_empty() {
        return Err("the name is empty");
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err("the name is longer than 40 characters");
    }
    if name.starts_with('.') {
        return Err("the name may not start with '.'");
    }
    if name.trim() != name {
        return Err("the name may not start or end with a space");
    }
    if name.chars().any(char::is_control) {
        return Err("the name may not contain control characters");
    }
    if name
        .chars()
        .any(|c| matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|'))
    {
        return Err("the name may not contain / \\ : * ? \" < > |");
    }
    Ok(())
}

impl LayoutLibrary {
    /// The library of `profile` (its `layouts/` directory, created if needed).
    pub fn open(profile: &Profile) -> Result<LayoutLibrary, StoreError> {
        Ok(LayoutLibrary {
            dir: profile.layouts_dir()?,
        })
    }

    /// A library in `dir`, which must exist.
    pub fn in_dir(dir: impl Into<PathBuf>) -> LayoutLibrary {
        LayoutLibrary { dir: dir.into() }
    }

    /// The directory the layouts are kept in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path_of(&self, name: &str) -> Result<PathBuf, StoreError> {
        check_name(name).map_err(|problem| StoreError::InvalidLayoutName {
            name: name.to_string(),
            problem,
        })?;
        Ok(self.dir.join(format!("{name}.{EXTENSION}")))
    }

    /// Saves `layout` as `name`, replacing a layout saved under that name before. The file
    /// and its temporary file are the user's only (mode 0600 on unix): a layout is what an
    /// opponent must not see.
    pub fn save(&self, name: &str, layout: &Layout) -> Result<(), StoreError> {
        let path = self.path_of(name)?;
        write_atomically(&path, format!("{layout}\n").as_bytes(), Some(0o600))
            .map_err(|e| StoreError::io("write", &path, e))
    }

    /// The layout saved as `name`.
    pub fn load(&self, name: &str) -> Result<Layout, StoreError> {
        let path = self.path_of(name)?;
        read_layout(&path)
    }

    /// Deletes the layout saved as `name`; fine if there is none.
    pub fn delete(&self, name: &str) -> Result<(), StoreError> {
        let path = self.path_of(name)?;
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::io("delete", &path, e)),
        }
    }

    /// Every saved layout, sorted by name, and the problems with the files that could not be
    /// read. Files not ending in `.layout`, and hidden files (such as a crashed write's
    /// temp file), are ignored. Fails only when the directory itself cannot be read.
    pub fn list(&self) -> Result<Listing, StoreError> {
        let entries =
            std::fs::read_dir(&self.dir).map_err(|e| StoreError::io("read", &self.dir, e))?;
        let mut listing = Listing::default();
        for entry in entries {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    listing
                        .problems
                        .push(StoreError::io("read", &self.dir, e).to_string());
                    continue;
                }
            };
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some(EXTENSION) {
                continue;
            }
            let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
                listing.problems.push(
                    StoreError::corrupt(&path, None, "the file name is not valid UTF-8")
                        .to_string(),
                );
                continue;
            };
            if name.starts_with('.') {
                continue;
            }
            if let Err(problem) = check_name(name) {
                listing.problems.push(
                    StoreError::corrupt(&path, None, format!("unusable name: {problem}"))
                        .to_string(),
                );
                continue;
            }
            match read_layout(&path) {
                Ok(layout) => listing.layouts.push((name.to_string(), layout)),
                Err(e) => listing.problems.push(e.to_string()),
            }
        }
        listing.layouts.sort_by(|a, b| a.0.cmp(&b.0));
        listing.problems.sort();
        Ok(listing)
    }
}

fn read_layout(path: &Path) -> Result<Layout, StoreError> {
    let bytes = super::read_bounded(path, 64 << 10).map_err(|e| StoreError::io("read", path, e))?;
    let text =
        String::from_utf8(bytes).map_err(|_| StoreError::corrupt(path, None, "not UTF-8 text"))?;
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let Some(first) = lines.next() else {
        return Err(StoreError::corrupt(path, None, "the file is empty"));
    };
    if lines.next().is_some() {
        return Err(StoreError::corrupt(
            path,
            Some(2),
            "expected one line of layout text",
        ));
    }
    first
        .parse::<Layout>()
        .map_err(|e| StoreError::corrupt(path, Some(1), e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;

    const EXAMPLE: &str = "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf";

    fn library(tmp: &TempDir) -> LayoutLibrary {
        LayoutLibrary::open(&Profile::open(Some(tmp.path())).unwrap()).unwrap()
    }

    /// A saved layout is a player's plan for hidden pieces: the user's only, even when it
    /// replaces a file that others could read.
    #[cfg(unix)]
    #[test]
    fn a_saved_layout_is_the_user_s_only() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = TempDir::new("layouts-mode");
        let lib = library(&tmp);
        let path = lib.dir().join("mine.layout");
        std::fs::write(&path, format!("{EXAMPLE}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        lib.save("mine", &Layout::random(3)).unwrap();
        lib.save("fresh", &Layout::random(4)).unwrap();
        for name in ["mine", "fresh"] {
            let path = lib.dir().join(format!("{name}.layout"));
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{}", path.display());
        }
        let dir = std::fs::metadata(lib.dir()).unwrap().permissions().mode();
        assert_eq!(dir & 0o777, 0o700);
    }

    #[test]
    fn save_load_list_delete_round_trip() {
        let tmp = TempDir::new("layouts");
        let lib = library(&tmp);
        assert_eq!(lib.dir(), tmp.path().join("layouts"));
        assert!(lib.list().unwrap().layouts.is_empty());

        let example: Layout = EXAMPLE.parse().unwrap();
        let random = Layout::random(7);
        lib.save("攻势", &example).unwrap();
        lib.save("b defence", &random).unwrap();
        assert_eq!(lib.load("攻势").unwrap(), example);
        assert_eq!(
            std::fs::read_to_string(lib.dir().join("攻势.layout")).unwrap(),
            format!("{EXAMPLE}\n")
        );

        let listing = lib.list().unwrap();
        assert!(listing.problems.is_empty(), "{:?}", listing.problems);
        let names: Vec<&str> = listing.layouts.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["b defence", "攻势"]);
        assert_eq!(listing.layouts[0].1, random);

        // Saving under a used name replaces the layout.
        lib.save("攻势", &random).unwrap();
        assert_eq!(lib.load("攻势").unwrap(), random);

        lib.delete("攻势").unwrap();
        lib.delete("攻势").unwrap();
        assert!(matches!(lib.load("攻势"), Err(StoreError::Io { .. })));
        assert_eq!(lib.list().unwrap().layouts.len(), 1);
    }

    #[test]
    fn bad_names_are_refused_before_touching_the_disk() {
        let tmp = TempDir::new("layouts-names");
        let lib = library(&tmp);
        let layout = Layout::random(1);
        for bad in [
            "",
            ".hidden",
            "../escape",
            "a/b",
            "a\\b",
            " padded",
            "padded ",
            "tab\there",
            "what?",
            &"x".repeat(41),
        ] {
            let err = lib.save(bad, &layout).unwrap_err();
            assert!(
                matches!(&err, StoreError::InvalidLayoutName { name, .. } if name == bad),
                "{bad:?}: {err:?}"
            );
            assert!(lib.load(bad).is_err());
        }
        assert!(check_name(&"长".repeat(40)).is_ok());
        assert_eq!(tmp.entries(), ["layouts"]);
        assert!(lib.list().unwrap().layouts.is_empty());
    }

    #[test]
    fn bad_files_are_reported_not_fatal() {
        let tmp = TempDir::new("layouts-bad");
        let lib = library(&tmp);
        lib.save("good", &EXAMPLE.parse().unwrap()).unwrap();
        let write = |name: &str, bytes: &[u8]| std::fs::write(lib.dir().join(name), bytes).unwrap();
        // The flag moved off its headquarters.
        write("flag.layout", b"hgfih/e+i+e/dc+cd/g+a+b/jkjkh/igljf\n");
        write("empty.layout", b"");
        write("binary.layout", &[0xff, 0xfe, 0x00]);
        write("two.layout", format!("{EXAMPLE}\n{EXAMPLE}\n").as_bytes());
        write("notes.txt", b"not a layout");
        write(".good.layout.123.0.tmp", b"half written");
        std::fs::create_dir(lib.dir().join("dir.layout")).unwrap();

        let listing = lib.list().unwrap();
        let names: Vec<&str> = listing.layouts.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["good"]);
        assert_eq!(listing.problems.len(), 5, "{:#?}", listing.problems);
        let all = listing.problems.join("\n");
        assert!(
            all.contains("flag.layout, line 1: c1: the flag must stand"),
            "{all}"
        );
        assert!(all.contains("empty.layout: the file is empty"), "{all}");
        assert!(all.contains("binary.layout: not UTF-8"), "{all}");
        assert!(all.contains("two.layout, line 2"), "{all}");
        assert!(all.contains("dir.layout"), "{all}");

        let err = lib.load("flag").unwrap_err();
        assert!(
            matches!(err, StoreError::Corrupt { line: Some(1), .. }),
            "{err:?}"
        );
        // The bad file is left alone.
        assert_eq!(
            std::fs::read(lib.dir().join("flag.layout")).unwrap(),
            b"hgfih/e+i+e/dc+cd/g+a+b/jkjkh/igljf\n"
        );
    }
}
