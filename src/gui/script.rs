//! Text that people typed (names, chat) sits inside its boxes and lines in every script.
//!
//! cosmic-text (iced 0.14's text stack) lays a line out at the widget's line height and
//! centres on it the line's glyph box, the largest ascent plus the largest descent of the
//! fonts in the line (`(line_height - (ascent + descent)) / 2 + ascent` is the baseline).
//! The bundled Tibetan font declares far more room above and below the baseline than the
//! CJK/Latin one (its stacked consonants go deep, its vowel signs high): at iced's default
//! line height (1.3 × the size) its glyph box is more than twice the line, so the baseline
//! is pulled up, the vowel signs cross the top border of a box and the stacks of one chat
//! line run into the next.
//!
//! [`line_height`] picks a string's line height by its script: text with Tibetan in it gets
//! the Tibetan font's own ascent plus descent (read from the font's `hhea` table), so the
//! glyph box fits the line exactly and every glyph stays between the line's top and bottom
//! (the font is loaded with its descent fitted to its glyphs, [`tibetan_font`]);
//! other text keeps iced's default. [`text`] is `iced::widget::text` with that line height,
//! for every widget that shows what people typed (names, chat, the header, the seat strip,
//! the hot-seat button and curtain); a `text_input` takes [`line_height`] of its value.

use std::borrow::Cow;
use std::sync::LazyLock;

use iced::widget::text::{IntoFragment, LineHeight, Text};

use super::FONT_TIBETAN_BYTES;

/// Whether `c` is in the Tibetan block (U+0F00..U+0FFF).
pub fn is_tibetan(c: char) -> bool {
    ('\u{0F00}'..='\u{0FFF}').contains(&c)
}

/// The bundled Tibetan font's ascent and descent (both positive), in ems, as cosmic-text
/// reads them from the font the app loads ([`tibetan_font`]).
pub fn tibetan_metrics() -> (f32, f32) {
    *TIBETAN_METRICS
}

static TIBETAN_METRICS: LazyLock<(f32, f32)> =
    LazyLock::new(|| hhea_metrics(tibetan_font()).unwrap_or((1.5, 1.4)));

/// The bundled Tibetan font as the app loads it: its descent brought to the lowest point
/// of its glyphs (the `head` table's `yMin`; it declares about half an em more, room
/// that no glyph uses), in `hhea` and OS/2 alike. cosmic-text centres a line's
/// ascent-plus-descent box on the line, so with the declared descent the baseline sat
/// high and the script's body, which hangs above the baseline, looked raised; with its
/// real depth the same line is shorter and the body sits in the middle. The ascent stays
/// the font's own (above its tallest glyph, room for vowel signs over tall stacks).
pub fn tibetan_font() -> &'static [u8] {
    &TIBETAN_FONT
}

static TIBETAN_FONT: LazyLock<Vec<u8>> = LazyLock::new(|| fitted(FONT_TIBETAN_BYTES));

/// `font` with its descent set to its glyphs' lowest point (unchanged if it cannot be
/// read).
fn fitted(font: &[u8]) -> Vec<u8> {
    let mut out = font.to_vec();
    let (Some(head), Some(hhea)) = (table(font, b"head"), table(font, b"hhea")) else {
        return out;
    };
    let Some(y_min) = u16_at(font, head + 38) else {
        return out;
    };
    let mut put = |at: usize, value: u16| {
        if let Some(bytes) = out.get_mut(at..at + 2) {
            bytes.copy_from_slice(&value.to_be_bytes());
        }
    };
    // hhea.descender; OS/2's sTypoDescender (negative) and usWinDescent (positive).
    put(hhea + 6, y_min);
    if let Some(os2) = table(font, b"OS/2") {
        put(os2 + 70, y_min);
        put(os2 + 76, (y_min as i16).unsigned_abs());
    }
    out
}

/// A big-endian u16 at `at` in `font`.
fn u16_at(font: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes([*font.get(at)?, *font.get(at + 1)?]))
}

/// The offset of the table `tag` in an sfnt font (TrueType or OpenType).
fn table(font: &[u8], tag: &[u8; 4]) -> Option<usize> {
    let count = usize::from(u16_at(font, 4)?);
    (0..count).find_map(|i| {
        let record = 12 + 16 * i;
        (font.get(record..record + 4)? == tag).then(|| {
            let offset = font.get(record + 8..record + 12)?;
            usize::try_from(u32::from_be_bytes(offset.try_into().ok()?)).ok()
        })?
    })
}

/// (ascent, descent) in ems from the `head` and `hhea` tables of an sfnt font (swash's
/// and cosmic-text's reading when the font does not ask for its OS/2 typographic metrics).
fn hhea_metrics(font: &[u8]) -> Option<(f32, f32)> {
    let units = f32::from(u16_at(font, table(font, b"head")? + 18)?);
    let hhea = table(font, b"hhea")?;
    let ascent = f32::from(u16_at(font, hhea + 4)? as i16);
    let descent = f32::from(u16_at(font, hhea + 6)? as i16);
    (units > 0.0).then(|| (ascent / units, -descent / units))
}

/// The line height for `content`: the Tibetan font's ascent plus descent when it has
/// Tibetan script in it (never less than iced's default), iced's default otherwise.
pub fn line_height(content: &str) -> LineHeight {
    let default = LineHeight::default();
    if !content.chars().any(is_tibetan) {
        return default;
    }
    let (ascent, descent) = tibetan_metrics();
    match default {
        LineHeight::Relative(factor) => LineHeight::Relative(factor.max(ascent + descent)),
        absolute => absolute,
    }
}

/// `iced::widget::text(content)` with the line height of its script ([`line_height`]): for
/// everything that shows what people typed.
pub fn text<'a>(content: impl IntoFragment<'a>) -> Text<'a> {
    let content: Cow<'a, str> = content.into_fragment();
    let height = line_height(&content);
    Text::new(content).line_height(height)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tibetan_font_reaches_far_above_and_below() {
        let (ascent, descent) = tibetan_metrics();
        assert!(ascent > 1.2 && descent > 0.8, "{ascent} {descent}");
        let (_, declared) = hhea_metrics(FONT_TIBETAN_BYTES).unwrap();
        assert!(descent < declared, "{descent} {declared}");
    }

    #[test]
    fn tibetan_text_gets_the_fonts_room_and_other_text_the_default() {
        let (ascent, descent) = tibetan_metrics();
        assert_eq!(line_height("Alice 张伟"), LineHeight::default());
        assert_eq!(
            line_height("张伟: \u{0F56}\u{0F40}\u{0FB2}"),
            LineHeight::Relative(ascent + descent)
        );
    }
}
