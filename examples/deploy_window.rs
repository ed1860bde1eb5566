//! Opens the deployment screen (布阵) in a window, the first piece of the desktop app:
//!
//! ```text
//! cargo run --example deploy_window [-- PROFILE_DIR]
//! ICED_BACKEND=tiny-skia xvfb-run -a cargo run --example deploy_window   # headless
//! ```
//!
//! Saved layouts go to the profile directory given, or the default one.

fn main() -> iced::Result {
    let profile = std::env::args_os().nth(1).map(std::path::PathBuf::from);
    lanqi::gui::run_deploy_preview(profile)
}
