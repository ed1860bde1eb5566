//! The bundled CJK subset (`resources/fonts/`) has every character the UI can show, under
//! the family name the app asks for. When this fails after a change of UI text, run
//! `scripts/make-font-subset.sh` and commit the fonts.
#![cfg(feature = "gui")]

use std::path::Path;

use lanqi::gui::{FONT, FONT_BOLD_BYTES, FONT_REGULAR_BYTES};
use lanqi::rules::junqi::Kind;

/// Printable ASCII, and every non-ASCII character in the GUI's source (`src/gui/` and its
/// folders, the string table included) and in the piece names: what the script puts in the
/// subset.
fn characters_shown() -> Vec<char> {
    let mut chars: Vec<char> = (0x20u8..0x7f).map(char::from).collect();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gui")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                chars.extend(text.chars().filter(|c| !c.is_ascii()));
            }
        }
    }
    chars.extend(Kind::ALL.iter().flat_map(|k| k.chinese().chars()));
    chars.sort_unstable();
    chars.dedup();
    chars
}

#[test]
fn the_bundled_fonts_cover_every_character_the_ui_shows() {
    let chars = characters_shown();
    assert!(chars.len() > 150, "{} characters", chars.len());
    let family = match FONT.family {
        iced::font::Family::Name(name) => name,
        other => panic!("the app's font is not a named family: {other:?}"),
    };
    for (style, bytes) in [("regular", FONT_REGULAR_BYTES), ("bold", FONT_BOLD_BYTES)] {
        let face = ttf_parser::Face::parse(bytes, 0).expect("a font");
        let names: Vec<String> = face
            .names()
            .into_iter()
            .filter(|n| n.name_id == ttf_parser::name_id::FAMILY)
            .filter_map(|n| n.to_string())
            .collect();
        assert!(names.iter().any(|n| n == family), "{style}: {names:?}");
        let missing: String = chars
            .iter()
            .filter(|&&c| c != '\u{7f}' && face.glyph_index(c).is_none())
            .collect();
        assert!(
            missing.is_empty(),
            "{style} lacks {missing:?}: run scripts/make-font-subset.sh"
        );
    }
    assert!(
        FONT_REGULAR_BYTES.len() + FONT_BOLD_BYTES.len() < 400_000,
        "the subsets have grown to {} bytes",
        FONT_REGULAR_BYTES.len() + FONT_BOLD_BYTES.len()
    );
}
