//! Every game's rules and history pages, as the lobby opens them (`gui::games::page`): each
//! renders in both languages with its title and every heading and caption on screen, and
//! two are kept as snapshots (Xiangqi's rules in English, Gomoku's in Chinese: text,
//! diagrams drawn by each game's own board, captions). See `support/snapshot.rs`.
#![cfg(feature = "gui")]

use iced::{Size, Theme};
use iced_test::simulator::Simulator;
use lanqi::gui::games::{page, page_words};
use lanqi::gui::i18n::Lang;
use lanqi::gui::page::Which;
use lanqi::gui::settings;
use lanqi::session::GameKind;

#[path = "support/snapshot.rs"]
mod snapshot;
use snapshot::assert_snapshot;

/// Tall enough for a whole rules page: nothing scrolled out of sight.
const SIZE: Size = Size::new(1000.0, 2400.0);

#[test]
fn every_page_shows_its_title_headings_and_captions_in_both_languages() {
    for kind in GameKind::ALL {
        for which in Which::ALL {
            for lang in Lang::ALL {
                let words = page_words(kind, which, lang);
                let mut ui = Simulator::with_size(settings(), SIZE, page::<()>(kind, which, lang));
                let at = format!("{kind:?} {which:?} {lang:?}");
                assert!(ui.find(words.title).is_ok(), "{at}: {}", words.title);
                for (heading, paragraphs, figure) in &words.sections {
                    assert!(ui.find(*heading).is_ok(), "{at}: {heading}");
                    assert!(ui.find(paragraphs[0]).is_ok(), "{at}: {heading}'s text");
                    if let Some((_, caption)) = figure.as_ref().filter(|(_, c)| !c.is_empty()) {
                        assert!(ui.find(*caption).is_ok(), "{at}: {caption}");
                    }
                }
            }
        }
    }
}

#[test]
fn snapshot_of_the_xiangqi_rules_in_english() {
    let mut ui = Simulator::with_size(
        settings(),
        Size::new(1000.0, 1500.0),
        page::<()>(GameKind::Xiangqi, Which::Rules, Lang::En),
    );
    assert_snapshot(
        &ui.snapshot(&Theme::Light).unwrap(),
        "page-xiangqi-rules-en",
    );
}

#[test]
fn snapshot_of_the_gomoku_rules_in_chinese() {
    let mut ui = Simulator::with_size(
        settings(),
        Size::new(1000.0, 1100.0),
        page::<()>(GameKind::Gomoku(Default::default()), Which::Rules, Lang::Zh),
    );
    assert_snapshot(&ui.snapshot(&Theme::Light).unwrap(), "page-gomoku-rules-zh");
}

/// The Xiangqi rules in traditional Chinese: the page's words from `zh-Hant.ftl`, and the
/// diagrams' pieces and river in traditional characters (帥 車 馬, 漢界).
#[test]
fn snapshot_of_the_xiangqi_rules_in_traditional_chinese() {
    let mut ui = Simulator::with_size(
        settings(),
        Size::new(1000.0, 1500.0),
        page::<()>(GameKind::Xiangqi, Which::Rules, Lang::ZhHant),
    );
    assert!(ui.find("象棋怎麼下").is_ok());
    assert_snapshot(
        &ui.snapshot(&Theme::Light).unwrap(),
        "page-xiangqi-rules-zh-hant",
    );
}
