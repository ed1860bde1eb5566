//! The Junqi engine: what it infers from observations, that it never uses the enemy's
//! layout, that its layouts are valid and varied, and that it beats the random player.

use std::collections::HashSet;

use lanqi::engine::junqi::knowledge::{ALL_KINDS, KindSet, kind_bit, narrow_defender};
use lanqi::engine::junqi::referee::{MatchConfig, run_match};
use lanqi::engine::junqi::{
    Budget, JunqiPlayer, Knowledge, Level, Player, PlayerSpec, RandomPlayer, deploy,
};
use lanqi::rules::junqi::board::{RAIL_STATIONS, ROADS, headquarters_of};
use lanqi::rules::junqi::{
    BattleResult, Game, Kind, Layout, Move, Position, RuleSet, Side, Square,
};

const EXAMPLE: &str = "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf";

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn set(kinds: &[Kind]) -> KindSet {
    kinds.iter().fold(0, |s, k| s | kind_bit(*k))
}

/// South's knowledge with the example layout, North to move first.
fn south_knowledge() -> Knowledge {
    Knowledge::new(
        Side::South,
        &EXAMPLE.parse().unwrap(),
        Side::North,
        RuleSet::default(),
    )
}

#[test]
fn deployment_rules_narrow_the_enemy_pieces_from_the_start() {
    let k = south_knowledge();
    // North's b12 is a headquarters: it may hold the flag, a mine, anything.
    assert_eq!(k.enemy_at(sq("b12")).unwrap().possible, ALL_KINDS);
    // c12 is on the back rank but no headquarters: no flag.
    assert_eq!(
        k.enemy_at(sq("c12")).unwrap().possible,
        ALL_KINDS & !kind_bit(Kind::Flag)
    );
    // a7 is North's front row: no flag, no landmine, no bomb.
    assert_eq!(
        k.enemy_at(sq("a7")).unwrap().possible,
        ALL_KINDS & !set(&[Kind::Flag, Kind::Landmine, Kind::Bomb])
    );
    assert!(k.enemy_at(sq("b8")).is_none(), "camps start empty");
}

#[test]
fn a_piece_that_moved_is_neither_a_landmine_nor_the_flag() {
    let mut k = south_knowledge();
    // b11 is on North's second rank (mines allowed); b10 is an empty camp.
    assert!(k.enemy_at(sq("b11")).unwrap().possible & kind_bit(Kind::Landmine) != 0);
    k.observe(mv("b11-b10"), None).unwrap();
    let p = *k.enemy_at(sq("b10")).unwrap();
    assert!(p.moved);
    assert_eq!(p.origin, sq("b11"));
    assert_eq!(p.possible & set(&[Kind::Landmine, Kind::Flag]), 0);
    assert_ne!(p.possible & kind_bit(Kind::Bomb), 0);
}

#[test]
fn a_piece_that_turned_a_rail_corner_is_an_engineer() {
    let mut k = south_knowledge();
    k.observe(mv("e7-d8"), None).unwrap(); // North clears e7 (into a camp)
    k.observe(mv("a6-b5"), None).unwrap(); // South into its camp
    // d7 -> e7 -> e6: round the corner of the rails onto South's lieutenant on e6.
    let attacker = k.enemy_at(sq("d7")).copied().unwrap();
    k.observe(mv("d7-e6"), Some(BattleResult::DefenderWins))
        .unwrap();
    let dead = k
        .enemy_pieces()
        .iter()
        .find(|p| p.origin == attacker.origin)
        .unwrap();
    assert_eq!(dead.possible, kind_bit(Kind::Engineer));
    assert_eq!(dead.at, None);
    // An engineer never wins against a lieutenant: "attacker wins" is a contradiction and
    // leaves the knowledge as it was.
    let mut k2 = south_knowledge();
    k2.observe(mv("e7-d8"), None).unwrap();
    k2.observe(mv("a6-b5"), None).unwrap();
    let before = k2.clone();
    assert!(
        k2.observe(mv("d7-e6"), Some(BattleResult::AttackerWins))
            .is_err()
    );
    assert_eq!(k2, before);
}

#[test]
fn battle_results_narrow_the_kinds() {
    // A piece that beat an attacking major general (师长) is a general, the marshal or a
    // landmine; a bomb would have removed both.
    assert_eq!(
        narrow_defender(Kind::MajorGeneral, ALL_KINDS, BattleResult::DefenderWins),
        set(&[Kind::FieldMarshal, Kind::General, Kind::Landmine])
    );
    // Both removed: the same rank, or a bomb.
    assert_eq!(
        narrow_defender(Kind::MajorGeneral, ALL_KINDS, BattleResult::BothRemoved),
        set(&[Kind::MajorGeneral, Kind::Bomb])
    );
    // A piece that never moved and beat it may be a landmine; one that moved may not.
    let moved = ALL_KINDS & !set(&[Kind::Landmine, Kind::Flag]);
    assert_eq!(
        narrow_defender(Kind::MajorGeneral, moved, BattleResult::DefenderWins),
        set(&[Kind::FieldMarshal, Kind::General])
    );
    // An engineer that took the piece: a landmine, the flag, or nothing above it.
    assert_eq!(
        narrow_defender(Kind::Engineer, ALL_KINDS, BattleResult::AttackerWins),
        set(&[Kind::Landmine, Kind::Flag])
    );
}

#[test]
fn an_enemy_attack_on_a_known_piece_narrows_the_attacker() {
    let mut k = south_knowledge();
    // North's a7 attacks South's lieutenant on a6 and both go: a lieutenant (or a bomb,
    // but a7 is on the front row, where bombs may not stand).
    k.observe(mv("a7-a6"), Some(BattleResult::BothRemoved))
        .unwrap();
    let dead = k
        .enemy_pieces()
        .iter()
        .find(|p| p.origin == sq("a7"))
        .unwrap();
    assert_eq!(dead.possible, kind_bit(Kind::Lieutenant));
    assert!(k.enemy_at(sq("a6")).is_none());
}

/// South with a bomb on a5 (swapped with the colonel of the example's b2), North first;
/// North's a7 steps onto a6, where South's bomb meets it.
fn bomb_meets_a7() -> Knowledge {
    let layout: Layout = "hgfih/k+i+e/dc+cd/g+a+b/jejkh/ilgjf".parse().unwrap();
    let mut k = Knowledge::new(Side::South, &layout, Side::North, RuleSet::default());
    k.observe(mv("e7-d8"), None).unwrap();
    k.observe(mv("a6-b5"), None).unwrap();
    k.observe(mv("a7-a6"), None).unwrap();
    k.observe(mv("a5-a6"), Some(BattleResult::BothRemoved))
        .unwrap();
    k
}

fn from(k: &Knowledge, origin: &str) -> KindSet {
    k.enemy_pieces()
        .iter()
        .find(|p| p.origin == sq(origin))
        .unwrap()
        .possible
}

#[test]
fn a_revealed_flag_marks_the_dead_piece_as_the_marshal_and_no_other() {
    let mut k = bomb_meets_a7();
    assert_ne!(from(&k, "a7") & kind_bit(Kind::FieldMarshal), 0);
    k.observe_flag(Side::North, sq("b12")).unwrap();
    assert_eq!(from(&k, "a7"), kind_bit(Kind::FieldMarshal));
    assert_eq!(from(&k, "b12"), kind_bit(Kind::Flag));
    assert_eq!(k.revealed_flag(Side::North), Some(sq("b12")));
    for p in k.enemy_pieces().iter().filter(|p| p.origin != sq("a7")) {
        assert_eq!(p.possible & kind_bit(Kind::FieldMarshal), 0, "{}", p.origin);
    }
    for p in k.enemy_pieces().iter().filter(|p| p.origin != sq("b12")) {
        assert_eq!(p.possible & kind_bit(Kind::Flag), 0, "{}", p.origin);
    }
    // A flag shown where no flag can stand is refused.
    let mut k = bomb_meets_a7();
    assert!(k.observe_flag(Side::North, sq("c12")).is_err());
}

#[test]
fn a_death_without_a_reveal_is_not_the_marshal() {
    let mut k = bomb_meets_a7();
    // No flag is shown before the next move: it was not the marshal.
    let before = k.clone();
    assert!(
        k.observe(mv("c7-c8"), None).is_err(),
        "c8 is North's own piece"
    );
    assert_eq!(k, before, "a refused observation changes nothing");
    k.observe(mv("d8-e7"), None).unwrap();
    assert_eq!(from(&k, "a7") & kind_bit(Kind::FieldMarshal), 0);
    assert_ne!(from(&k, "a7") & kind_bit(Kind::General), 0);
}

#[test]
fn sampled_positions_respect_everything_known() {
    let mut k = bomb_meets_a7();
    k.observe_flag(Side::North, sq("b12")).unwrap();
    let mut rng = rand_chacha_rng(1);
    for _ in 0..200 {
        let p = k.sample(&mut rng).unwrap();
        assert_eq!(p.piece_at(sq("b12")).unwrap().kind, Kind::Flag);
        assert!(p.piece_at(sq("a6")).is_none() && p.piece_at(sq("a7")).is_none());
        // The marshal is dead: none of North's on the board.
        assert!(
            Square::all()
                .filter_map(|s| p.piece_at(s))
                .all(|x| x.side == Side::South || x.kind != Kind::FieldMarshal)
        );
        // d8's piece moved: no landmine.
        assert_ne!(p.piece_at(sq("d8")).unwrap().kind, Kind::Landmine);
    }
}

/// Plays a game between `south` and `north` with the referee's full information; at every
/// ply checks, for each side's knowledge, that it is sound (every enemy piece's true kind
/// is still possible), that it agrees with the public board, that its legal moves are the
/// view's, and that samples are consistent with it.
#[test]
fn knowledge_stays_sound_through_random_games() {
    for seed in 0..12u64 {
        let layouts = [Layout::random(seed * 2), deploy(seed * 2 + 1)];
        let rules = RuleSet::default();
        let mut game = Game::new(
            Position::from_layouts(&layouts[0], &layouts[1], Side::South),
            rules,
        );
        let mut knowledge =
            Side::BOTH.map(|s| Knowledge::new(s, &layouts[s.index()], Side::South, rules));
        // The true kind of each enemy piece, by its origin.
        let truth: Vec<Vec<(Square, Kind)>> = Side::BOTH
            .iter()
            .map(|&s| {
                layouts[s.opponent().index()]
                    .placements(s.opponent())
                    .collect()
            })
            .collect();
        let mut players: Vec<RandomPlayer> = Side::BOTH
            .iter()
            .map(|&s| RandomPlayer::new(s, &layouts[s.index()], Side::South, rules, seed + 100))
            .collect();
        let mut rng = rand_chacha_rng(seed);
        let mut alive: Vec<Vec<Option<Square>>> = truth
            .iter()
            .map(|t| t.iter().map(|&(s, _)| Some(s)).collect())
            .collect();
        while game.outcome().is_none() && game.position().ply() < 400 {
            let side = game.position().side_to_move();
            let view_moves = {
                let mut m = game.position().view(side).legal_moves().unwrap();
                m.sort();
                m
            };
            let mut mine = knowledge[side.index()].legal_moves();
            mine.sort();
            assert_eq!(
                mine,
                view_moves,
                "seed {seed} ply {}",
                game.position().ply()
            );
            let m = players[side.index()]
                .choose(Level::Easy.fixed_budget())
                .unwrap();
            let revealed = Side::BOTH.map(|s| game.position().flag_revealed(s));
            let battle = game.play(m).unwrap();
            let result = battle.map(|b| b.result);
            for p in &mut players {
                p.observe(m, result).unwrap();
            }
            for k in &mut knowledge {
                k.observe(m, result).unwrap();
            }
            for s in Side::BOTH {
                if !revealed[s.index()] && game.position().flag_revealed(s) {
                    let at = headquarters_of(s).into_iter().find(|&hq| {
                        game.position()
                            .piece_at(hq)
                            .is_some_and(|p| p.kind == Kind::Flag && p.side == s)
                    });
                    if let Some(at) = at {
                        for k in &mut knowledge {
                            k.observe_flag(s, at).unwrap();
                        }
                    }
                }
            }
            // Track where each true enemy piece is (by origin) to check soundness.
            for viewer in Side::BOTH {
                let k = &knowledge[viewer.index()];
                for (i, &(origin, kind)) in truth[viewer.index()].iter().enumerate() {
                    let p = k
                        .enemy_pieces()
                        .iter()
                        .find(|p| p.origin == origin)
                        .unwrap();
                    assert!(
                        p.possible & kind_bit(kind) != 0,
                        "seed {seed}: {viewer} lost the truth about {origin} ({kind})"
                    );
                    alive[viewer.index()][i] = p.at;
                    if let Some(at) = p.at {
                        let real = game.position().piece_at(at).unwrap();
                        assert_eq!(real.side, viewer.opponent());
                        assert_eq!(real.kind, kind, "identity kept through moves");
                    }
                }
            }
            if game.position().ply().is_multiple_of(25) && game.outcome().is_none() {
                for k in &mut knowledge {
                    let plain = k.sample(&mut rng).expect("a consistent sample");
                    let guarded = k.sample_guarded(&mut rng).expect("a consistent sample");
                    for sample in [plain, guarded] {
                        for s in Square::all() {
                            assert_eq!(
                                sample.piece_at(s).map(|p| p.side),
                                game.position().piece_at(s).map(|p| p.side),
                                "samples keep the public occupancy"
                            );
                        }
                    }
                }
            }
        }
    }
}

fn rand_chacha_rng(seed: u64) -> rand_chacha::ChaCha8Rng {
    use rand_chacha::rand_core::SeedableRng;
    rand_chacha::ChaCha8Rng::seed_from_u64(seed)
}

/// Everything the engine is told in a game: moves with results, and flag reveals.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Event {
    Move(Move, Option<BattleResult>),
    Flag(Side, Square),
}

/// Plays `plies` plies: South is the engine (seed 9), North plays `north_moves` if given,
/// else random moves. Returns the observations and South's choices.
fn engine_game(
    north: &Layout,
    north_moves: Option<&[Move]>,
    plies: u32,
) -> (Vec<Event>, Vec<Move>, Knowledge) {
    let rules = RuleSet::default();
    let south = deploy(5);
    let mut game = Game::new(Position::from_layouts(&south, north, Side::South), rules);
    let mut engine = JunqiPlayer::new(Level::Easy, Side::South, &south, Side::South, rules, 9);
    let mut random = RandomPlayer::new(Side::North, north, Side::South, rules, 3);
    let mut events = Vec::new();
    let mut choices = Vec::new();
    let mut scripted = north_moves.map(|m| m.iter().copied());
    let budget = Budget {
        nodes: 2_000,
        time: None,
    };
    while game.outcome().is_none() && game.position().ply() < plies {
        let m = if game.position().side_to_move() == Side::South {
            let m = engine.choose(budget).unwrap();
            choices.push(m);
            m
        } else {
            match scripted.as_mut() {
                Some(s) => s.next().unwrap(),
                None => random.choose(budget).unwrap(),
            }
        };
        let revealed = game.position().flag_revealed(Side::North);
        let result = game.play(m).unwrap().map(|b| b.result);
        engine.observe(m, result).unwrap();
        random.observe(m, result).unwrap();
        events.push(Event::Move(m, result));
        if !revealed && game.position().flag_revealed(Side::North) {
            let at = headquarters_of(Side::North).into_iter().find(|&hq| {
                game.position()
                    .piece_at(hq)
                    .is_some_and(|p| p.kind == Kind::Flag)
            });
            if let Some(at) = at {
                engine.observe_flag(Side::North, at).unwrap();
                events.push(Event::Flag(Side::North, at));
            }
        }
    }
    (events, choices, engine.knowledge().clone())
}

#[test]
fn the_engine_never_reads_the_enemy_layout() {
    let north = Layout::random(77);
    let (events, choices, knowledge) = engine_game(&north, None, 40);
    let north_moves: Vec<Move> = events
        .iter()
        .filter_map(|e| match e {
            Event::Move(m, _) => Some(*m),
            Event::Flag(..) => None,
        })
        .skip(1)
        .step_by(2)
        .collect();
    // Two North pieces of different kinds that neither moved nor fought: swapping them
    // changes North's layout but not one observation.
    let touched: HashSet<Square> = events
        .iter()
        .filter_map(|e| match e {
            Event::Move(m, _) => Some([m.from, m.to]),
            Event::Flag(..) => None,
        })
        .flatten()
        .collect();
    let quiet: Vec<Square> = north
        .placements(Side::North)
        .map(|(s, _)| s)
        .filter(|s| !touched.contains(s))
        .collect();
    let mut other = None;
    'search: for (i, &a) in quiet.iter().enumerate() {
        for &b in &quiet[i + 1..] {
            let (va, vb) = (a.to_view(Side::North), b.to_view(Side::North));
            if north.kind_at(va) != north.kind_at(vb)
                && let Ok(swapped) = north.swapped(va, vb)
            {
                other = Some(swapped);
                break 'search;
            }
        }
    }
    let other = other.expect("two untouched pieces of different kinds");
    assert_ne!(other, north);
    let (events2, choices2, knowledge2) = engine_game(&other, Some(&north_moves), 40);
    assert_eq!(events2, events, "the referee tells the same story");
    assert_eq!(choices2, choices, "the same choices");
    assert_eq!(knowledge2, knowledge, "the same knowledge");
}

#[test]
fn deployments_are_valid_strong_and_varied() {
    let mut seen = HashSet::new();
    for seed in 0..10_000u64 {
        let layout = deploy(seed);
        let text = layout.to_string();
        assert_eq!(text.parse::<Layout>().unwrap(), layout, "valid: {text}");
        assert_eq!(deploy(seed), layout, "deterministic");
        // The flag has at least two landmines next to it.
        let flag = headquarters_of(Side::South)
            .into_iter()
            .find(|&hq| layout.kind_at(hq) == Some(Kind::Flag))
            .expect("the flag in a headquarters");
        let mines = lanqi::rules::junqi::square::squares(ROADS[flag.index()])
            .filter(|&s| layout.kind_at(s) == Some(Kind::Landmine))
            .count();
        assert!(mines >= 2, "{text}: flag guarded by {mines} mines");
        // At least two engineers on rail stations.
        let engineers_on_rails = layout
            .placements(Side::South)
            .filter(|&(s, k)| k == Kind::Engineer && RAIL_STATIONS & s.bit() != 0)
            .count();
        assert!(engineers_on_rails >= 1, "{text}");
        seen.insert(text);
    }
    assert!(seen.len() >= 9_990, "only {} distinct layouts", seen.len());
}

#[test]
fn easy_beats_the_random_player_at_least_nine_times_in_ten() {
    let config = MatchConfig {
        a: PlayerSpec::Engine(Level::Easy),
        b: PlayerSpec::Random,
        games: 20,
        first_game: 0,
        seed: 2024,
        rules: RuleSet::default(),
        timed: false,
        nodes: Some(1_500),
        a_nodes: None,
        b_nodes: None,
        a_time: None,
        b_time: None,
    };
    let report = run_match(config, |_, _| {});
    let (wins, _, _) = report.wdl();
    assert!(wins >= 18, "easy won only {wins} of 20: {report}");
    // The same seed gives the same match.
    let again = run_match(config, |_, _| {});
    assert_eq!(again.games, report.games);
    // A match split in two plays the same games.
    let second = run_match(
        MatchConfig {
            games: 5,
            first_game: 15,
            ..config
        },
        |_, _| {},
    );
    assert_eq!(second.games, report.games[15..]);
}

#[test]
fn greedy_attacks_with_its_highest_ranked_piece() {
    use lanqi::engine::junqi::GreedyPlayer;
    let south: Layout = EXAMPLE.parse().unwrap();
    // South to move: a6 and e6 (lieutenants) and c6 (a major) can attack across the
    // front; greedy attacks with the major.
    for seed in 0..10 {
        let mut greedy =
            GreedyPlayer::new(Side::South, &south, Side::South, RuleSet::default(), seed);
        assert_eq!(greedy.choose(Level::Easy.fixed_budget()), Some(mv("c6-c7")));
    }
}

/// South (the engine, the example layout) after North's quiet opening a7-b8, under a
/// no-battle rule of `plies` with `verdict`: the move it chooses at each level.
fn reply_to_a_quiet_opening(
    plies: u32,
    verdict: lanqi::rules::junqi::NoBattleVerdict,
) -> Vec<(Level, Move, bool)> {
    let rules = RuleSet {
        no_battle_plies: Some(plies),
        no_battle_verdict: verdict,
        repetition_draws: true,
    };
    let layout: Layout = EXAMPLE.parse().unwrap();
    let mut out = Vec::new();
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        for seed in 0..3 {
            let mut engine =
                JunqiPlayer::new(level, Side::South, &layout, Side::North, rules, seed);
            engine.observe(mv("a7-b8"), None).unwrap();
            let choice = engine
                .choose(Budget {
                    nodes: 20_000,
                    time: None,
                })
                .unwrap();
            let battle = engine.knowledge().enemy_at(choice.to).is_some();
            out.push((level, choice, battle));
        }
    }
    out
}

#[test]
fn the_engine_never_makes_the_quiet_ply_that_loses_by_the_no_battle_rule() {
    use lanqi::rules::junqi::NoBattleVerdict;
    // One quiet ply made; a second loses for whoever makes it: South must attack.
    for (level, choice, battle) in reply_to_a_quiet_opening(2, NoBattleVerdict::MoverLoses) {
        assert!(battle, "{level}: {choice} is quiet and loses");
    }
    // The other reading, three plies: a quiet move lets North make the third, and South,
    // then to move, would lose.
    for (level, choice, battle) in reply_to_a_quiet_opening(3, NoBattleVerdict::SideToMoveLoses) {
        assert!(battle, "{level}: {choice} is quiet and loses");
    }
}

#[test]
fn the_engine_wins_by_the_no_battle_rule_when_it_can() {
    use lanqi::rules::junqi::NoBattleVerdict;
    // After the second quiet ply North is to move and loses: South moves quietly.
    for (level, choice, battle) in reply_to_a_quiet_opening(2, NoBattleVerdict::SideToMoveLoses) {
        assert!(!battle, "{level}: {choice} attacks instead of winning");
    }
}

#[test]
fn the_belief_baseline_beats_the_random_player() {
    let config = MatchConfig {
        a: PlayerSpec::Belief,
        b: PlayerSpec::Random,
        games: 10,
        first_game: 0,
        seed: 7,
        rules: RuleSet::championship(),
        timed: false,
        nodes: None,
        a_nodes: None,
        b_nodes: None,
        a_time: None,
        b_time: None,
    };
    let report = run_match(config, |_, _| {});
    let (wins, _, _) = report.wdl();
    assert!(wins >= 9, "{report}");
}

#[test]
fn the_belief_marginals_follow_what_is_known() {
    use lanqi::engine::junqi::belief::marginals;
    let mut k = south_knowledge();
    // North's a7 moves into its camp: no landmine, no flag.
    k.observe(mv("a7-b8"), None).unwrap();
    let beliefs = marginals(&k);
    let id = |s: &str| match k.cell(sq(s)) {
        lanqi::engine::junqi::Cell::Enemy(id) => id as usize,
        _ => panic!("an enemy piece on {s}"),
    };
    let moved = beliefs[id("b8")];
    assert_eq!(moved[Kind::Landmine.index()], 0.0);
    assert_eq!(moved[Kind::Flag.index()], 0.0);
    for p in &beliefs {
        let total: f32 = p.iter().sum();
        assert!((total - 1.0).abs() < 1e-4, "{p:?}");
    }
    // A headquarters may hold the flag; a cell of the middle rows may not.
    assert!(beliefs[id("b12")][Kind::Flag.index()] > 0.0);
    assert_eq!(beliefs[id("c10")][Kind::Flag.index()], 0.0);
}

#[test]
fn players_are_named_on_the_command_line() {
    for name in ["belief", "prev:hard", "engine:medium", "greedy"] {
        let spec: PlayerSpec = name.parse().unwrap();
        assert_eq!(spec.to_string(), name);
    }
    assert!("prev:expert".parse::<PlayerSpec>().is_err());
}

/// South (the example layout on both sides) to move after `quiet` quiet plies of shuttling
/// (South's a6 and North's a7 in and out of their camps; repetition is off), under the
/// championship's 31-ply no-battle rule read as `verdict`: the choice of each engine level
/// and of the belief baseline, and whether it is a battle.
fn choice_after_quiet_plies(
    quiet: u32,
    verdict: lanqi::rules::junqi::NoBattleVerdict,
) -> Vec<(String, Move, bool)> {
    let rules = RuleSet {
        no_battle_plies: Some(31),
        no_battle_verdict: verdict,
        repetition_draws: false,
    };
    let layout: Layout = EXAMPLE.parse().unwrap();
    // South to move after `quiet` plies: North opens when `quiet` is odd.
    let first = if quiet % 2 == 1 {
        Side::North
    } else {
        Side::South
    };
    let shuttle = |side: Side, n: u32| match (side, n % 2) {
        (Side::South, 0) => mv("a6-b5"),
        (Side::South, _) => mv("b5-a6"),
        (Side::North, 0) => mv("a7-b8"),
        (Side::North, _) => mv("b8-a7"),
    };
    let history: Vec<Move> = (0..quiet)
        .map(|i| {
            let side = if i % 2 == 0 { first } else { first.opponent() };
            shuttle(side, i / 2)
        })
        .collect();
    let mut referee = Game::new(Position::from_layouts(&layout, &layout, first), rules);
    for &m in &history {
        assert!(referee.play(m).unwrap().is_none(), "{m} is quiet");
    }
    assert!(referee.outcome().is_none());
    let mut players: Vec<(String, Box<dyn Player>)> = Vec::new();
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        players.push((
            level.to_string(),
            Box::new(JunqiPlayer::new(
                level,
                Side::South,
                &layout,
                first,
                rules,
                3,
            )),
        ));
    }
    players.push((
        "belief".into(),
        PlayerSpec::Belief.create(Side::South, &layout, first, rules, 3),
    ));
    players
        .into_iter()
        .map(|(name, mut player)| {
            for &m in &history {
                player.observe(m, None).unwrap();
            }
            let choice = player
                .choose(Budget {
                    nodes: 20_000,
                    time: None,
                })
                .unwrap();
            let battle = referee.position().piece_at(choice.to).is_some();
            (name, choice, battle)
        })
        .collect()
}

#[test]
fn the_31st_quiet_ply_is_never_made_when_it_loses_for_the_mover() {
    use lanqi::rules::junqi::NoBattleVerdict;
    // 30 quiet plies: whoever makes the 31st loses, so South battles.
    for (who, choice, battle) in choice_after_quiet_plies(30, NoBattleVerdict::MoverLoses) {
        assert!(battle, "{who}: {choice} is the losing 31st quiet ply");
    }
}

#[test]
fn the_30th_quiet_ply_is_never_made_when_the_31st_loses_for_the_side_to_move() {
    use lanqi::rules::junqi::NoBattleVerdict;
    // 29 quiet plies: a quiet 30th lets North make the 31st, and South, then to move,
    // loses; so South battles.
    for (who, choice, battle) in choice_after_quiet_plies(29, NoBattleVerdict::SideToMoveLoses) {
        assert!(battle, "{who}: {choice} lets North make the 31st quiet ply");
    }
}

#[test]
fn the_winning_31st_quiet_ply_is_made_when_the_side_to_move_loses() {
    use lanqi::rules::junqi::NoBattleVerdict;
    // 30 quiet plies: South's quiet 31st leaves North to move, and North loses.
    for (who, choice, battle) in choice_after_quiet_plies(30, NoBattleVerdict::SideToMoveLoses) {
        assert!(!battle, "{who}: {choice} battles instead of winning");
    }
}

#[test]
fn belief_chances_come_from_consistent_armies() {
    let layout: Layout = EXAMPLE.parse().unwrap();
    let mut belief = lanqi::engine::junqi::BeliefPlayer::new(
        Side::South,
        &layout,
        Side::North,
        RuleSet::default(),
        5,
    );
    belief.observe(mv("a7-b8"), None).unwrap();
    let chances = belief.beliefs();
    let k = Knowledge::new(Side::South, &layout, Side::North, RuleSet::default());
    let id = |s: &str| match k.cell(sq(s)) {
        lanqi::engine::junqi::Cell::Enemy(id) => id as usize,
        _ => panic!("an enemy piece on {s}"),
    };
    // The piece that moved (from a7, identity of a7) is no landmine and no flag.
    let moved = chances[id("a7")];
    assert_eq!(moved[Kind::Landmine.index()], 0.0);
    assert_eq!(moved[Kind::Flag.index()], 0.0);
    // The flag is in one headquarters or the other, about evenly.
    let flag = |s: &str| chances[id(s)][Kind::Flag.index()];
    assert!((flag("b12") + flag("d12") - 1.0).abs() < 1e-4);
    assert!(flag("b12") > 0.2 && flag("d12") > 0.2);
    assert_eq!(flag("c10"), 0.0);
}

#[test]
fn the_search_closes_an_open_approach_to_its_flag() {
    use lanqi::engine::junqi::search::{Searcher, Tune};
    // South's flag on b1 between two landmines; b2, the approach in front of it, is open,
    // and a North colonel sits in South's camp b3 (where it cannot be attacked), one step
    // from b2 and two from the flag. The general on c2 must close the approach (step to
    // b2, where the colonel cannot beat it) or stand on a2, from where it takes the colonel
    // the moment it steps onto b2; any other move loses the flag. Every depth finds one.
    let position: Position = "1l3/5/5/5/4g/5/5/5/5/1e3/2B2/JLJ2 s 0 0".parse().unwrap();
    let moves = position.legal_moves();
    assert!(moves.contains(&mv("c2-b2")));
    for depth in 1..=3 {
        let mut searcher = Searcher::new(RuleSet::championship(), Tune::ALL, None);
        let best = moves
            .iter()
            .copied()
            .max_by_key(|&m| searcher.score_move(&position, m, depth).unwrap_or(i32::MIN))
            .unwrap();
        assert!(
            [mv("c2-b2"), mv("c2-a2")].contains(&best),
            "depth {depth}: {best} leaves the flag to the colonel"
        );
    }
}

/// The best move of South in `position` by a full-information search of `depth` plies.
fn best_by_search(position: &Position, depth: u32) -> Move {
    use lanqi::engine::junqi::search::{Searcher, Tune};
    let mut searcher = Searcher::new(RuleSet::championship(), Tune::ALL, None);
    position
        .legal_moves()
        .into_iter()
        .max_by_key(|&m| searcher.score_move(position, m, depth).unwrap_or(i32::MIN))
        .unwrap()
}

#[test]
fn the_last_movable_piece_is_not_traded_when_a_quiet_move_keeps_it() {
    // South has one movable piece, the colonel on c5, beside its flag and two landmines
    // that can never move; a North colonel stands on c6 and five lower North officers wait on
    // row 11. Taking c6 trades the colonels (equal kinds both die): South would then have no
    // piece that can move and lose at its next turn, whatever North does. Stepping into a
    // camp (c4, b5 or d5, where nothing may attack it) keeps the colonel and the game.
    let position: Position = "1l3/hhggf/5/5/5/5/2e2/2E2/5/5/5/JLJ2 s 0 0"
        .parse()
        .unwrap();
    assert!(position.legal_moves().contains(&mv("c5-c6")));
    for depth in 1..=3 {
        let best = best_by_search(&position, depth);
        assert_ne!(
            best,
            mv("c5-c6"),
            "depth {depth} trades its last movable piece"
        );
    }
}

/// How many of the three neighbours of the flag's headquarters hold landmines in `p`
/// (North's flag).
fn mines_round_north_flag(p: &Position) -> usize {
    let flag = headquarters_of(Side::North)
        .into_iter()
        .find(|&hq| p.piece_at(hq).is_some_and(|x| x.kind == Kind::Flag))
        .expect("a flag in a headquarters");
    lanqi::rules::junqi::square::squares(ROADS[flag.index()])
        .filter(|&s| p.piece_at(s).is_some_and(|x| x.kind == Kind::Landmine))
        .count()
}

#[test]
fn guarded_samples_put_landmines_round_the_flag_and_read_a_moved_guard() {
    let mut k = south_knowledge();
    let mut rng = rand_chacha_rng(5);
    let n = 400;
    let (mut guarded, mut plain) = (0, 0);
    for _ in 0..n {
        guarded += mines_round_north_flag(&k.sample_guarded(&mut rng).unwrap());
        plain += mines_round_north_flag(&k.sample_with(&mut rng, true).unwrap());
    }
    // Armies guard the flag with landmines: more of them round the flag than the plain
    // priors put there (they favour the neighbours of both headquarters alike).
    assert!(
        guarded as f64 > plain as f64 * 1.1,
        "{guarded} mines round the flag in {n} guarded samples, {plain} in plain ones"
    );
    // b11, beside the b12 headquarters, moves: it is no landmine, so b12 is the likelier
    // decoy and d12 the likelier flag.
    k.observe(mv("b11-b10"), None).unwrap();
    let at_d12 = (0..n)
        .filter(|_| {
            let p = k.sample_guarded(&mut rng).unwrap();
            p.piece_at(sq("d12")).unwrap().kind == Kind::Flag
        })
        .count();
    assert!(
        at_d12 * 10 > n * 6,
        "the flag at d12 in {at_d12} of {n} samples"
    );
}

#[test]
fn a_shown_flag_keeps_its_landmine_guards_in_the_samples() {
    // North's flag is shown on d12 (its field marshal died): armies guard the flag with
    // landmines, so each of its neighbours, the piece in front of it too, is likely one.
    let mut k = south_knowledge();
    k.observe_flag(Side::North, sq("d12")).unwrap();
    let mut rng = rand_chacha_rng(6);
    let n = 400;
    for guard in ["c12", "e12", "d11"] {
        let mines = (0..n)
            .filter(|_| {
                let p = k.sample_guarded(&mut rng).unwrap();
                p.piece_at(sq(guard)).unwrap().kind == Kind::Landmine
            })
            .count();
        assert!(
            mines * 2 > n,
            "{guard}, beside the shown flag, a landmine in {mines} of {n} samples"
        );
    }
}

#[test]
fn a_flag_taken_in_one_sample_does_not_outweigh_an_officer_lost_in_the_others() {
    use lanqi::engine::junqi::search::{WIN, squash, value};
    // Attacking the piece in front of a flag with a general: in one sampled layout of eight
    // it is no landmine and the flag falls two plies later; in the other seven the general
    // dies on the landmine. Averaged as they are, the samples must prefer a quiet move.
    let general = value(Kind::General) * 4;
    let attack = squash(WIN - 3) + 7 * squash(-general);
    let quiet = 8 * squash(0);
    assert!(
        attack < quiet,
        "attack {attack} against quiet {quiet} over 8 samples"
    );
    // Material keeps nearly its worth, and more is still better.
    assert!(squash(-general) <= -general * 9 / 10);
    assert!(squash(2 * general) > squash(general));
}
