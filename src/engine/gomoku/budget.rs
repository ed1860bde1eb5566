//! How much a search may still spend: nodes counted by every part of it, and an optional
//! deadline, read only every 1024 nodes so that node-limited searches never look at the
//! clock's answer twice in a way that changes the result.

use std::time::Instant;

/// Nodes spent and the limits on them.
pub struct Budget {
    /// Nodes spent so far (threat search and alpha-beta together).
    pub nodes: u64,
    /// The most nodes in all.
    pub max_nodes: u64,
    /// When to stop, if the search is timed.
    pub deadline: Option<Instant>,
    stopped: bool,
}

impl Budget {
    /// A budget of `max_nodes`, and a deadline if any.
    pub fn new(max_nodes: u64, deadline: Option<Instant>) -> Budget {
        Budget {
            nodes: 0,
            max_nodes,
            deadline,
            stopped: false,
        }
    }

    /// Whether the search must stop now (and from now on).
    pub fn stop(&mut self) -> bool {
        if !self.stopped {
            if self.nodes >= self.max_nodes {
                self.stopped = true;
            } else if self.nodes.is_multiple_of(1024)
                && let Some(deadline) = self.deadline
            {
                self.stopped = Instant::now() >= deadline;
            }
        }
        self.stopped
    }

    /// Whether the search has stopped.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

/// The part of a [`Budget`] one threat search may spend: at most a number of nodes more,
/// and a deadline of its own (read every 256 nodes), if given. Once it has run out it
/// stays so: a search that ran out proves nothing.
pub struct Share<'a> {
    budget: &'a mut Budget,
    limit: u64,
    until: Option<Instant>,
    aborted: bool,
}

impl<'a> Share<'a> {
    /// At most `nodes` more nodes of `budget`.
    pub fn new(budget: &'a mut Budget, nodes: u64) -> Share<'a> {
        let limit = budget.nodes.saturating_add(nodes);
        Share {
            budget,
            limit,
            until: None,
            aborted: false,
        }
    }

    /// Stops at `until` too, if given.
    pub fn set_until(&mut self, until: Option<Instant>) {
        self.until = until;
    }

    /// Counts a node.
    pub fn count(&mut self) {
        self.budget.nodes += 1;
    }

    /// Whether the share (or the whole budget) has run out, now or before.
    pub fn exhausted(&mut self) -> bool {
        if self.aborted
            || self.budget.nodes >= self.limit
            || self.budget.stop()
            || (self.budget.nodes.is_multiple_of(256)
                && self.until.is_some_and(|t| Instant::now() >= t))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Whether it has run out.
    pub fn aborted(&self) -> bool {
        self.aborted
    }
}
