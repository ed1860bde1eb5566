//! A reliable, ordered, exactly-once message channel over an unreliable datagram link.
//!
//! This module is sans-IO: it never touches a socket, a task or a clock. The caller feeds it
//! received [`Segment`]s and the current time ([`Millis`], any epoch, virtual in tests), and asks
//! it what to put on the wire next with [`Channel::poll_transmit`]. One [`Channel`] serves one
//! peer: it numbers and sends our messages to that peer, and reassembles theirs.
//!
//! Design:
//!
//! - **Sequence numbers** count fragments, from 1 upward; seq 0 marks a segment without data (a
//!   pure ack or a heartbeat). A message of `n` fragments takes `n` consecutive seqs, fragment
//!   `i` at `first + i`, so the receiver can tell from one fragment where its message starts
//!   and ends.
//! - **Acks** ride on every segment: `ack` is cumulative (every seq `<= ack` arrived) and bit
//!   `i` of `ack_bits` says seq `ack + 2 + i` arrived too (seq `ack + 1` is by definition
//!   missing, so it gets no bit). Selectively acked segments are freed at once and never
//!   retransmitted. A cumulative ack beyond the highest seq we ever sent is ignored whole (it
//!   cannot be about this stream); bits for seqs never sent are ignored.
//! - **Retransmission** is per segment: each unacked segment is resent when its RTO expires,
//!   and its RTO doubles on every resend, up to `max_rto`. A fresh segment's RTO is
//!   `initial_rto` until the first RTT sample, then `SRTT + 4 * RTTVAR` (RFC 6298, clamped to
//!   `[MIN_RTO, max_rto]`). Samples follow Karn's rule: only segments sent exactly once are
//!   measured, one sample (the most recently sent segment) per received segment.
//! - **Window**: a new segment goes out only if its seq is less than `window` past the oldest
//!   unacked seq, so at most `window` segments are ever in flight and the receiver's buffer
//!   (which accepts `2 * window` seqs past its cumulative ack) always has room for them.
//! - **Reassembly**: out-of-order fragments wait in a buffer keyed by seq; whenever the
//!   cumulative ack advances, the now-contiguous fragments are appended in order to the message
//!   being assembled, and each completed message is handed out exactly once. Every received
//!   fragment is checked against everything already known (the buffered fragments and the
//!   message in progress): two fragments either describe the same message (same first seq, same
//!   count) or messages that do not overlap; anything else is a [`ChannelError::BadSegment`].

use std::collections::{BTreeMap, VecDeque};

/// Milliseconds since an arbitrary epoch chosen by the caller (virtual time in tests).
pub type Millis = u64;

/// The lowest RTO derived from RTT samples (a floor against a jittery LAN's tiny RTTs).
pub const MIN_RTO: Millis = 20;

/// Number of seqs past `ack + 1` that `ack_bits` can report.
const ACK_BITS: u32 = 32;

/// The reliability fields a datagram carries, plus its payload bytes (one fragment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Sequence number of this fragment, from 1 upward per direction; 0 = carries no data (pure ack / heartbeat).
    pub seq: u32,
    /// Cumulative ack: every seq <= ack has been received (0 = none yet).
    pub ack: u32,
    /// Bit i set = seq `ack + 2 + i` has been received too (selective acks of out-of-order segments).
    pub ack_bits: u32,
    /// Index of this fragment within its message (0-based).
    pub frag_index: u8,
    /// Number of fragments of its message (>= 1 for data; 0 for seq 0 segments).
    pub frag_count: u8,
    /// The fragment's bytes (empty for seq 0).
    pub payload: Vec<u8>,
}

impl Segment {
    /// Whether this segment carries a fragment of a message (seq != 0), as opposed to being a
    /// pure ack or heartbeat.
    pub fn is_data(&self) -> bool {
        self.seq != 0
    }
}

/// Tuning of a [`Channel`]; both peers should use the same values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// RTO of a segment's first transmission before any RTT has been measured (default 200).
    pub initial_rto: Millis,
    /// Ceiling of the RTO, however often a segment is retransmitted (default 2000).
    pub max_rto: Millis,
    /// Bytes of payload per segment at most (default 1000).
    pub max_fragment: usize,
    /// Fragments per message at most (default 64): a message is at most
    /// `max_fragment * max_fragments` bytes.
    pub max_fragments: u8,
    /// Unacked segments in flight at most (default 32).
    pub window: u32,
    /// If nothing was sent for this long, `poll_transmit` yields a seq-0 heartbeat (default 1000).
    pub heartbeat: Millis,
    /// Fragments waiting to be sent at most (default 4096): a peer that acknowledges
    /// nothing cannot make the queue grow beyond it ([`ChannelError::QueueFull`]).
    pub max_queued: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            initial_rto: 200,
            max_rto: 2000,
            max_fragment: 1000,
            max_fragments: 64,
            window: 32,
            heartbeat: 1000,
            max_queued: 4096,
        }
    }
}

impl Config {
    /// The largest message [`Channel::send`] accepts, in bytes.
    pub fn max_message(&self) -> usize {
        self.fragment_limit()
            .saturating_mul(usize::from(self.fragments_limit()))
    }

    fn fragment_limit(&self) -> usize {
        self.max_fragment.max(1)
    }

    fn fragments_limit(&self) -> u8 {
        self.max_fragments.max(1)
    }

    fn window_limit(&self) -> u32 {
        self.window.max(1)
    }

    fn max_rto_limit(&self) -> Millis {
        self.max_rto.max(1)
    }
}

/// What went wrong in a [`Channel`] operation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChannelError {
    /// [`Channel::send`] was given a message over the size limit.
    #[error("message of {size} bytes is larger than the limit of {limit} bytes")]
    MessageTooLarge {
        /// The message's size in bytes.
        size: usize,
        /// The largest message allowed ([`Config::max_message`]).
        limit: usize,
    },
    /// [`Channel::send`] found the queue full: the peer has not acknowledged what waits.
    #[error("{queued} fragments wait for the peer's acknowledgement: the queue is full")]
    QueueFull {
        /// How many wait.
        queued: usize,
    },
    /// A received segment's fragment fields are malformed or contradict what was received before.
    #[error("bad segment with seq {seq}: {fault}")]
    BadSegment {
        /// The segment's seq.
        seq: u32,
        /// What is wrong with it.
        fault: SegmentFault,
    },
    /// The u32 sequence space is used up (after about four billion fragments).
    #[error("sequence numbers exhausted: cannot number {needed} more fragments after seq {last}")]
    SequenceExhausted {
        /// The last seq handed out.
        last: u32,
        /// How many fragments the message needed.
        needed: usize,
    },
}

/// Why a received segment was rejected (see [`ChannelError::BadSegment`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SegmentFault {
    /// A seq-0 segment (pure ack / heartbeat) with fragment fields or payload.
    #[error(
        "a seq-0 segment must have no fragment fields and no payload, \
         but it has frag_index {index}, frag_count {count} and {len} payload bytes"
    )]
    ControlWithData {
        /// Its frag_index.
        index: u8,
        /// Its frag_count.
        count: u8,
        /// Its payload length.
        len: usize,
    },
    /// A data segment with frag_count 0.
    #[error("frag_count is 0 on a data segment")]
    ZeroFragmentCount,
    /// frag_index is not below frag_count.
    #[error("frag_index {index} is not below frag_count {count}")]
    IndexOutOfRange {
        /// Its frag_index.
        index: u8,
        /// Its frag_count.
        count: u8,
    },
    /// frag_count exceeds [`Config::max_fragments`].
    #[error("frag_count {count} is over the limit of {limit} fragments per message")]
    TooManyFragments {
        /// Its frag_count.
        count: u8,
        /// The configured limit.
        limit: u8,
    },
    /// The payload exceeds [`Config::max_fragment`].
    #[error("payload of {len} bytes is over the limit of {limit} bytes per fragment")]
    PayloadTooLarge {
        /// Its payload length.
        len: usize,
        /// The configured limit.
        limit: usize,
    },
    /// frag_index is so large that the message would start at or before seq 0.
    #[error("fragment {index} would put the start of its message at or before seq 0")]
    StartsBeforeFirst {
        /// Its frag_index.
        index: u8,
    },
    /// The message would end past the last u32 seq.
    #[error("fragment {index} of {count} would put the end of its message past the last seq")]
    RunsPastLast {
        /// Its frag_index.
        index: u8,
        /// Its frag_count.
        count: u8,
    },
    /// The fragment places its message differently from a fragment received earlier.
    #[error(
        "fragment {index} of {count} contradicts seq {other_seq}, \
         received as fragment {other_index} of {other_count}"
    )]
    Conflicts {
        /// Its frag_index.
        index: u8,
        /// Its frag_count.
        count: u8,
        /// The seq of the earlier fragment it contradicts.
        other_seq: u32,
        /// That fragment's frag_index.
        other_index: u8,
        /// That fragment's frag_count.
        other_count: u8,
    },
    /// The fragment's message would span the end of a message already delivered.
    #[error(
        "fragment {index} of {count} would make its message span the end of the messages \
         already delivered (up to seq {delivered})"
    )]
    CrossesDelivered {
        /// Its frag_index.
        index: u8,
        /// Its frag_count.
        count: u8,
        /// The last seq delivered, which ended a message.
        delivered: u32,
    },
}

/// What [`Channel::receive`] made of one segment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Receipt {
    /// Complete messages that became deliverable, in order; each is handed out exactly once.
    pub delivered: Vec<Vec<u8>>,
    /// The segment carried data that had already been received.
    pub duplicate: bool,
}

/// Counters of a [`Channel`]'s unusual events.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChannelStats {
    /// Segments sent again after their RTO expired.
    pub retransmissions: u64,
    /// Data segments received that had been received before.
    pub duplicates: u64,
    /// Data segments dropped for being too far past the cumulative ack to buffer.
    pub out_of_window: u64,
}

/// One fragment of a message, as queued, in flight or buffered.
#[derive(Clone, Debug)]
struct Fragment {
    index: u8,
    count: u8,
    payload: Vec<u8>,
}

impl Fragment {
    /// The first and last seq of this fragment's message, given the fragment's own seq.
    /// Only called on fragments that passed validation, so it saturates rather than fails.
    fn span(&self, seq: u32) -> (u32, u32) {
        let start = seq.saturating_sub(u32::from(self.index));
        let end = start.saturating_add(u32::from(self.count).saturating_sub(1));
        (start, end)
    }
}

/// A sent, not yet acked fragment.
#[derive(Clone, Debug)]
struct InFlight {
    seq: u32,
    fragment: Fragment,
    /// When it was last put on the wire.
    sent_at: Millis,
    /// Its current RTO (doubles on every retransmission).
    rto: Millis,
    /// When it is due for retransmission.
    due: Millis,
    /// Sent more than once: no RTT sample from its ack (Karn).
    retransmitted: bool,
}

/// The message being reassembled from in-order fragments.
#[derive(Clone, Debug)]
struct Partial {
    /// Seq of its fragment 0.
    start: u32,
    /// Its fragment count.
    count: u8,
    /// Index of the fragment expected next.
    next_index: u8,
    /// The bytes so far.
    bytes: Vec<u8>,
}

/// A reliable, ordered, exactly-once message channel with one peer (both directions' state).
#[derive(Clone, Debug)]
pub struct Channel {
    config: Config,

    // Sending side.
    /// The seq the next queued fragment gets.
    next_seq: u32,
    /// Fragments numbered but never sent, in seq order.
    queue: VecDeque<(u32, Fragment)>,
    /// Fragments sent and not yet acked, in seq order (at most `window` of them).
    in_flight: VecDeque<InFlight>,
    /// The highest seq ever put on the wire (0 = none).
    highest_sent: u32,
    /// Smoothed RTT, once measured.
    srtt: Option<Millis>,
    /// RTT variation.
    rttvar: Millis,

    // Receiving side.
    /// Cumulative ack: every seq <= this was received.
    recv_ack: u32,
    /// Received fragments past `recv_ack + 1`, by seq.
    buffer: BTreeMap<u32, Fragment>,
    /// The `ack_bits` describing `buffer` (kept up to date by `receive`).
    recv_bits: u32,
    /// The message whose first fragments were received in order.
    partial: Option<Partial>,
    /// Data was received since our last transmission: the peer is owed an ack.
    ack_owed: bool,

    // Timing.
    /// Start of the current silence: our last transmission, or the first time we saw.
    quiet_since: Option<Millis>,
    /// The latest time passed in.
    clock: Millis,

    stats: ChannelStats,
}

impl Channel {
    /// A fresh channel: nothing sent, nothing received.
    pub fn new(config: Config) -> Channel {
        Channel {
            config,
            next_seq: 1,
            queue: VecDeque::new(),
            in_flight: VecDeque::new(),
            highest_sent: 0,
            srtt: None,
            rttvar: 0,
            recv_ack: 0,
            buffer: BTreeMap::new(),
            recv_bits: 0,
            partial: None,
            ack_owed: false,
            quiet_since: None,
            clock: 0,
            stats: ChannelStats::default(),
        }
    }

    /// How many segments may be in flight from now on (at least 1); those in flight stay.
    pub fn set_window(&mut self, window: u32) {
        self.config.window = window.max(1);
    }

    /// The configuration this channel runs with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Queues a whole message (split into fragments). Error if larger than the limit
    /// ([`Config::max_message`]). An empty message is allowed and arrives as an empty message.
    pub fn send(&mut self, message: &[u8]) -> Result<(), ChannelError> {
        let limit = self.config.max_message();
        if message.len() > limit {
            return Err(ChannelError::MessageTooLarge {
                size: message.len(),
                limit,
            });
        }
        let fragment_size = self.config.fragment_limit();
        let needed = message.len().div_ceil(fragment_size).max(1);
        let too_large = ChannelError::MessageTooLarge {
            size: message.len(),
            limit,
        };
        let count = u8::try_from(needed).map_err(|_| too_large.clone())?;
        if self.queue.len() + needed > self.config.max_queued {
            return Err(ChannelError::QueueFull {
                queued: self.queue.len(),
            });
        }
        let exhausted = ChannelError::SequenceExhausted {
            last: self.next_seq.saturating_sub(1),
            needed,
        };
        // The seq after the last fragment must exist too, so that `next_seq` stays valid.
        let after = self
            .next_seq
            .checked_add(u32::from(count))
            .ok_or(exhausted)?;
        let chunks: Vec<&[u8]> = if message.is_empty() {
            vec![&[]]
        } else {
            message.chunks(fragment_size).collect()
        };
        for (index, chunk) in chunks.into_iter().enumerate() {
            let index = u8::try_from(index).map_err(|_| too_large.clone())?;
            let seq = self.next_seq.saturating_add(u32::from(index));
            self.queue.push_back((
                seq,
                Fragment {
                    index,
                    count,
                    payload: chunk.to_vec(),
                },
            ));
        }
        self.next_seq = after;
        Ok(())
    }

    /// Takes in one received segment at time `now`: applies its ack fields (freeing acked
    /// segments, possibly taking an RTT sample), and for data stores it (out-of-order buffer
    /// bounded to `2 * window` beyond the cumulative ack; segments beyond that are dropped and
    /// counted), and returns the complete messages that became deliverable in order (each
    /// exactly once, ever). A duplicate of already-received data is reported
    /// ([`Receipt::duplicate`]) and still makes an ack owed (the peer evidently missed our ack).
    /// A segment with inconsistent fragment fields is an `Err` and changes nothing.
    pub fn receive(&mut self, segment: Segment, now: Millis) -> Result<Receipt, ChannelError> {
        self.validate(&segment)
            .map_err(|fault| ChannelError::BadSegment {
                seq: segment.seq,
                fault,
            })?;
        self.observe(now);
        self.apply_acks(segment.ack, segment.ack_bits, now);

        let mut receipt = Receipt::default();
        let seq = segment.seq;
        if seq == 0 {
            return Ok(receipt);
        }
        self.ack_owed = true;
        if seq <= self.recv_ack || self.buffer.contains_key(&seq) {
            self.stats.duplicates += 1;
            receipt.duplicate = true;
            return Ok(receipt);
        }
        let reach = self.config.window_limit().saturating_mul(2);
        if seq > self.recv_ack.saturating_add(reach) {
            self.stats.out_of_window += 1;
            return Ok(receipt);
        }
        self.buffer.insert(
            seq,
            Fragment {
                index: segment.frag_index,
                count: segment.frag_count,
                payload: segment.payload,
            },
        );
        self.drain_in_order(&mut receipt.delivered);
        self.recv_bits = self.compute_ack_bits();
        Ok(receipt)
    }

    /// Owes the peer a datagram: the next [`Channel::poll_transmit`] yields one (a pure
    /// ack) even with nothing to say, so a fresh session is spoken in at once.
    pub fn owe_ack(&mut self) {
        self.ack_owed = true;
    }

    /// The next segment to put on the wire now, if any: in priority order, a retransmission
    /// that is due (each unacked segment is retransmitted after its RTO, which starts at the
    /// base RTO and doubles on every retransmission up to `max_rto`), new data within the
    /// window, else a pure ack (seq 0) if one is owed, else a heartbeat (seq 0, empty) if
    /// nothing has been sent for `heartbeat` ms. Every segment returned carries the current
    /// ack/ack_bits. Call repeatedly until `None`.
    ///
    /// The heartbeat's silence is counted from our last transmission, or from the first time
    /// this channel was given (by this method or [`Channel::receive`]).
    pub fn poll_transmit(&mut self, now: Millis) -> Option<Segment> {
        self.observe(now);
        let segment = self
            .retransmission(now)
            .or_else(|| self.new_data(now))
            .or_else(|| {
                if self.ack_owed {
                    Some(self.control_segment())
                } else {
                    None
                }
            })
            .or_else(|| {
                let quiet_since = self.quiet_since?;
                let due = quiet_since.saturating_add(self.config.heartbeat.max(1));
                (now >= due).then(|| self.control_segment())
            })?;
        self.ack_owed = false;
        self.quiet_since = Some(now);
        Some(segment)
    }

    /// The earliest time at which `poll_transmit` may have something new to send
    /// (retransmission or heartbeat), if any. If something can be sent already (an owed ack, or
    /// queued data the window admits), this is the latest time the channel was given.
    pub fn next_timeout(&self) -> Option<Millis> {
        if self.ack_owed || self.window_admits_next() {
            return Some(self.clock);
        }
        let retransmission = self.in_flight.iter().map(|f| f.due).min();
        let heartbeat = self
            .quiet_since
            .map(|t| t.saturating_add(self.config.heartbeat.max(1)));
        match (retransmission, heartbeat) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Segments sent but not yet acked, plus queued ones.
    pub fn pending(&self) -> usize {
        self.in_flight.len() + self.queue.len()
    }

    /// Segments sent but not yet acked (never more than [`Config::window`]).
    pub fn in_flight(&self) -> usize {
        self.in_flight.len()
    }

    /// Counters: retransmissions, duplicates received, out_of_window dropped.
    pub fn stats(&self) -> ChannelStats {
        self.stats
    }

    /// The smoothed round-trip time, once one has been measured.
    pub fn srtt(&self) -> Option<Millis> {
        self.srtt
    }

    /// The RTO a segment sent now would start with: `initial_rto` before any RTT sample, then
    /// `SRTT + 4 * RTTVAR`, clamped to `[MIN_RTO, max_rto]`.
    pub fn rto(&self) -> Millis {
        let max = self.config.max_rto_limit();
        match self.srtt {
            None => self.config.initial_rto.clamp(1, max),
            Some(srtt) => srtt
                .saturating_add(self.rttvar.saturating_mul(4).max(1))
                .clamp(MIN_RTO.min(max), max),
        }
    }

    /// Every seq up to this one has been received from the peer.
    pub fn received_up_to(&self) -> u32 {
        self.recv_ack
    }

    fn observe(&mut self, now: Millis) {
        self.clock = self.clock.max(now);
        if self.quiet_since.is_none() {
            self.quiet_since = Some(now);
        }
    }

    /// Checks a received segment's fragment fields on their own and against what is known.
    fn validate(&self, segment: &Segment) -> Result<(), SegmentFault> {
        let (index, count, len) = (
            segment.frag_index,
            segment.frag_count,
            segment.payload.len(),
        );
        if segment.seq == 0 {
            if index != 0 || count != 0 || len != 0 {
                return Err(SegmentFault::ControlWithData { index, count, len });
            }
            return Ok(());
        }
        if count == 0 {
            return Err(SegmentFault::ZeroFragmentCount);
        }
        if index >= count {
            return Err(SegmentFault::IndexOutOfRange { index, count });
        }
        let limit = self.config.fragments_limit();
        if count > limit {
            return Err(SegmentFault::TooManyFragments { count, limit });
        }
        let limit = self.config.fragment_limit();
        if len > limit {
            return Err(SegmentFault::PayloadTooLarge { len, limit });
        }
        let start = match segment.seq.checked_sub(u32::from(index)) {
            Some(start) if start >= 1 => start,
            _ => return Err(SegmentFault::StartsBeforeFirst { index }),
        };
        let end = start
            .checked_add(u32::from(count) - 1)
            .ok_or(SegmentFault::RunsPastLast { index, count })?;
        let overlaps = |a: u32, b: u32| start <= b && a <= end;

        // Against what has been delivered or is being reassembled.
        match &self.partial {
            Some(p) => {
                let p_end = p.start.saturating_add(u32::from(p.count).saturating_sub(1));
                if overlaps(p.start, p_end) && (start != p.start || count != p.count) {
                    return Err(SegmentFault::Conflicts {
                        index,
                        count,
                        other_seq: p.start,
                        other_index: 0,
                        other_count: p.count,
                    });
                }
            }
            None => {
                if start <= self.recv_ack && end > self.recv_ack {
                    return Err(SegmentFault::CrossesDelivered {
                        index,
                        count,
                        delivered: self.recv_ack,
                    });
                }
            }
        }

        // Against buffered fragments. Their spans are pairwise identical or disjoint (each was
        // checked on arrival), so only those inside this span and the nearest one on either
        // side can overlap it: a farther one ends (or starts) beyond the nearest one's span.
        let before = self.buffer.range(..start).next_back();
        let after = end
            .checked_add(1)
            .and_then(|next| self.buffer.range(next..).next());
        let inside = self.buffer.range(start..=end);
        for (&other_seq, other) in before.into_iter().chain(inside).chain(after) {
            let (o_start, o_end) = other.span(other_seq);
            if overlaps(o_start, o_end) && (o_start != start || other.count != count) {
                return Err(SegmentFault::Conflicts {
                    index,
                    count,
                    other_seq,
                    other_index: other.index,
                    other_count: other.count,
                });
            }
        }
        Ok(())
    }

    /// Frees what the peer acknowledges and takes an RTT sample if one is clean.
    fn apply_acks(&mut self, ack: u32, ack_bits: u32, now: Millis) {
        if ack > self.highest_sent {
            // Acknowledges seqs we never sent: not about this stream.
            return;
        }
        let first_bit = ack.checked_add(2);
        let acked = |seq: u32| {
            seq <= ack
                || first_bit
                    .and_then(|first| seq.checked_sub(first))
                    .is_some_and(|bit| bit < ACK_BITS && ack_bits & (1 << bit) != 0)
        };
        let mut newest_clean: Option<Millis> = None;
        self.in_flight.retain(|flight| {
            if !acked(flight.seq) {
                return true;
            }
            if !flight.retransmitted {
                newest_clean = Some(newest_clean.map_or(flight.sent_at, |t| t.max(flight.sent_at)));
            }
            false
        });
        if let Some(sent_at) = newest_clean {
            self.take_rtt_sample(now.saturating_sub(sent_at));
        }
    }

    fn take_rtt_sample(&mut self, rtt: Millis) {
        match self.srtt {
            None => {
                self.srtt = Some(rtt);
                self.rttvar = rtt / 2;
            }
            Some(srtt) => {
                let deviation = srtt.abs_diff(rtt);
                self.rttvar = (self.rttvar.saturating_mul(3).saturating_add(deviation)) / 4;
                self.srtt = Some((srtt.saturating_mul(7).saturating_add(rtt)) / 8);
            }
        }
    }

    /// Moves now-contiguous fragments from the buffer into reassembly, collecting whole messages.
    fn drain_in_order(&mut self, delivered: &mut Vec<Vec<u8>>) {
        while let Some(next) = self.recv_ack.checked_add(1)
            && let Some(fragment) = self.buffer.remove(&next)
        {
            self.recv_ack = next;
            let Fragment {
                index,
                count,
                payload,
            } = fragment;
            if index == 0 {
                self.partial = Some(Partial {
                    start: next,
                    count,
                    next_index: 0,
                    bytes: Vec::new(),
                });
            }
            // Validation guarantees the fragment continues the partial message; if it somehow
            // did not, the message is dropped rather than delivered wrong.
            let Some(partial) = self
                .partial
                .as_mut()
                .filter(|p| p.count == count && p.next_index == index)
            else {
                self.partial = None;
                continue;
            };
            partial.bytes.extend_from_slice(&payload);
            partial.next_index = partial.next_index.saturating_add(1);
            if partial.next_index == partial.count
                && let Some(done) = self.partial.take()
            {
                delivered.push(done.bytes);
            }
        }
    }

    /// The first sent fragment whose RTO expired, resent with a doubled RTO.
    fn retransmission(&mut self, now: Millis) -> Option<Segment> {
        let max_rto = self.config.max_rto_limit();
        let flight = self
            .in_flight
            .iter_mut()
            .filter(|f| f.due <= now)
            .min_by_key(|f| (f.due, f.seq))?;
        let seq = flight.seq;
        flight.rto = flight.rto.saturating_mul(2).clamp(1, max_rto);
        flight.due = now.saturating_add(flight.rto);
        flight.sent_at = now;
        flight.retransmitted = true;
        let fragment = flight.fragment.clone();
        self.stats.retransmissions += 1;
        Some(self.data_segment(seq, fragment))
    }

    /// Whether the window admits the first queued fragment.
    fn window_admits_next(&self) -> bool {
        let Some(&(seq, _)) = self.queue.front() else {
            return false;
        };
        let base = self.in_flight.front().map_or(seq, |f| f.seq);
        seq < base.saturating_add(self.config.window_limit())
    }

    /// The first queued fragment, if the window admits it, now in flight.
    fn new_data(&mut self, now: Millis) -> Option<Segment> {
        if !self.window_admits_next() {
            return None;
        }
        let (seq, fragment) = self.queue.pop_front()?;
        let rto = self.rto();
        // Queued seqs only grow, so pushing at the back keeps `in_flight` in seq order.
        self.in_flight.push_back(InFlight {
            seq,
            fragment: fragment.clone(),
            sent_at: now,
            rto,
            due: now.saturating_add(rto),
            retransmitted: false,
        });
        self.highest_sent = self.highest_sent.max(seq);
        Some(self.data_segment(seq, fragment))
    }

    fn data_segment(&self, seq: u32, fragment: Fragment) -> Segment {
        Segment {
            seq,
            ack: self.recv_ack,
            ack_bits: self.recv_bits,
            frag_index: fragment.index,
            frag_count: fragment.count,
            payload: fragment.payload,
        }
    }

    fn control_segment(&self) -> Segment {
        Segment {
            seq: 0,
            ack: self.recv_ack,
            ack_bits: self.recv_bits,
            frag_index: 0,
            frag_count: 0,
            payload: Vec::new(),
        }
    }

    /// Bit i set = seq `recv_ack + 2 + i` is in the buffer.
    fn compute_ack_bits(&self) -> u32 {
        let first = self.recv_ack.saturating_add(2);
        let last = self.recv_ack.saturating_add(ACK_BITS + 1);
        let mut bits = 0;
        for &seq in self.buffer.range(first..=last).map(|(s, _)| s) {
            if let Some(offset) = seq.checked_sub(self.recv_ack.saturating_add(2))
                && offset < ACK_BITS
            {
                bits |= 1 << offset;
            }
        }
        bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// splitmix64: a tiny deterministic PRNG for the simulations.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        /// Uniform in `0..n` (n > 0; the modulo bias is irrelevant here).
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }

        fn percent(&mut self, p: u64) -> bool {
            self.below(100) < p
        }

        fn bytes(&mut self, len: usize) -> Vec<u8> {
            let mut out = Vec::with_capacity(len + 8);
            while out.len() < len {
                out.extend_from_slice(&self.next().to_le_bytes());
            }
            out.truncate(len);
            out
        }
    }

    fn data(seq: u32, index: u8, count: u8, payload: &[u8]) -> Segment {
        Segment {
            seq,
            ack: 0,
            ack_bits: 0,
            frag_index: index,
            frag_count: count,
            payload: payload.to_vec(),
        }
    }

    fn control(ack: u32, ack_bits: u32) -> Segment {
        Segment {
            seq: 0,
            ack,
            ack_bits,
            frag_index: 0,
            frag_count: 0,
            payload: Vec::new(),
        }
    }

    /// Everything `channel` has to send at `now`, checking the window after every segment.
    fn drain(channel: &mut Channel, now: Millis) -> Vec<Segment> {
        let mut out = Vec::new();
        while let Some(segment) = channel.poll_transmit(now) {
            let window = channel.config().window.max(1) as usize;
            assert!(channel.in_flight() <= window, "window exceeded");
            out.push(segment);
            assert!(out.len() < 10_000, "poll_transmit never returns None");
        }
        out
    }

    /// Message `id` of random size: mostly small, some spanning several fragments (up to
    /// ~5 KB). The bytes are a random slice of `pool`, stamped with the id and a random word
    /// (when long enough) so that no two messages are alike.
    fn random_message(rng: &mut Rng, pool: &[u8], id: u32) -> Vec<u8> {
        let len = match rng.below(10) {
            0..=5 => rng.below(200),
            6..=7 => rng.below(1500),
            _ => 1500 + rng.below(3700),
        } as usize;
        let offset = rng.below((pool.len() - len) as u64) as usize;
        let mut message = pool[offset..offset + len].to_vec();
        let mut stamp = id.to_le_bytes().to_vec();
        stamp.extend_from_slice(&rng.next().to_le_bytes());
        for (byte, s) in message.iter_mut().zip(stamp) {
            *byte = s;
        }
        message
    }

    struct Datagram {
        at: Millis,
        order: u64,
        to: usize,
        segment: Segment,
    }

    /// Two channels over a link with 20% loss, 5% duplication and 1..=80 ms of random delay
    /// per datagram (hence reordering). Returns the virtual time at which both sides were done.
    fn simulate(seed: u64) -> Millis {
        const LIMIT: Millis = 120_000;
        let mut rng = Rng(seed);
        let config = Config::default();
        let mut channels = [Channel::new(config), Channel::new(config)];
        // Each side's messages with the time the application sends them.
        let mut plans: [Vec<(Millis, Vec<u8>)>; 2] = Default::default();
        let pool = rng.bytes(8192);
        for plan in &mut plans {
            let count = 200 + rng.below(150);
            let mut at = 0;
            for id in 0..count as u32 {
                at += if rng.percent(30) { 0 } else { rng.below(40) };
                plan.push((at, random_message(&mut rng, &pool, id)));
            }
        }
        let mut next_send = [0usize; 2];
        let mut received: [Vec<Vec<u8>>; 2] = Default::default();
        let mut checked = [0usize; 2];
        let mut network: Vec<Datagram> = Vec::new();
        let mut order = 0u64;
        let mut now: Millis = 0;
        loop {
            assert!(now <= LIMIT, "seed {seed}: not done after {LIMIT} ms");

            // Arrivals, in arrival order.
            let mut arriving: Vec<Datagram> = Vec::new();
            let mut i = 0;
            while i < network.len() {
                if network[i].at <= now {
                    arriving.push(network.swap_remove(i));
                } else {
                    i += 1;
                }
            }
            arriving.sort_by_key(|d| (d.at, d.order));
            for datagram in arriving {
                let receipt = channels[datagram.to]
                    .receive(datagram.segment, now)
                    .unwrap_or_else(|e| panic!("seed {seed}: valid segment refused: {e}"));
                received[datagram.to].extend(receipt.delivered);
            }

            // Application sends.
            for side in 0..2 {
                while let Some((at, message)) = plans[side].get(next_send[side])
                    && *at <= now
                {
                    channels[side].send(message).expect("message within limit");
                    next_send[side] += 1;
                }
            }

            // Transmissions through the lossy link.
            for (side, channel) in channels.iter_mut().enumerate() {
                for segment in drain(channel, now) {
                    let copies = if rng.percent(5) { 2 } else { 1 };
                    for _ in 0..copies {
                        if rng.percent(20) {
                            continue;
                        }
                        order += 1;
                        network.push(Datagram {
                            at: now + 1 + rng.below(80),
                            order,
                            to: 1 - side,
                            segment: segment.clone(),
                        });
                    }
                }
            }

            // Delivered so far must be an in-order, byte-identical prefix of what was sent.
            for side in 0..2 {
                let sent = &plans[1 - side];
                let got = &received[side];
                assert!(got.len() <= sent.len(), "seed {seed}: extra deliveries");
                for k in checked[side]..got.len() {
                    assert!(
                        got[k] == sent[k].1,
                        "seed {seed}: message {k} to side {side} differs"
                    );
                }
                checked[side] = got.len();
            }

            let all_sent = (0..2).all(|s| next_send[s] == plans[s].len());
            if all_sent && channels.iter().all(|c| c.pending() == 0) {
                break;
            }

            let mut next = Millis::MAX;
            for datagram in &network {
                next = next.min(datagram.at);
            }
            for side in 0..2 {
                if let Some((at, _)) = plans[side].get(next_send[side]) {
                    next = next.min(*at);
                }
                if let Some(t) = channels[side].next_timeout() {
                    next = next.min(t);
                }
            }
            assert!(next > now, "seed {seed}: no progress at {now} ms");
            now = next;
        }
        for side in 0..2 {
            let sent: Vec<&Vec<u8>> = plans[1 - side].iter().map(|(_, m)| m).collect();
            let got: Vec<&Vec<u8>> = received[side].iter().collect();
            assert_eq!(
                got.len(),
                sent.len(),
                "seed {seed}: side {side} missed messages"
            );
            assert!(
                got == sent,
                "seed {seed}: side {side} got different messages"
            );
        }
        now
    }

    #[test]
    fn lossy_network_delivers_everything_exactly_once_in_order() {
        let mut slowest = 0;
        for seed in 0..200 {
            slowest = slowest.max(simulate(seed));
        }
        // Sending takes up to ~10 s of virtual time; recovery must not drag on much longer.
        assert!(slowest < 60_000, "slowest run took {slowest} ms");
    }

    #[test]
    fn retransmissions_back_off_exponentially_up_to_max_rto() {
        let mut a = Channel::new(Config::default());
        a.send(b"into the void").unwrap();
        let mut times = Vec::new();
        for now in 0..=9_000 {
            for segment in drain(&mut a, now) {
                if segment.seq == 1 {
                    assert_eq!(segment.payload, b"into the void");
                    times.push(now);
                }
            }
        }
        let gaps: Vec<Millis> = times.windows(2).map(|w| w[1] - w[0]).collect();
        assert_eq!(gaps[..6], [200, 400, 800, 1600, 2000, 2000]);
        assert_eq!(times, [0, 200, 600, 1400, 3000, 5000, 7000, 9000]);
        assert_eq!(a.stats().retransmissions, 7);
        assert_eq!(a.pending(), 1);
    }

    #[test]
    fn heartbeat_after_a_second_of_silence_and_not_before() {
        let mut a = Channel::new(Config::default());
        assert_eq!(a.poll_transmit(0), None);
        assert_eq!(a.next_timeout(), Some(1000));
        let mut beats = Vec::new();
        for now in 0..=3_500 {
            for segment in drain(&mut a, now) {
                assert_eq!(segment, control(0, 0));
                beats.push(now);
            }
        }
        assert_eq!(beats, [1000, 2000, 3000]);

        // Any transmission (here a pure ack) restarts the silence; heartbeats carry acks.
        let mut b = Channel::new(Config::default());
        assert_eq!(b.poll_transmit(0), None);
        b.receive(data(1, 0, 1, b"hi"), 500).unwrap();
        assert_eq!(drain(&mut b, 500), [control(1, 0)]);
        let mut beats = Vec::new();
        for now in 501..=2_600 {
            for segment in drain(&mut b, now) {
                assert_eq!(segment, control(1, 0));
                beats.push(now);
            }
        }
        assert_eq!(beats, [1500, 2500]);
    }

    #[test]
    fn malformed_segments_are_errors_and_change_nothing() {
        let mut b = Channel::new(Config::default());
        // b has one segment of its own in flight, a message half reassembled (seq 1 of 1..=3)
        // and a fragment buffered out of order (seq 5, fragment 0 of 2).
        b.send(b"from b").unwrap();
        assert_eq!(drain(&mut b, 0).len(), 1);
        assert!(
            b.receive(data(1, 0, 3, b"ab"), 1)
                .unwrap()
                .delivered
                .is_empty()
        );
        assert!(
            b.receive(data(5, 0, 2, b"x"), 2)
                .unwrap()
                .delivered
                .is_empty()
        );
        drain(&mut b, 2);

        let big = vec![7u8; 1001];
        let malformed = [
            (data(0, 0, 0, b"payload"), "seq 0 with payload"),
            (data(0, 0, 1, b""), "seq 0 with frag_count"),
            (data(0, 1, 0, b""), "seq 0 with frag_index"),
            (data(7, 0, 0, b"data"), "frag_count 0 with data"),
            (data(7, 2, 2, b"data"), "frag_index == frag_count"),
            (data(7, 200, 3, b"data"), "frag_index > frag_count"),
            (data(7, 0, 65, b"data"), "frag_count > max_fragments"),
            (data(7, 0, 1, &big), "payload > max_fragment"),
            (data(2, 1, 2, b"cd"), "count changes mid-message"),
            (data(2, 0, 1, b"cd"), "new message inside one in progress"),
            (data(3, 2, 4, b"cd"), "index right, count wrong"),
            (data(1, 1, 3, b"ab"), "duplicate with another index"),
            (data(6, 0, 1, b"y"), "contradicts buffered seq 5"),
            (data(4, 0, 3, b"z"), "overlaps buffered message differently"),
            (data(1, 1, 2, b"z"), "message would start at seq 0"),
            (
                data(u32::MAX, 0, 2, b"z"),
                "message would run past u32::MAX",
            ),
            (data(u32::MAX, 0, 64, b"z"), "far future, runs past"),
        ];
        for (mut segment, what) in malformed {
            // If these acks were applied they would free b's segment in flight.
            segment.ack = 1;
            segment.ack_bits = u32::MAX;
            let before = format!("{b:?}");
            let result = b.receive(segment, 3);
            assert!(
                matches!(result, Err(ChannelError::BadSegment { .. })),
                "{what}: {result:?}"
            );
            assert!(!result.unwrap_err().to_string().is_empty());
            assert_eq!(format!("{b:?}"), before, "{what} changed the channel");
        }
        assert_eq!(b.pending(), 1);
        assert_eq!(b.stats(), ChannelStats::default());

        // Acks for seqs never sent are ignored, without error.
        b.receive(control(u32::MAX, u32::MAX), 3).unwrap();
        b.receive(control(0, u32::MAX << 1), 3).unwrap();
        assert_eq!(b.pending(), 1);

        // The valid exchange continues undisturbed.
        let r = b.receive(data(3, 2, 3, b"ef"), 4).unwrap();
        assert!(r.delivered.is_empty());
        let r = b.receive(data(2, 1, 3, b"cd"), 4).unwrap();
        assert_eq!(r.delivered, [b"abcdef".to_vec()]);
        let r = b.receive(data(6, 1, 2, b"y"), 4).unwrap();
        assert!(r.delivered.is_empty());
        let mut ack = control(1, 0);
        ack.seq = 4;
        ack.frag_count = 1;
        ack.payload = b"w".to_vec();
        let r = b.receive(ack, 5).unwrap();
        assert_eq!(r.delivered, [b"w".to_vec(), b"xy".to_vec()]);
        assert_eq!(b.pending(), 0);
        assert_eq!(b.received_up_to(), 6);
        assert_eq!(drain(&mut b, 5), [control(6, 0)]);

        // And b's own stream still works: its multi-fragment message (seqs 2..=6) reaches a
        // peer that had received seq 1, whose ack frees everything b sent.
        let long = Rng(9).bytes(4321);
        b.send(&long).unwrap();
        let mut a = Channel::new(Config::default());
        let first = a.receive(data(1, 0, 1, b"from b"), 90).unwrap();
        assert_eq!(first.delivered, [b"from b".to_vec()]);
        let mut got = Vec::new();
        let mut segments = drain(&mut b, 100);
        segments.reverse();
        for s in segments {
            got.extend(a.receive(s, 100).unwrap().delivered);
        }
        assert_eq!(got, [long]);
        for s in drain(&mut a, 100) {
            b.receive(s, 110).unwrap();
        }
        assert_eq!(b.pending(), 0);
    }

    #[test]
    fn duplicate_is_reported_and_makes_an_ack_owed() {
        let mut a = Channel::new(Config::default());
        let mut b = Channel::new(Config::default());
        a.send(b"move|a1|a2").unwrap();
        let segment = a.poll_transmit(0).unwrap();
        let first = b.receive(segment.clone(), 10).unwrap();
        assert_eq!(first.delivered, [b"move|a1|a2".to_vec()]);
        assert!(!first.duplicate);
        assert_eq!(drain(&mut b, 10), [control(1, 0)]); // this ack gets lost
        assert_eq!(b.poll_transmit(11), None);

        let again = b.receive(segment, 20).unwrap();
        assert!(again.duplicate);
        assert!(again.delivered.is_empty());
        assert_eq!(b.stats().duplicates, 1);
        assert_eq!(drain(&mut b, 20), [control(1, 0)]);

        // A pure ack does not make an ack owed (no ack ping-pong).
        a.receive(control(1, 0), 30).unwrap();
        assert_eq!(a.pending(), 0);
        assert_eq!(a.poll_transmit(30), None);
    }

    #[test]
    fn never_more_than_window_segments_in_flight() {
        let mut a = Channel::new(Config::default());
        for k in 0..100u8 {
            a.send(&[k]).unwrap();
        }
        let first = drain(&mut a, 0);
        let seqs: Vec<u32> = first.iter().map(|s| s.seq).collect();
        assert_eq!(seqs, (1..=32).collect::<Vec<_>>());
        assert_eq!(a.in_flight(), 32);
        assert_eq!(a.pending(), 100);

        // Selective acks of 2..=32 free those, but seq 1 still holds the window's base.
        a.receive(control(0, (1 << 31) - 1), 5).unwrap();
        assert_eq!(a.in_flight(), 1);
        assert_eq!(a.poll_transmit(5), None);

        // Once seq 1 is acked the window slides by a full window.
        a.receive(control(1, 0), 6).unwrap();
        let next: Vec<u32> = drain(&mut a, 6).iter().map(|s| s.seq).collect();
        assert_eq!(next, (33..=64).collect::<Vec<_>>());
        assert_eq!(a.in_flight(), 32);
    }

    #[test]
    fn receiver_buffer_is_bounded_to_twice_the_window() {
        let mut b = Channel::new(Config::default());
        assert!(!b.receive(data(64, 0, 1, b"ok"), 0).unwrap().duplicate);
        b.receive(data(65, 0, 1, b"too far"), 0).unwrap();
        b.receive(data(u32::MAX - 1, 0, 1, b"far"), 0).unwrap();
        assert_eq!(b.stats().out_of_window, 2);
        let mut delivered = Vec::new();
        for seq in 1..=63 {
            delivered.extend(b.receive(data(seq, 0, 1, b""), 1).unwrap().delivered);
        }
        assert_eq!(delivered.len(), 64);
        assert_eq!(delivered[63], b"ok");
        // 65 was dropped, so nothing past 64 is deliverable until it comes again.
        assert!(
            b.receive(data(66, 0, 1, b"b"), 2)
                .unwrap()
                .delivered
                .is_empty()
        );
        let r = b.receive(data(65, 0, 1, b"a"), 2).unwrap();
        assert_eq!(r.delivered, [b"a".to_vec(), b"b".to_vec()]);
    }

    #[test]
    fn fragments_reassemble_in_any_arrival_order() {
        let mut a = Channel::new(Config::default());
        let mut b = Channel::new(Config::default());
        let mut rng = Rng(42);
        let messages: Vec<Vec<u8>> = [0, 1, 999, 1000, 1001, 5000, 64_000]
            .iter()
            .map(|&n| rng.bytes(n))
            .collect();
        for m in &messages {
            a.send(m).unwrap();
        }
        let mut got = Vec::new();
        let mut now = 0;
        while a.pending() > 0 {
            let mut segments = drain(&mut a, now);
            segments.reverse();
            for s in segments {
                got.extend(b.receive(s, now).unwrap().delivered);
            }
            for s in drain(&mut b, now) {
                a.receive(s, now).unwrap();
            }
            now += 10;
            assert!(now < 10_000);
        }
        assert_eq!(got, messages);
        assert_eq!(a.stats().retransmissions, 0);
    }

    #[test]
    fn oversize_message_is_refused() {
        let mut a = Channel::new(Config::default());
        let err = a.send(&vec![0; 64_001]).unwrap_err();
        assert_eq!(
            err,
            ChannelError::MessageTooLarge {
                size: 64_001,
                limit: 64_000
            }
        );
        assert!(err.to_string().contains("64001") && err.to_string().contains("64000"));
        assert_eq!(a.pending(), 0);
    }

    #[test]
    fn rtt_samples_adapt_the_rto_and_skip_retransmitted_segments() {
        let mut a = Channel::new(Config::default());
        assert_eq!(a.rto(), 200);
        a.send(b"one").unwrap();
        drain(&mut a, 0);
        drain(&mut a, 200); // retransmitted: its ack gives no sample (Karn)
        a.receive(control(1, 0), 210).unwrap();
        assert_eq!(a.srtt(), None);
        for k in 0..20u32 {
            let t = 1000 + Millis::from(k) * 100;
            a.send(b"tick").unwrap();
            drain(&mut a, t);
            a.receive(control(2 + k, 0), t + 10).unwrap();
        }
        assert_eq!(a.srtt(), Some(10));
        assert!(a.rto() < 200 && a.rto() >= MIN_RTO, "rto {}", a.rto());
    }

    #[test]
    fn sequence_exhaustion_is_an_error_not_a_panic() {
        let mut a = Channel::new(Config::default());
        a.next_seq = u32::MAX - 2;
        a.send(b"x").unwrap();
        assert!(matches!(
            a.send(&[0; 2500]),
            Err(ChannelError::SequenceExhausted { .. })
        ));
        a.send(b"y").unwrap();
        assert!(a.send(b"z").is_err());
        assert_eq!(a.pending(), 2);
    }

    #[test]
    fn random_garbage_never_panics() {
        let mut rng = Rng(7);
        let config = Config {
            max_fragments: 4,
            max_fragment: 8,
            window: 4,
            ..Config::default()
        };
        for round in 0..50 {
            let mut c = Channel::new(config);
            for k in 0..(round % 7) {
                c.send(&rng.bytes(k * 5)).unwrap();
            }
            for now in 0..400 {
                let pick = |rng: &mut Rng, near: u32| match rng.below(4) {
                    0 => rng.next() as u32,
                    _ => near.saturating_add(rng.below(12) as u32),
                };
                let segment = Segment {
                    seq: pick(&mut rng, c.received_up_to()),
                    ack: pick(&mut rng, 0),
                    ack_bits: rng.next() as u32,
                    frag_index: rng.below(6) as u8,
                    frag_count: rng.below(6) as u8,
                    payload: {
                        let n = rng.below(10) as usize;
                        rng.bytes(n)
                    },
                };
                let _ = c.receive(segment, now * 7);
                drain(&mut c, now * 7);
                let _ = c.next_timeout();
                assert!(c.in_flight() <= 4);
            }
        }
    }
}
