//! Layout commitments: one salted SHA-256 hash per piece, bound to the game (session, game
//! id), the side and the cell, sent before play; opened piece by piece (the flag, when its
//! field marshal dies) or all at once (the audit).

use super::tagged_hash;
use crate::rules::junqi::layout::PIECES;
use crate::rules::junqi::{Kind, Layout, Side, Square};

/// What every commitment and battle key of one game is bound to: a hash of the session
/// id and the game id, so nothing can be replayed into another game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Binding(pub [u8; 32]);

impl Binding {
    /// The binding of game `game_id` in the session with id `session`.
    pub fn new(session: &[u8], game_id: u64) -> Binding {
        Binding(tagged_hash(
            "lanqi/fair/binding",
            &[session, &game_id.to_be_bytes()],
        ))
    }
}

/// A commitment to one piece: `SHA-256(label, binding, side, cell, kind, salt)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Commitment(pub [u8; 32]);

/// A salt: 16 random bytes that make a commitment impossible to test against the 12
/// kinds.
pub type Salt = [u8; 16];

impl Commitment {
    /// The commitment to `kind` on `cell` (in the owner's own view) of `side`'s layout.
    pub fn to(binding: &Binding, side: Side, cell: Square, kind: Kind, salt: &Salt) -> Commitment {
        Commitment(tagged_hash(
            "lanqi/fair/piece",
            &[
                &binding.0,
                &[side.letter() as u8],
                cell.to_string().as_bytes(),
                &[kind.letter() as u8],
                salt,
            ],
        ))
    }
}

/// A side's 25 commitments, in layout order ([`Layout::cells`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Commitments(pub Vec<Commitment>);

impl Commitments {
    /// The commitment for `cell` (own view), if that cell holds a piece at deployment.
    pub fn at(&self, cell: Square) -> Option<Commitment> {
        Layout::cells()
            .position(|c| c == cell)
            .and_then(|i| self.0.get(i).copied())
    }

    /// Lower-case hex, 64 digits per commitment, in layout order.
    pub fn to_hex(&self) -> String {
        self.0
            .iter()
            .map(|c| crate::protocol::message::hex(&c.0))
            .collect()
    }

    /// Reads [`Commitments::to_hex`]: exactly 25 commitments.
    pub fn from_hex(text: &str) -> Result<Commitments, String> {
        let bytes = unhex(text).ok_or("commitments are not hex")?;
        if bytes.len() != 32 * PIECES {
            return Err(format!(
                "{} commitment bytes, expected {}",
                bytes.len(),
                32 * PIECES
            ));
        }
        Ok(Commitments(
            bytes
                .chunks_exact(32)
                .map(|c| Commitment(c.try_into().expect("32 bytes")))
                .collect(),
        ))
    }

    /// Checks an opening of the piece on `cell`: `kind` with `salt`.
    pub fn opens(
        &self,
        binding: &Binding,
        side: Side,
        cell: Square,
        kind: Kind,
        salt: &Salt,
    ) -> bool {
        self.at(cell) == Some(Commitment::to(binding, side, cell, kind, salt))
    }
}

/// A side's deployment with the salts of its commitments: what it keeps secret until the
/// audit opens it. The kinds are raw (one per layout cell, in layout order) so that an
/// opening can be checked against the commitments before its legality is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealedLayout {
    /// One kind per cell, in layout order ([`Layout::cells`]).
    pub kinds: Vec<Kind>,
    /// One salt per cell, in layout order.
    pub salts: Vec<Salt>,
}

impl SealedLayout {
    /// Seals `layout` with salts drawn from `secret` (32 random bytes kept by this peer):
    /// `salt_i = SHA-256(label, secret, binding, i)[..16]`.
    pub fn new(layout: &Layout, secret: &[u8; 32], binding: &Binding) -> SealedLayout {
        let kinds = Layout::cells()
            .map(|c| layout.kind_at(c).expect("a layout fills its cells"))
            .collect();
        SealedLayout::of_kinds(kinds, secret, binding)
    }

    /// Seals any 25 kinds, legal or not (a cheating peer's tool, and the audit's subject).
    pub fn of_kinds(kinds: Vec<Kind>, secret: &[u8; 32], binding: &Binding) -> SealedLayout {
        let salts = (0..kinds.len() as u32)
            .map(|i| {
                let h = tagged_hash("lanqi/fair/salt", &[secret, &binding.0, &i.to_be_bytes()]);
                h[..16].try_into().expect("16 bytes")
            })
            .collect();
        SealedLayout { kinds, salts }
    }

    /// The commitments that announce this deployment for `side`.
    pub fn commitments(&self, binding: &Binding, side: Side) -> Commitments {
        Commitments(
            Layout::cells()
                .zip(self.kinds.iter().zip(&self.salts))
                .map(|(cell, (kind, salt))| Commitment::to(binding, side, cell, *kind, salt))
                .collect(),
        )
    }

    /// The kind committed on `cell` (own view).
    pub fn kind_at(&self, cell: Square) -> Option<Kind> {
        Layout::cells()
            .position(|c| c == cell)
            .and_then(|i| self.kinds.get(i).copied())
    }

    /// The salt of `cell` (own view).
    pub fn salt_at(&self, cell: Square) -> Option<Salt> {
        Layout::cells()
            .position(|c| c == cell)
            .and_then(|i| self.salts.get(i).copied())
    }

    /// The kinds as 25 letters in layout order (the opening's first part).
    pub fn letters(&self) -> String {
        self.kinds.iter().map(|k| k.letter()).collect()
    }

    /// The salts as hex, 32 digits each, in layout order.
    pub fn salts_hex(&self) -> String {
        self.salts
            .iter()
            .map(|s| crate::protocol::message::hex(s))
            .collect()
    }

    /// Reads an opening: 25 kind letters and their salts as hex.
    pub fn from_opening(letters: &str, salts: &str) -> Result<SealedLayout, String> {
        let kinds: Option<Vec<Kind>> = letters.chars().map(Kind::from_letter).collect();
        let kinds = kinds.ok_or_else(|| format!("'{letters}' is not a list of piece letters"))?;
        if kinds.len() != PIECES {
            return Err(format!("{} pieces opened, expected {PIECES}", kinds.len()));
        }
        let bytes = unhex(salts).ok_or("salts are not hex")?;
        if bytes.len() != 16 * PIECES {
            return Err(format!(
                "{} salt bytes, expected {}",
                bytes.len(),
                16 * PIECES
            ));
        }
        let salts = bytes
            .chunks_exact(16)
            .map(|c| c.try_into().expect("16 bytes"))
            .collect();
        Ok(SealedLayout { kinds, salts })
    }

    /// The opened deployment as a layout, if it is a legal one (the error names the rule
    /// and the cell).
    pub fn layout(&self) -> Result<Layout, String> {
        let kinds: [Kind; PIECES] = self
            .kinds
            .clone()
            .try_into()
            .map_err(|_| "not 25 pieces".to_string())?;
        Layout::from_kinds(kinds).map_err(|e| e.to_string())
    }

    /// The cells whose commitment this opening does not open, in layout order.
    pub fn mismatches(
        &self,
        commitments: &Commitments,
        binding: &Binding,
        side: Side,
    ) -> Vec<Square> {
        let mine = self.commitments(binding, side);
        Layout::cells()
            .zip(mine.0.iter().zip(&commitments.0))
            .filter(|(_, (a, b))| a != b)
            .map(|(cell, _)| cell)
            .collect()
    }
}

/// Lower-case or upper-case hex to bytes; `None` if not an even run of hex digits.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            let pair = text.get(i..i + 2)?;
            u8::from_str_radix(pair, 16).ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sealed() -> (SealedLayout, Binding) {
        let binding = Binding::new(b"session", 7);
        (
            SealedLayout::new(&Layout::random(3), &[9; 32], &binding),
            binding,
        )
    }

    #[test]
    fn every_piece_opens_against_its_own_commitment_and_no_other_kind() {
        let (sealed, binding) = sealed();
        let commits = sealed.commitments(&binding, Side::North);
        assert_eq!(commits.0.len(), 25);
        for cell in Layout::cells() {
            let kind = sealed.kind_at(cell).unwrap();
            let salt = sealed.salt_at(cell).unwrap();
            assert!(commits.opens(&binding, Side::North, cell, kind, &salt));
            for other in Kind::ALL.into_iter().filter(|&k| k != kind) {
                assert!(!commits.opens(&binding, Side::North, cell, other, &salt));
            }
            // Bound to side and game.
            assert!(!commits.opens(&binding, Side::South, cell, kind, &salt));
            assert!(!commits.opens(&Binding::new(b"session", 8), Side::North, cell, kind, &salt));
        }
    }

    #[test]
    fn commitments_and_openings_round_trip_as_text() {
        let (sealed, binding) = sealed();
        let commits = sealed.commitments(&binding, Side::South);
        assert_eq!(Commitments::from_hex(&commits.to_hex()).unwrap(), commits);
        let back = SealedLayout::from_opening(&sealed.letters(), &sealed.salts_hex()).unwrap();
        assert_eq!(back, sealed);
        assert_eq!(back.layout().unwrap(), Layout::random(3));
        assert!(back.mismatches(&commits, &binding, Side::South).is_empty());
        let mut swapped = back.clone();
        swapped.kinds.swap(0, 1);
        if swapped.kinds[0] != swapped.kinds[1] {
            assert_eq!(swapped.mismatches(&commits, &binding, Side::South).len(), 2);
        }
        let mut illegal = back.clone();
        illegal.kinds[0] = Kind::Landmine;
        assert!(illegal.layout().is_err());
        assert!(Commitments::from_hex("abc").is_err());
        assert!(Commitments::from_hex(&"00".repeat(32 * 24)).is_err());
        assert!(SealedLayout::from_opening(&sealed.letters(), "zz").is_err());
        assert!(SealedLayout::from_opening("abc", &sealed.salts_hex()).is_err());
    }

    #[test]
    fn different_secrets_give_unrelated_salts() {
        let binding = Binding::new(b"s", 1);
        let a = SealedLayout::new(&Layout::random(1), &[1; 32], &binding);
        let b = SealedLayout::new(&Layout::random(1), &[2; 32], &binding);
        assert!(a.salts.iter().zip(&b.salts).all(|(x, y)| x != y));
    }
}
