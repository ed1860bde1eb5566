//! The languages lanqi's user interface speaks. Every text a user reads (the screens' words,
//! and the words of the types that reach a screen, such as a game's ending reason) is given
//! in each of them.

/// A language the UI speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Every language, in the order the language switch cycles through them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The language of the locale described by the usual variables: the first one set and
    /// non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG` (POSIX precedence); Chinese when it
    /// starts with `zh`, English otherwise.
    pub fn from_locale(
        lc_all: Option<&str>,
        lc_messages: Option<&str>,
        lang: Option<&str>,
    ) -> Lang {
        let locale = [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|v| !v.is_empty());
        match locale {
            Some(l) if l.starts_with("zh") => Lang::Zh,
            _ => Lang::En,
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

    /// The other language (what the language button switches to).
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Zh,
            Lang::Zh => Lang::En,
        }
    }

    /// The language's name in itself, as the switch button shows it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
        }
    }
}
