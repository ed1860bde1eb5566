//! A Xiangqi game saved as text: its start position in FEN and its moves in ICCS, the way
//! other Xiangqi programs exchange games, so a saved game opens elsewhere and back.
//!
//! ```text
//! # lanqi xiangqi game
//! fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
//! moves h2e2 h9g7 h0g2
//! result red resignation
//! ```
//!
//! Lines starting with `#` are comments; `moves` may be repeated (the moves follow one
//! another) and `result` is optional. Reading checks every move against the rules and
//! names the first that is wrong.

use std::path::{Path, PathBuf};

use crate::rules::xiangqi::{Move, Position};

/// A Xiangqi game as saved: where it started, the moves played, and how it ended if it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedXiangqi {
    /// The start position.
    pub start: Position,
    /// The moves, each legal in turn.
    pub moves: Vec<Move>,
    /// How it ended (`red resignation`, `draw repetition`, …), if it has.
    pub result: Option<String>,
}

impl SavedXiangqi {
    /// The game as text (see the module docs).
    pub fn render(&self) -> String {
        let mut out = format!("# lanqi xiangqi game\nfen {}\n", self.start);
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        for chunk in moves.chunks(16) {
            out.push_str(&format!("moves {}\n", chunk.join(" ")));
        }
        if let Some(result) = &self.result {
            out.push_str(&format!("result {result}\n"));
        }
        out
    }

    /// Reads a saved game; the error names the line or the move that is wrong.
    pub fn parse(text: &str) -> Result<SavedXiangqi, String> {
        let mut start: Option<Position> = None;
        let mut moves = Vec::new();
        let mut result = None;
        let mut position: Option<Position> = None;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            let at = |e: String| format!("line {}: {e}", n + 1);
            match word {
                "fen" if start.is_none() => {
                    let p: Position = rest.trim().parse().map_err(|e| at(format!("{e}")))?;
                    start = Some(p.clone());
                    position = Some(p);
                }
                "moves" => {
                    let now = position
                        .as_mut()
                        .ok_or_else(|| at("moves before the fen".into()))?;
                    for text in rest.split_whitespace() {
                        let ply = moves.len() + 1;
                        let mv: Move = text
                            .parse()
                            .map_err(|e| at(format!("move {ply} ({text}): {e}")))?;
                        *now = now
                            .play(mv)
                            .map_err(|e| at(format!("move {ply} ({text}): {e}")))?;
                        moves.push(mv);
                    }
                }
                "result" => result = Some(rest.trim().to_string()),
                other => {
                    let other: String = other.chars().take(20).collect();
                    return Err(at(format!("unknown line '{other}'")));
                }
            }
        }
        let start = start.ok_or("no 'fen' line: not a saved xiangqi game")?;
        Ok(SavedXiangqi {
            start,
            moves,
            result,
        })
    }

    /// Reads a saved game from a file.
    pub fn load(path: &Path) -> Result<SavedXiangqi, String> {
        let bytes = super::read_bounded(path, 1 << 20)
            .map_err(|e| format!("reading {}: {e}", path.display()))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("reading {}: not UTF-8 text", path.display()))?;
        SavedXiangqi::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Writes the game to `path` atomically (the old file or the new one, never a mix).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        super::write_atomically(path, self.render().as_bytes(), None)
            .map_err(|e| format!("saving {}: {e}", path.display()))
    }

    /// Saves the game as a new file in `dir` (the profile's `saved/`), named by the time
    /// and its number of moves (`xiangqi-<seconds>-<moves>.txt`); where it went.
    pub fn save_new(&self, dir: &Path) -> Result<PathBuf, String> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let path = dir.join(format!("xiangqi-{stamp}-{}.txt", self.moves.len()));
        self.save(&path).map(|()| path)
    }
}

/// The saved games shown in the lobby (at most this many, the newest first).
pub const LISTED: usize = 8;

/// The Xiangqi games saved in `dir` (`xiangqi-*.txt`), the newest first, at most
/// [`LISTED`]; none when the directory is missing or unreadable.
pub fn saved_games(dir: &Path) -> Vec<PathBuf> {
    let mut games =
        super::files_newest_first(dir, |n| n.starts_with("xiangqi-") && n.ends_with(".txt"));
    games.truncate(LISTED);
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &[&str]) -> SavedXiangqi {
        SavedXiangqi {
            start: Position::start(),
            moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
            result: Some("red resignation".into()),
        }
    }

    #[test]
    fn a_saved_game_reads_back_the_same() {
        // 40 moves: more than one `moves` line.
        let mut g = game(&[]);
        let mut now = Position::start();
        for _ in 0..40 {
            let mv = now.legal_moves().iter().last().copied().unwrap();
            now = now.play(mv).unwrap();
            g.moves.push(mv);
        }
        let text = g.render();
        assert!(text.contains("fen rnbakabnr/9/1c5c1/"), "{text}");
        assert_eq!(SavedXiangqi::parse(&text), Ok(g));
        let dir = std::env::temp_dir().join(format!("lanqi-xq-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.txt");
        game(&["h2e2"]).save(&path).unwrap();
        assert_eq!(SavedXiangqi::load(&path).unwrap().moves.len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_bad_file_is_refused_naming_what_is_wrong() {
        let start = Position::start().to_string();
        let e = SavedXiangqi::parse(&format!("fen {start}\nmoves h2e2 h2e3\n")).unwrap_err();
        assert!(e.contains("line 2") && e.contains("move 2 (h2e3)"), "{e}");
        let e = SavedXiangqi::parse("moves h2e2\n").unwrap_err();
        assert!(e.contains("before the fen"), "{e}");
        let e = SavedXiangqi::parse("fen nonsense\n").unwrap_err();
        assert!(e.starts_with("line 1"), "{e}");
        let e = SavedXiangqi::parse("hello\n").unwrap_err();
        assert!(e.contains("unknown line 'hello'"), "{e}");
        assert!(
            SavedXiangqi::parse("")
                .unwrap_err()
                .contains("no 'fen' line")
        );
    }

    #[test]
    fn saved_games_are_listed_newest_first() {
        let dir = std::env::temp_dir().join(format!("lanqi-saved-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (n, name) in ["xiangqi-1-0.txt", "xiangqi-2-3.txt", "notes.txt"]
            .iter()
            .enumerate()
        {
            let path = dir.join(name);
            std::fs::write(&path, game(&[]).render()).unwrap();
            let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1000 + n as u64);
            std::fs::File::options()
                .write(true)
                .open(&path)
                .unwrap()
                .set_modified(when)
                .unwrap();
        }
        let listed = saved_games(&dir);
        let names: Vec<_> = listed
            .iter()
            .map(|p| p.file_name().unwrap().to_str().unwrap().to_string())
            .collect();
        assert_eq!(names, ["xiangqi-2-3.txt", "xiangqi-1-0.txt"]);
        assert!(saved_games(&dir.join("missing")).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_game_saved_new_is_listed_and_reads_back() {
        let dir = std::env::temp_dir().join(format!("lanqi-save-new-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let saved = game(&["h2e2", "h9g7"]);
        let path = saved.save_new(&dir).expect("saved");
        assert!(
            path.to_str().unwrap().ends_with("-2.txt"),
            "{}",
            path.display()
        );
        assert_eq!(saved_games(&dir), vec![path.clone()]);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(SavedXiangqi::parse(&text).unwrap(), saved);
        assert!(saved.save_new(&dir.join("missing")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
