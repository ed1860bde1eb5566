//! `lanqi tibetan …` as other tools call it: exact output, exit codes, and the one-line
//! error for every kind of bad input the spec lists.

#[path = "support/cli.rs"]
mod cli;
use cli::{fails, stdout};

const START: &str = "......./......./......./......./......./......./....... place b 0 0 - 0";
/// A battle, White to move (steps only: a2-a1 a6-a7 b2-b1 c6-c7 d6-d7 e7-d7).
const BATTLE: &str = ".b..wbb/wbwwwbw/bwbwbwb/wbwbwbw/bwbwbwb/wwbbwww/..bbbbb battle w 0 0 - 0";
/// Black to move; b3-b2 earns one removal.
const SQUARE: &str = "w.w..ww/.....ww/......./......./.b...../b....../bb.bbbb battle b 0 0 - 0";

#[test]
fn moves_lists_every_turn_sorted_with_its_removals() {
    let out = stdout(&["tibetan", "moves", START]);
    assert_eq!(out.lines().count(), 49);
    assert!(out.starts_with("a1 0\na2 0\n"), "{out}");
    assert!(out.ends_with("g6 0\ng7 0\n"), "{out}");
    assert_eq!(
        stdout(&["tibetan", "moves", BATTLE]),
        "a2-a1 0\na6-a7 0\nb2-b1 0\nc6-c7 0\nd6-d7 0\ne7-d7 0\n"
    );
    let remove = "wbwwwbb/wbwbwbw/wwbwbwb/wbwbwbw/bwbwbwb/wwbbwww/bbbbbbb remove b 3 1 - 0";
    assert_eq!(stdout(&["tibetan", "moves", remove]), "remove 3\n");
}

#[test]
fn play_prints_the_turns_the_position_and_the_result() {
    assert_eq!(stdout(&["tibetan", "play", START]), format!("{START}\n"));
    assert_eq!(
        stdout(&["tibetan", "play", START, "d4", "a1"]),
        "d4\na1\n......./......./......./...b.../......./......./w...... place b 0 0 - 0\n"
    );
    // Removals in any order, printed as given.
    assert_eq!(
        stdout(&["tibetan", "play", SQUARE, "b3-b2*c7"]),
        "b3-b2*c7\nw....ww/.....ww/......./......./......./bb...../bb.bbbb battle w 0 0 - 0\n"
    );
    // A finished position, no turn: the result.
    let over = "wwwwbb./wwwwwwb/wwwwwwb/wwwwwww/bbbbbbb/bbbbbbb/.bbbbbb battle w 0 0 - 0";
    assert_eq!(
        stdout(&["tibetan", "play", over]),
        format!("{over}\nresult: b (no legal turn)\n")
    );
    assert_eq!(stdout(&["tibetan", "moves", over]), "");
}

#[test]
fn the_settings_are_options() {
    let square = "w.w.w.w/......./..bbb../..b.b../..bbb../......./w.w.w.w place b 0 0 - 0";
    let d4 = |args: &[&str]| {
        let mut all = vec!["tibetan", "moves"];
        all.extend(args);
        all.push(square);
        let out = stdout(&all);
        out.lines()
            .find(|l| l.starts_with("d4"))
            .unwrap()
            .to_string()
    };
    assert_eq!(d4(&[]), "d4 2");
    assert_eq!(d4(&["--no-square-cap"]), "d4 4");
    assert_eq!(d4(&["--uncapped-placement"]), "d4 4");
    fails(
        &["tibetan", "moves", "--fly", "26", BATTLE],
        "26 is not in 0..=25",
    );
    fails(
        &["tibetan", "moves", "--quiet-draw", "51", BATTLE],
        "51 is not in 0..=50",
    );
    fails(
        &["tibetan", "moves", "--battle-first", "x", BATTLE],
        "bad side \"x\": expected b or w",
    );
    // 5 quiet turns draw.
    let quiet = ".b..wbb/wbwwwbw/bwbwbwb/wbwbwbw/bwbwbwb/wwbbwww/..bbbbb battle w 0 0 - 4";
    let out = stdout(&["tibetan", "play", "--quiet-draw", "5", quiet, "a6-a7"]);
    assert!(
        out.ends_with("result: draw (5 turns without removal)\n"),
        "{out}"
    );
}

#[test]
fn bad_positions_are_named() {
    let bad = |position: &str, expected: &str| {
        fails(&["tibetan", "moves", position], expected);
        fails(&["tibetan", "play", position, "d4"], expected);
    };
    let empty = "......./......./......./......./......./......./.......";
    bad(
        "......./......./......./......./......./....... place b 0 0 - 0",
        "position: bad ranks \"......./......./......./......./......./.......\": expected \
         seven ranks of seven b, w or . separated by /",
    );
    bad(
        "......./......./......./......./......./......./........ place b 0 0 - 0",
        "position: bad ranks",
    );
    bad(
        "......./......./......./......./......./......./...x... place b 0 0 - 0",
        "position: bad ranks",
    );
    bad(
        &format!("{empty} setup b 0 0 - 0"),
        "position: bad phase \"setup\": expected place, remove or battle",
    );
    bad(
        &format!("{empty} place x 0 0 - 0"),
        "position: bad side \"x\": expected b or w",
    );
    bad(
        &format!("{empty} place b 0 0 -"),
        "position: expected 7 fields (ranks phase side due-black due-white first quiet), found 6",
    );
    bad(&format!("{empty} place b 0 0 - 0 0"), "found 8");
    bad(
        &format!("{empty} place b x 0 - 0"),
        "position: bad removal count \"x\": expected a number 0 to 255",
    );
    bad(
        &format!("{empty} place b 0 0 z 0"),
        "position: bad first \"z\": expected b, w or -",
    );
    bad(
        &format!("{empty} place b 0 0 b 0"),
        "position: first is b, but b has earned no removal",
    );
    bad(
        &format!("{empty} place b 0 0 - 51"),
        "position: bad quiet count \"51\": expected a number 0 to 50",
    );
    bad(
        &format!("{empty} place b 0 0 - 3"),
        "position: quiet must be 0 outside battle, not 3",
    );
    bad(
        "......./......./......./......./......./......./bb..... place w 0 0 - 0",
        "position: in place, Black has placed as many stones as White or one more, and not \
         all 49: not 2 and 0",
    );
    bad(
        "......./......./......./......./......./......./b...... place b 0 0 - 0",
        "position: in place with 1 Black and 0 White stones, w places next, not b",
    );
    bad(
        "......./......./......./......./......./......./bw..... place b 1 0 b 0",
        "position: b cannot have earned 1 removals with 1 stones placed",
    );
    bad(
        "w.w.w.w/......./......./......./......./bb...../bb..... place b 1 0 - 0",
        "position: removals were earned, so first must name the side that formed first",
    );
    bad(
        &BATTLE.replace("battle w 0 0 - 0", "battle w 0 0 w 0"),
        "position: first must be - outside place, not w",
    );
    bad(
        &BATTLE.replace("battle w 0 0 - 0", "battle w 1 0 - 0"),
        "position: in battle, no removals are due (0 0), not 1 0",
    );
    bad(
        "wbwwwbb/wbwbwbw/wwbwbwb/wbwbwbw/bwbwbwb/wwbbwww/bbbbbbb remove b 0 1 - 0",
        "position: in remove, the side to act (b) must have removals due",
    );
    bad(
        "wbwwwbb/wbwbwbw/wwbwbwb/wbwbwbw/bwbwbwb/wwbbwww/.bbbbbb remove b 3 1 - 0",
        "position: in remove, 24 Black and 24 White stones cannot arise",
    );
    bad(
        "wbwwwbb/wbwbwbw/wwbwbwb/wbwbwbw/bwbwbwb/wwbbwww/bbbbbbb battle w 0 0 - 0",
        "position: in battle, Black has at most 24 stones and White at most 23",
    );
    bad(
        "......./......./......./......./......./......./bbbwww. battle w 0 0 - 0",
        "position: both sides have 3 stones or fewer (3 and 3)",
    );
}

#[test]
fn bad_turns_name_the_turn_and_its_place() {
    fails(
        &["tibetan", "play", START, "d4", "d4"],
        "turn 2 of 2 (d4): d4 is not empty",
    );
    fails(
        &["tibetan", "play", START, "d4", "h1"],
        "turn 2 of 2 (h1): bad turn \"h1\": expected a point (d4), a step or flight (c3-c4), \
         a jump chain (c3xc5xe5) or removals (*d5*e6), with any removals after as *point",
    );
    fails(
        &["tibetan", "play", START, "d4*a1"],
        "turn 1 of 1 (d4*a1): wrong number of removals: this turn removes exactly 0, not 1",
    );
    fails(
        &["tibetan", "play", START, "a1-a2"],
        "turn 1 of 1 (a1-a2): a step or flight is not a turn of the place phase",
    );
    fails(
        &["tibetan", "play", BATTLE, "d4"],
        "turn 1 of 1 (d4): a placement is not a turn of the battle phase",
    );
    fails(
        &["tibetan", "play", BATTLE, "*a1"],
        "turn 1 of 1 (*a1): an opening removal is not a turn of the battle phase",
    );
    fails(
        &["tibetan", "play", BATTLE, "a6-a7", "a7-a6"],
        "turn 2 of 2 (a7-a6): a7 holds no Black stone",
    );
    fails(
        &["tibetan", "play", BATTLE, "a6-b6"],
        "turn 1 of 1 (a6-b6): b6 is not empty",
    );
    fails(
        &["tibetan", "play", BATTLE, "a2-b1"],
        "turn 1 of 1 (a2-b1): a2-b1: b1 is not next to a2, and White has 21 stones (flying \
         needs 7 or fewer)",
    );
    fails(
        &["tibetan", "play", BATTLE, "e7xc7"],
        "turn 1 of 1 (e7xc7): e7xc7: no Black stone on d7 to jump",
    );
    fails(
        &["tibetan", "play", BATTLE, "a6xa4"],
        "turn 1 of 1 (a6xa4): a4 is not empty",
    );
    fails(
        &["tibetan", "play", BATTLE, "a6xb5"],
        "turn 1 of 1 (a6xb5): a6xb5: b5 is not two points from a6 along a line",
    );
    fails(
        &["tibetan", "play", SQUARE, "b3-b2"],
        "turn 1 of 1 (b3-b2): wrong number of removals: this turn removes exactly 1, not 0",
    );
    fails(
        &["tibetan", "play", SQUARE, "b3-b2*a7*c7"],
        "turn 1 of 1 (b3-b2*a7*c7): wrong number of removals: this turn removes exactly 1, \
         not 2",
    );
    fails(
        &["tibetan", "play", SQUARE, "b3-b2*a1"],
        "turn 1 of 1 (b3-b2*a1): *a1: no White stone there to remove",
    );
    fails(
        &["tibetan", "play", SQUARE, "b3-b2*b7"],
        "*b7: no White stone there to remove",
    );
    fails(
        &["tibetan", "play", "--protect", SQUARE, "b3-b2*g7"],
        "turn 1 of 1 (b3-b2*g7): *g7: the stone stands in a White formation, and White \
         stones outside formations are left",
    );
    let remove = "wbwwwbb/wbwbwbw/wwbwbwb/wbwbwbw/bwbwbwb/wwbbwww/bbbbbbb remove b 3 1 - 0";
    fails(
        &["tibetan", "play", remove, "*a7*a7*c7"],
        "turn 1 of 1 (*a7*a7*c7): *a7 is listed twice",
    );
    let over = "wwwwbb./wwwwwwb/wwwwwwb/wwwwwww/bbbbbbb/bbbbbbb/.bbbbbb battle w 0 0 - 0";
    fails(
        &["tibetan", "play", over, "a7-a6"],
        "turn 1 of 1 (a7-a6): the game is over (result: b (no legal turn))",
    );
    let quiet = ".b..wbb/wbwwwbw/bwbwbwb/wbwbwbw/bwbwbwb/wwbbwww/..bbbbb battle w 0 0 - 49";
    fails(
        &["tibetan", "play", quiet, "a6-a7", "b7-c7"],
        "turn 2 of 2 (b7-c7): the game is over (result: draw (50 turns without removal))",
    );
}
