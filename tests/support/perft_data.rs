//! The perft data files (`tests/data/*_perft.txt`): entries of `id NAME`, the position on
//! a line of its own (`jnf …` for Junqi, `fen …` for Xiangqi), and `perft DEPTH COUNT`
//! lines; `#` starts a comment.

/// One entry of a data file: a position and its perft counts by depth.
pub struct Entry {
    /// Its name.
    pub id: String,
    /// The position, as the file writes it (JNF or FEN).
    pub position: String,
    /// The leaf counts, by depth.
    pub counts: Vec<(u32, u64)>,
}

/// Reads the data file at `path`, whose positions are on lines starting with
/// `position_key`.
pub fn read(path: &str, position_key: &str) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).expect("the perft data file");
    let mut entries: Vec<Entry> = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (key, value) = line.split_once(' ').expect("'key value' lines");
        match key {
            "id" => entries.push(Entry {
                id: value.into(),
                position: String::new(),
                counts: vec![],
            }),
            key if key == position_key => {
                entries.last_mut().expect("id first").position = value.into()
            }
            "perft" => {
                let (depth, count) = value.split_once(' ').expect("perft <depth> <count>");
                let entry = entries.last_mut().expect("id first");
                entry
                    .counts
                    .push((depth.parse().unwrap(), count.parse().unwrap()));
            }
            other => panic!("unknown key {other} in {path}"),
        }
    }
    entries
}
