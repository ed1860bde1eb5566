//! The languages lanqi's user interface speaks, and their words. Every sentence a user reads
//! (the screens' words, and the words of the typed notices that reach a screen: a game's
//! ending reason, a peer's problem) is a message of a Project Fluent file, one file per
//! language: `resources/i18n/en.ftl`, `zh-Hans.ftl` and `zh-Hant.ftl`. The files are
//! embedded in the binary and each is parsed once, the first time its language is asked
//! for; plural and person forms are the files' own (`{ $count -> [one] … *[other] … }`).
//!
//! Code asks for a message by its key: [`Lang::text`] for one without variables,
//! [`Lang::phrase`] with them. Screens use the typed accessors built on these
//! (`gui::i18n`), so a key is written in Rust once; the test `tests/i18n.rs` checks that
//! every key the code names exists in every language with the same variables.

use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language the UI speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese (简体中文).
    Zh,
    /// Traditional Chinese (繁體中文).
    ZhHant,
}

impl Lang {
    /// Every language, in the order the language switch cycles through them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Zh, Lang::ZhHant];

    /// The language of the locale described by the usual variables: the first one set and
    /// non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG` (POSIX precedence). A Chinese locale
    /// is traditional when it says so (`zh-Hant`, `zh_Hant_TW`) or names Taiwan, Hong Kong
    /// or Macau (`zh_TW`, `zh_HK`, `zh_MO`) without saying simplified; simplified
    /// otherwise. Any other locale is English.
    pub fn from_locale(
        lc_all: Option<&str>,
        lc_messages: Option<&str>,
        lang: Option<&str>,
    ) -> Lang {
        let locale = [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|v| !v.is_empty());
        let Some(locale) = locale.filter(|l| l.starts_with("zh")) else {
            return Lang::En;
        };
        // `zh_TW.UTF-8@euro` -> the parts `zh`, `TW`; `zh-Hant-HK` -> `zh`, `Hant`, `HK`.
        let name = locale.split(['.', '@']).next().unwrap_or(locale);
        let parts: Vec<String> = name.split(['_', '-']).map(str::to_lowercase).collect();
        let has = |part: &str| parts.iter().skip(1).any(|p| p == part);
        if has("hans") {
            Lang::Zh
        } else if has("hant") || has("tw") || has("hk") || has("mo") {
            Lang::ZhHant
        } else {
            Lang::Zh
        }
    }

    /// The language of this process's locale (see [`Lang::from_locale`]).
    pub fn from_env() -> Lang {
        let var = |name| std::env::var(name).ok();
        Lang::from_locale(
            var("LC_ALL").as_deref(),
            var("LC_MESSAGES").as_deref(),
            var("LANG").as_deref(),
        )
    }

    /// The next language in [`Lang::ALL`], after the last the first: what the language
    /// button switches to.
    pub fn next(self) -> Lang {
        let i = Lang::ALL.iter().position(|l| *l == self).unwrap_or(0);
        Lang::ALL[(i + 1) % Lang::ALL.len()]
    }

    /// The language's name in itself, as the switch button shows it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "简体中文",
            Lang::ZhHant => "繁體中文",
        }
    }

    /// The language's place in [`Lang::ALL`] (0, 1, 2).
    pub fn index(self) -> usize {
        Lang::ALL.iter().position(|l| *l == self).unwrap_or(0)
    }

    /// The language's BCP 47 tag, which also names its file: `en`, `zh-Hans`, `zh-Hant`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
        }
    }

    /// Whether the language is written in Chinese characters.
    pub fn is_chinese(self) -> bool {
        matches!(self, Lang::Zh | Lang::ZhHant)
    }

    /// The text of the language's Fluent file, as embedded.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../resources/i18n/en.ftl"),
            Lang::Zh => include_str!("../resources/i18n/zh-Hans.ftl"),
            Lang::ZhHant => include_str!("../resources/i18n/zh-Hant.ftl"),
        }
    }

    /// The message `key` without variables, formatted once and kept for the process's life.
    /// A key the file lacks reads as the English message (and as the key itself where
    /// English lacks it too); `tests/i18n.rs` keeps that from happening.
    pub fn text(self, key: &str) -> &'static str {
        let words = &words(self).fixed;
        let text = words.get(key);
        debug_assert!(
            text.is_some(),
            "{}: no message {key} without variables",
            self.tag()
        );
        match text {
            Some(text) => text,
            None if self != Lang::En => Lang::En.text(key),
            None => leak(key.to_string()),
        }
    }

    /// The message `key` with its variables, e.g.
    /// `lang.phrase("wins", &[("name", "bob".into())])`. A key the file lacks reads as in
    /// [`Lang::text`]; a variable not given reads as its name in braces.
    pub fn phrase(self, key: &str, args: &[(&str, Arg<'_>)]) -> String {
        let result = self.try_phrase(key, args);
        debug_assert!(result.is_ok(), "{result:?}");
        match result {
            Ok(text) => text,
            Err(_) if self != Lang::En => Lang::En.phrase(key, args),
            Err(_) => key.to_string(),
        }
    }

    /// The message `key` with its variables, or what went wrong: the key is missing, or
    /// formatting reported errors (a variable not given, a term missing).
    pub fn try_phrase(self, key: &str, args: &[(&str, Arg<'_>)]) -> Result<String, String> {
        let bundle = &words(self).bundle;
        let pattern = bundle
            .get_message(key)
            .and_then(|m| m.value())
            .ok_or_else(|| format!("{}: no message {key}", self.tag()))?;
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            let value = match value {
                Arg::Str(s) => FluentValue::from(*s),
                Arg::Num(n) => FluentValue::from(*n),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            Err(format!("{}: {key}: {errors:?}", self.tag()))
        }
    }

    /// Every message key of the language's file, in no particular order.
    pub fn keys(self) -> impl Iterator<Item = &'static str> {
        words(self).keys.iter().copied()
    }
}

/// Marks a message key in code (`key("battle-attack-won")`) where it is chosen before it is
/// asked for: `tests/i18n.rs` finds every key the code names by the calls of [`key`],
/// [`Lang::text`] and [`Lang::phrase`], and checks that each is in every language.
pub const fn key(key: &'static str) -> &'static str {
    key
}

/// A value given to a message's variable: text (a name, a square) or a number, which also
/// picks the plural form.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// Text.
    Str(&'a str),
    /// A number.
    Num(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Arg<'a> {
        Arg::Str(s)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Arg<'a> {
        Arg::Str(s)
    }
}

macro_rules! number_args {
    ($($t:ty),+) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )+};
}
number_args!(u8, u16, u32, u64, usize, i32, i64);

/// One language's parsed file: the bundle, its keys, and its messages without variables,
/// formatted once.
struct Words {
    bundle: FluentBundle<FluentResource>,
    keys: Vec<&'static str>,
    fixed: HashMap<&'static str, &'static str>,
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// The language's words, parsed the first time they are asked for.
fn words(lang: Lang) -> &'static Words {
    static WORDS: [OnceLock<Words>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let i = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    WORDS[i].get_or_init(|| load(lang))
}

fn load(lang: Lang) -> Words {
    // A file that does not parse whole still gives the messages that do; the test
    // `tests/i18n.rs` fails on any error.
    let resource = match FluentResource::try_new(lang.source().to_string()) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    let locale = lang.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![locale]);
    // No Unicode isolation marks around values: the fonts have no glyphs for them, and a
    // name in a sentence reads as typed.
    bundle.set_use_isolating(false);
    let mut keys = Vec::new();
    for entry in resource.entries() {
        if let fluent_syntax::ast::Entry::Message(m) = entry {
            keys.push(leak(m.id.name.to_string()));
        }
    }
    let _ = bundle.add_resource(resource);
    let mut fixed = HashMap::new();
    for key in &keys {
        let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
            continue;
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, None, &mut errors);
        if errors.is_empty() {
            fixed.insert(*key, leak(text.into_owned()));
        }
    }
    Words {
        bundle,
        keys,
        fixed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locale_decides_the_language_in_posix_order() {
        assert_eq!(Lang::from_locale(None, None, None), Lang::En);
        assert_eq!(Lang::from_locale(None, None, Some("zh_CN.UTF-8")), Lang::Zh);
        assert_eq!(Lang::from_locale(None, None, Some("en_GB.UTF-8")), Lang::En);
        assert_eq!(
            Lang::from_locale(None, Some("zh_TW"), Some("en_US")),
            Lang::ZhHant
        );
        assert_eq!(Lang::from_locale(Some("C"), Some("zh_TW"), None), Lang::En);
        // An empty variable is as good as unset.
        assert_eq!(Lang::from_locale(Some(""), None, Some("zh_CN")), Lang::Zh);
    }

    #[test]
    fn taiwan_hong_kong_macau_and_hant_read_traditional() {
        for locale in [
            "zh_TW.UTF-8",
            "zh_HK",
            "zh_MO.UTF-8",
            "zh-Hant",
            "zh_Hant_TW",
            "zh-hant-hk",
        ] {
            assert_eq!(
                Lang::from_locale(None, None, Some(locale)),
                Lang::ZhHant,
                "{locale}"
            );
        }
        for locale in ["zh", "zh_CN.UTF-8", "zh_SG", "zh-Hans", "zh_Hans_HK"] {
            assert_eq!(
                Lang::from_locale(None, None, Some(locale)),
                Lang::Zh,
                "{locale}"
            );
        }
    }

    #[test]
    fn the_switch_goes_through_every_language_and_back() {
        let mut lang = Lang::En;
        let mut seen = Vec::new();
        for _ in 0..Lang::ALL.len() {
            seen.push(lang);
            lang = lang.next();
        }
        assert_eq!(lang, Lang::En);
        assert_eq!(seen, Lang::ALL);
    }

    #[test]
    fn plurals_follow_the_count() {
        let stones = |lang: Lang, n: u32| {
            lang.phrase("stones", &[("colour", "Black".into()), ("count", n.into())])
        };
        assert_eq!(stones(Lang::En, 1), "Black · 1 stone");
        assert_eq!(stones(Lang::En, 2), "Black · 2 stones");
        assert_eq!(stones(Lang::En, 0), "Black · 0 stones");
    }
}
