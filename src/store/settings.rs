//! The app's settings: what a user changes in the window (their name, the language, sound,
//! the window size), kept in the profile directory as `settings.json`
//! ([`crate::store::Profile::settings_path`]).
//!
//! Loading never fails (sniffnet style): a missing file gives the defaults; a file that is
//! not JSON gives the defaults and a warning with the line and column; a key whose value is
//! wrong gives that key's default and a warning naming the key; unknown keys (from a newer
//! or older lanqi) are ignored. Saving is atomic ([`crate::store::write_atomically`]), so a
//! crash never leaves half a file.
//!
//! The file, all keys optional:
//!
//! ```json
//! {
//!   "version": 1,
//!   "name": "Ada",
//!   "lang": "zh",
//!   "sound": true,
//!   "spectators": true,
//!   "clock": "900+30",
//!   "window": [1100.0, 800.0],
//!   "engine": "/usr/local/bin/pikafish",
//!   "gomoku": "gomoku:freestyle:15x15:3:5",
//!   "table": ["computer:medium", "here:Bob", "lan:192.168.1.20:40001"],
//!   "game": "xiangqi",
//!   "tibetan": "tibetan",
//!   "relay": "default"
//! }
//! ```
//!
//! - `name`: the player name shown to peers; at most [`MAX_NAME_CHARS`] characters, no
//!   control characters; `""` (the default) means "not chosen yet".
//! - `lang`: `"en"`, `"zh"` (simplified Chinese), `"zh-Hant"` (traditional Chinese), or
//!   `null`/`"auto"` (the default) to follow the locale.
//! - `sound`: move and battle sounds on (`true`, the default) or off.
//! - `spectators`: whether others on the LAN may watch my games (`true`, the default: up to
//!   8 at a time) or not.
//! - `clock`: the time control my challenges propose, game seconds per side + seconds per
//!   move (`"0+0"`, the default: none), as the lobby's Time choice last set it.
//! - `engine`: a Xiangqi engine (UCI or UCCI) chosen by its path in the lobby, offered as
//!   an opponent beside the ones found installed; `null` (the default): none chosen.
//! - `window`: the last window size in logical pixels, `[width, height]`, or `null`.
//! - `gomoku`: the Gomoku settings last chosen in the lobby (rule set, board, seats, win
//!   length, opening rule), as the wire writes the game (`gomoku:RULE:WxH:SEATS:WIN`).
//! - `table`: who sits in seats 2 to 4 of a Gomoku table of three or four, as the lobby's
//!   seat setup last had it: `here:NAME`, `lan:IP:PORT` or `computer:LEVEL` each.
//! - `game`: the game last chosen in the lobby, as the wire writes it (`junqi`, `xiangqi`,
//!   `gomoku:…`, `tibetan…`); the lobby opens on it.
//! - `tibetan`: Tibetan chess's settings last chosen, as the wire writes the game.
//! - `relay`: play beyond the LAN through iroh's public relays (`"default"`, the default),
//!   a club's own relays (`"https://relay.club.example"`, several separated by commas),
//!   direct paths only (`"off"`), or not at all (`"none"`: the LAN only, no iroh).
//!
//! Use: in `main`, before the window opens, `Settings::load(&profile.settings_path())`
//! (show the warning once, through [`Lang::settings_warning`]); size the window from
//! `window`; on a resize event call [`Settings::set_window`], and save when it returns true
//! (or on the close request, with `exit_on_close_request(false)`); save after the user
//! changes the name, the language or the sound switch.

use std::io;
use std::path::Path;

use serde_json::{Map, Value, json};

use crate::lang::Lang;
use crate::store::write_atomically;

/// The longest player name kept, in characters.
pub const MAX_NAME_CHARS: usize = 32;
/// The smallest window size remembered (smaller values in a file fall back to `None`).
pub const MIN_WINDOW: f32 = 200.0;
/// The largest window size remembered, either side.
pub const MAX_WINDOW: f32 = 16_384.0;
/// The format version written to the file (read files of any version).
const VERSION: u64 = 1;

/// What a user has chosen; see the module docs for the file format.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The player name shown to peers; empty when not chosen yet.
    pub name: String,
    /// The UI language; `None` follows the locale ([`Lang::from_env`]).
    pub lang: Option<Lang>,
    /// Move, battle and game-over sounds on or off.
    pub sound: bool,
    /// Whether others may watch my games.
    pub spectators: bool,
    /// The time control my challenges propose, if one was chosen.
    pub clock: Option<crate::protocol::Clock>,
    /// The Xiangqi engine chosen by its path, if one was.
    pub engine: Option<std::path::PathBuf>,
    /// The last window size (logical pixels, width and height), if known.
    pub window: Option<(f32, f32)>,
    /// The Gomoku settings last chosen, if any.
    pub gomoku: Option<crate::rules::gomoku::Settings>,
    /// Who sits in seats 2 to 4 of a Gomoku table of three or four (the lobby's seat
    /// setup, as text).
    pub table: Vec<String>,
    /// The game last chosen in the lobby, with its settings, if any.
    pub game: Option<crate::session::GameKind>,
    /// The Tibetan chess settings last chosen, if any.
    pub tibetan: Option<crate::rules::tibetan::Rules>,
    /// Play beyond the LAN through these relays; `None`: not at all (the LAN only).
    pub relay: Option<crate::net::internet::Relays>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            name: String::new(),
            lang: None,
            sound: true,
            spectators: true,
            clock: None,
            engine: None,
            window: None,
            gomoku: None,
            table: Vec::new(),
            game: None,
            tibetan: None,
            relay: Some(crate::net::internet::Relays::Default),
        }
    }
}

impl Settings {
    /// Reads the settings at `path`. Never fails: a missing file gives the defaults and no
    /// warning; anything wrong gives the defaults for what is wrong and a warning (one line
    /// per problem) naming it, for the app to show once.
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        let bytes = match crate::store::read_bounded(path, 64 << 10) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return (Settings::default(), None),
            Err(e) => {
                let warning = format!("cannot read {}: {e}; using defaults", path.display());
                return (Settings::default(), Some(warning));
            }
        };
        let (settings, problems) = Settings::parse(&bytes);
        let warning = (!problems.is_empty()).then(|| {
            problems
                .iter()
                .map(|p| format!("{}: {p}", path.display()))
                .collect::<Vec<_>>()
                .join("\n")
        });
        (settings, warning)
    }

    /// Parses the file's bytes: the settings (defaults where something is wrong) and the
    /// problems found, each naming a line or a key.
    pub fn parse(bytes: &[u8]) -> (Settings, Vec<String>) {
        let mut settings = Settings::default();
        let mut problems = Vec::new();
        let map = match serde_json::from_slice::<Value>(bytes) {
            Ok(Value::Object(map)) => map,
            Ok(_) => {
                problems.push("not a JSON object; using defaults".to_string());
                return (settings, problems);
            }
            Err(e) => {
                problems.push(format!(
                    "not valid JSON at line {}, column {} ({}); using defaults",
                    e.line(),
                    e.column(),
                    e
                ));
                return (settings, problems);
            }
        };
        let mut bad = |key: &str, value: &Value, expected: &str| {
            problems.push(format!(
                "key \"{key}\": {value} is not {expected}; using the default"
            ));
        };
        if let Some(v) = map.get("name") {
            match v.as_str().and_then(clean_name) {
                Some(name) => settings.name = name,
                None => bad("name", v, "a name (text, no control characters)"),
            }
        }
        if let Some(v) = map.get("lang") {
            match v {
                Value::Null => {}
                Value::String(s) => match lang_from_code(s) {
                    Some(lang) => settings.lang = lang,
                    None => bad("lang", v, "\"en\", \"zh\", \"zh-Hant\" or \"auto\""),
                },
                _ => bad("lang", v, "\"en\", \"zh\", \"zh-Hant\" or \"auto\""),
            }
        }
        if let Some(v) = map.get("sound") {
            match v.as_bool() {
                Some(b) => settings.sound = b,
                None => bad("sound", v, "true or false"),
            }
        }
        if let Some(v) = map.get("spectators") {
            match v.as_bool() {
                Some(b) => settings.spectators = b,
                None => bad("spectators", v, "true or false"),
            }
        }
        if let Some(v) = map.get("clock") {
            match v.as_str().map(str::parse::<crate::protocol::Clock>) {
                Some(Ok(clock)) => settings.clock = Some(clock),
                _ => bad("clock", v, "\"GAME+MOVE\" in seconds, e.g. \"900+30\""),
            }
        }
        if let Some(v) = map.get("engine") {
            match v {
                Value::Null => {}
                Value::String(p) if !p.trim().is_empty() && !p.contains('\0') => {
                    settings.engine = Some(p.into());
                }
                _ => bad("engine", v, "the path of a program, or null"),
            }
        }
        if let Some(v) = map.get("window") {
            match v {
                Value::Null => {}
                _ => match window_from(v) {
                    Some(size) => settings.window = Some(size),
                    None => bad(
                        "window",
                        v,
                        &format!("[width, height] between {MIN_WINDOW} and {MAX_WINDOW}"),
                    ),
                },
            }
        }
        if let Some(v) = map.get("gomoku") {
            match v.as_str().map(str::parse::<crate::session::GameKind>) {
                Some(Ok(crate::session::GameKind::Gomoku(gomoku))) => {
                    settings.gomoku = Some(gomoku);
                }
                _ => bad(
                    "gomoku",
                    v,
                    "Gomoku's settings, e.g. \"gomoku:freestyle:15x15:3:5\"",
                ),
            }
        }
        if let Some(v) = map.get("game") {
            match v.as_str().map(str::parse::<crate::session::GameKind>) {
                Some(Ok(game)) => settings.game = Some(game),
                _ => bad(
                    "game",
                    v,
                    "a game, e.g. \"xiangqi\" or \"gomoku:freestyle:15x15:2:5\"",
                ),
            }
        }
        if let Some(v) = map.get("tibetan") {
            match v.as_str().map(str::parse::<crate::session::GameKind>) {
                Some(Ok(crate::session::GameKind::Tibetan(rules))) => {
                    settings.tibetan = Some(rules);
                }
                _ => bad("tibetan", v, "Tibetan chess's settings, e.g. \"tibetan\""),
            }
        }
        if let Some(v) = map.get("table") {
            let texts: Option<Vec<String>> = v.as_array().and_then(|seats| {
                let texts = seats.iter().map(|s| s.as_str().map(str::to_string));
                texts.take(3).collect()
            });
            match texts {
                Some(texts) => settings.table = texts,
                None => bad("table", v, "a list of seats (\"computer:medium\", …)"),
            }
        }
        if let Some(v) = map.get("relay") {
            match v.as_str() {
                Some("none") => settings.relay = None,
                Some(text) => match text.parse() {
                    Ok(relays) => settings.relay = Some(relays),
                    Err(_) => bad("relay", v, "\"default\", \"off\", \"none\" or relay URLs"),
                },
                None => bad("relay", v, "\"default\", \"off\", \"none\" or relay URLs"),
            }
        }
        (settings, problems)
    }

    /// The file's text (pretty JSON, a trailing newline).
    pub fn to_json(&self) -> String {
        let mut map = Map::new();
        map.insert("version".into(), json!(VERSION));
        map.insert("name".into(), json!(self.name));
        map.insert(
            "lang".into(),
            match self.lang {
                None => json!("auto"),
                Some(l) => json!(lang_code(l)),
            },
        );
        map.insert("sound".into(), json!(self.sound));
        map.insert("spectators".into(), json!(self.spectators));
        if let Some(clock) = self.clock {
            map.insert("clock".into(), json!(clock.to_string()));
        }
        map.insert(
            "engine".into(),
            match &self.engine {
                Some(path) => json!(path.to_string_lossy()),
                None => Value::Null,
            },
        );
        map.insert(
            "window".into(),
            match self.window {
                Some((w, h)) => json!([w, h]),
                None => Value::Null,
            },
        );
        if let Some(gomoku) = self.gomoku {
            let game = crate::session::GameKind::Gomoku(gomoku);
            map.insert("gomoku".into(), json!(game.to_string()));
        }
        if !self.table.is_empty() {
            map.insert("table".into(), json!(self.table));
        }
        if let Some(game) = self.game {
            map.insert("game".into(), json!(game.to_string()));
        }
        map.insert(
            "relay".into(),
            match &self.relay {
                Some(relays) => json!(relays.to_string()),
                None => json!("none"),
            },
        );
        if let Some(rules) = self.tibetan {
            let game = crate::session::GameKind::Tibetan(rules);
            map.insert("tibetan".into(), json!(game.to_string()));
        }
        let mut text = serde_json::to_string_pretty(&Value::Object(map))
            .expect("a JSON object of plain values always serialises");
        text.push('\n');
        text
    }

    /// Changes the settings saved at `path` (read as [`Settings::load`] does) and writes
    /// them back atomically; the error names the file.
    pub fn change(path: &Path, change: impl FnOnce(&mut Settings)) -> Result<(), String> {
        let (mut saved, _) = Settings::load(path);
        change(&mut saved);
        saved
            .save(path)
            .map_err(|e| format!("saving {}: {e}", path.display()))
    }

    /// Writes the settings to `path` atomically (the old file or the new one survives a
    /// crash, never a mix). The directory must exist (the profile directory does).
    pub fn save(&self, path: &Path) -> io::Result<()> {
        write_atomically(path, self.to_json().as_bytes(), None)
    }

    /// The language to show: the chosen one, or the locale's.
    pub fn effective_lang(&self) -> Lang {
        self.lang.unwrap_or_else(Lang::from_env)
    }

    /// Remembers a window size (from a resize event), ignoring sizes outside
    /// [`MIN_WINDOW`]..=[`MAX_WINDOW`] (a minimised window reports 0×0). Returns whether the
    /// settings changed, i.e. whether they are worth saving.
    pub fn set_window(&mut self, width: f32, height: f32) -> bool {
        if !(window_ok(width) && window_ok(height)) {
            return false;
        }
        let new = Some((width.round(), height.round()));
        let changed = self.window != new;
        self.window = new;
        changed
    }

    /// Sets the player name if it is acceptable (trimmed, not too long, no control
    /// characters); returns whether it was.
    pub fn set_name(&mut self, name: &str) -> bool {
        match clean_name(name) {
            Some(n) => {
                self.name = n;
                true
            }
            None => false,
        }
    }
}

fn clean_name(name: &str) -> Option<String> {
    let name = name.trim();
    (name.chars().count() <= MAX_NAME_CHARS && !name.chars().any(char::is_control))
        .then(|| name.to_string())
}

fn lang_code(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Zh => "zh",
        Lang::ZhHant => "zh-Hant",
    }
}

/// `Some(None)` for "auto", `Some(Some(lang))` for a language, `None` for nonsense.
fn lang_from_code(code: &str) -> Option<Option<Lang>> {
    match code.trim().to_ascii_lowercase().as_str() {
        "auto" | "" => Some(None),
        "en" => Some(Some(Lang::En)),
        "zh" | "zh-hans" => Some(Some(Lang::Zh)),
        "zh-hant" => Some(Some(Lang::ZhHant)),
        _ => None,
    }
}

fn window_ok(v: f32) -> bool {
    v.is_finite() && (MIN_WINDOW..=MAX_WINDOW).contains(&v)
}

fn window_from(v: &Value) -> Option<(f32, f32)> {
    let [w, h] = v.as_array()?.as_slice() else {
        return None;
    };
    let (w, h) = (w.as_f64()? as f32, h.as_f64()? as f32);
    (window_ok(w) && window_ok(h)).then_some((w, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_control_is_kept_and_a_bad_one_named() {
        let s = Settings {
            clock: Some(crate::protocol::Clock {
                game_secs: 900,
                move_secs: 30,
            }),
            ..Settings::default()
        };
        let text = s.to_json();
        assert!(text.contains("\"clock\": \"900+30\""), "{text}");
        assert_eq!(Settings::parse(text.as_bytes()).0, s);
        let (read, problems) = Settings::parse(br#"{"clock": "ten minutes"}"#);
        assert_eq!(read.clock, None);
        assert!(problems.iter().any(|p| p.contains("clock")), "{problems:?}");
    }

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("lanqi-settings-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_missing_file_gives_defaults_and_no_warning() {
        let dir = temp_dir("missing");
        let (s, warning) = Settings::load(&dir.join("settings.json"));
        assert_eq!(s, Settings::default());
        assert!(s.sound);
        assert_eq!(warning, None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_language_is_remembered() {
        let dir = temp_dir("languages");
        let path = dir.join("settings.json");
        for lang in Lang::ALL {
            let s = Settings {
                lang: Some(lang),
                ..Settings::default()
            };
            s.save(&path).unwrap();
            let (back, warning) = Settings::load(&path);
            assert_eq!(warning, None);
            assert_eq!(back.effective_lang(), lang);
        }
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .contains("\"zh-Hant\"")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn settings_survive_a_round_trip() {
        let dir = temp_dir("round-trip");
        let path = dir.join("settings.json");
        let mut s = Settings {
            name: "Ada L.".into(),
            lang: Some(Lang::Zh),
            sound: false,
            spectators: false,
            clock: None,
            engine: Some("/opt/engines/pikafish".into()),
            window: None,
            gomoku: None,
            table: Vec::new(),
            game: Some("xiangqi".parse().unwrap()),
            tibetan: Some(crate::rules::tibetan::Rules {
                protect_formations: false,
                ..Default::default()
            }),
            relay: Some(crate::net::internet::Relays::Custom(vec![
                "https://relay.club.example./".into(),
            ])),
        };
        assert!(s.set_window(1100.4, 800.0));
        assert!(!s.set_window(1100.0, 800.0), "the same size again");
        assert!(
            !s.set_window(0.0, 0.0),
            "a minimised window is not remembered"
        );
        s.save(&path).unwrap();
        let (back, warning) = Settings::load(&path);
        assert_eq!(warning, None);
        assert_eq!(back, s);
        assert_eq!(back.window, Some((1100.0, 800.0)));
        assert_eq!(back.effective_lang(), Lang::Zh);

        // Saving again replaces the file, and "auto" reads back as None.
        let s = Settings::default();
        s.save(&path).unwrap();
        assert!(std::fs::read_to_string(&path).unwrap().contains("\"auto\""));
        assert_eq!(Settings::load(&path), (s, None));
        // The LAN only ("none") reads back as no relays at all.
        let lan_only = Settings {
            relay: None,
            ..Settings::default()
        };
        lan_only.save(&path).unwrap();
        assert_eq!(Settings::load(&path), (lan_only, None));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_that_is_not_json_gives_defaults_and_names_the_line() {
        let (s, problems) = Settings::parse(b"{\n  \"name\": \"Ada\",\n  sound = on\n}\n");
        assert_eq!(s, Settings::default());
        assert_eq!(problems.len(), 1);
        assert!(problems[0].contains("line 3"), "{problems:?}");

        let (s, problems) = Settings::parse(b"[1, 2]");
        assert_eq!(s, Settings::default());
        assert!(problems[0].contains("not a JSON object"));

        let (_, problems) = Settings::parse(&[0xff, 0xfe, 0x00]);
        assert_eq!(problems.len(), 1);
    }

    #[test]
    fn a_bad_value_loses_only_its_key_and_is_named() {
        let text = r#"{"name": "Ada", "lang": "fr", "sound": "loud", "window": [10, 99999]}"#;
        let (s, problems) = Settings::parse(text.as_bytes());
        assert_eq!(s.name, "Ada");
        assert_eq!(s.lang, None);
        assert!(s.sound);
        assert_eq!(s.window, None);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].contains("\"lang\""));
        assert!(problems[1].contains("\"sound\""));
        assert!(problems[2].contains("\"window\""));

        let long = "x".repeat(MAX_NAME_CHARS + 1);
        let (s, problems) = Settings::parse(format!(r#"{{"name": "{long}"}}"#).as_bytes());
        assert_eq!(s.name, "");
        assert!(problems[0].contains("\"name\""));
        let (s, problems) = Settings::parse(br#"{"name": "a\u0007b", "window": null}"#);
        assert_eq!(s.name, "");
        assert_eq!(problems.len(), 1);
    }

    #[test]
    fn old_and_unknown_keys_are_ignored() {
        // A file from another version: extra keys, no version, some keys missing.
        let text =
            r#"{"version": 0, "theme": "dark", "mdns": false, "name": " Ada ", "lang": "EN"}"#;
        let (s, problems) = Settings::parse(text.as_bytes());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(s.name, "Ada");
        assert_eq!(s.lang, Some(Lang::En));
        assert!(s.sound);

        let (s, problems) = Settings::parse(br#"{"version": 99}"#);
        assert!(problems.is_empty());
        assert_eq!(s, Settings::default());
    }

    #[test]
    fn an_unreadable_file_warns_with_its_path() {
        // A directory where the file should be cannot be read as a file.
        let dir = temp_dir("unreadable");
        let path = dir.join("settings.json");
        std::fs::create_dir(&path).unwrap();
        let (s, warning) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        let warning = warning.expect("a warning");
        assert!(warning.contains("settings.json"), "{warning}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn set_name_refuses_what_parse_refuses() {
        let mut s = Settings::default();
        assert!(s.set_name("  Ada  "));
        assert_eq!(s.name, "Ada");
        assert!(!s.set_name("tab\there"));
        assert_eq!(s.name, "Ada");
    }
}
