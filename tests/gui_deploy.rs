//! The deployment screen driven through iced_test's simulator, as a user would: clicks on
//! the board canvas and on buttons, typing into boxes. Rendering is tiny-skia (the only
//! renderer this build has, so `ICED_TEST_BACKEND` need not be set).
//!
//! Snapshots: `tests/snapshots/*-tiny-skia.png`, compared pixel for pixel (see
//! `support/snapshot.rs` for how to update them).
#![cfg(feature = "gui")]

use iced::Point;
use iced_test::selector;
use iced_test::simulator::{self, Simulator};
use lanqi::gui::i18n::Lang;
use lanqi::gui::junqi::board::Geometry;
use lanqi::gui::{DeployPreview, PREVIEW_SIZE, PreviewMessage, settings};
use lanqi::rules::junqi::{Kind, Layout, Side, Square};

#[path = "support/snapshot.rs"]
mod snapshot;
use snapshot::assert_snapshot;

#[path = "support/temp_dir.rs"]
mod temp_dir;
use temp_dir::TempDir;

const SEED: u64 = 2026;

fn app(profile: &TempDir) -> DeployPreview {
    DeployPreview::new(Some(profile.0.clone()), SEED, Lang::En)
}

fn ui(app: &DeployPreview) -> Simulator<'_, PreviewMessage> {
    Simulator::with_size(settings(), PREVIEW_SIZE, app.view())
}

fn s(name: &str) -> Square {
    name.parse().unwrap()
}

/// Runs `f` on a simulator of the app's current view, then feeds the messages it produced
/// back into the app.
fn interact(app: &mut DeployPreview, f: impl FnOnce(&mut Simulator<'_, PreviewMessage>)) {
    let messages: Vec<PreviewMessage> = {
        let mut ui = ui(app);
        f(&mut ui);
        ui.into_messages().collect()
    };
    for m in messages {
        app.update(m);
    }
}

/// Clicks the centre of a square (South's own view = absolute) on the board canvas.
fn click_square(app: &mut DeployPreview, square: &str) {
    interact(app, |ui| {
        let board = ui.find(selector::id("board")).expect("the board").bounds();
        let g = Geometry::new(board.size(), Side::South);
        let c = g.center(s(square));
        ui.point_at(Point::new(board.x + c.x, board.y + c.y));
        let _ = ui.simulate(simulator::click());
    });
}

fn click_text(app: &mut DeployPreview, label: &str) {
    interact(app, |ui| {
        ui.click(label)
            .unwrap_or_else(|e| panic!("no {label:?} to click: {e:?}"));
    });
}

fn shows(app: &DeployPreview, text: &str) -> bool {
    ui(app).find(text).is_ok()
}

fn layout_line(layout: &Layout) -> String {
    format!("Layout: {layout}")
}

#[test]
fn clicking_two_own_pieces_swaps_them() {
    let tmp = TempDir::new("swap");
    let mut app = app(&tmp);
    let before = app.deploy().layout().clone();
    assert!(shows(&app, &layout_line(&before)));
    // Two front-row pieces of different kinds (the front row holds only officers and
    // engineers, so any two of them may swap).
    let front = ["a6", "b6", "c6", "d6", "e6"];
    let (a, b) = front
        .iter()
        .flat_map(|a| front.iter().map(move |b| (*a, *b)))
        .find(|(a, b)| before.kind_at(s(a)) != before.kind_at(s(b)))
        .expect("two different kinds on the front row");

    click_square(&mut app, a);
    assert_eq!(app.deploy().selected(), Some(s(a)));
    let kind = before.kind_at(s(a)).unwrap();
    assert!(shows(&app, &Lang::En.selected(s(a), kind)));

    click_square(&mut app, b);
    let expected = before.swapped(s(a), s(b)).unwrap();
    assert_ne!(expected, before);
    assert_eq!(app.deploy().layout(), &expected);
    assert_eq!(app.deploy().selected(), None);
    assert!(shows(&app, &layout_line(&expected)));
    assert!(shows(&app, &format!("Swapped {a} and {b}.")));
}

#[test]
fn an_illegal_swap_shows_its_reason_and_changes_nothing() {
    let tmp = TempDir::new("illegal");
    let mut app = app(&tmp);
    let before = app.deploy().layout().clone();
    let flag = ["b1", "d1"]
        .into_iter()
        .find(|q| before.kind_at(s(q)) == Some(Kind::Flag))
        .unwrap();
    click_square(&mut app, flag);
    click_square(&mut app, "c6");
    assert_eq!(app.deploy().layout(), &before);
    assert!(shows(
        &app,
        "Cannot swap: c6: the flag must stand in a headquarters (b1 or d1)."
    ));
    assert!(shows(&app, &layout_line(&before)));
}

#[test]
fn random_changes_the_layout() {
    let tmp = TempDir::new("random");
    let mut app = app(&tmp);
    let before = app.deploy().layout().clone();
    click_text(&mut app, "Random");
    let after = app.deploy().layout().clone();
    assert_ne!(after, before);
    assert!(shows(&app, &layout_line(&after)));
}

#[test]
fn save_and_load_round_trip_through_the_profile() {
    let tmp = TempDir::new("library");
    let mut app = app(&tmp);
    let saved = app.deploy().layout().clone();
    assert!(shows(&app, "No saved layouts yet."));

    interact(&mut app, |ui| {
        ui.click(selector::id("layout-name")).unwrap();
        let _ = ui.typewrite("前锋 attack");
    });
    click_text(&mut app, "Save");
    assert!(shows(&app, "Saved “前锋 attack”."));
    assert_eq!(app.deploy().saved_names(), ["前锋 attack"]);
    let file = tmp.0.join("layouts").join("前锋 attack.layout");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        format!("{saved}\n")
    );

    click_text(&mut app, "Random");
    assert_ne!(app.deploy().layout(), &saved);
    click_text(&mut app, "Load");
    assert_eq!(app.deploy().layout(), &saved);
    assert!(shows(&app, "Loaded “前锋 attack”."));

    // Another window on the same profile finds it.
    let mut other = DeployPreview::new(Some(tmp.0.clone()), SEED + 1, Lang::En);
    assert_eq!(other.deploy().saved_names(), ["前锋 attack"]);
    click_text(&mut other, "Delete");
    assert!(other.deploy().saved_names().is_empty());
    assert!(!file.exists());
}

#[test]
fn import_export_and_ready() {
    let tmp = TempDir::new("text");
    let mut app = app(&tmp);
    let example = "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf";
    interact(&mut app, |ui| {
        ui.click(selector::id("layout-text")).unwrap();
        let _ = ui.typewrite(example);
        let _ = ui.tap_key(iced::keyboard::key::Named::Enter);
    });
    assert_eq!(app.deploy().layout().to_string(), example);
    assert!(shows(&app, "Imported the layout from the text."));

    // Text that is not a layout is refused with the reason.
    interact(&mut app, |ui| {
        ui.click(selector::id("layout-text")).unwrap();
        let _ = ui.typewrite("x");
    });
    click_text(&mut app, "Import");
    assert_eq!(app.deploy().layout().to_string(), example);
    let status = app.deploy().status(Lang::En);
    assert!(status.starts_with("Cannot import: "), "{status}");
    assert!(shows(&app, &status));

    click_text(&mut app, "Random");
    click_text(&mut app, "Export");
    let text = app.deploy().layout().to_string();
    assert_ne!(text, example);
    assert!(shows(&app, &text), "the text box holds the layout text");

    click_text(&mut app, "Ready");
    assert_eq!(app.ready(), Some(app.deploy().layout()));
    assert!(shows(
        &app,
        "Ready! This layout will be used when the game starts."
    ));
}

#[test]
fn the_language_switches_to_chinese_and_back() {
    let tmp = TempDir::new("lang");
    let mut app = app(&tmp);
    click_text(&mut app, "简体中文");
    assert_eq!(app.lang(), Lang::Zh);
    assert!(shows(&app, "随机布阵"));
    click_text(&mut app, "繁體中文");
    assert_eq!(app.lang(), Lang::ZhHant);
    assert!(
        shows(&app, "隨機佈陣") && shows(&app, "大本營：軍旗必須放在其中，進入的棋子不能再動。")
    );
    click_text(&mut app, "English");
    assert_eq!(app.lang(), Lang::En);
}

/// Compares the app's current look with a committed snapshot.
fn assert_app_snapshot(app: &DeployPreview, name: &str) {
    let snapshot = ui(app).snapshot(&app.theme()).expect("render");
    assert_snapshot(&snapshot, name);
}

#[test]
fn snapshot_of_a_selection() {
    let tmp = TempDir::new("snap-en");
    let mut app = app(&tmp);
    click_square(&mut app, "c3");
    assert_app_snapshot(&app, "deploy-selected-en");
}

#[test]
fn snapshot_of_a_refused_swap_in_chinese() {
    let tmp = TempDir::new("snap-zh");
    let mut app = DeployPreview::new(Some(tmp.0.clone()), SEED, Lang::Zh);
    let layout = app.deploy().layout().clone();
    let flag = ["b1", "d1"]
        .into_iter()
        .find(|q| layout.kind_at(s(q)) == Some(Kind::Flag))
        .unwrap();
    click_square(&mut app, flag);
    click_square(&mut app, "a6");
    assert!(shows(
        &app,
        "不能交换：a6：军旗必须放在大本营（b1 或 d1）。"
    ));
    assert_app_snapshot(&app, "deploy-refused-zh");
}
