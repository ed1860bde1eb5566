//! The rules and history pages every game has, laid out in one place: a title, then
//! sections (a heading, paragraphs, and a figure: a small board diagram beside the words
//! with its caption, or something wide under them, like Junqi's table of pieces).
//!
//! A game says what its pages hold with a [`GamePages`] type (in its `rules.rs`): the two
//! [`Page`]s in each language, and how to draw each of its figures (with the game's own
//! board canvas, only looked at). The games are registered in
//! [`super::games`]'s list, which names each game's pages type, so every game has both
//! pages: [`super::games::page`] shows the one asked for.
//!
//! A page's words are in the language files like every other sentence: each game's
//! `rules.rs` and `history.rs` hold only the page's [`Shape`] (how many sections, how many
//! paragraphs each, which figure where), the same in every language, and the words are the
//! messages `page-<game>-<rules|history>-…` (see [`Shape`]), read once per language.
//! [`check_pages`] checks that every language's words read as that language.

use std::fmt::Debug;
use std::sync::OnceLock;

use iced::widget::{Column, column, container, row, scrollable, text};
use iced::{Alignment, Element, Fill};

use super::i18n::Lang;

/// Which of a game's pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    /// How to play.
    Rules,
    /// Where the game comes from.
    History,
}

impl Which {
    /// Both pages, rules first.
    pub const ALL: [Which; 2] = [Which::Rules, Which::History];

    /// The other page (the page's button to it).
    pub fn other(self) -> Which {
        match self {
            Which::Rules => Which::History,
            Which::History => Which::Rules,
        }
    }
}

/// One page in one language: its title and sections. `F` names the game's figures.
#[derive(Debug)]
pub struct Page<F: 'static> {
    /// The title.
    pub title: &'static str,
    /// The sections, in order.
    pub sections: &'static [Section<F>],
}

/// A section of a page: a heading, its paragraphs, and a figure, if it has one.
#[derive(Debug)]
pub struct Section<F: 'static> {
    /// The heading.
    pub heading: &'static str,
    /// The paragraphs, in order.
    pub paragraphs: &'static [&'static str],
    /// Its figure.
    pub figure: Option<Figure<F>>,
}

/// A section's figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure<F> {
    /// A small board diagram beside the words, with its caption under it.
    Diagram(F, &'static str),
    /// Something as wide as the page under the words (a table).
    Below(F),
}

/// Where a section's figure goes, in a page's [`Shape`] (a diagram's caption is in the
/// language files).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn<F> {
    /// A small board diagram beside the words, with its caption.
    Diagram(F),
    /// Something as wide as the page under the words.
    Below(F),
}

/// A page's shape, the same in every language: its name, and each section's number of
/// paragraphs and figure. Its words are the language files' messages
/// `page-<name>-title`, and for section `i` (from 1) `page-<name>-i-heading`, its
/// paragraphs `page-<name>-i-1`, `page-<name>-i-2`, … and a diagram's
/// `page-<name>-i-caption`.
#[derive(Debug)]
pub struct Shape<F: 'static> {
    /// The page's name in its keys: `xiangqi-rules`.
    pub name: &'static str,
    /// The sections, in order: how many paragraphs, and the figure.
    pub sections: &'static [(usize, Option<Drawn<F>>)],
}

/// One game's pages in every language (rules, then history; by [`Lang::index`]), each built
/// from its [`Shape`] the first time it is asked for and kept: a game's `static`.
pub type Cache<F> = [[OnceLock<Page<F>>; 3]; 2];

/// An empty [`Cache`].
pub const fn cache<F>() -> Cache<F> {
    [
        [OnceLock::new(), OnceLock::new(), OnceLock::new()],
        [OnceLock::new(), OnceLock::new(), OnceLock::new()],
    ]
}

/// The page `which` in `lang` from a game's `cache`, built from its `rules` or `history`
/// shape the first time (what each game's [`GamePages::page`] is).
pub fn cached<F: Copy>(
    cache: &'static Cache<F>,
    which: Which,
    lang: Lang,
    rules: &Shape<F>,
    history: &Shape<F>,
) -> &'static Page<F> {
    let (i, shape) = match which {
        Which::Rules => (0, rules),
        Which::History => (1, history),
    };
    cache[i][lang.index()].get_or_init(|| shape.page(lang))
}

impl<F: Copy> Shape<F> {
    /// The page in `lang`, its words from the language's file (built once per language by
    /// each game's [`GamePages::page`], and kept).
    pub fn page(&self, lang: Lang) -> Page<F> {
        let text = |rest: String| lang.text(&format!("page-{}-{rest}", self.name));
        let sections: Vec<Section<F>> = self
            .sections
            .iter()
            .zip(1..)
            .map(|((paragraphs, drawn), i)| Section {
                heading: text(format!("{i}-heading")),
                paragraphs: Box::leak(
                    (1..=*paragraphs)
                        .map(|j| text(format!("{i}-{j}")))
                        .collect::<Vec<_>>()
                        .into_boxed_slice(),
                ),
                figure: drawn.map(|drawn| match drawn {
                    Drawn::Diagram(f) => Figure::Diagram(f, text(format!("{i}-caption"))),
                    Drawn::Below(f) => Figure::Below(f),
                }),
            })
            .collect();
        Page {
            title: text("title".to_string()),
            sections: Box::leak(sections.into_boxed_slice()),
        }
    }

    /// Every message key of the page.
    pub fn keys(&self) -> Vec<String> {
        let named = |rest: String| format!("page-{}-{rest}", self.name);
        let mut keys = vec![named("title".to_string())];
        for ((paragraphs, drawn), i) in self.sections.iter().zip(1..) {
            keys.push(named(format!("{i}-heading")));
            keys.extend((1..=*paragraphs).map(|j| named(format!("{i}-{j}"))));
            if let Some(Drawn::Diagram(_)) = drawn {
                keys.push(named(format!("{i}-caption")));
            }
        }
        keys
    }
}

/// A game's two pages, and how its figures are drawn: one type per game, named in
/// [`super::games`]'s list.
pub trait GamePages {
    /// The game's figures.
    type Figure: Copy + Debug + PartialEq + 'static;

    /// The page `which` in `lang`.
    fn page(which: Which, lang: Lang) -> &'static Page<Self::Figure>;

    /// A figure, drawn (in `lang`, where it has words): a board diagram is the game's own
    /// board canvas, only looked at ([`diagram`]).
    fn figure<'a, M: 'a>(figure: Self::Figure, lang: Lang) -> Element<'a, M>;
}

/// How wide a diagram and its caption are.
pub const DIAGRAM_WIDTH: f32 = 240.0;

/// A board only looked at, as a diagram `height` pixels high (and [`DIAGRAM_WIDTH`] wide).
pub fn diagram<'a, M: 'a, B>(board: B, height: f32) -> Element<'a, M>
where
    B: super::board_canvas::SquareBoard + 'a,
{
    iced::widget::canvas(super::board_canvas::Shown(board))
        .width(DIAGRAM_WIDTH)
        .height(height)
        .into()
}

/// The page `which` of the game `P` in `lang`, scrollable; it fills the space it is given.
/// `M` is the caller's message type: the page sends none.
pub fn view<'a, P: GamePages, M: 'a>(which: Which, lang: Lang) -> Element<'a, M> {
    let page = P::page(which, lang);
    let mut col = Column::new()
        .spacing(16)
        .padding([16, 24])
        .max_width(860)
        .push(text(page.title).size(26).font(super::BOLD));
    for section in page.sections {
        let mut words = column![text(section.heading).size(19).font(super::BOLD)].spacing(6);
        for p in section.paragraphs {
            words = words.push(text(*p).size(15));
        }
        let block: Element<'a, M> = match section.figure {
            Some(Figure::Diagram(f, caption)) => row![
                words.width(Fill),
                column![
                    P::figure(f, lang),
                    text(caption).size(13).width(DIAGRAM_WIDTH),
                ]
                .spacing(4)
                .align_x(Alignment::Center),
            ]
            .spacing(16)
            .into(),
            Some(Figure::Below(f)) => words.push(P::figure(f, lang)).into(),
            None => words.into(),
        };
        col = col.push(block);
    }
    scrollable(container(col).center_x(Fill))
        .width(Fill)
        .height(Fill)
        .into()
}

/// A section's words: its heading, its paragraphs, and its figure (the figure's name, and
/// a diagram's caption).
pub type SectionWords = (
    &'static str,
    Vec<&'static str>,
    Option<(String, &'static str)>,
);

/// A page's words, whatever its game's figures: what the tests read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// The title.
    pub title: &'static str,
    /// Each section: its heading, its paragraphs, and its figure (the figure's name, and
    /// a diagram's caption).
    pub sections: Vec<SectionWords>,
}

impl Words {
    /// The words of `page`.
    pub fn of<F: Debug>(page: &Page<F>) -> Words {
        Words {
            title: page.title,
            sections: page
                .sections
                .iter()
                .map(|s| {
                    let figure = s.figure.as_ref().map(|f| match f {
                        Figure::Diagram(f, caption) => (format!("{f:?}"), *caption),
                        Figure::Below(f) => (format!("{f:?}"), ""),
                    });
                    (s.heading, s.paragraphs.to_vec(), figure)
                })
                .collect(),
        }
    }

    /// Every text of the page in one string, a line each.
    pub fn all(&self) -> String {
        let mut all = vec![self.title];
        for (heading, paragraphs, figure) in &self.sections {
            all.push(heading);
            all.extend(paragraphs);
            if let Some((_, caption)) = figure {
                all.push(caption);
            }
        }
        all.join("\n")
    }
}

/// Whether `c` is a CJK ideograph (the basic block and extension A).
pub fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

/// Why a Chinese and an English text are not each other's translation in shape: empty,
/// Chinese with no Chinese characters, English with no English words. `None` when both
/// look right.
pub fn translation_problem(en: &str, zh: &str) -> Option<String> {
    if en.trim().is_empty() || zh.trim().is_empty() {
        return Some(format!("empty: English {en:?}, Chinese {zh:?}"));
    }
    if !zh.chars().any(is_cjk) {
        return Some(format!("no Chinese in the Chinese text {zh:?}"));
    }
    if !en.chars().any(|c| c.is_ascii_alphabetic()) {
        return Some(format!("no English in the English text {en:?}"));
    }
    None
}

/// Checks a game's pages: both exist in every language, with the same sections and
/// figures in the same places, every text non-empty and in its language. Panics naming
/// what is wrong (a test helper, used by each game's tests and by [`super::games`]'s).
pub fn check_pages(game: &str, words: impl Fn(Which, Lang) -> Words) {
    for (which, lang) in Which::ALL
        .into_iter()
        .flat_map(|w| [(w, Lang::Zh), (w, Lang::ZhHant)])
    {
        let en = words(which, Lang::En);
        let zh = words(which, lang);
        let at = format!("{game} {which:?} ({lang:?})");
        if let Some(problem) = translation_problem(en.title, zh.title) {
            panic!("{at}, the title: {problem}");
        }
        assert!(!en.sections.is_empty(), "{at}: no sections");
        assert_eq!(
            en.sections.len(),
            zh.sections.len(),
            "{at}: the English and Chinese pages have different numbers of sections"
        );
        for (i, (e, z)) in en.sections.iter().zip(&zh.sections).enumerate() {
            let at = format!("{at}, section {} ({:?})", i + 1, e.0);
            if let Some(problem) = translation_problem(e.0, z.0) {
                panic!("{at}, its heading: {problem}");
            }
            assert!(!e.1.is_empty(), "{at}: no paragraphs");
            assert_eq!(
                e.1.len(),
                z.1.len(),
                "{at}: different numbers of paragraphs"
            );
            for (pe, pz) in e.1.iter().zip(&z.1) {
                if let Some(problem) = translation_problem(pe, pz) {
                    panic!("{at}: {problem}");
                }
            }
            match (&e.2, &z.2) {
                (None, None) => {}
                (Some((fe, ce)), Some((fz, cz))) => {
                    assert_eq!(fe, fz, "{at}: different figures");
                    let problem = (!(ce.is_empty() && cz.is_empty()))
                        .then(|| translation_problem(ce, cz))
                        .flatten();
                    if let Some(problem) = problem {
                        panic!("{at}, the caption: {problem}");
                    }
                }
                _ => panic!("{at}: a figure in one language only"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_translation_is_checked_for_its_shape() {
        assert_eq!(translation_problem("Rules", "规则"), None);
        assert_eq!(translation_problem("Junqi (两国军棋)", "两国军棋"), None);
        assert!(translation_problem("Rules", "Rules").is_some());
        assert!(translation_problem("", "规则").is_some());
        assert!(translation_problem("Rules", " ").is_some());
        assert!(translation_problem("规则", "规则").is_some());
    }
}
