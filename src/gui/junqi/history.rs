//! Where Junqi comes from: a short history page, in every language (its words in
//! `resources/i18n/*.ftl`), laid out by
//! [`crate::gui::page`] (reached through [`super::rules::Pages`]).

use super::rules::Diagram;
use crate::gui::page::Shape;

/// The history page's shape: its words are the language files' `page-junqi-history-…`
/// messages.
pub const HISTORY: Shape<Diagram> = Shape {
    name: "junqi-history",
    sections: &[(2, None), (2, None), (1, None)],
};
