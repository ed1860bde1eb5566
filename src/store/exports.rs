//! Finished games written out for other software (PGN, SGF, move lists) into the
//! profile's `exports/` folder, named by the game, its players and the day it was played.

use std::path::{Path, PathBuf};

use super::write_atomically;

/// The file name the export of the game saved at `source` (a game `game` played by
/// `players` in seat order) goes under: `<stem>.<extension>`, the day in it the day the game
/// was last saved (the source's modification time).
pub fn export_name<'a>(
    source: &Path,
    game: &str,
    players: impl Iterator<Item = &'a str>,
    extension: &str,
) -> String {
    let day = std::fs::metadata(source)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| civil_date(d.as_secs() / 86_400));
    format!("{}.{extension}", export_stem(game, players, day))
}

/// Writes `text`, an export, at `path` (atomically: the old file or the new one survives a
/// crash); errors name the file.
pub fn write_export(path: &Path, text: &str) -> Result<(), String> {
    write_atomically(path, text.as_bytes(), None).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `text`, the export of the game saved at `source`, into `dir` under its
/// [`export_name`]; where it went. Errors name the folder.
pub fn export_game<'a>(
    dir: &Path,
    source: &Path,
    game: &str,
    players: impl Iterator<Item = &'a str>,
    extension: &str,
    text: &str,
) -> Result<PathBuf, String> {
    let path = dir.join(export_name(source, game, players, extension));
    write_atomically(&path, text.as_bytes(), None)
        .map(|()| path)
        .map_err(|e| format!("{}: {e}", dir.display()))
}

/// The file name (without extension) a finished game is exported under: its game, its
/// players in seat order, the day, each kept to letters, digits, `-` and `_` (any script:
/// a name in Chinese stays Chinese), e.g. `gomoku-alice-bob-Pema-2026-03-14`.
pub fn export_stem<'a>(
    game: &str,
    players: impl Iterator<Item = &'a str>,
    day: Option<String>,
) -> String {
    let clean = |s: &str| -> String {
        let kept: String = s
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .take(24)
            .collect();
        if kept.is_empty() { "_".into() } else { kept }
    };
    let mut parts = vec![clean(game)];
    parts.extend(players.map(clean));
    parts.extend(day);
    parts.join("-")
}

/// The calendar date (UTC) `days` days after 1970-01-01, as `YYYY-MM-DD` (Howard
/// Hinnant's civil-from-days).
pub fn civil_date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_is_named_by_game_players_and_day_in_any_script() {
        let stem = export_stem(
            "gomoku",
            ["alice", "鲍勃", "a/b c"].into_iter(),
            Some(civil_date(20_526)),
        );
        assert_eq!(stem, "gomoku-alice-鲍勃-a_b_c-2026-03-14");
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
    }

    #[test]
    fn an_export_goes_into_the_folder_atomically_and_a_missing_folder_is_named() {
        let dir = std::env::temp_dir().join(format!("lanqi-export-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("game.txt");
        std::fs::write(&source, "x").unwrap();
        let path = export_game(
            &dir,
            &source,
            "xiangqi",
            ["a", "b"].into_iter(),
            "pgn",
            "1. h2e2",
        )
        .expect("written");
        assert!(
            path.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("xiangqi-a-b-")
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1. h2e2");
        let missing = dir.join("nope");
        let e = export_game(&missing, &source, "xiangqi", ["a"].into_iter(), "pgn", "")
            .expect_err("no folder");
        assert!(e.contains("nope"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
