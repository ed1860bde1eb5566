//! One battle under hidden pieces. The defender is the transfer's sender: for each of the
//! 12 kinds the attacker might be, it seals the outcome against its own kind plus a random
//! token for that outcome. The attacker, the receiver, chooses its own kind and so learns
//! just the outcome of this battle and its token; it announces both, and the defender
//! checks the token, so neither side can claim another outcome undetected (the attacker
//! holds only the one token; a false table or a false choice shows at the audit, when
//! both kinds are opened).

use super::ot::{OtError, Receiver, Sender};
use crate::rules::junqi::Kind;
pub use crate::rules::junqi::Report;

/// Bytes of one sealed table entry: the outcome code and its 16-byte token.
pub const TABLE_ENTRY: usize = 17;
/// Outcomes a battle can have (see [`Report::code`]).
pub const OUTCOMES: usize = 5;
/// Random bytes a [`Defence`] draws: 64 for the transfer, 16 per outcome token.
pub const DEFENCE_RANDOM: usize = 64 + 16 * OUTCOMES;

/// The transfer context of the battle at `ply` of the game bound by `binding`.
pub fn context(binding: &super::Binding, ply: u32) -> Vec<u8> {
    let mut ctx = binding.0.to_vec();
    ctx.extend_from_slice(&ply.to_be_bytes());
    ctx
}

/// The defender's side of a battle.
#[derive(Clone, Debug)]
pub struct Defence {
    sender: Sender,
    kind: Kind,
    tokens: [[u8; 16]; OUTCOMES],
}

impl Defence {
    /// Defends with `kind` (the piece on the attacked cell), from fresh random bytes.
    pub fn new(kind: Kind, random: &[u8; DEFENCE_RANDOM]) -> Defence {
        let sender = Sender::new(random[..64].try_into().expect("64 bytes"));
        let mut tokens = [[0; 16]; OUTCOMES];
        for (i, t) in tokens.iter_mut().enumerate() {
            t.copy_from_slice(&random[64 + 16 * i..80 + 16 * i]);
        }
        Defence {
            sender,
            kind,
            tokens,
        }
    }

    /// `S`: the first message.
    pub fn first(&self) -> [u8; 32] {
        self.sender.first()
    }

    /// The 12 sealed entries for the attacker's answer `R`: entry `i` holds the outcome of
    /// a piece of kind `i` attacking ours, and that outcome's token.
    pub fn table(&self, ctx: &[u8], r: &[u8; 32]) -> Result<Vec<Vec<u8>>, OtError> {
        let entries: Vec<Vec<u8>> = Kind::ALL
            .iter()
            .map(|&attacker| {
                let report = Report::of(attacker, self.kind);
                let mut entry = vec![report.code()];
                entry.extend_from_slice(&self.tokens[report.code() as usize]);
                entry
            })
            .collect();
        self.sender.encrypt(ctx, r, &entries)
    }

    /// Whether the attacker's announced outcome carries that outcome's token.
    pub fn confirms(&self, report: Report, token: &[u8; 16]) -> bool {
        self.tokens[report.code() as usize] == *token
    }
}

/// The attacker's side of a battle.
#[derive(Clone, Debug)]
pub struct Attack {
    receiver: Receiver,
}

impl Attack {
    /// Attacks with `kind` against the defender's `S`, from fresh random bytes.
    pub fn new(ctx: &[u8], s: &[u8; 32], kind: Kind, random: &[u8; 64]) -> Result<Attack, OtError> {
        let receiver = Receiver::new(ctx, s, kind.index(), Kind::ALL.len(), random)?;
        Ok(Attack { receiver })
    }

    /// `R`: the answer.
    pub fn answer(&self) -> [u8; 32] {
        self.receiver.answer()
    }

    /// The attacker's secret scalar (evidence against a false table).
    pub fn secret(&self) -> [u8; 32] {
        self.receiver.secret()
    }

    /// Opens this attacker's entry of the defender's table: the outcome and its token.
    pub fn open(&self, table: &[Vec<u8>]) -> Result<(Report, [u8; 16]), String> {
        if table.len() != Kind::ALL.len() || table.iter().any(|e| e.len() != TABLE_ENTRY) {
            return Err(format!(
                "a battle table needs {} entries of {TABLE_ENTRY} bytes",
                Kind::ALL.len()
            ));
        }
        let entry = self
            .receiver
            .decrypt(table)
            .ok_or("no entry for our kind")?;
        let report = Report::from_code(entry[0])
            .ok_or_else(|| format!("the battle table's entry holds no outcome ({})", entry[0]))?;
        Ok((report, entry[1..].try_into().expect("16 bytes")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random<const N: usize>(seed: u8) -> [u8; N] {
        std::array::from_fn(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
    }

    #[test]
    fn each_pairing_learns_the_true_outcome_and_its_token_confirms() {
        for attacker in Kind::ALL.into_iter().filter(|k| k.can_move()) {
            for defender in Kind::ALL {
                let ctx = b"game/ply";
                let d = Defence::new(defender, &random(defender as u8));
                let a =
                    Attack::new(ctx, &d.first(), attacker, &random(attacker as u8 + 50)).unwrap();
                let table = d.table(ctx, &a.answer()).unwrap();
                let (report, token) = a.open(&table).unwrap();
                assert_eq!(report, Report::of(attacker, defender));
                assert!(d.confirms(report, &token));
                for other in (0..5)
                    .filter_map(Report::from_code)
                    .filter(|r| *r != report)
                {
                    assert!(!d.confirms(other, &token), "{attacker:?} vs {defender:?}");
                }
            }
        }
    }

    #[test]
    fn a_malformed_table_is_refused() {
        let d = Defence::new(Kind::Major, &random(1));
        let a = Attack::new(b"c", &d.first(), Kind::General, &random(2)).unwrap();
        let mut table = d.table(b"c", &a.answer()).unwrap();
        table.pop();
        assert!(a.open(&table).is_err());
    }
}
