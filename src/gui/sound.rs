//! Sounds for moves, battles and the end of a game, with an on/off switch
//! ([`crate::store::Settings::sound`]).
//!
//! The three sounds are tiny WAV files bundled in the binary (`resources/sounds/`, made by
//! `scripts/make-sounds.sh`, public domain). Two ways to play them:
//!
//! - the default build needs nothing at build time: it hands each sound to the system's
//!   own player, the first of `pw-play`, `paplay` and `aplay` found on the `PATH` when the
//!   app starts (PipeWire, PulseAudio, ALSA; one is on nearly every Linux desktop);
//! - the cargo feature `sound` plays them itself (rodio), which needs the system's audio
//!   library at build time (ALSA on Linux: `apt install libasound2-dev`).
//!
//! Where neither can play (no player on the `PATH`), the switch says so instead of "on".
//! Playback never blocks and never fails loudly: a player that fails leaves the game
//! silent, nothing more.

/// Which sound to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A piece moved (a click).
    Move,
    /// A battle happened (a thud).
    Battle,
    /// The game is over (a chime).
    GameOver,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 3] = [Cue::Move, Cue::Battle, Cue::GameOver];

    /// The bundled WAV file of this cue.
    pub fn wav(self) -> &'static [u8] {
        match self {
            Cue::Move => include_bytes!("../../resources/sounds/move.wav"),
            Cue::Battle => include_bytes!("../../resources/sounds/battle.wav"),
            Cue::GameOver => include_bytes!("../../resources/sounds/gameover.wav"),
        }
    }
}

/// Decoded 16-bit PCM audio.
#[derive(Clone, Debug, PartialEq)]
pub struct Pcm {
    /// Channels (1 for mono).
    pub channels: u16,
    /// Samples per second.
    pub sample_rate: u32,
    /// Interleaved samples.
    pub samples: Vec<i16>,
}

impl Pcm {
    /// How long the sound lasts, in milliseconds.
    pub fn duration_ms(&self) -> u64 {
        let frames = self.samples.len() as u64 / u64::from(self.channels.max(1));
        frames * 1000 / u64::from(self.sample_rate.max(1))
    }
}

/// Why bytes are not a WAV file this module can play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WavError {
    /// No `RIFF`…`WAVE` header.
    #[error("not a RIFF/WAVE file")]
    NotWave,
    /// A chunk's length runs past the end of the data (or the RIFF length disagrees).
    #[error("truncated: {0}")]
    Truncated(&'static str),
    /// Not 16-bit integer PCM, or a zero channel count or sample rate.
    #[error("unsupported format: {0}")]
    Unsupported(String),
    /// No `fmt ` or `data` chunk.
    #[error("missing the {0} chunk")]
    Missing(&'static str),
}

/// Parses a WAV file of 16-bit integer PCM (what `scripts/make-sounds.sh` writes): checks
/// the RIFF header and every chunk length against the data.
pub fn parse_wav(bytes: &[u8]) -> Result<Pcm, WavError> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(WavError::NotWave);
    }
    let riff_len = u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes")) as usize;
    if riff_len.checked_add(8) != Some(bytes.len()) {
        return Err(WavError::Truncated(
            "the RIFF length is not the file's length",
        ));
    }
    let mut format = None;
    let mut data = None;
    let mut rest = &bytes[12..];
    while rest.len() >= 8 {
        let id = &rest[0..4];
        let len = u32::from_le_bytes(rest[4..8].try_into().expect("4 bytes")) as usize;
        let body = rest
            .get(8..8 + len)
            .ok_or(WavError::Truncated("a chunk runs past the end"))?;
        match id {
            b"fmt " => format = Some(body),
            b"data" => data = Some(body),
            _ => {}
        }
        // Chunks are padded to an even length.
        rest = rest.get(8 + len + (len & 1)..).unwrap_or(&[]);
    }
    let format = format.ok_or(WavError::Missing("fmt "))?;
    let data = data.ok_or(WavError::Missing("data"))?;
    if format.len() < 16 {
        return Err(WavError::Truncated("the fmt chunk is too short"));
    }
    let u16_at = |i: usize| u16::from_le_bytes([format[i], format[i + 1]]);
    let (tag, channels, bits) = (u16_at(0), u16_at(2), u16_at(14));
    let sample_rate = u32::from_le_bytes(format[4..8].try_into().expect("4 bytes"));
    if tag != 1 || bits != 16 || channels == 0 || sample_rate == 0 {
        return Err(WavError::Unsupported(format!(
            "format {tag}, {bits} bits, {channels} channels, {sample_rate} Hz (want PCM, 16 bits)"
        )));
    }
    if data.len() % (2 * usize::from(channels)) != 0 {
        return Err(WavError::Truncated("the data is not whole frames"));
    }
    let samples = data
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect();
    Ok(Pcm {
        channels,
        sample_rate,
        samples,
    })
}

/// The app's sound player: holds the on/off switch and (with the `sound` feature) the audio
/// device, opened on the first sound played. Keep one for the app's lifetime.
pub struct Sound {
    enabled: bool,
    #[cfg(feature = "sound")]
    device: std::cell::OnceCell<Option<playback::Device>>,
    /// The system's player and where each cue's WAV was written for it (default build).
    #[cfg(not(feature = "sound"))]
    external: Option<external::Player>,
}

impl std::fmt::Debug for Sound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sound")
            .field("enabled", &self.enabled)
            .field("playback", &self.available())
            .finish()
    }
}

impl Sound {
    /// A player, on or off (from [`crate::store::Settings::sound`]). Opens no device
    /// yet; in the default build, looks for the system's player on `path` (a `PATH`).
    pub fn new(enabled: bool, path: Option<&std::ffi::OsStr>) -> Sound {
        #[cfg(feature = "sound")]
        let _ = path;
        Sound {
            enabled,
            #[cfg(feature = "sound")]
            device: std::cell::OnceCell::new(),
            #[cfg(not(feature = "sound"))]
            external: external::Player::find(path),
        }
    }

    /// Whether sounds can play here: the `sound` feature, or a system player found. When
    /// false, [`Sound::play`] does nothing and the switch says sound is unavailable.
    pub fn available(&self) -> bool {
        #[cfg(feature = "sound")]
        return true;
        #[cfg(not(feature = "sound"))]
        return self.external.is_some();
    }

    /// Whether sounds are on.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Turns sounds on or off (the settings toggle).
    pub fn set_enabled(&mut self, enabled: bool) {
        self.enabled = enabled;
    }

    /// Starts playing `cue` and returns at once; sounds may overlap. Does nothing when
    /// sounds are off, the build has no `sound` feature, or there is no audio device.
    /// Returns whether the sound was handed to an audio device.
    pub fn play(&self, cue: Cue) -> bool {
        if !self.enabled {
            return false;
        }
        #[cfg(feature = "sound")]
        {
            let device = self.device.get_or_init(playback::Device::open);
            if let Some(device) = device {
                return device.play(cue);
            }
        }
        #[cfg(not(feature = "sound"))]
        if let Some(player) = &self.external {
            return player.play(cue);
        }
        let _ = cue;
        false
    }
}

/// Playing through the system's own player, found on the `PATH` (the default build).
#[cfg(not(feature = "sound"))]
mod external {
    use std::ffi::OsStr;
    use std::path::{Path, PathBuf};
    use std::process::{Command, Stdio};

    use super::Cue;

    /// The players tried, in order: PipeWire's, PulseAudio's, ALSA's. Each plays a WAV
    /// file named on its command line.
    const PLAYERS: [&str; 3] = ["pw-play", "paplay", "aplay"];

    /// A system player, and the cues' WAV files written where it can read them.
    pub struct Player {
        program: PathBuf,
        files: Vec<(Cue, PathBuf)>,
    }

    impl Drop for Player {
        fn drop(&mut self) {
            if let Some((_, file)) = self.files.first()
                && let Some(dir) = file.parent()
            {
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }

    impl Player {
        /// The first player on `path` (a `PATH` value), with the cues written to a temp
        /// directory of this user's; none if there is no player or nowhere to write.
        pub fn find(path: Option<&OsStr>) -> Option<Player> {
            let program = std::env::split_paths(path?)
                .flat_map(|dir| PLAYERS.map(|p| dir.join(p)))
                .find(|p| is_executable(p))?;
            let dir = std::env::temp_dir().join(format!("lanqi-sounds-{}", std::process::id()));
            std::fs::create_dir_all(&dir).ok()?;
            let files = super::Cue::ALL
                .iter()
                .map(|cue| {
                    let file = dir.join(format!("{cue:?}.wav").to_lowercase());
                    crate::store::write_atomically(&file, cue.wav(), None).ok()?;
                    Some((*cue, file))
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Player { program, files })
        }

        /// Starts the player on `cue`'s file and returns at once (a thread waits for it,
        /// so that it leaves no zombie). Whether it started.
        pub fn play(&self, cue: Cue) -> bool {
            let Some((_, file)) = self.files.iter().find(|(c, _)| *c == cue) else {
                return false;
            };
            let child = Command::new(&self.program)
                .arg(file)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn();
            match child {
                Ok(mut child) => {
                    std::thread::spawn(move || child.wait());
                    true
                }
                Err(_) => false,
            }
        }
    }

    fn is_executable(path: &Path) -> bool {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            path.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        }
        #[cfg(not(unix))]
        path.is_file()
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        #[cfg(unix)]
        fn the_first_player_on_the_path_is_handed_each_cues_wav() {
            use std::os::unix::fs::PermissionsExt;
            let dir = std::env::temp_dir().join(format!("lanqi-player-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            assert!(
                Player::find(Some(dir.as_os_str())).is_none(),
                "no player here"
            );
            // A stand-in for aplay that writes down the file it was given.
            let log = dir.join("played.txt");
            let script = dir.join("aplay");
            std::fs::write(
                &script,
                format!("#!/bin/sh\ncat \"$1\" > '{}'\n", log.display()),
            )
            .unwrap();
            std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
            let player = Player::find(Some(dir.as_os_str())).expect("aplay is found");
            assert!(player.play(Cue::Battle));
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            while std::fs::read(&log).map_or(true, |b| b.len() < Cue::Battle.wav().len()) {
                assert!(std::time::Instant::now() < deadline, "the player never ran");
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            assert_eq!(
                std::fs::read(&log).unwrap(),
                Cue::Battle.wav(),
                "the battle's WAV"
            );
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

#[cfg(feature = "sound")]
mod playback {
    use std::num::NonZero;

    use super::{Cue, parse_wav};

    /// The open audio output (it stops when dropped).
    pub struct Device {
        sink: rodio::MixerDeviceSink,
    }

    impl Device {
        /// The default output device, or `None` (with one line on stderr) when there is none.
        pub fn open() -> Option<Device> {
            match rodio::DeviceSinkBuilder::open_default_sink() {
                Ok(mut sink) => {
                    sink.log_on_drop(false);
                    Some(Device { sink })
                }
                Err(e) => {
                    eprintln!("lanqi: no sound: {e}");
                    None
                }
            }
        }

        /// Mixes the cue into the output.
        pub fn play(&self, cue: Cue) -> bool {
            let Ok(pcm) = parse_wav(cue.wav()) else {
                return false;
            };
            let (Some(channels), Some(rate)) =
                (NonZero::new(pcm.channels), NonZero::new(pcm.sample_rate))
            else {
                return false;
            };
            let samples: Vec<rodio::Sample> = pcm
                .samples
                .iter()
                .map(|&s| rodio::Sample::from(s) / 32768.0)
                .collect();
            self.sink
                .mixer()
                .add(rodio::buffer::SamplesBuffer::new(channels, rate, samples));
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_sounds_are_short_16_bit_wavs() {
        let mut total = 0;
        for cue in Cue::ALL {
            let bytes = cue.wav();
            total += bytes.len();
            let pcm = parse_wav(bytes).unwrap_or_else(|e| panic!("{cue:?}: {e}"));
            assert_eq!((pcm.channels, pcm.sample_rate), (1, 16_000), "{cue:?}");
            let ms = pcm.duration_ms();
            assert!((20..=1500).contains(&ms), "{cue:?}: {ms} ms");
            let peak = pcm.samples.iter().map(|s| s.unsigned_abs()).max().unwrap();
            assert!(peak > 8_000, "{cue:?} is nearly silent (peak {peak})");
        }
        assert!(total < 50_000, "the sounds take {total} bytes");
    }

    #[test]
    fn broken_wavs_are_refused_with_a_reason() {
        let good = Cue::Move.wav();
        assert_eq!(parse_wav(b"RIFX"), Err(WavError::NotWave));
        assert!(matches!(
            parse_wav(&good[..good.len() - 1]),
            Err(WavError::Truncated(_))
        ));
        // A data chunk that claims more than there is.
        let mut bad = good.to_vec();
        let data = bad.windows(4).position(|w| w == b"data").unwrap();
        bad[data + 4..data + 8].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(parse_wav(&bad), Err(WavError::Truncated(_))));
        // 8-bit audio.
        let mut bad = good.to_vec();
        let fmt = bad.windows(4).position(|w| w == b"fmt ").unwrap();
        bad[fmt + 8 + 14] = 8;
        assert!(matches!(parse_wav(&bad), Err(WavError::Unsupported(_))));
    }

    #[test]
    fn a_disabled_player_plays_nothing_and_the_switch_works() {
        let mut sound = Sound::new(false, None);
        assert!(!sound.enabled());
        for cue in Cue::ALL {
            assert!(!sound.play(cue));
        }
        sound.set_enabled(true);
        assert!(sound.enabled());
        for cue in Cue::ALL {
            // Where nothing can play, playing reports nothing played; with a device or a
            // player, a machine without audio stays silent without panicking.
            let played = sound.play(cue);
            assert!(sound.available() || !played);
        }
        assert!(format!("{sound:?}").contains("enabled: true"));
    }
}
