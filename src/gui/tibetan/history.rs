//! Where Tibetan seven-square chess comes from: a short history page, in every language
//! (its words in `resources/i18n/*.ftl`), laid out by [`crate::gui::page`] (reached
//! through [`super::rules::Pages`]).
//! What it says comes from the source write-up (`shared/seeds/000_…`, section 1).

use super::rules::Diagram;
use crate::gui::page::Shape;

/// The history page's shape: its words are the language files' `page-tibetan-history-…`
/// messages.
pub const HISTORY: Shape<Diagram> = Shape {
    name: "tibetan-history",
    sections: &[(2, None), (1, None), (1, None)],
};
