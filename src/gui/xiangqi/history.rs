//! Where Xiangqi comes from: a short history page, in every language (its words in
//! `resources/i18n/*.ftl`), laid out by
//! [`crate::gui::page`] (reached through [`super::rules::Pages`]). The Android program
//! lanqi's Xiangqi grew from had one too (象棋历史, `shared/seeds/001_…`).

use super::rules::Diagram;
use crate::gui::page::Shape;

/// The history page's shape: its words are the language files' `page-xiangqi-history-…`
/// messages.
pub const HISTORY: Shape<Diagram> = Shape {
    name: "xiangqi-history",
    sections: &[(1, None), (1, None), (1, None), (1, None)],
};
