//! What a session needs from a game's rules core: a small, game-agnostic surface over
//! positions, moves in a player's own view, outcomes and the public position hash.

/// A seat at the table: 0 is the player who challenged, 1 the one who accepted (later
/// games of 3-4 players add seats 2 and 3).
pub type Seat = u8;

/// How a game ended, in the words both peers print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why, e.g. `flag lost`, `resignation`, `time`.
    pub reason: String,
}

/// What a move did, as both players may learn it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move in the absolute frame (for logs and transcripts).
    pub absolute: String,
    /// The battle outcome from the mover's side (`win`, `lose`, `both`), if it was one.
    pub outcome: Option<&'static str>,
}

/// A game's rules as a session drives them. Moves travel in the mover's own view.
pub trait TableGame: Clone + Sized {
    /// The game's name on the wire, e.g. `junqi`.
    const NAME: &'static str;
    /// Whether each seat sends a setup (Junqi: its layout) before play.
    const HAS_SETUP: bool;

    /// Checks a setup text a seat sent (or wants to send).
    fn check_setup(text: &str) -> Result<(), String>;
    /// The starting position from every seat's setup and the seat that moves first.
    fn start(setups: &[String], first: Seat) -> Result<Self, String>;
    /// Whose turn it is.
    fn to_move(&self) -> Seat;
    /// Plies played.
    fn ply(&self) -> u32;
    /// The legal moves of the seat to move, in that seat's own view.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays `seat`'s move given in its own view; an error names what is wrong.
    fn play(&mut self, seat: Seat, own_view: &str) -> Result<Played, String>;
    /// The ending decided by the rules (not by resignation, agreement or clocks).
    fn ending(&self) -> Option<Ending>;
    /// The public position hash both peers compare after each move.
    fn hash(&self) -> String;
    /// A seat's name in `over` messages and events (Junqi: `south` / `north`).
    fn seat_name(seat: Seat) -> &'static str;
}
