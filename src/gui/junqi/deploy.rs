//! The deployment screen (布阵): the viewer's half with a layout, swapped two pieces at a
//! time by clicking them, a random layout, a library of saved layouts, layout text to
//! import and export, and Ready.
//!
//! Whether a swap is allowed is the rules core's answer (`Layout::swapped`); this screen
//! only shows it. Squares in the layout are in the viewer's own view; the board speaks
//! absolute squares, so they are turned with `Square::to_view`/`from_view` at the edge.

use iced::widget::{
    button, canvas, column, container, row, rule, scrollable, space, text, text_input,
};
use iced::{Alignment, Color, Element, Fill, Length};

use super::board::{self, Board, BoardModel};
use crate::gui::i18n::Lang;
use crate::rules::junqi::{Kind, Layout, LayoutError, Piece, Side, Square, Token};
use crate::store::{LayoutLibrary, Listing};

/// The deployment screen's state.
#[derive(Debug)]
pub struct Deploy {
    side: Side,
    layout: Layout,
    /// The first piece of a swap, in the viewer's own view.
    selected: Option<Square>,
    status: Status,
    seed: u64,
    name: String,
    text: String,
    library: Option<LayoutLibrary>,
    listing: Listing,
    /// Why the library cannot be used, when it cannot.
    library_error: Option<String>,
}

/// What the screen reacts to.
#[derive(Clone, Debug)]
pub enum Message {
    /// A click on the board.
    Board(board::Message),
    /// The Random button.
    Random,
    /// The name box changed.
    NameChanged(String),
    /// The Save button (or Enter in the name box).
    Save,
    /// A saved layout's Load button.
    Load(String),
    /// A saved layout's Delete button.
    Delete(String),
    /// The layout text box changed.
    TextChanged(String),
    /// The Import button (or Enter in the text box).
    Import,
    /// The Export button.
    Export,
    /// The Ready button.
    Ready,
}

/// What the screen hands to whoever owns it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The player is ready with this layout (own view).
    Ready(Layout),
}

/// The line under the board: what just happened, kept as data so that it follows a change
/// of language.
#[derive(Clone, Debug, PartialEq)]
enum Status {
    Hint,
    Selected(Square),
    Swapped(Square, Square),
    Refused(LayoutError),
    Randomised,
    Saved(String),
    Loaded(String),
    Deleted(String),
    Exported,
    Imported,
    ImportFailed(LayoutError),
    StoreFailed(String),
    Ready,
}

impl Deploy {
    /// The screen for `side`, starting from `Layout::random(seed)` (the Random button moves
    /// on to further seeds from there), with the layout library `library` if there is one.
    pub fn new(side: Side, seed: u64, library: Result<LayoutLibrary, String>) -> Deploy {
        let (library, library_error) = match library {
            Ok(lib) => (Some(lib), None),
            Err(e) => (None, Some(e)),
        };
        let mut deploy = Deploy {
            side,
            layout: Layout::random(seed),
            selected: None,
            status: Status::Hint,
            seed,
            name: String::new(),
            text: String::new(),
            library,
            listing: Listing::default(),
            library_error,
        };
        deploy.refresh();
        deploy
    }

    /// The layout as it stands.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The selected square (own view), between the two clicks of a swap.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The names of the saved layouts, as listed.
    pub fn saved_names(&self) -> Vec<&str> {
        self.listing
            .layouts
            .iter()
            .map(|(n, _)| n.as_str())
            .collect()
    }

    /// The status line in `lang` (what the screen shows under the board).
    pub fn status(&self, lang: Lang) -> String {
        let t = lang.app();
        match &self.status {
            Status::Hint => t.deploy_hint.to_string(),
            Status::Selected(s) => match self.layout.kind_at(*s) {
                Some(kind) => lang.selected(*s, kind),
                None => t.deploy_hint.to_string(),
            },
            Status::Swapped(a, b) => lang.swapped(*a, *b),
            Status::Refused(e) => lang.refused(e),
            Status::Randomised => t.randomised.to_string(),
            Status::Saved(n) => lang.saved(n),
            Status::Loaded(n) => lang.loaded(n),
            Status::Deleted(n) => lang.deleted(n),
            Status::Exported => t.exported.to_string(),
            Status::Imported => t.imported.to_string(),
            Status::ImportFailed(e) => lang.import_failed(e),
            Status::StoreFailed(e) => lang.store_failed(e),
            Status::Ready => t.ready_done.to_string(),
        }
    }

    fn is_error(&self) -> bool {
        matches!(
            self.status,
            Status::Refused(_) | Status::ImportFailed(_) | Status::StoreFailed(_)
        )
    }

    /// Re-reads the library's listing.
    fn refresh(&mut self) {
        if let Some(lib) = &self.library {
            match lib.list() {
                Ok(listing) => self.listing = listing,
                Err(e) => self.status = Status::StoreFailed(e.to_string()),
            }
        }
    }

    /// Handles a message; returns an [`Event`] for the owner when there is one.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Board(board::Message::Clicked(square)) => {
                self.click(square.to_view(self.side));
            }
            Message::Random => {
                self.seed = self.seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
                self.layout = Layout::random(self.seed);
                self.selected = None;
                self.status = Status::Randomised;
            }
            Message::NameChanged(name) => self.name = name,
            Message::Save => self.save(),
            Message::Load(name) => {
                if let Some(lib) = &self.library {
                    match lib.load(&name) {
                        Ok(layout) => {
                            self.layout = layout;
                            self.selected = None;
                            self.name = name.clone();
                            self.status = Status::Loaded(name);
                        }
                        Err(e) => self.status = Status::StoreFailed(e.to_string()),
                    }
                }
            }
            Message::Delete(name) => {
                if let Some(lib) = &self.library {
                    match lib.delete(&name) {
                        Ok(()) => self.status = Status::Deleted(name),
                        Err(e) => self.status = Status::StoreFailed(e.to_string()),
                    }
                    self.refresh();
                }
            }
            Message::TextChanged(text) => self.text = text,
            Message::Import => match self.text.parse::<Layout>() {
                Ok(layout) => {
                    self.layout = layout;
                    self.selected = None;
                    self.status = Status::Imported;
                }
                Err(e) => self.status = Status::ImportFailed(e),
            },
            Message::Export => {
                self.text = self.layout.to_string();
                self.status = Status::Exported;
            }
            Message::Ready => {
                self.selected = None;
                self.status = Status::Ready;
                return Some(Event::Ready(self.layout.clone()));
            }
        }
        None
    }

    /// A click on a square of the viewer's own view.
    fn click(&mut self, square: Square) {
        let on_piece = self.layout.kind_at(square).is_some();
        match self.selected {
            None if on_piece => {
                self.selected = Some(square);
                self.status = Status::Selected(square);
            }
            None => {}
            Some(first) if first == square || !on_piece => {
                self.selected = None;
                self.status = Status::Hint;
            }
            Some(first) => {
                self.selected = None;
                match self.layout.swapped(first, square) {
                    Ok(layout) => {
                        self.layout = layout;
                        self.status = Status::Swapped(first, square);
                    }
                    Err(e) => self.status = Status::Refused(e),
                }
            }
        }
    }

    fn save(&mut self) {
        let Some(lib) = &self.library else {
            return;
        };
        let name = self.name.trim().to_string();
        match lib.save(&name, &self.layout) {
            Ok(()) => {
                self.status = Status::Saved(name.clone());
                self.name = name;
            }
            Err(e) => self.status = Status::StoreFailed(e.to_string()),
        }
        self.refresh();
    }

    /// What the board shows: the viewer's pieces, the selection, and where the selected
    /// piece could go (every square it may swap with, as the rules core says).
    pub fn board_model(&self) -> BoardModel {
        let mut model = BoardModel::empty(self.side);
        for (square, kind) in self.layout.placements(self.side) {
            model.tokens[square.index()] = Some(Token::known(Piece {
                side: self.side,
                kind,
            }));
        }
        if let Some(first) = self.selected {
            model.selected = Some(first.from_view(self.side));
            model.targets = Layout::cells()
                .filter(|&s| s != first && self.layout.swapped(first, s).is_ok())
                .map(|s| s.from_view(self.side))
                .collect();
        }
        model
    }

    /// The screen, in `lang`.
    pub fn view(&self, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        let legend = column(t.legend.iter().map(|line| text(*line).size(13).into())).spacing(3);
        let actions = row![
            button(text(t.random))
                .on_press(Message::Random)
                .style(button::secondary),
            space().width(Fill),
            button(text(t.ready).size(18))
                .on_press(Message::Ready)
                .padding([8, 24])
                .style(button::success),
        ]
        .align_y(Alignment::Center);

        let right = scrollable(
            column![
                text(t.deploy_heading).size(26),
                text(t.deploy_hint).size(14),
                legend,
                pieces(lang),
                actions,
                rule::horizontal(1),
                text(t.save_heading).size(17),
                self.save_row(lang),
                self.library(lang),
                rule::horizontal(1),
                self.text_box(lang),
            ]
            .spacing(12)
            .padding([0, 12]),
        )
        .height(Fill);

        row![
            self.board_area(lang),
            container(right).width(Length::Fixed(400.0)).height(Fill)
        ]
        .spacing(16)
        .padding(16)
        .into()
    }

    /// The board, the line saying what just happened, and the layout text.
    fn board_area(&self, lang: Lang) -> Element<'_, Message> {
        let board = container(
            canvas(Board::new(BoardModel {
                lang,
                ..self.board_model()
            }))
            .width(Fill)
            .height(Fill),
        )
        .id("board")
        .width(Fill)
        .height(Fill);
        let board: Element<'_, board::Message> = board.into();
        let status_color = if self.is_error() {
            Color::from_rgb(0.72, 0.11, 0.09)
        } else {
            Color::from_rgb(0.20, 0.20, 0.20)
        };
        column![
            board.map(Message::Board),
            // A fixed height for two lines, so that the board keeps its size whatever
            // the message.
            container(text(self.status(lang)).size(15).color(status_color))
                .height(Length::Fixed(42.0)),
            text(lang.layout_line(&self.layout.to_string()))
                .size(13)
                .color(Color::from_rgb(0.40, 0.40, 0.40)),
        ]
        .spacing(6)
        .width(Fill)
        .height(Fill)
        .into()
    }

    /// The layout name box and Save (when there is a library).
    fn save_row(&self, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        let can_save = self.library.is_some();
        row![
            text_input(t.name_placeholder, &self.name)
                .id("layout-name")
                .on_input_maybe(can_save.then_some(Message::NameChanged as fn(String) -> Message))
                .on_submit(Message::Save)
                .width(Fill),
            button(text(t.save)).on_press_maybe(can_save.then_some(Message::Save)),
        ]
        .spacing(6)
        .align_y(Alignment::Center)
        .into()
    }

    /// The saved layouts, each with Load and Delete, and what could not be read.
    fn library(&self, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        let mut library = column![text(t.library_heading).size(17)].spacing(4);
        if let Some(e) = &self.library_error {
            library = library.push(text(t.library_unavailable).size(13)).push(
                text(e.clone())
                    .size(12)
                    .color(Color::from_rgb(0.72, 0.11, 0.09)),
            );
        } else if self.listing.layouts.is_empty() {
            library = library.push(text(t.library_empty).size(13));
        }
        for (name, _) in &self.listing.layouts {
            library = library.push(
                row![
                    text(name.clone()).width(Fill),
                    button(text(t.load).size(13))
                        .on_press(Message::Load(name.clone()))
                        .style(button::secondary),
                    button(text(t.delete).size(13))
                        .on_press(Message::Delete(name.clone()))
                        .style(button::danger),
                ]
                .spacing(6)
                .align_y(Alignment::Center),
            );
        }
        for problem in &self.listing.problems {
            library = library.push(
                text(problem.clone())
                    .size(12)
                    .color(Color::from_rgb(0.72, 0.11, 0.09)),
            );
        }
        library.into()
    }

    /// The layout text box, Import and Export.
    fn text_box(&self, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        column![
            text(t.text_heading).size(17),
            text_input(t.text_placeholder, &self.text)
                .id("layout-text")
                .on_input(Message::TextChanged)
                .on_submit(Message::Import),
            row![
                button(text(t.import))
                    .on_press(Message::Import)
                    .style(button::secondary),
                button(text(t.export))
                    .on_press(Message::Export)
                    .style(button::secondary),
            ]
            .spacing(6),
        ]
        .spacing(6)
        .into()
    }
}

/// The pieces, strongest first, in rows.
fn pieces<'a>(lang: Lang) -> Element<'a, Message> {
    let t = lang.app();
    let columns = if lang.is_chinese() { 6 } else { 3 };
    column![text(t.pieces_heading).size(13)]
        .extend(Kind::ALL.chunks(columns).map(|chunk| {
            row(chunk.iter().map(|&k| {
                text(lang.piece_entry(k))
                    .size(12)
                    .color(Color::from_rgb(0.72, 0.11, 0.09))
                    .width(Fill)
                    .into()
            }))
            .into()
        }))
        .spacing(2)
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn deploy(side: Side) -> Deploy {
        Deploy::new(side, 3, Err("no library in this test".into()))
    }

    fn click(d: &mut Deploy, own: &str) {
        let absolute = s(own).from_view(d.side);
        d.update(Message::Board(board::Message::Clicked(absolute)));
    }

    #[test]
    fn two_clicks_swap_for_either_side() {
        for side in Side::BOTH {
            let mut d = deploy(side);
            let before = d.layout().clone();
            click(&mut d, "a6");
            assert_eq!(d.selected(), Some(s("a6")));
            let model = d.board_model();
            assert_eq!(model.selected, Some(s("a6").from_view(side)));
            assert!(model.targets.contains(&s("e6").from_view(side)));
            click(&mut d, "e6");
            assert_eq!(d.selected(), None);
            assert_eq!(d.layout(), &before.swapped(s("a6"), s("e6")).unwrap());
            assert_eq!(d.status(Lang::En), "Swapped a6 and e6.");
        }
    }

    #[test]
    fn a_refused_swap_names_the_rule_and_changes_nothing() {
        let mut d = deploy(Side::North);
        let before = d.layout().clone();
        let flag = ["b1", "d1"]
            .into_iter()
            .find(|q| d.layout().kind_at(s(q)) == Some(Kind::Flag))
            .unwrap();
        click(&mut d, flag);
        // The flag may not be swapped anywhere but the other headquarters.
        let model = d.board_model();
        assert!(model.targets.len() <= 1, "{:?}", model.targets);
        click(&mut d, "c6");
        assert_eq!(d.layout(), &before);
        assert_eq!(
            d.status(Lang::En),
            "Cannot swap: c6: the flag must stand in a headquarters (b1 or d1)."
        );
    }

    #[test]
    fn clicking_twice_or_off_the_pieces_cancels() {
        let mut d = deploy(Side::South);
        click(&mut d, "c3");
        assert_eq!(d.selected(), Some(s("c3")));
        click(&mut d, "c3");
        assert_eq!(d.selected(), None);
        click(&mut d, "c4"); // a camp: nothing to select
        assert_eq!(d.selected(), None);
        click(&mut d, "c3");
        click(&mut d, "c9"); // the enemy half
        assert_eq!(d.selected(), None);
    }

    #[test]
    fn export_then_import_round_trips_and_bad_text_is_refused() {
        let mut d = deploy(Side::South);
        d.update(Message::Export);
        let exported = d.layout().to_string();
        d.update(Message::Random);
        assert_ne!(d.layout().to_string(), exported);
        d.update(Message::Import);
        assert_eq!(d.layout().to_string(), exported);
        d.update(Message::TextChanged("hgfih/e+i+e".into()));
        d.update(Message::Import);
        assert_eq!(d.layout().to_string(), exported);
        assert!(
            d.status(Lang::En).contains("6 rows"),
            "{}",
            d.status(Lang::En)
        );
        assert_eq!(
            d.update(Message::Ready),
            Some(Event::Ready(d.layout().clone()))
        );
    }
}
