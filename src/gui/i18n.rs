//! The UI's words in English and Chinese: a tiny string table, the language chosen from the
//! locale environment variables and switchable at run time.
//!
//! Every character of the Chinese strings must be in the bundled font subset: after editing
//! this file run `scripts/make-font-subset.sh` (it reads the characters from `src/gui/`).

use crate::rules::junqi::{Kind, LayoutError, Square};

/// A language the UI speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// The language of the locale described by the usual variables: the first one set and
    /// non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG` (POSIX precedence); Chinese when it
    /// starts with `zh`, English otherwise.
    pub fn from_locale(
        lc_all: Option<&str>,
        lc_messages: Option<&str>,
        lang: Option<&str>,
    ) -> Lang {
        let locale = [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|v| !v.is_empty());
        match locale {
            Some(l) if l.starts_with("zh") => Lang::Zh,
            _ => Lang::En,
        }
    }

    /// The language of this process's locale (see [`Lang::from_locale`]).
    pub fn from_env() -> Lang {
        let var = |name| std::env::var(name).ok();
        Lang::from_locale(
            var("LC_ALL").as_deref(),
            var("LC_MESSAGES").as_deref(),
            var("LANG").as_deref(),
        )
    }

    /// The other language (what the language button switches to).
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Zh,
            Lang::Zh => Lang::En,
        }
    }

    /// The language's name in itself, as the switch button shows it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
        }
    }

    /// The fixed strings in this language.
    pub fn strings(self) -> &'static Strings {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }

    /// A piece's name: the English name, or the Chinese one.
    pub fn kind(self, kind: Kind) -> &'static str {
        match self {
            Lang::En => kind.name(),
            Lang::Zh => kind.chinese(),
        }
    }

    /// Why a layout is refused, in words (the rules core's message in English).
    pub fn layout_error(self, error: &LayoutError) -> String {
        if self == Lang::En {
            return error.to_string();
        }
        match error {
            LayoutError::Rows(n) => format!("布阵文本应有 6 行，用“/”分隔，实际有 {n} 行"),
            LayoutError::RowWidth { rank, cells } => {
                format!("第 {rank} 行有 {cells} 格，应为 5 格")
            }
            LayoutError::Char { square, ch } => {
                format!("{square}：“{ch}”不是棋子字母（a–l），行营请写“+”")
            }
            LayoutError::OffHalf(s) => format!("{s} 不在己方半场（第 1–6 行）"),
            LayoutError::PieceOnCamp(s) => format!("{s} 是行营，开局必须空着：请写“+”"),
            LayoutError::NotACamp(s) => format!("{s} 不是行营，却写了“+”：这里需要一枚棋子"),
            LayoutError::TooMany { square, kind, max } => {
                format!("{square}：{}多了一个（每方 {max} 个）", kind.chinese())
            }
            LayoutError::FlagNotInHeadquarters(s) => {
                format!("{s}：军旗必须放在大本营（b1 或 d1）")
            }
            LayoutError::LandmineTooFarForward(s) => {
                format!("{s}：地雷只能放在最后两行（第 1、2 行）")
            }
            LayoutError::BombOnFrontRow(s) => format!("{s}：炸弹不能放在最前一行（第 6 行）"),
        }
    }

    /// A piece in the list of pieces: its Chinese name, and in English its English name.
    pub fn piece_entry(self, kind: Kind) -> String {
        match self {
            Lang::En => format!("{} {}", kind.chinese(), kind.name()),
            Lang::Zh => kind.chinese().to_string(),
        }
    }

    /// "`a` selected: click another …".
    pub fn selected(self, square: Square, kind: Kind) -> String {
        match self {
            Lang::En => format!(
                "{square} ({}) selected: click another of your pieces to swap them, or click it again to cancel.",
                kind.name()
            ),
            Lang::Zh => format!(
                "已选中 {square}（{}）：再点己方另一枚棋子即可交换，再点一次取消。",
                kind.chinese()
            ),
        }
    }

    /// "Swapped `a` and `b`."
    pub fn swapped(self, a: Square, b: Square) -> String {
        match self {
            Lang::En => format!("Swapped {a} and {b}."),
            Lang::Zh => format!("已交换 {a} 和 {b}。"),
        }
    }

    /// "Cannot swap: `reason`".
    pub fn refused(self, error: &LayoutError) -> String {
        match self {
            Lang::En => format!("Cannot swap: {}.", self.layout_error(error)),
            Lang::Zh => format!("不能交换：{}。", self.layout_error(error)),
        }
    }

    /// "Saved “`name`”."
    pub fn saved(self, name: &str) -> String {
        match self {
            Lang::En => format!("Saved “{name}”."),
            Lang::Zh => format!("已保存“{name}”。"),
        }
    }

    /// "Loaded “`name`”."
    pub fn loaded(self, name: &str) -> String {
        match self {
            Lang::En => format!("Loaded “{name}”."),
            Lang::Zh => format!("已载入“{name}”。"),
        }
    }

    /// "Deleted “`name`”."
    pub fn deleted(self, name: &str) -> String {
        match self {
            Lang::En => format!("Deleted “{name}”."),
            Lang::Zh => format!("已删除“{name}”。"),
        }
    }

    /// "Cannot import: `reason`".
    pub fn import_failed(self, error: &LayoutError) -> String {
        match self {
            Lang::En => format!("Cannot import: {}.", self.layout_error(error)),
            Lang::Zh => format!("无法导入：{}。", self.layout_error(error)),
        }
    }

    /// A failure of the layout library (the store's message is in English).
    pub fn store_failed(self, detail: &str) -> String {
        match self {
            Lang::En => format!("Layout library: {detail}"),
            Lang::Zh => format!("布阵库出错：{detail}"),
        }
    }

    /// The line under the board showing the layout text.
    pub fn layout_line(self, text: &str) -> String {
        match self {
            Lang::En => format!("Layout: {text}"),
            Lang::Zh => format!("布阵：{text}"),
        }
    }
}

/// The UI's fixed strings in one language.
#[derive(Debug)]
pub struct Strings {
    /// The window title.
    pub title: &'static str,
    /// The deployment screen's heading.
    pub deploy_heading: &'static str,
    /// What to do on the deployment screen.
    pub deploy_hint: &'static str,
    /// How to read the board, a line per feature.
    pub legend: [&'static str; 4],
    /// The heading of the list of pieces.
    pub pieces_heading: &'static str,
    /// The random layout button.
    pub random: &'static str,
    /// The ready button.
    pub ready: &'static str,
    /// Shown after Ready.
    pub ready_done: &'static str,
    /// The layout name box's placeholder.
    pub name_placeholder: &'static str,
    /// The save section's heading.
    pub save_heading: &'static str,
    /// The save button.
    pub save: &'static str,
    /// The saved layouts heading.
    pub library_heading: &'static str,
    /// Shown when nothing is saved.
    pub library_empty: &'static str,
    /// Shown when the profile directory cannot be used.
    pub library_unavailable: &'static str,
    /// The load button.
    pub load: &'static str,
    /// The delete button.
    pub delete: &'static str,
    /// The layout text heading.
    pub text_heading: &'static str,
    /// The layout text box's placeholder.
    pub text_placeholder: &'static str,
    /// The import button.
    pub import: &'static str,
    /// The export button.
    pub export: &'static str,
    /// Shown after Export.
    pub exported: &'static str,
    /// Shown after Import.
    pub imported: &'static str,
    /// Shown after Random.
    pub randomised: &'static str,
    /// The language button's tooltip-like label.
    pub language: &'static str,
}

const EN: Strings = Strings {
    title: "lanqi — Junqi deployment",
    deploy_heading: "Deploy your army",
    deploy_hint: "Your half is at the bottom. Click one of your pieces, then another, to swap them.",
    legend: [
        "Railways (dark tracks): a piece runs any distance along them in a straight line.",
        "Camps (circles): a piece in a camp cannot be attacked. They start empty.",
        "Headquarters (大本营): the flag must stand in one; pieces there never move.",
        "Landmines stay on your last two rows; bombs may not start on the front row.",
    ],
    pieces_heading: "The pieces, strongest first (a bomb takes anything with it; only an engineer clears a landmine)",
    random: "Random",
    ready: "Ready",
    ready_done: "Ready! This layout will be used when the game starts.",
    name_placeholder: "Layout name",
    save_heading: "Keep this layout",
    save: "Save",
    library_heading: "Saved layouts",
    library_empty: "No saved layouts yet.",
    library_unavailable: "The layout library is not available.",
    load: "Load",
    delete: "Delete",
    text_heading: "Layout text (to share or keep)",
    text_placeholder: "e.g. hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf",
    import: "Import",
    export: "Export",
    exported: "The layout text is in the box: copy it to share it.",
    imported: "Imported the layout from the text.",
    randomised: "A new random layout.",
    language: "Language",
};

const ZH: Strings = Strings {
    title: "lanqi — 军棋布阵",
    deploy_heading: "布阵",
    deploy_hint: "下方是你的半场。先点一枚己方棋子，再点另一枚，即可交换位置。",
    legend: [
        "铁路（深色轨道）：棋子可沿直线走任意格。",
        "行营（圆圈）：营中棋子不可被攻击，开局时空着。",
        "大本营：军旗必须放在其中，进入的棋子不能再动。",
        "地雷只能放在最后两行，炸弹不能放在最前一行。",
    ],
    pieces_heading: "棋子从大到小（炸弹与对方同归于尽，只有工兵能排地雷）",
    random: "随机布阵",
    ready: "准备好了",
    ready_done: "已准备！开局时将使用此布阵。",
    name_placeholder: "布阵名称",
    save_heading: "保存此布阵",
    save: "保存",
    library_heading: "已存布阵",
    library_empty: "还没有保存的布阵。",
    library_unavailable: "布阵库不可用。",
    load: "载入",
    delete: "删除",
    text_heading: "布阵文本（用于分享或备份）",
    text_placeholder: "例如 hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf",
    import: "导入",
    export: "导出",
    exported: "布阵文本已放入文本框，可复制分享。",
    imported: "已从文本导入布阵。",
    randomised: "已随机生成新布阵。",
    language: "语言",
};

/// Labels for the settings, sound, rules page and icon modules (`settings.rs`,
/// `sound.rs`, `rules_page.rs`): kept apart from [`Strings`] so the two grow independently.
impl Lang {
    /// The button that opens the rules page ([`super::rules_page::view`]).
    pub fn rules_button(self) -> &'static str {
        match self {
            Lang::En => "Rules",
            Lang::Zh => "规则",
        }
    }

    /// The button that leaves the rules page.
    pub fn back_button(self) -> &'static str {
        match self {
            Lang::En => "Back",
            Lang::Zh => "返回",
        }
    }

    /// The sound switch's label ([`super::sound::Sound`]).
    pub fn sound_toggle(self) -> &'static str {
        match self {
            Lang::En => "Sounds",
            Lang::Zh => "声音",
        }
    }

    /// The player-name box's label ([`super::settings::Settings::name`]).
    pub fn name_label(self) -> &'static str {
        match self {
            Lang::En => "Your name",
            Lang::Zh => "你的名字",
        }
    }

    /// Shown once when the settings file had problems (`detail` is
    /// [`super::settings::Settings::load`]'s warning, in English).
    pub fn settings_warning(self, detail: &str) -> String {
        match self {
            Lang::En => format!("Some settings could not be read and were reset: {detail}"),
            Lang::Zh => format!("部分设置无法读取，已恢复默认：{detail}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locale_decides_the_language_in_posix_order() {
        assert_eq!(Lang::from_locale(None, None, None), Lang::En);
        assert_eq!(Lang::from_locale(None, None, Some("zh_CN.UTF-8")), Lang::Zh);
        assert_eq!(Lang::from_locale(None, None, Some("en_GB.UTF-8")), Lang::En);
        assert_eq!(
            Lang::from_locale(None, Some("zh_TW"), Some("en_US")),
            Lang::Zh
        );
        assert_eq!(Lang::from_locale(Some("C"), Some("zh_TW"), None), Lang::En);
        // An empty variable is as good as unset.
        assert_eq!(Lang::from_locale(Some(""), None, Some("zh_CN")), Lang::Zh);
        assert_eq!(Lang::Zh.other(), Lang::En);
    }

    #[test]
    fn layout_errors_read_in_both_languages() {
        let c1: Square = "c1".parse().unwrap();
        let e = LayoutError::FlagNotInHeadquarters(c1);
        assert_eq!(
            Lang::En.refused(&e),
            "Cannot swap: c1: the flag must stand in a headquarters (b1 or d1)."
        );
        assert_eq!(
            Lang::Zh.refused(&e),
            "不能交换：c1：军旗必须放在大本营（b1 或 d1）。"
        );
        let e = LayoutError::TooMany {
            square: c1,
            kind: Kind::Bomb,
            max: 2,
        };
        assert!(Lang::Zh.layout_error(&e).contains("炸弹多了一个"));
    }
}
