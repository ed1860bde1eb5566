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
}
