//! The app's icon: a Junqi piece bearing the army flag (`packaging/lanqi.svg`).
//!
//! `scripts/make-icons.sh` renders the SVG to the desktop's PNGs
//! (`packaging/icons/hicolor/NxN/apps/lanqi.png`, installed by the .deb) and to raw RGBA
//! bytes of the 64 px size (`resources/icons/lanqi-64.rgba`), which are embedded here so
//! the binary needs no PNG decoder.

/// The window icon's side, in pixels.
pub const SIZE: u32 = 64;

/// The 64×64 icon as RGBA bytes (row by row, straight alpha).
pub const RGBA: &[u8] = include_bytes!("../../resources/icons/lanqi-64.rgba");

/// The window icon, for `iced::window::Settings { icon: window_icon(), .. }`. `None` only
/// if the embedded bytes were not a 64×64 RGBA image (a test makes sure they are).
pub fn window_icon() -> Option<iced::window::Icon> {
    iced::window::icon::from_rgba(RGBA.to_vec(), SIZE, SIZE).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_icon_is_the_64_px_desktop_icon() {
        assert_eq!(RGBA.len(), (SIZE * SIZE * 4) as usize);
        assert!(window_icon().is_some());

        // The embedded bytes are exactly the PNG the desktop gets (both from make-icons.sh).
        let png = std::fs::File::open(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/packaging/icons/hicolor/64x64/apps/lanqi.png"
        ))
        .unwrap();
        let mut reader = png::Decoder::new(std::io::BufReader::new(png))
            .read_info()
            .unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((info.width, info.height), (SIZE, SIZE));
        assert_eq!(info.color_type, png::ColorType::Rgba);
        assert!(
            pixels[..info.buffer_size()] == *RGBA,
            "run scripts/make-icons.sh"
        );

        // Transparent corners, an opaque middle.
        assert_eq!(RGBA[3], 0);
        let middle = ((SIZE / 2 * SIZE + SIZE / 2) * 4 + 3) as usize;
        assert_eq!(RGBA[middle], 255);
    }

    #[test]
    fn every_desktop_icon_size_is_there() {
        for n in [16, 32, 48, 64, 128, 256] {
            let path = format!(
                "{}/packaging/icons/hicolor/{n}x{n}/apps/lanqi.png",
                env!("CARGO_MANIFEST_DIR")
            );
            let bytes = std::fs::read(&path).unwrap();
            assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{path}");
            // IHDR width and height.
            let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
            let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
            assert_eq!((w, h), (n, n), "{path}");
        }
    }
}
