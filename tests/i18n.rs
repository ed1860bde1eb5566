//! The language files (`resources/i18n/*.ftl`, #25 point 4) are whole and agree: each parses
//! without an error; every language has every message of every other, with the same
//! variables; every key the code names (by `key("…")`, `.text("…")` or `.phrase("…")`,
//! the fixed words of every screen, `AppText`, and the rules and history pages' `page-…`
//! messages) is in every file; no message sits in the files unused. Every typed notice that reaches a screen (a peer's `Problem`, an ending's
//! `Reason`) has its own words in every language.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_bundle::FluentResource;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use lanqi::lang::Lang;

/// Where a language leaves a variable out, and why that is right.
const LEFT_OUT: [(&str, &str, &str); 1] = [(
    "piece-entry",
    "chinese",
    "English shows the Chinese name before its own; Chinese names the piece once",
)];

/// Every variable a pattern refers to, in its text, selectors and variants.
fn variables(pattern: &Pattern<&str>, found: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, found);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, found: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, found);
            for variant in variants {
                variables(&variant.value, found);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, found),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, found: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, found),
        InlineExpression::FunctionReference { arguments, .. }
        | InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for arg in &arguments.positional {
                inline_variables(arg, found);
            }
            for arg in &arguments.named {
                inline_variables(&arg.value, found);
            }
        }
        _ => {}
    }
}

/// A language's messages and the variables of each; panics on a parse error, a message
/// without a value, or a key given twice.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let resource = match FluentResource::try_new(lang.source().to_string()) {
        Ok(resource) => resource,
        Err((_, errors)) => panic!("{}.ftl does not parse: {errors:?}", lang.tag()),
    };
    let mut all = BTreeMap::new();
    for entry in resource.entries() {
        match entry {
            Entry::Message(message) => {
                let name = message.id.name.to_string();
                let value = message
                    .value
                    .as_ref()
                    .unwrap_or_else(|| panic!("{}: {name} has no value", lang.tag()));
                let mut found = BTreeSet::new();
                variables(value, &mut found);
                assert!(
                    all.insert(name.clone(), found).is_none(),
                    "{}: {name} is given twice",
                    lang.tag()
                );
            }
            Entry::Term(term) => {
                panic!("{}: a term, -{}: lanqi uses none", lang.tag(), term.id.name)
            }
            Entry::Junk { content } => panic!("{}: junk {content:?}", lang.tag()),
            _ => {}
        }
    }
    all
}

#[test]
fn every_language_file_parses_and_has_what_english_has() {
    let english = messages(Lang::En);
    assert!(english.len() > 300, "{} messages", english.len());
    for lang in [Lang::Zh, Lang::ZhHant] {
        let other = messages(lang);
        for key in english.keys() {
            assert!(
                other.contains_key(key),
                "{key} is missing in {}",
                lang.tag()
            );
        }
        for key in other.keys() {
            assert!(english.contains_key(key), "{key} is only in {}", lang.tag());
        }
        for (key, theirs) in &other {
            let ours = &english[key];
            let left_out: BTreeSet<String> = ours.difference(theirs).cloned().collect();
            let added: BTreeSet<&String> = theirs.difference(ours).collect();
            assert!(
                added.is_empty(),
                "{}: {key} uses {added:?}, which English does not",
                lang.tag()
            );
            for variable in left_out {
                assert!(
                    LEFT_OUT
                        .iter()
                        .any(|(k, v, _)| *k == key.as_str() && *v == variable),
                    "{}: {key} leaves out ${variable}",
                    lang.tag()
                );
            }
        }
    }
}

/// Every string literal of `text` right after one of `calls` (`key(`, `.text(`,
/// `.phrase(`), the whitespace between them ignored.
fn keys_named(text: &str, found: &mut BTreeSet<String>) {
    for call in ["key(", ".text(", ".phrase(", ".try_phrase("] {
        for (at, _) in text.match_indices(call) {
            // `key(` alone, not `accept_new_key(`.
            let before = text[..at].chars().next_back();
            if !call.starts_with('.') && before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let rest = text[at + call.len()..].trim_start();
            let Some(rest) = rest.strip_prefix('"') else {
                continue;
            };
            let Some(end) = rest.find('"') else { continue };
            let key = &rest[..end];
            if !key.is_empty()
                && key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                found.insert(key.to_string());
            }
        }
    }
}

/// Every key the code under `src/` names.
fn keys_in_code() -> BTreeSet<String> {
    fn walk(path: &Path, found: &mut BTreeSet<String>) {
        if path.is_dir() {
            for entry in std::fs::read_dir(path).unwrap() {
                walk(&entry.unwrap().path(), found);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            keys_named(&std::fs::read_to_string(path).unwrap(), found);
        }
    }
    let mut found = BTreeSet::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    found
}

#[test]
fn the_scan_finds_keys_as_the_code_writes_them() {
    let mut found = BTreeSet::new();
    keys_named(
        "lang.text(\"games-all\"); self.phrase(\n    \"wins\", &[]); key(\"outcome-won\"); \
         text(format!(\"x\")); s.text(name); accept_new_key(\"alice\")",
        &mut found,
    );
    let expected: BTreeSet<String> = ["games-all", "wins", "outcome-won"]
        .map(String::from)
        .into();
    assert_eq!(found, expected);
}

#[test]
fn every_key_the_code_names_is_in_every_language_and_every_message_is_used() {
    let mut used = keys_in_code();
    assert!(used.len() > 150, "{} keys found in the code", used.len());
    #[cfg(feature = "gui")]
    {
        use lanqi::gui::{gomoku, junqi, tibetan, xiangqi};
        used.extend(Lang::En.app().messages().into_iter().map(|(key, _)| key));
        for keys in [
            junqi::rules::RULES.keys(),
            junqi::history::HISTORY.keys(),
            xiangqi::rules::RULES.keys(),
            xiangqi::history::HISTORY.keys(),
            gomoku::rules::RULES.keys(),
            gomoku::history::HISTORY.keys(),
            tibetan::rules::RULES.keys(),
            tibetan::history::HISTORY.keys(),
        ] {
            used.extend(keys);
        }
    }
    for lang in Lang::ALL {
        let have = messages(lang);
        for key in &used {
            assert!(have.contains_key(key), "{}: no message {key}", lang.tag());
        }
        #[cfg(feature = "gui")]
        for key in have.keys() {
            assert!(
                used.contains(key),
                "{}: {key} is never asked for",
                lang.tag()
            );
        }
    }
}

/// Every problem a peer hands up has words of its own in every language, without an error
/// (`Problem::words` panics in a debug build when a message or a variable is missing).
#[test]
fn every_problem_and_reason_is_worded_in_every_language() {
    use lanqi::peer::problem::{Nothing, Problem};
    use lanqi::session::Reason;
    let problems = [
        Problem::NotOverYet,
        Problem::ChallengerStartsNext,
        Problem::OpponentLeft {
            name: "Pema".into(),
        },
        Problem::ComputerSilent { secs: 12 },
        Problem::DrawDeclined,
        Problem::UndoRefused,
        Problem::LeftAndSaved {
            name: "Pema".into(),
        },
        Problem::AlreadyPlaying,
        Problem::AlreadyWatching,
        Problem::ChallengeWaiting,
        Problem::ChallengeOut,
        Problem::TableBeingOpened,
        Problem::NoSuchGuest,
        Problem::GuestStopped,
        Problem::OnlyOpenerAdjourns,
        Problem::NothingTo(Nothing::ToAdjourn),
        Problem::NothingTo(Nothing::ToResume),
        Problem::NothingTo(Nothing::ToAbandon),
        Problem::NothingTo(Nothing::TableOpening),
    ];
    let reasons = [
        Reason::Resignation,
        Reason::NoBattle(1),
        Reason::NoBattle(31),
        Reason::NoCapture(120),
        Reason::InARow(5),
        Reason::NoRemoval(50),
        Reason::Checkmate,
        Reason::LeftTable,
    ];
    for lang in Lang::ALL {
        let words: Vec<String> = problems
            .iter()
            .map(|p| p.words(lang))
            .chain(reasons.iter().map(|r| r.words(lang)))
            .collect();
        for (i, w) in words.iter().enumerate() {
            assert!(!w.is_empty() && !w.contains('{'), "{lang:?}: {w:?}");
            assert!(!words[..i].contains(w), "{lang:?}: two read the same: {w}");
            if lang.is_chinese() {
                let letters = w.replace("Pema", "");
                assert!(
                    !letters.chars().any(|c| c.is_ascii_alphabetic()),
                    "English in {lang:?}: {w}"
                );
            }
        }
    }
    assert_eq!(Reason::NoBattle(1).words(Lang::En), "No battle in 1 ply");
    assert_eq!(
        Problem::ComputerSilent { secs: 12 }.words(Lang::ZhHant),
        "電腦已經 12 秒沒有走棋，可能已經停止（可以認輸或封盤）。"
    );
}
