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
//! glyph box fits the line exactly and every glyph stays between the line's top and bottom;
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
/// reads them (swash's metrics: the `hhea` table's, the font not asking for its OS/2
/// typographic ones).
pub fn tibetan_metrics() -> (f32, f32) {
    *TIBETAN_METRICS
}

static TIBETAN_METRICS: LazyLock<(f32, f32)> =
    LazyLock::new(|| hhea_metrics(FONT_TIBETAN_BYTES).unwrap_or((1.5, 1.4)));

/// A big-endian u16 / i16 at `at` in `font`.
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

/// (ascent, descent) in ems from the `head` and `hhea` tables of an sfnt font.
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
        assert!(ascent > 1.0 && descent > 1.0, "{ascent} {descent}");
    }

    #[test]
    fn tibetan_text_gets_the_fonts_room_and_other_text_the_default() {
        let (ascent, descent) = tibetan_metrics();
        assert_eq!(line_height("Alice 张伟"), LineHeight::default());
        assert_eq!(
            line_height("张伟: བཀྲ་ཤིས"),
            LineHeight::Relative(ascent + descent)
        );
    }
}
