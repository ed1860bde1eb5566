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
