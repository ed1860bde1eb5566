//! The documents a newcomer and another implementation rely on hold together: the README
//! is a newcomer's page (short, every game on it, the two commands, where to read more),
//! every link between the documents reaches a file of this repository, and no document
//! sends its reader to a specification outside it.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every document in docs/, with their text.
fn documents() -> Vec<(PathBuf, String)> {
    let mut paths = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

/// The targets of the Markdown links `[…](target)` in `text` (images included).
fn links(text: &str) -> Vec<&str> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .collect()
}

#[test]
fn every_link_between_the_documents_reaches_a_file_of_this_repository() {
    for (path, text) in documents() {
        let dir = path.parent().unwrap();
        for target in links(&text) {
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            let file = target.split('#').next().unwrap();
            if file.is_empty() {
                continue;
            }
            assert!(
                dir.join(file).exists(),
                "{}: the link to {target} reaches nothing",
                path.display()
            );
        }
    }
}

#[test]
fn no_document_sends_its_reader_to_a_specification_outside_the_repository() {
    for (path, text) in documents() {
        for (i, line) in text.lines().enumerate() {
            for spec in [
                "spec/junqi.md",
                "spec/xiangqi.md",
                "spec/gomoku.md",
                "spec/tibetan.md",
            ] {
                assert!(
                    !line.contains(spec),
                    "{}:{}: refers to {spec}, which is not in this repository \
                     (TEXT_FORMS.md holds what the wire relies on)",
                    path.display(),
                    i + 1
                );
            }
        }
    }
}

#[test]
fn the_readme_is_a_newcomer_s_page() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 120,
        "the README has {lines} lines: it is a newcomer's page"
    );
    // The two commands, a screenshot, and where to read more.
    for wanted in [
        "cargo run --release",
        "cargo test",
        "](docs/screenshots/",
        "docs/GUIDE.md",
        "docs/CLI.md",
        "docs/PROTOCOL.md",
        "docs/TEXT_FORMS.md",
    ] {
        assert!(readme.contains(wanted), "the README lacks {wanted}");
    }
    // Every game lanqi plays is there, and none is promised for later.
    for game in ["Junqi", "Xiangqi", "Gomoku", "Tibetan seven-square chess"] {
        assert!(readme.contains(game), "the README does not name {game}");
    }
    for stale in ["coming next", "coming soon", "not yet"] {
        assert!(!readme.contains(stale), "the README says {stale:?}");
    }
    // The command-line reference lives in docs/CLI.md, which covers every subcommand.
    let cli = std::fs::read_to_string(root().join("docs/CLI.md")).unwrap();
    for command in [
        "lanqi peer",
        "lanqi peers",
        "lanqi junqi",
        "lanqi xiangqi",
        "lanqi gomoku",
        "lanqi tibetan",
        "lanqi engine",
    ] {
        assert!(
            cli.contains(command),
            "docs/CLI.md does not cover {command}"
        );
    }
    assert!(Path::new(&root().join("docs/screenshots/tibetan.png")).exists());
}

/// What an independent peer written from PROTOCOL.md alone met where the document and lanqi
/// differed (issue 24, point 7) is now said, and said as lanqi does it: the winning row's
/// reason names the row made (an overline of six: `6 in a row`, as the rules core gives
/// it); code 8's keys are drawn; the colour to move while a swap is decided and after a
/// seat left; how seats are numbered; the game word a table's opener takes; `gone` and
/// `echo` are in the table of messages.
#[test]
fn the_protocol_says_what_lanqi_does_where_an_independent_peer_found_it_silent() {
    use lanqi::rules::gomoku::{Game, Settings};
    let protocol = std::fs::read_to_string(root().join("docs/PROTOCOL.md")).unwrap();
    let says = |text: &str| assert!(protocol.contains(text), "PROTOCOL.md does not say: {text}");
    // An overline in freestyle: the rules core's reason is the length of the row made.
    let mut game = Game::new(Settings::default()).unwrap();
    for point in [
        "a1", "a15", "b1", "b15", "c1", "c15", "e1", "e15", "f1", "f15", "d1",
    ] {
        game.play(point.parse().unwrap()).unwrap();
    }
    let ending = game.ending().expect("the overline wins in freestyle");
    assert_eq!(ending.to_string(), "1 (6 in a row)");
    says("a freestyle overline of six gives `6 in a row`");
    says("code 8 included");
    says("The **colour to move** is always the colour of the next stone");
    says("skipping the colours of seats");
    says("while a swap decision is due it is still the");
    says("**Seat numbers.** On the wire a seat is a number from **0**");
    says("settings included, exactly as the opener names it");
    says("or with\nthe bare game word `gomoku`, which takes the table as it is");
    says("| `gone` | `seat`: `1`–`3`, optionally `reason: text(100)`");
    says("| `echo` |");
    says("**Who answers for what does not check.**");
    // §8.13's spectator vectors are what lanqi sends: the public position of TEXT_FORMS.md's
    // example start, in JNF, and the audit's start, the whole start in JNF.
    let start = "fjgli/hkjkj/b1a1g/dc1cd/e1i1e/hifgh/HGFIH/E1I1E/DC1CD/G1A1B/JKJKH/ILGJF s 0 0";
    let position: lanqi::rules::junqi::Position = start.parse().unwrap();
    says(&format!("board|{}", position.public()));
    says(&format!("audited|ok|-|{start}"));
    let text_forms = std::fs::read_to_string(root().join("docs/TEXT_FORMS.md")).unwrap();
    assert!(
        text_forms.contains(start),
        "the example start is TEXT_FORMS.md's"
    );
}
