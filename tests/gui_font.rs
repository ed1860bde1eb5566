//! The bundled CJK subset (`resources/fonts/`) has every character the UI can show, and what
//! people type into it (all of GB 2312, the common traditional characters, CJK and
//! full-width punctuation), under the family name the app asks for, so that nothing depends
//! on a system CJK font. When this fails after a change of UI text, run
//! `scripts/make-font-subset.sh` and commit the fonts. The bundled Tibetan font
//! (`scripts/make-tibetan-font.sh`) covers names and chat in Tibetan script.
#![cfg(feature = "gui")]

use std::path::Path;

use lanqi::gui::{FONT, FONT_BOLD_BYTES, FONT_REGULAR_BYTES};
use lanqi::rules::junqi::Kind;

/// Every non-ASCII character in the `.rs` and `.ftl` files under `path` (a file or a
/// folder).
fn non_ascii_in(path: &Path, chars: &mut Vec<char>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            non_ascii_in(&entry.unwrap().path(), chars);
        }
    } else if path.extension().is_some_and(|e| e == "rs" || e == "ftl") {
        let text = std::fs::read_to_string(path).unwrap();
        chars.extend(text.chars().filter(|c| !c.is_ascii()));
    }
}

/// Printable ASCII, and every non-ASCII character in the GUI's source (`src/gui/` and its
/// folders, the rules and history pages included), in the language files
/// (`resources/i18n/*.ftl`: every message in English, simplified and traditional Chinese)
/// and in the piece names and Xiangqi notation: what the script reads.
fn characters_shown() -> Vec<char> {
    let mut chars: Vec<char> = (0x20u8..0x7f).map(char::from).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for path in [
        "src/gui",
        "resources/i18n",
        "src/session/ending.rs",
        "src/rules/junqi/piece.rs",
        "src/rules/xiangqi",
    ] {
        non_ascii_in(&root.join(path), &mut chars);
    }
    chars.extend(Kind::ALL.iter().flat_map(|k| k.chinese().chars()));
    chars.sort_unstable();
    chars.dedup();
    chars
}

/// What users type, none of it in the UI's strings: a chat line and names; the first and
/// last hanzi of GB 2312's levels 1 and 2 (啊 0xB0A1, 座 0xD7F9, 亍 0xD8A1, 齄 0xF7FE) and
/// rare level-2 ones; a symbol from each of its rows 0xA1-0xA9 (punctuation, numbered
/// forms, full-width ASCII, kana, Greek, Cyrillic, pinyin and zhuyin, box drawing);
/// traditional characters (Big5 level 1, 一 0xA440 to 籲 0xC67E).
const TYPED: &str = "请多指教 教授张伟王李 你好，再来一局！谢谢。好棋 \
    刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪 \
    啊座亍齄 鬯丌兀丨亻冫讠氵犭纟钅疒耒虍髟鼗龠 \
    、。・ˉˇ¨〃々―～‖…‘’“”〔〕〈〉《》「」『』〖〗【】±×÷ ①⑴⒈㈠ⅠⅫ ！＂＃￥％ ぁんァヶ ΑΩαω АЯая āáǎàüǖㄅㄩ ─┃╋ \
    一籲 請多指教 國體龍學會個們這說時對開關問題電話愛鬥麼裡臺灣";

/// The punctuation blocks the script asks for, less the code points Unicode leaves
/// unassigned (the source font has every assigned one).
fn punctuation() -> impl Iterator<Item = char> {
    let unassigned = [
        0xFF00, 0xFFBF, 0xFFC0, 0xFFC1, 0xFFC8, 0xFFC9, 0xFFD0, 0xFFD1, 0xFFD8, 0xFFD9, 0xFFDD,
        0xFFDE, 0xFFDF, 0xFFE7, 0xFFEF,
    ];
    (0x3000..=0x303F)
        .chain(0xFF00..=0xFFEF)
        .filter(move |c| !unassigned.contains(c))
        .filter_map(char::from_u32)
}

/// Both faces, parsed, named as the family the app asks for.
fn faces() -> Vec<(&'static str, ttf_parser::Face<'static>)> {
    let family = match FONT.family {
        iced::font::Family::Name(name) => name,
        other => panic!("the app's font is not a named family: {other:?}"),
    };
    [("regular", FONT_REGULAR_BYTES), ("bold", FONT_BOLD_BYTES)]
        .into_iter()
        .map(|(style, bytes)| {
            let face = ttf_parser::Face::parse(bytes, 0).expect("a font");
            let names: Vec<String> = face
                .names()
                .into_iter()
                .filter(|n| n.name_id == ttf_parser::name_id::FAMILY)
                .filter_map(|n| n.to_string())
                .collect();
            assert!(names.iter().any(|n| n == family), "{style}: {names:?}");
            (style, face)
        })
        .collect()
}

fn assert_covers(chars: &[char], what: &str) {
    for (style, face) in faces() {
        let missing: String = chars
            .iter()
            .filter(|&&c| !c.is_whitespace() && c != '\u{7f}' && face.glyph_index(c).is_none())
            .collect();
        assert!(
            missing.is_empty(),
            "{style} lacks {missing:?} ({what}): run scripts/make-font-subset.sh"
        );
    }
}

#[test]
fn the_bundled_fonts_cover_every_character_the_ui_shows() {
    let chars = characters_shown();
    assert!(chars.len() > 150, "{} characters", chars.len());
    assert_covers(&chars, "the UI's text");
}

#[test]
fn the_bundled_fonts_cover_what_users_type() {
    assert_covers(&TYPED.chars().collect::<Vec<_>>(), "typed text");
    assert_covers(&punctuation().collect::<Vec<_>>(), "punctuation");
    // GB 2312 has 6763 hanzi, Big5 level 1 has 5401 of which 2073 are not in GB 2312: a
    // subset that lost either set has far fewer ideographs.
    for (style, face) in faces() {
        let ideographs = ('\u{4E00}'..='\u{9FFF}')
            .filter(|&c| face.glyph_index(c).is_some())
            .count();
        assert!(
            ideographs >= 6763 + 2073,
            "{style} has {ideographs} CJK ideographs"
        );
    }
}

#[test]
fn the_bundled_fonts_stay_small() {
    // About 2.2 MB each (GB 2312, Big5 level 1, no Japanese/Korean/traditional `locl`
    // variants); they are in the binary.
    let total = FONT_REGULAR_BYTES.len() + FONT_BOLD_BYTES.len();
    assert!(total < 5_000_000, "the subsets have grown to {total} bytes");
}

/// A player name in Tibetan script (bkra shis bde legs, "good luck"; and a name with
/// stacked consonants and vowel signs), as a name or a chat line would show it.
const TIBETAN_NAME: &str = "བཀྲ་ཤིས་བདེ་ལེགས། རྡོ་རྗེ་སྒྲོལ་མ";

/// The bundled Tibetan font is named as the app expects, has a glyph for every character
/// of a Tibetan name, and is loaded with the app's fonts.
#[test]
fn the_bundled_tibetan_font_covers_tibetan_names() {
    use lanqi::gui::FONT_TIBETAN_BYTES;
    let face = ttf_parser::Face::parse(FONT_TIBETAN_BYTES, 0).expect("a font");
    let family: Vec<String> = face
        .names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::FAMILY)
        .filter_map(|n| n.to_string())
        .collect();
    assert!(family.iter().any(|n| n == "Lanqi Tibetan"), "{family:?}");
    let missing: String = TIBETAN_NAME
        .chars()
        .filter(|&c| c != ' ' && face.glyph_index(c).is_none())
        .collect();
    assert!(missing.is_empty(), "lacks {missing:?}");
    // The whole Tibetan block's letters and signs in use (U+0F40..U+0FBC).
    let letters = ('\u{0F40}'..='\u{0FBC}')
        .filter(|&c| face.glyph_index(c).is_some())
        .count();
    assert!(letters > 100, "{letters} Tibetan letters and signs");
    let loaded = lanqi::gui::settings().fonts;
    assert!(
        loaded
            .iter()
            .any(|f| f.as_ref() == lanqi::gui::script::tibetan_font()),
        "the app loads it"
    );
    assert!(
        FONT_TIBETAN_BYTES.len() < 700_000,
        "{} bytes",
        FONT_TIBETAN_BYTES.len()
    );
}

/// A Tibetan name renders with the bundled font's glyphs (cosmic-text falls back to it: the
/// CJK subset has no Tibetan): the render matches the committed snapshot, its stacked
/// consonants and vowel signs shaped. Without the bundled font it would be empty boxes or
/// nothing (on a machine with no Tibetan font; one with Noto Serif Tibetan installed may
/// fall back to that first).
#[test]
fn a_tibetan_name_renders_with_the_bundled_font() {
    use iced::widget::{column, text};
    use iced::{Size, Theme};
    use iced_test::simulator::Simulator;

    #[path = "support/snapshot.rs"]
    mod snapshot;

    let element: iced::Element<'static, ()> = column![
        text(TIBETAN_NAME).size(32),
        text(format!("{TIBETAN_NAME}: ཁྱེད་རང་སྐུ་གཟུགས་བདེ་པོ་ཡིན་པས།")).size(16),
    ]
    .spacing(8)
    .padding(8)
    .into();
    let mut ui = Simulator::with_size(lanqi::gui::settings(), Size::new(520.0, 110.0), element);
    assert!(ui.find(TIBETAN_NAME).is_ok());
    let shot = ui.snapshot(&Theme::Light).expect("render");
    snapshot::assert_snapshot(&shot, "font-tibetan-name");
}

/// The app loads the Tibetan font with its descent fitted to its glyphs' lowest point
/// (`lanqi::gui::script::tibetan_font`), the rest unchanged; the line height of Tibetan
/// text is that font's ascent plus descent.
#[test]
fn the_tibetan_font_is_loaded_with_its_descent_fitted_to_its_glyphs() {
    use lanqi::gui::FONT_TIBETAN_BYTES;
    use lanqi::gui::script::{line_height, tibetan_font, tibetan_metrics};
    let fitted = ttf_parser::Face::parse(tibetan_font(), 0).expect("a font");
    let declared = ttf_parser::Face::parse(FONT_TIBETAN_BYTES, 0).expect("a font");
    assert_eq!(fitted.descender(), fitted.global_bounding_box().y_min);
    assert!(fitted.descender() > declared.descender());
    assert_eq!(fitted.ascender(), declared.ascender());
    assert!(fitted.ascender() >= fitted.global_bounding_box().y_max);
    assert_eq!(fitted.number_of_glyphs(), declared.number_of_glyphs());
    let em = f32::from(fitted.units_per_em());
    let (ascent, descent) = tibetan_metrics();
    assert_eq!(ascent, f32::from(fitted.ascender()) / em);
    assert_eq!(descent, -f32::from(fitted.descender()) / em);
    assert_eq!(
        line_height(TIBETAN_NAME),
        iced::widget::text::LineHeight::Relative(ascent + descent)
    );
}
