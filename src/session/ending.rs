//! How a game ended: the winning seat, and why, as a type. The reason becomes text only at
//! the edges: its wire word (`over|…|<reason>`, the transcript, the JSON events) and its
//! words in each UI language.

use std::fmt;
use std::str::FromStr;

use super::game::Seat;
use crate::lang::{Lang, key};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why.
    pub reason: Reason,
}

/// Why a game ended: the session's own endings (any game), then each game's rules' endings.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A seat resigned.
    Resignation,
    /// A seat's clock ran out.
    Time,
    /// Both seats agreed to a draw.
    DrawAgreed,
    /// The audit caught the other seat lying (or it never opened its deployment).
    OpponentCheated,
    /// The other seat sent a message that breaks the rules.
    OpponentBrokeRules,
    /// Junqi: a flag was captured.
    FlagLost,
    /// Junqi: the side to move had no legal move.
    NoLegalMove,
    /// Junqi: this many plies without a battle.
    NoBattle(u32),
    /// Junqi: both flags were lost in one battle.
    BothFlagsLost,
    /// Junqi: neither side can move.
    NeitherCanMove,
    /// Junqi: the same public position for the third time.
    ThreefoldRepetition,
    /// Xiangqi: checkmate.
    Checkmate,
    /// Xiangqi: the side to move has no legal move and is not in check.
    Stalemate,
    /// Xiangqi: a side kept giving check.
    PerpetualCheck,
    /// Xiangqi: a side kept chasing an unprotected piece.
    PerpetualChase,
    /// Xiangqi: the position repeated.
    Repetition,
    /// Xiangqi: this many plies without a capture.
    NoCapture(u32),
    /// Gomoku: a row of this many stones.
    InARow(u8),
    /// Gomoku: no empty point is left.
    FullBoard,
    /// At a table of more than two: the player left the table (its peer said goodbye or
    /// stayed silent), and the game went on without it.
    LeftTable,
    /// Tibetan chess: a side has 3 stones or fewer.
    FewStones,
    /// Tibetan chess: the side to act had no legal turn.
    NoLegalTurn,
    /// Tibetan chess: this many battle turns without a stone leaving the board.
    NoRemoval(u8),
    /// A reason another implementation gave when conceding that lanqi does not know
    /// (PROTOCOL.md §8.8 accepts any concession): shown as it came, at most 100 characters.
    Other(String),
}

/// The reasons that carry no number, with their wire words.
const WORDS: [(Reason, &str); 19] = [
    (Reason::Resignation, "resignation"),
    (Reason::Time, "time"),
    (Reason::DrawAgreed, "draw agreed"),
    (Reason::OpponentCheated, "opponent cheated"),
    (Reason::OpponentBrokeRules, "opponent broke the rules"),
    (Reason::FlagLost, "flag lost"),
    (Reason::NoLegalMove, "no legal move"),
    (Reason::BothFlagsLost, "both flags lost"),
    (Reason::NeitherCanMove, "neither side can move"),
    (Reason::ThreefoldRepetition, "threefold repetition"),
    (Reason::Checkmate, "checkmate"),
    (Reason::Stalemate, "stalemate"),
    (Reason::PerpetualCheck, "perpetual check"),
    (Reason::PerpetualChase, "perpetual chase"),
    (Reason::Repetition, "repetition"),
    (Reason::FullBoard, "full board"),
    (Reason::FewStones, "3 stones or fewer"),
    (Reason::NoLegalTurn, "no legal turn"),
    (Reason::LeftTable, "left the table"),
];

impl Reason {
    /// The reason in `lang`, as a screen shows it (`Flag lost`, 军旗被夺), from the language
    /// files (`resources/i18n/*.ftl`, `reason-…`). [`Reason::Other`] is a peer's own words,
    /// shown as they came.
    pub fn words(&self, lang: Lang) -> String {
        let fixed = match self {
            Reason::Resignation => key("reason-resignation"),
            Reason::Time => key("reason-time"),
            Reason::DrawAgreed => key("reason-draw-agreed"),
            Reason::OpponentCheated => key("reason-opponent-cheated"),
            Reason::OpponentBrokeRules => key("reason-opponent-broke-rules"),
            Reason::FlagLost => key("reason-flag-lost"),
            Reason::NoLegalMove => key("reason-no-legal-move"),
            Reason::BothFlagsLost => key("reason-both-flags-lost"),
            Reason::NeitherCanMove => key("reason-neither-can-move"),
            Reason::ThreefoldRepetition => key("reason-threefold-repetition"),
            Reason::Checkmate => key("reason-checkmate"),
            Reason::Stalemate => key("reason-stalemate"),
            Reason::PerpetualCheck => key("reason-perpetual-check"),
            Reason::PerpetualChase => key("reason-perpetual-chase"),
            Reason::Repetition => key("reason-repetition"),
            Reason::FullBoard => key("reason-full-board"),
            Reason::FewStones => key("reason-few-stones"),
            Reason::LeftTable => key("reason-left-table"),
            Reason::NoLegalTurn => key("reason-no-legal-turn"),
            Reason::NoBattle(n) => {
                return lang.phrase("reason-no-battle", &[("plies", (*n).into())]);
            }
            Reason::NoCapture(n) => {
                return lang.phrase("reason-no-capture", &[("plies", (*n).into())]);
            }
            Reason::InARow(n) => return lang.phrase("reason-in-a-row", &[("count", (*n).into())]),
            Reason::NoRemoval(n) => {
                return lang.phrase("reason-no-removal", &[("turns", (*n).into())]);
            }
            Reason::Other(text) => return text.clone(),
        };
        lang.text(fixed).to_string()
    }
}

impl fmt::Display for Reason {
    /// The wire word: `flag lost`, `no battle in 60 plies`, `checkmate`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NoBattle(n) => write!(f, "no battle in {n} plies"),
            Reason::NoCapture(n) => write!(f, "no capture in {n} plies"),
            Reason::InARow(n) => write!(f, "{n} in a row"),
            Reason::NoRemoval(n) => write!(f, "{n} turns without removal"),
            Reason::Other(text) => f.write_str(text),
            fixed => {
                let word = WORDS.iter().find(|(r, _)| r == fixed).map(|(_, w)| *w);
                f.write_str(word.unwrap_or("?"))
            }
        }
    }
}

impl Reason {
    /// The reason a wire word names: a known word is its variant, any other text
    /// [`Reason::Other`] (cut to 100 characters). Never fails: a peer may concede in words of
    /// its own.
    pub fn from_word(s: &str) -> Reason {
        if let Some((r, _)) = WORDS.iter().find(|(_, w)| *w == s) {
            return r.clone();
        }
        let counted = |prefix: &str| {
            s.strip_prefix(prefix)?
                .strip_suffix(" plies")?
                .parse::<u32>()
                .ok()
        };
        if let Some(n) = counted("no battle in ") {
            return Reason::NoBattle(n);
        }
        if let Some(n) = counted("no capture in ") {
            return Reason::NoCapture(n);
        }
        let quiet = s
            .strip_suffix(" turns without removal")
            .and_then(|n| n.parse::<u8>().ok());
        if let Some(n) = quiet {
            return Reason::NoRemoval(n);
        }
        let row = s
            .strip_suffix(" in a row")
            .and_then(|n| n.parse::<u8>().ok());
        if let Some(n) = row.filter(|n| (1..=26).contains(n)) {
            return Reason::InARow(n);
        }
        Reason::Other(s.chars().take(100).collect())
    }
}

impl FromStr for Reason {
    type Err = std::convert::Infallible;

    /// See [`Reason::from_word`].
    fn from_str(s: &str) -> Result<Reason, Self::Err> {
        Ok(Reason::from_word(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Vec<Reason> {
        let mut all: Vec<Reason> = WORDS.iter().map(|(r, _)| r.clone()).collect();
        all.extend([
            Reason::NoBattle(60),
            Reason::NoCapture(120),
            Reason::InARow(5),
            Reason::NoRemoval(50),
        ]);
        all
    }

    /// PROTOCOL.md §8.8 gives every reason exactly, so that another implementation sends
    /// and reads the same words.
    #[test]
    fn every_reason_is_given_exactly_in_the_protocol() {
        let protocol = include_str!("../../docs/PROTOCOL.md");
        let from = protocol.find("### 8.8 ").expect("§8.8");
        let to = protocol[from..].find("### 8.9 ").expect("§8.9") + from;
        let section = &protocol[from..to];
        for reason in all() {
            let word = match reason {
                Reason::NoBattle(_) => "no battle in N plies".to_string(),
                Reason::InARow(_) => "N in a row".to_string(),
                Reason::NoRemoval(_) => "N turns without removal".to_string(),
                other => other.to_string(),
            };
            assert!(
                section.contains(&format!("`{word}`")),
                "PROTOCOL.md §8.8 does not give `{word}`"
            );
        }
    }

    #[test]
    fn every_reason_reads_back_from_its_wire_word() {
        for reason in all() {
            assert_eq!(reason.to_string().parse::<Reason>(), Ok(reason.clone()));
        }
        assert_eq!("no battle in 31 plies".parse(), Ok(Reason::NoBattle(31)));
    }

    #[test]
    fn every_reason_has_chinese_words_of_its_own() {
        for reason in all() {
            for lang in [Lang::Zh, Lang::ZhHant] {
                let zh = reason.words(lang);
                assert!(!zh.is_empty() && !zh.is_ascii(), "{reason:?}: {zh}");
            }
            let en = reason.words(Lang::En);
            assert_eq!(en.to_lowercase(), reason.to_string().to_lowercase(), "{en}");
            // Capitalised, unless it starts with a number (`5 in a row`).
            assert!(
                en.starts_with(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit()),
                "{en}"
            );
        }
        assert_eq!(Reason::Checkmate.words(Lang::Zh), "将死");
        assert_eq!(Reason::Checkmate.words(Lang::ZhHant), "將死");
    }

    #[test]
    fn an_unknown_reason_is_kept_as_it_came_but_never_longer_than_100_characters() {
        let r: Reason = "the cat sat on the board".parse().unwrap();
        assert_eq!(r, Reason::Other("the cat sat on the board".into()));
        assert_eq!(r.words(Lang::Zh), "the cat sat on the board");
        let long: Reason = "x".repeat(500).parse().unwrap();
        assert_eq!(long.to_string().len(), 100);
    }
}
